import { useState } from 'react';
import { Space, Tag } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { notice } from '../../../shared/entities/desk/notice.ts';
import { CrudPage } from '../../components/crud/CrudPage.tsx';
import { crudKey } from '../../components/crud/crud-api.ts';
import type { CrudOptions, WireRecord } from '../../components/crud/fields.ts';
import { RichTextEditor } from '../../components/RichTextEditor.tsx';
import { NoticeReader } from './NoticeReader.tsx';

/**
 * 通知公告 (/desk/notice): the notices the caller may see on the shared page (those published to him, with his unread
 * ones marked, and his own; an administrator: all of the tenant's), with how many have read each, written with a
 * rich-text editor and an audience of departments and roles (none: everyone), each opened to read.
 */
export default function NoticePage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [reading, setReading] = useState<string | null>(null);
  const options: CrudOptions = {
    dialogWidth: 960,
    hideView: true,
    // 修改 and 删除 on the caller's own notices (an administrator's: all); the server refuses the others too.
    rowEditable: (record) => record.editable === true,
    controls: { content: (disabled) => <RichTextEditor disabled={disabled} /> },
    cells: {
      title: (record: WireRecord) => (
        <Space size={6}>
          <a onClick={() => setReading(record.id)}>{String(record.title)}</a>
          {record.read === false && <Tag color="red">{t('desk.notice.unread')}</Tag>}
          {typeof record.readCount === 'number' && record.readCount > 0 && (
            <Tag>{t('desk.notice.receipts', { count: record.readCount })}</Tag>
          )}
        </Space>
      ),
    },
    rowActions: [{ key: 'read', label: 'desk.notice.read', onClick: (record) => setReading(record.id) }],
  };
  const closed = () => {
    setReading(null);
    void queryClient.invalidateQueries({ queryKey: crudKey(notice) });
  };
  return (
    <>
      <CrudPage entity={notice} options={options} />
      {reading && <NoticeReader id={reading} onClose={closed} />}
    </>
  );
}
