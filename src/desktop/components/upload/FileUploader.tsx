import { InboxOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { App, Upload, type UploadFile, type UploadProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { http, type R } from '../../../client/http.ts';
import { PUT_FILE_ATTACH_URL, type BladeFile } from '../../../shared/contract/api/resource.ts';

export interface FileUploaderProps {
  /** Each file as the server stored it (an attachment: `attachId` set). */
  onUploaded?: (file: BladeFile) => void;
  /** What the picker offers (`accept` of the file input), e.g. `image/*,.pdf`; the server checks the content. */
  accept?: string;
  disabled?: boolean;
  /** Files leave the uploader's list once stored (a form lists them itself); by default they stay there. */
  dropDone?: boolean;
}

/**
 * Uploads files as attachments (`put-file-attach`): several at once, dropped or picked, each with its progress.
 * Business forms use it for a document's receipts; 附件管理 for the attachment list.
 */
export function FileUploader({ onUploaded, accept, disabled, dropDone }: FileUploaderProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [list, setList] = useState<UploadFile[]>([]);
  const listed: Pick<UploadProps, 'fileList' | 'onChange'> = dropDone
    ? { fileList: list, onChange: ({ fileList }) => setList(fileList.filter((file) => file.status !== 'done')) }
    : {};
  const customRequest: UploadProps['customRequest'] = async ({ file, onProgress, onSuccess, onError }) => {
    const body = new FormData();
    body.append('file', file as Blob);
    try {
      const response = await http.post<R<BladeFile>>(PUT_FILE_ATTACH_URL, body, {
        onUploadProgress: (event) => {
          if (event.total) onProgress?.({ percent: Math.round((event.loaded / event.total) * 100) });
        },
      });
      onSuccess?.(response.data);
      void message.success(t('resource.upload.done', { name: response.data.data.originalName }));
      onUploaded?.(response.data.data);
    } catch (error) {
      // The server's reason (too large, a type not taken) is shown by the interceptor.
      onError?.(error as Error);
    }
  };
  return (
    <Upload.Dragger
      multiple
      accept={accept}
      disabled={disabled}
      customRequest={customRequest}
      {...listed}
      className="tenon-file-uploader"
    >
      <p className="ant-upload-drag-icon">
        <InboxOutlined />
      </p>
      <p className="ant-upload-text">{t('resource.upload.drop')}</p>
      <p className="ant-upload-hint">{t('resource.upload.hint')}</p>
    </Upload.Dragger>
  );
}
