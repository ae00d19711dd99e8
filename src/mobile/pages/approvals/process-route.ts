import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { approvalOf } from '../../../shared/entities/approvals.ts';
import { APPROVAL_PATHS, routeValue, type ApprovalKind, type ApprovalSegment } from '../../paths.ts';

/** Route params of the handle and detail pages (APPROVAL_PATHS). */
export function useProcessParams() {
  const params = useParams();
  const kind: ApprovalKind = approvalOf(params.kind)?.approval.kind ?? 'process';
  return {
    kind,
    taskId: routeValue(params.taskId),
    processInstanceId: routeValue(params.processInstanceId),
    businessId: routeValue(params.businessId),
  };
}

/** Back to where the page was opened from (its list), or to the list when the page was opened directly. */
export function useBackToList() {
  const navigate = useNavigate();
  const { key } = useLocation();
  return (segment: ApprovalSegment) =>
    key === 'default' ? navigate(APPROVAL_PATHS.tab(segment), { replace: true }) : navigate(-1);
}
