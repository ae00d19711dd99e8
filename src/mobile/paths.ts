import type { BusinessKind } from '../client/api/flow.ts';
import { TAB_PATHS } from '../client/layout-routes.ts';

// The phone's routes are declared beside the desktop's, where each layout maps the other's paths to its own.
export { TAB_PATHS };

/** The business page of a process: an approval kind (leave, fund), or `process` for one without a business form. */
export type ApprovalKind = BusinessKind | 'process';
/** Segments of the approvals tab (`?tab=`). */
export type ApprovalSegment = 'todo' | 'claim' | 'mine' | 'copies';

const part = (value: string) => encodeURIComponent(value || '-');

/**
 * Pages below the approvals tab, shaped like the console's `/work/process/<kind>/handle|detail|form/...` routes so a
 * page opened offline finds everything it shows in its address.
 */
export const APPROVAL_PATHS = {
  tab: (segment: ApprovalSegment = 'todo') =>
    segment === 'todo' ? TAB_PATHS.approvals : `${TAB_PATHS.approvals}?tab=${segment}`,
  handle: (kind: ApprovalKind, row: { taskId: string; processInstanceId: string; businessId: string }, claim = false) =>
    `${TAB_PATHS.approvals}/${kind}/handle/${[row.taskId, row.processInstanceId, row.businessId].map(part).join('/')}${claim ? '?claim=1' : ''}`,
  detail: (kind: ApprovalKind, row: { processInstanceId: string; businessId: string }, taskId = '') =>
    `${TAB_PATHS.approvals}/${kind}/detail/${[row.processInstanceId, row.businessId].map(part).join('/')}${taskId ? `?task=${encodeURIComponent(taskId)}` : ''}`,
  form: (kind: BusinessKind, processDefinitionId: string) =>
    `${TAB_PATHS.approvals}/${kind}/form/${part(processDefinitionId)}`,
} as const;

/** A route segment written by `part` back to its value (`-` stands for empty). */
export const routeValue = (value: string | undefined) => (!value || value === '-' ? '' : value);

/** Pages below the 出入库 tab: a new movement, one waiting in the queue (edited under its client key), a stored one. */
export const WAREHOUSE_PATHS = {
  add: `${TAB_PATHS.inventoryLogs}/form`,
  queued: (clientKey: string) => `${TAB_PATHS.inventoryLogs}/form/${encodeURIComponent(clientKey)}`,
  detail: (id: string) => `${TAB_PATHS.inventoryLogs}/detail/${encodeURIComponent(id)}`,
} as const;

const WAREHOUSE_SUB_PAGE = new RegExp(`^${TAB_PATHS.inventoryLogs}/(form|detail)(/|$)`);

// Any kind (or `process`): the pages check it against the definitions (ApprovalKindCheck).
const SUB_PAGE = /^\/approvals\/([a-z]+)\/(handle|detail|form)\//;

/** A page below a tab (back arrow, no tab bar): its title key, or undefined for the tabs themselves. */
export function subPageTitleKey(pathname: string): string | undefined {
  const warehouse = WAREHOUSE_SUB_PAGE.exec(pathname);
  if (warehouse) return warehouse[1] === 'form' ? 'mobile.warehouse.formTitle' : 'mobile.warehouse.detailTitle';
  const match = SUB_PAGE.exec(pathname);
  if (!match) return undefined;
  const [, kind, page] = match;
  if (page === 'form') return `mobile.approvals.${kind}Form`;
  return page === 'handle' ? 'mobile.approvals.taskTitle' : 'mobile.approvals.requestTitle';
}
