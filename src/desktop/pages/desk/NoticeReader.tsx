import { Button, Divider, Empty, List, Modal, Tag, Typography } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { fetchNotice, fetchNoticeReceipts } from '../../../client/api/notice.ts';
import { DESKTOP_KEY } from '../../queries.ts';

/** Every notice list of the console (popover, home page, the screen): a reading changes their read marks. */
export const NOTICES_KEY = [DESKTOP_KEY, 'notices'] as const;

/**
 * A notice to read: its title, category and release time, and its HTML as the server sanitised it. Opening it records
 * the reader's receipt; its author (or an administrator) also sees who has read it.
 */
export function NoticeReader({ id, onClose }: { id: string; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const notice = useQuery({
    queryKey: [...NOTICES_KEY, 'detail', id],
    queryFn: async () => {
      const found = await fetchNotice(id);
      void queryClient.invalidateQueries({ queryKey: NOTICES_KEY, predicate: (q) => q.queryKey[2] !== 'detail' });
      return found;
    },
    gcTime: 0,
  });
  // Its author and the administrators see who has read it (the server says so: `editable`).
  const manager = notice.data?.editable === true;
  const receipts = useQuery({
    queryKey: [...NOTICES_KEY, 'receipts', id],
    queryFn: () => fetchNoticeReceipts(id),
    enabled: manager && Boolean(notice.data),
  });
  const data = notice.data;
  return (
    <Modal
      open
      width={860}
      title={data?.title}
      loading={notice.isPending}
      onCancel={onClose}
      footer={<Button onClick={onClose}>{t('common.close')}</Button>}
    >
      {data ? (
        <article className="tenon-notice-reader">
          <div className="tenon-notice-meta">
            <Tag>{data.categoryName}</Tag>
            {data.releaseTime}
          </div>
          {/* Sanitised by the server on every write (modules/desk/notice-html.ts): nothing in it runs. */}
          <div className="tenon-html" dangerouslySetInnerHTML={{ __html: data.content }} />
          {manager && (
            <>
              <Divider titlePlacement="start">
                {t('desk.notice.readers')} · {t('desk.notice.receipts', { count: receipts.data?.length ?? 0 })}
              </Divider>
              <List
                size="small"
                loading={receipts.isPending}
                locale={{ emptyText: t('desk.notice.noReceipts') }}
                dataSource={receipts.data ?? []}
                renderItem={(row) => (
                  <List.Item>
                    <Typography.Text>{row.realName || row.account}</Typography.Text>
                    <Typography.Text type="secondary">{row.readTime}</Typography.Text>
                  </List.Item>
                )}
              />
            </>
          )}
        </article>
      ) : (
        !notice.isPending && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
      )}
    </Modal>
  );
}
