import { useRef } from 'react';
import { DeleteOutlined, FileImageOutlined, FilePdfOutlined, PaperClipOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { extensionOf, isImage, isPdf, type AttachedFile } from '../../../shared/contract/api/attachments.ts';
import type { BladeFile } from '../../../shared/contract/api/resource.ts';
import { FileUploader } from './FileUploader.tsx';

/** A file of the form's attachments field: as the record's `<field>Files` lists it, or as an upload answered it. */
export type AttachmentItem = Pick<AttachedFile, 'id' | 'name' | 'extension' | 'link'>;

interface Props {
  value?: AttachmentItem[];
  onChange?: (files: AttachmentItem[]) => void;
  disabled?: boolean;
  id?: string;
}

const iconOf = (extension: string) =>
  isImage(extension) ? <FileImageOutlined /> : isPdf(extension) ? <FilePdfOutlined /> : <PaperClipOutlined />;

/**
 * An attachments field in a form (FieldType `attachments`): its files as links, each removable, and the uploader
 * (several files, dropped or picked, with progress) adding to them. Read-only, only the links. A file removed here is
 * deleted by the server once the record is saved without it.
 */
export function AttachmentsControl({ value, onChange, disabled, id }: Props) {
  const { t } = useTranslation();
  const files = value ?? [];
  // Several uploads finish one after the other before the form renders again: each adds to what the last one left.
  const latest = useRef(files);
  latest.current = files;
  const added = (file: BladeFile) => {
    const item = { id: file.attachId, name: file.originalName, extension: extensionOf(file.name), link: file.link };
    latest.current = [...latest.current, item];
    onChange?.(latest.current);
  };
  return (
    <div id={id} className="tenon-attachments">
      {files.length > 0 ? (
        <ul className="tenon-attachments-list" aria-label={t('resource.attachments.list')}>
          {files.map((file) => (
            <li key={file.id}>
              {iconOf(file.extension)}
              <a href={file.link} target="_blank" rel="noreferrer">
                {file.name}
              </a>
              {!disabled && (
                <Button
                  type="text"
                  size="small"
                  icon={<DeleteOutlined />}
                  aria-label={t('resource.attachments.remove', { name: file.name })}
                  onClick={() => onChange?.(files.filter((other) => other.id !== file.id))}
                />
              )}
            </li>
          ))}
        </ul>
      ) : (
        disabled && <span className="tenon-attachments-none">{t('resource.attachments.none')}</span>
      )}
      {!disabled && <FileUploader dropDone onUploaded={added} />}
    </div>
  );
}
