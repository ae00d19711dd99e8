import { useState } from 'react';
import { App, Button, Descriptions, Modal, Space, Tag } from 'antd';
import { CheckOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { markRead, MESSAGE_UNREAD, type Message } from '../../../client/api/message.ts';
import { message as messageEntity } from '../../../shared/entities/desk/message.ts';
import { CrudPage } from '../../components/crud/CrudPage.tsx';
import { crudKey } from '../../components/crud/crud-api.ts';
import type { CrudContext, CrudOptions, WireRecord } from '../../components/crud/fields.ts';
import { MESSAGES_KEY, UNREAD_KEY } from '../../layout/top/MessageDrawer.tsx';
import { useOpenMessage } from './use-open-message.tsx';

const asMessage = (record: WireRecord) => record as unknown as Message & WireRecord;

/**
 * 消息通知 (/desk/message): the caller's own messages on the shared page, searched by type, read or unread, time and
 * text; the ticked ones marked read or deleted at once (删除: `message_delete`). Opening one marks it read and opens
 * what it is about (useOpenMessage), a plain message in a dialog of its own.
 */
export default function MessagePage() {
  const { t } = useTranslation();
  const { message: toast } = App.useApp();
  const queryClient = useQueryClient();
  const [shown, setShown] = useState<(Message & WireRecord) | null>(null);
  const opener = useOpenMessage();
  // The screen's rows, the drawer's lists and the top bar's count all follow a change.
  const read = async (ids: string[]) => {
    await markRead(ids);
    await Promise.all(
      [crudKey(messageEntity), MESSAGES_KEY, UNREAD_KEY].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
    );
  };
  const openRecord = (record: WireRecord) => {
    const item = asMessage(record);
    if (item.status === MESSAGE_UNREAD) void read([item.id]);
    if (!opener.open(item)) setShown(item);
  };
  const markSelected = async ({ selected }: CrudContext) => {
    if (selected.length === 0) {
      void toast.warning(t('desk.message.selectFirst'));
      return;
    }
    await read(selected);
    void toast.success(t('common.operationSuccess'));
  };

  const options: CrudOptions = {
    hideView: true,
    cells: {
      title: (record) => (
        <a onClick={() => openRecord(record)}>{String(record.title || '') || t('shell.message.untitled')}</a>
      ),
      status: (record) =>
        record.status === MESSAGE_UNREAD ? (
          <Tag color="red">{String(record.statusName ?? t('desk.notice.unread'))}</Tag>
        ) : (
          <Tag>{String(record.statusName ?? t('desk.notice.readDone'))}</Tag>
        ),
    },
    rowActions: [{ key: 'open', label: 'desk.message.open', onClick: openRecord }],
    toolbar: (context) => (
      <Button icon={<CheckOutlined />} onClick={() => void markSelected(context)}>
        {t('desk.message.markRead')}
      </Button>
    ),
  };
  return (
    <>
      <CrudPage entity={messageEntity} options={options} />
      {opener.reader}
      <Modal
        open={shown !== null}
        title={shown?.title || t('shell.message.untitled')}
        onCancel={() => setShown(null)}
        footer={<Button onClick={() => setShown(null)}>{t('common.close')}</Button>}
      >
        {shown && (
          <Descriptions column={1} size="small">
            <Descriptions.Item label={t('desk.message.category')}>
              {String(shown.categoryName ?? shown.category)}
            </Descriptions.Item>
            <Descriptions.Item label={t('desk.message.time')}>{shown.createTime}</Descriptions.Item>
            <Descriptions.Item label={t('desk.message.keyword')}>
              <Space style={{ whiteSpace: 'pre-wrap' }}>{shown.content}</Space>
            </Descriptions.Item>
          </Descriptions>
        )}
      </Modal>
    </>
  );
}
