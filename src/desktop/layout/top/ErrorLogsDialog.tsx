import { useEffect, useState } from 'react';
import { App, Button, Modal, Space, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  clearErrorLogs,
  listErrorLogs,
  onErrorLogsChanged,
  uploadErrorLogs,
  type ErrorLog,
} from '../../../client/error-log.ts';

/** The locally kept UI errors, full screen, to upload or clear. */
export default function ErrorLogsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const [logs, setLogs] = useState<ErrorLog[]>([]);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!open) return undefined;
    const load = () => {
      void listErrorLogs().then(setLogs, () => setLogs([]));
    };
    load();
    return onErrorLogsChanged(load);
  }, [open]);

  const upload = () =>
    modal.confirm({
      title: t('common.tip'),
      content: t('shell.logs.uploadConfirm'),
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        setBusy(true);
        try {
          await uploadErrorLogs();
          void message.success(t('shell.logs.uploaded'));
        } finally {
          setBusy(false);
        }
      },
    });
  const clear = () =>
    modal.confirm({
      title: t('common.tip'),
      content: t('shell.logs.clearConfirm'),
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        await clearErrorLogs();
        void message.success(t('shell.logs.cleared'));
      },
    });

  const text = (value: string) => (
    <Typography.Paragraph className="tenon-log-cell" ellipsis={{ rows: 3, expandable: true }}>
      {value}
    </Typography.Paragraph>
  );
  return (
    <Modal
      open={open}
      onCancel={onClose}
      footer={null}
      width="100%"
      style={{ top: 0, maxWidth: '100vw', paddingBottom: 0 }}
      styles={{ container: { minHeight: '100vh', borderRadius: 0 } }}
      title={
        <Space>
          {t('shell.logs.title')}
          <Button type="primary" size="small" disabled={logs.length === 0} loading={busy} onClick={upload}>
            {t('shell.logs.upload')}
          </Button>
          <Button danger size="small" disabled={logs.length === 0} onClick={clear}>
            {t('shell.logs.clear')}
          </Button>
        </Space>
      }
    >
      <Table<ErrorLog>
        rowKey={(log) => String(log.id)}
        dataSource={logs}
        size="small"
        pagination={{ pageSize: 20, showSizeChanger: false }}
        columns={[
          { key: 'type', dataIndex: 'type', title: t('shell.logs.type'), width: 80 },
          { key: 'url', dataIndex: 'url', title: t('shell.logs.url'), width: 220, render: text },
          { key: 'time', dataIndex: 'time', title: t('shell.logs.time'), width: 170 },
          { key: 'message', dataIndex: 'message', title: t('shell.logs.message'), width: 260, render: text },
          { key: 'stack', dataIndex: 'stack', title: t('shell.logs.stack'), render: text },
          { key: 'info', dataIndex: 'info', title: t('shell.logs.info'), width: 220, render: text },
        ]}
      />
    </Modal>
  );
}
