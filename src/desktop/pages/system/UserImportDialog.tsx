import { useState } from 'react';
import { Alert, App, Button, Form, Modal, Switch, Upload } from 'antd';
import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { downloadFile, uploadFile } from '../../../client/download.ts';
import { ApiFailure } from '../../../client/http.ts';

const USER = '/api/blade-system/user';

interface Props {
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
 * 用户数据导入: an .xlsx laid out like the template, optionally overwriting the users it names (数据覆盖). The
 * server imports all rows or none; its per-row errors stay in the dialog so the file can be corrected.
 */
export function UserImportDialog({ open, onClose, afterClose, onImported }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [file, setFile] = useState<File>();
  const [covered, setCovered] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);

  const upload = useMutation({
    mutationFn: (picked: File) => uploadFile(`${USER}/import-user`, picked, { isCovered: covered ? '1' : '0' }),
    onMutate: () => setErrors([]),
    onSuccess: () => {
      void message.success(t('common.operationSuccess'));
      onImported();
    },
    onError: (error) => {
      if (error instanceof ApiFailure) setErrors(rowErrors(error.message));
      else void message.error(t('common.networkError'));
    },
  });
  const submit = () => {
    if (!file) {
      void message.warning(t('crud.user.importNoFile'));
      return;
    }
    upload.mutate(file);
  };

  return (
    <Modal
      open={open}
      afterClose={afterClose}
      title={t('crud.user.importTitle')}
      width={560}
      mask={{ closable: false }}
      destroyOnHidden
      onCancel={onClose}
      footer={[
        <Button key="cancel" onClick={onClose}>
          {t('common.cancel')}
        </Button>,
        <Button key="ok" type="primary" loading={upload.isPending} onClick={submit}>
          {t('crud.user.import')}
        </Button>,
      ]}
    >
      <Form layout="horizontal" labelCol={{ flex: '110px' }} wrapperCol={{ flex: 1 }}>
        <Form.Item label={t('crud.user.importFile')} extra={t('crud.user.importTip')}>
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
            <Button icon={<UploadOutlined />}>{t('crud.user.importPick')}</Button>
          </Upload>
        </Form.Item>
        <Form.Item label={t('crud.user.importCovered')}>
          <Switch checked={covered} onChange={setCovered} aria-label={t('crud.user.importCovered')} />
        </Form.Item>
        <Form.Item label={t('crud.user.templateDownload')}>
          <Button
            type="link"
            icon={<DownloadOutlined />}
            onClick={() => void downloadFile(`${USER}/export-template`).catch(() => undefined)}
          >
            {t('crud.user.templateLink')}
          </Button>
        </Form.Item>
      </Form>
      {errors.length > 0 && (
        <Alert
          type="error"
          showIcon
          title={t('crud.user.importFailed')}
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
