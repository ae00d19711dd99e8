import { useState } from 'react';
import { Alert, App, Button, Form, Modal, Progress, Switch, Upload } from 'antd';
import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { downloadFile, uploadFile } from '../../../client/download.ts';
import { ApiFailure } from '../../../client/http.ts';

interface Props {
  /** `POST` taking the workbook (`import-user`, `import-product`) and the template's `GET`. */
  importUrl: string;
  templateUrl: string;
  /** What is imported, for the title (用户, 产品). */
  label: string;
  open: boolean;
  onClose: () => void;
  afterClose: () => void;
  onImported: () => void;
}

/** The server lists every refused row in one message (`第3行: ...; 第5行: ...`): one line each. */
const rowErrors = (text: string) =>
  text
    .split(/;\s*/)
    .map((line) => line.trim())
    .filter(Boolean);

/**
 * <X>数据导入: an .xlsx laid out like the template, optionally overwriting the rows it names (数据覆盖). The server
 * imports all rows or none; while it works the dialog shows the upload's progress, then that the rows are being
 * checked; its per-row errors stay in the dialog so the file can be corrected.
 */
export function ExcelImportDialog({ importUrl, templateUrl, label, open, onClose, afterClose, onImported }: Props) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const [file, setFile] = useState<File>();
  const [covered, setCovered] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);
  const [uploaded, setUploaded] = useState<number>();

  const upload = useMutation({
    mutationFn: (picked: File) =>
      uploadFile<number | null>(importUrl, picked, { isCovered: covered ? '1' : '0' }, setUploaded),
    onMutate: () => {
      setErrors([]);
      setUploaded(0);
    },
    onSettled: () => setUploaded(undefined),
    onSuccess: (count) => {
      void message.success(
        typeof count === 'number' ? t('crud.excel.imported', { count }) : t('common.operationSuccess'),
      );
      onImported();
    },
    onError: (error) => {
      if (error instanceof ApiFailure) setErrors(rowErrors(error.message));
      else void message.error(t('common.networkError'));
    },
  });
  const submit = () => {
    if (!file) {
      void message.warning(t('crud.excel.importNoFile'));
      return;
    }
    upload.mutate(file);
  };

  return (
    <Modal
      open={open}
      afterClose={afterClose}
      title={t('crud.excel.importTitle', { label: i18n.language === 'en' ? label.toLowerCase() : label })}
      width={560}
      mask={{ closable: false }}
      destroyOnHidden
      onCancel={onClose}
      footer={[
        <Button key="cancel" onClick={onClose}>
          {t('common.cancel')}
        </Button>,
        <Button key="ok" type="primary" loading={upload.isPending} onClick={submit}>
          {t('crud.excel.import')}
        </Button>,
      ]}
    >
      <Form layout="horizontal" labelCol={{ flex: '110px' }} wrapperCol={{ flex: 1 }}>
        <Form.Item label={t('crud.excel.importFile')} extra={t('crud.excel.importTip')}>
          <Upload
            accept=".xlsx"
            maxCount={1}
            fileList={file ? [{ uid: 'import', name: file.name, status: 'done' }] : []}
            beforeUpload={(picked) => {
              setFile(picked);
              setErrors([]);
              return false;
            }}
            onRemove={() => {
              setFile(undefined);
              setErrors([]);
            }}
          >
            <Button icon={<UploadOutlined />}>{t('crud.excel.importPick')}</Button>
          </Upload>
        </Form.Item>
        <Form.Item label={t('crud.excel.importCovered')}>
          <Switch checked={covered} onChange={setCovered} aria-label={t('crud.excel.importCovered')} />
        </Form.Item>
        <Form.Item label={t('crud.excel.templateDownload')}>
          <Button
            type="link"
            icon={<DownloadOutlined />}
            onClick={() => void downloadFile(templateUrl).catch(() => undefined)}
          >
            {t('crud.excel.templateLink')}
          </Button>
        </Form.Item>
      </Form>
      {uploaded !== undefined && (
        <div className="tenon-import-progress" role="status">
          <Progress percent={uploaded} status="active" showInfo={false} size="small" />
          {uploaded < 100 ? t('crud.excel.uploading', { percent: uploaded }) : t('crud.excel.importing')}
        </div>
      )}
      {errors.length > 0 && (
        <Alert
          type="error"
          showIcon
          title={t('crud.excel.importFailed')}
          description={
            <ul className="tenon-import-errors" style={{ margin: 0, paddingInlineStart: 18 }}>
              {errors.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          }
        />
      )}
    </Modal>
  );
}
