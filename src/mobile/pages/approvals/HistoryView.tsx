import { DotLoading, Steps } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { FlowHistory } from '../../../client/api/flow.ts';
import { Block } from '../../components/Block.tsx';
import { shortTime } from './business.ts';
import { useHistory } from './approval-queries.ts';

/** What happened to a process so far: each activity with who, the comment and when (running ones marked). */
export function HistoryView({ processInstanceId }: { processInstanceId: string }) {
  const { t } = useTranslation();
  const query = useHistory(processInstanceId);
  const rows = query.data ?? [];
  let body;
  if (query.isPending && query.fetchStatus === 'fetching')
    body = (
      <div className="m-state-inline" aria-busy="true">
        <DotLoading color="primary" />
      </div>
    );
  else if (!rows.length && (query.isPending || query.isError))
    body = <div className="m-state-inline">{t('common.networkError')}</div>;
  else if (!rows.length) body = <div className="m-state-inline">{t('mobile.approvals.historyEmpty')}</div>;
  else {
    body = (
      <Steps direction="vertical" current={rows.length - 1} className="m-history">
        {rows.map((row) => (
          <Steps.Step
            key={`${row.historyActivityId}-${row.createTime}-${row.taskId}-${row.historyActivityName}-${row.comment}`}
            status={row.endTime ? 'finish' : 'process'}
            title={<span className="m-history-title">{row.historyActivityName || row.historyActivityId}</span>}
            description={<HistoryLine row={row} />}
          />
        ))}
      </Steps>
    );
  }
  return <Block title={t('mobile.approvals.history')}>{body}</Block>;
}

function HistoryLine({ row }: { row: FlowHistory }) {
  const { t } = useTranslation();
  return (
    <div className="m-history-line" aria-label={row.historyActivityName}>
      {row.assigneeName && <div className="m-history-who">{row.assigneeName}</div>}
      {row.comment && <div className="m-history-comment">{row.comment}</div>}
      <div className="m-history-time">
        {row.endTime ? shortTime(row.endTime) : `${shortTime(row.createTime)} · ${t('mobile.approvals.running')}`}
      </div>
    </div>
  );
}
