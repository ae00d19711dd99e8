import { useTranslation } from 'react-i18next';
import { useSession } from '../../../client/session.ts';
import { undoApproval, usePendingApprovals } from './pending-approvals.ts';

/**
 * In place of a confirmation: 已同意 with 撤销 while the last approval waits to be sent (pending-approvals.ts); the
 * tap withdraws it before the server hears of it.
 */
export function UndoBar() {
  const { t } = useTranslation();
  const { tenantId, userInfo } = useSession();
  const owner = `${tenantId}:${userInfo?.user_id ?? ''}`;
  const last = usePendingApprovals()
    .filter((entry) => entry.owner === owner && !entry.sent)
    .at(-1);
  if (!last) return null;
  return (
    <div className="m-undo-bar" role="status">
      <span>{t('mobile.approvals.approved')}</span>
      <button type="button" className="m-undo-button" onClick={() => undoApproval(last.taskId)}>
        {t('mobile.approvals.undo')}
      </button>
    </div>
  );
}
