import { useState } from 'react';
import { App, Button, Form, Modal, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { ImportErrorList, ImportProgress, TemplateLink, useWorkbookUpload, WorkbookPicker } from './import-parts.tsx';

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
  const upload = useWorkbookUpload<number | null>(importUrl, (count) => {
    void message.success(
      typeof count === 'number' ? t('crud.excel.imported', { count }) : t('common.operationSuccess'),
    );
    onImported();
  });
  const submit = () => {
    if (!file) {
      void message.warning(t('crud.excel.importNoFile'));
      return;
    }
    upload.send(file, { isCovered: covered ? '1' : '0' });
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
        <Button key="ok" type="primary" loading={upload.pending} onClick={submit}>
          {t('crud.excel.import')}
        </Button>,
      ]}
    >
      <Form layout="horizontal" labelCol={{ flex: '110px' }} wrapperCol={{ flex: 1 }}>
        <Form.Item label={t('crud.excel.importFile')} extra={t('crud.excel.importTip')}>
          <WorkbookPicker
            file={file}
            onFile={(picked) => {
              setFile(picked);
              upload.clearErrors();
            }}
          />
        </Form.Item>
        <Form.Item label={t('crud.excel.importCovered')}>
          <Switch checked={covered} onChange={setCovered} aria-label={t('crud.excel.importCovered')} />
        </Form.Item>
        <Form.Item label={t('crud.excel.templateDownload')}>
          <TemplateLink url={templateUrl} />
        </Form.Item>
      </Form>
      {upload.uploaded !== undefined && (
        <ImportProgress percent={upload.uploaded}>
          {upload.uploaded < 100 ? t('crud.excel.uploading', { percent: upload.uploaded }) : t('crud.excel.importing')}
        </ImportProgress>
      )}
      <ImportErrorList errors={upload.errors} />
    </Modal>
  );
}
