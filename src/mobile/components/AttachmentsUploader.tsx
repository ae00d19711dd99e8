import { useMemo, useRef, useState } from 'react';
import {
  Image,
  ImageUploader,
  ImageViewer,
  ProgressBar,
  type ImageUploaderRef,
  type ImageUploadItem,
} from 'antd-mobile';
import { AddOutline, CameraOutline, CloseOutline, FileOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { uploadFile } from '../../client/download.ts';
import { ApiFailure } from '../../client/http.ts';
import { extensionOf, isImage, type AttachedFile } from '../../shared/contract/api/attachments.ts';
import { PUT_FILE_ATTACH_URL, type BladeFile } from '../../shared/contract/api/resource.ts';
import './attachments-uploader.css';

/**
 * A file of an attachments field on the phone: as the record lists it (`<field>Files`), or as an upload answered it.
 */
export type UploadedFile = Pick<AttachedFile, 'id' | 'name' | 'extension' | 'link'> & { thumbnail?: string };

/** What the picker offers: photos and PDFs (the server sniffs the content and has the last word). */
const ACCEPT = 'image/*,application/pdf,.pdf';

interface Props {
  value: readonly UploadedFile[];
  onChange: (files: UploadedFile[]) => void;
  /** The field's label: names the uploader for screen readers. */
  label: string;
  /** The server's refusal of an upload (too large, a type not taken), in the user's language; '' when one succeeds. */
  onError?: (message: string) => void;
  /** Whether uploads are in flight: the form waits for them before it is sent. */
  onBusy?: (busy: boolean) => void;
}

const itemOf = (file: UploadedFile): ImageUploadItem => ({
  key: file.id,
  url: file.link,
  thumbnailUrl: isImage(file.extension) ? file.thumbnail || file.link : undefined,
  extra: file,
});
const fileOf = (item: ImageUploadItem) => item.extra as UploadedFile;

/**
 * An attachments field (FieldType `attachments`) in a phone form: photos taken with the camera or picked, and PDFs,
 * each uploaded as an attachment (`put-file-attach`, as the desktop's uploader) with its progress, shown as thumbnails
 * (a PDF as a file tile) that open full screen and can be removed before the form is sent. The form sends the ids.
 */
export function AttachmentsUploader({ value, onChange, label, onError, onBusy }: Props) {
  const { t } = useTranslation();
  const uploader = useRef<ImageUploaderRef>(null);
  // The same items while the files are the same: the uploader drops its finished tasks on every new value.
  const items = useMemo(() => value.map(itemOf), [value]);
  const busy = useRef(false);
  // Uploads in flight by file: their percent, shown under the tiles.
  const [progress, setProgress] = useState<ReadonlyMap<File, number>>(new Map());
  const setPercent = (file: File, percent: number | undefined) =>
    setProgress((current) => {
      const next = new Map(current);
      if (percent === undefined) next.delete(file);
      else next.set(file, percent);
      return next;
    });

  const upload = async (file: File): Promise<ImageUploadItem> => {
    setPercent(file, 0);
    try {
      // A 400 (too large, a type not taken) is said under the field rather than in a passing toast.
      const stored = await uploadFile<BladeFile>(
        PUT_FILE_ATTACH_URL,
        file,
        {},
        (percent) => setPercent(file, percent),
        [400],
      );
      onError?.('');
      return itemOf({
        id: stored.attachId,
        name: stored.originalName,
        extension: extensionOf(stored.name),
        link: stored.link,
      });
    } catch (error) {
      if (error instanceof ApiFailure && error.code === 400) onError?.(error.message);
      else if (!(error instanceof ApiFailure)) onError?.(t('common.networkError'));
      throw error;
    } finally {
      setPercent(file, undefined);
    }
  };

  const open = (item: ImageUploadItem) => {
    const file = fileOf(item);
    if (!isImage(file.extension)) {
      window.open(file.link, '_blank', 'noreferrer');
      return;
    }
    const images = value.filter((other) => isImage(other.extension));
    ImageViewer.Multi.show({ images: images.map((image) => image.link), defaultIndex: images.indexOf(file) });
  };

  // The camera straight away: the tile's chooser (photos, files) takes its options when it opens, so they are set for
  // this one opening and put back.
  const takePhoto = () => {
    const input = uploader.current?.nativeElement;
    if (!input) return;
    input.accept = 'image/*';
    input.setAttribute('capture', 'environment');
    input.click();
    input.accept = ACCEPT;
    input.removeAttribute('capture');
  };

  const uploading = [...progress];
  return (
    <div className="m-uploader" role="group" aria-label={label}>
      <ImageUploader
        ref={uploader}
        value={items}
        onChange={(items) => onChange(items.map(fileOf))}
        upload={upload}
        onUploadQueueChange={(tasks) => {
          const pending = tasks.some((task) => task.status === 'pending');
          if (pending !== busy.current) onBusy?.(pending);
          busy.current = pending;
        }}
        accept={ACCEPT}
        multiple
        preview={false}
        renderItem={(_node, item) => {
          const file = fileOf(item);
          return (
            <div key={file.id} className="m-uploader-item">
              <button
                type="button"
                className={isImage(file.extension) ? 'm-attachment-tile' : 'm-attachment-tile is-file'}
                aria-label={t('mobile.attachments.open', { name: file.name })}
                onClick={() => open(item)}
              >
                {isImage(file.extension) ? (
                  <Image src={item.thumbnailUrl} alt={file.name} width={64} height={64} fit="cover" />
                ) : (
                  <>
                    <FileOutline fontSize={24} />
                    <span className="m-attachment-name">{file.name}</span>
                  </>
                )}
              </button>
              <button
                type="button"
                className="m-uploader-remove"
                aria-label={t('mobile.attachments.remove', { name: file.name })}
                onClick={() => onChange(value.filter((other) => other.id !== file.id))}
              >
                <CloseOutline fontSize={10} />
              </button>
            </div>
          );
        }}
        deletable={false}
      >
        <span className="adm-image-uploader-cell m-uploader-add">
          <AddOutline fontSize={22} />
          <span>{t('mobile.attachments.add')}</span>
        </span>
      </ImageUploader>
      <button type="button" className="m-uploader-camera" onClick={takePhoto}>
        <CameraOutline fontSize={18} />
        <span>{t('mobile.attachments.camera')}</span>
      </button>
      {uploading.map(([file, percent]) => (
        <div key={`${file.name}-${file.lastModified}`} className="m-uploader-progress">
          <span>{t('mobile.attachments.uploading', { name: file.name, percent })}</span>
          <ProgressBar percent={percent} aria-label={file.name} />
        </div>
      ))}
    </div>
  );
}
