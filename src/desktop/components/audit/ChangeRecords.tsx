import { useState } from 'react';
import { Button, Drawer, Empty, Table, Tag } from 'antd';
import { HistoryOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { getData } from '../../../client/http.ts';
import { CHANGE_CALL_URL, CHANGE_RECORD_URL } from '../../../shared/contract/api/log.ts';
import type { ChangeRecordView } from '../../../shared/contract/api/log.schemas.ts';
import type { EntityDef } from '../../../shared/entities/define.ts';
import type { Lang } from '../../../shared/i18n/server-messages.ts';
import { DESKTOP_KEY } from '../../queries.ts';

const OPERATION_COLOURS = { insert: 'success', update: 'processing', delete: 'error' } as const;

/** A recorded value as text: blank for none, JSON for a structure. */
const shown = (value: unknown) =>
  value === undefined || value === null ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value);

/** Change records, newest first: who, when, what, and each field from what to what, labelled by its definition. */
export function ChangeRecordList({
  records,
  lang,
  showRecord,
  empty,
}: {
  records: readonly ChangeRecordView[];
  lang: Lang;
  showRecord?: boolean;
  empty: string;
}) {
  const { t } = useTranslation();
  if (!records.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} />;
  return (
    <div className="tenon-change-records">
      {records.map((record) => (
        <section key={record.id} data-change={record.operation} style={{ marginBottom: 16 }}>
          <div style={{ marginBottom: 6 }}>
            <Tag color={OPERATION_COLOURS[record.operation]}>{t(`log.audit.${record.operation}`)}</Tag>
            <span>{record.createTime}</span> · <span>{record.createBy}</span>
            {showRecord && (
              <span>
                {' '}
                · {record.entityLabel[lang]} #{record.recordId}
              </span>
            )}
          </div>
          <Table<ChangeRecordView['changes'][number]>
            rowKey="field"
            size="small"
            bordered
            pagination={false}
            dataSource={record.changes}
            columns={[
              {
                key: 'field',
                title: t('log.audit.field'),
                width: 160,
                render: (_, change) => change.label[lang],
              },
              ...(record.operation === 'insert'
                ? []
                : [
                    {
                      key: 'old',
                      title: t('log.audit.oldValue'),
                      render: (_: unknown, c: { old?: unknown }) => shown(c.old),
                    },
                  ]),
              ...(record.operation === 'delete'
                ? []
                : [
                    {
                      key: 'new',
                      title: t('log.audit.newValue'),
                      render: (_: unknown, c: { new?: unknown }) => shown(c.new),
                    },
                  ]),
            ]}
          />
        </section>
      ))}
    </div>
  );
}

/** What one call changed, below its API log row's fields (the 接口日志 detail). */
export function CallChanges({ apiLogId, lang }: { apiLogId: string; lang: Lang }) {
  const { t } = useTranslation();
  const changes = useQuery({
    queryKey: [DESKTOP_KEY, 'call-changes', apiLogId],
    queryFn: () => getData<ChangeRecordView[]>(CHANGE_CALL_URL, { id: apiLogId }),
  });
  return (
    <div className="tenon-crud-lines">
      <div className="tenon-crud-lines-title">{t('log.audit.callChanges')}</div>
      {changes.data && (
        <ChangeRecordList records={changes.data} lang={lang} showRecord empty={t('log.audit.noChanges')} />
      )}
    </div>
  );
}

/**
 * 操作记录: a button of a record's dialog opening its change history in a drawer (who changed which field from what to
 * what). Entities whose rows nobody edits (`changeLog: false`, the logs) have none.
 */
export function ChangeHistoryButton({ entity, id, lang }: { entity: EntityDef; id: string; lang: Lang }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const history = useQuery({
    queryKey: [DESKTOP_KEY, 'change-history', entity.name, id],
    queryFn: () => getData<ChangeRecordView[]>(CHANGE_RECORD_URL, { entity: entity.name, id }),
    enabled: open,
  });
  if (entity.changeLog === false) return null;
  return (
    <>
      <Button icon={<HistoryOutlined />} onClick={() => setOpen(true)} style={{ float: 'left' }}>
        {t('log.audit.history')}
      </Button>
      <Drawer
        open={open}
        onClose={() => setOpen(false)}
        title={t('log.audit.historyTitle', { label: entity.label[lang] })}
        width={640}
        destroyOnHidden
        loading={history.isPending}
      >
        {history.data && <ChangeRecordList records={history.data} lang={lang} empty={t('log.audit.noHistory')} />}
      </Drawer>
    </>
  );
}
