import { useState } from 'react';
import { Button, Image, ImageViewer, NavBar, Popup } from 'antd-mobile';
import { FileOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { isImage, isPdf, type AttachedFile } from '../../shared/contract/api/attachments.ts';

/**
 * A document's attachments on the phone: images as thumbnails, PDFs and other files as tiles with their names. An
 * image opens full screen (swiping through the others), a PDF in a full-screen page with a back button; any other file
 * opens its link (a download).
 */
export function AttachmentTiles({ files }: { files: readonly AttachedFile[] }) {
  const { t } = useTranslation();
  const images = files.filter((file) => isImage(file.extension));
  const [shownImage, setShownImage] = useState<number>();
  const [shownPdf, setShownPdf] = useState<AttachedFile>();
  if (!files.length) return <span className="m-attachments-none">{t('mobile.attachments.none')}</span>;
  return (
    <>
      <ul className="m-attachments" aria-label={t('mobile.attachments.list')}>
        {files.map((file) => (
          <li key={file.id}>
            {isImage(file.extension) ? (
              <button
                type="button"
                className="m-attachment-tile"
                aria-label={t('mobile.attachments.open', { name: file.name })}
                onClick={() => setShownImage(images.indexOf(file))}
              >
                <Image src={file.thumbnail} alt={file.name} width={64} height={64} fit="cover" lazy />
              </button>
            ) : isPdf(file.extension) ? (
              <button
                type="button"
                className="m-attachment-tile is-file"
                aria-label={t('mobile.attachments.open', { name: file.name })}
                onClick={() => setShownPdf(file)}
              >
                <FileOutline fontSize={24} />
                <span className="m-attachment-name">{file.name}</span>
              </button>
            ) : (
              <a
                className="m-attachment-tile is-file"
                href={file.link}
                target="_blank"
                rel="noreferrer"
                aria-label={t('mobile.attachments.open', { name: file.name })}
              >
                <FileOutline fontSize={24} />
                <span className="m-attachment-name">{file.name}</span>
              </a>
            )}
          </li>
        ))}
      </ul>
      <ImageViewer.Multi
        images={images.map((file) => file.link)}
        defaultIndex={shownImage ?? 0}
        visible={shownImage !== undefined}
        onClose={() => setShownImage(undefined)}
        renderFooter={(_image, index) => (
          <div className="m-image-viewer-footer">
            <span>{images[index]?.name}</span>
            <Button size="small" fill="outline" onClick={() => setShownImage(undefined)}>
              {t('mobile.attachments.close')}
            </Button>
          </div>
        )}
      />
      <Popup
        visible={shownPdf !== undefined}
        onClose={() => setShownPdf(undefined)}
        destroyOnClose
        position="right"
        bodyClassName="m-attachment-page"
      >
        {shownPdf && (
          <>
            <NavBar
              onBack={() => setShownPdf(undefined)}
              backIcon
              back={t('mobile.attachments.back')}
              right={
                <a href={shownPdf.link} target="_blank" rel="noreferrer">
                  {t('mobile.attachments.newWindow')}
                </a>
              }
            >
              {shownPdf.name}
            </NavBar>
            <iframe className="m-attachment-frame" src={shownPdf.link} title={shownPdf.name} />
          </>
        )}
      </Popup>
    </>
  );
}
