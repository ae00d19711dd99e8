import { Table, type TableColumnsType } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { FlowHistory } from '../../../client/api/flow.ts';
import { historyQuery } from './flow-screen-queries.ts';

/** The history of an instance (contract §3 history-flow-list): activity, assignee, comment, start, end, duration. */
export function HistoryTable({ processInstanceId }: { processInstanceId: string }) {
  const { t } = useTranslation();
  const history = useQuery(historyQuery(processInstanceId));
  const columns: TableColumnsType<FlowHistory> = [
    {
      key: 'activity',
      title: t('flow.history.activity'),
      width: 140,
      render: (_v, row) => row.historyActivityName || row.historyActivityId,
    },
    { key: 'assignee', dataIndex: 'assigneeName', title: t('flow.history.assignee'), width: 110 },
    { key: 'comment', dataIndex: 'comment', title: t('flow.history.comment'), ellipsis: { showTitle: true } },
    { key: 'start', dataIndex: 'createTime', title: t('flow.history.start'), width: 170 },
    { key: 'end', dataIndex: 'endTime', title: t('flow.history.end'), width: 170 },
    { key: 'duration', dataIndex: 'historyActivityDurationTime', title: t('flow.history.duration'), width: 120 },
  ];
  return (
    <Table<FlowHistory>
      className="tenon-flow-history"
      // An action's row (加签, 催办 ...) has no task: its name and text tell it from the task's row.
      rowKey={(row) =>
        `${row.historyActivityId}|${row.createTime}|${row.taskId}|${row.historyActivityName}|${row.comment}`
      }
      size="small"
      bordered
      columns={columns}
      dataSource={history.data ?? []}
      loading={history.isFetching}
      pagination={false}
    />
  );
}
