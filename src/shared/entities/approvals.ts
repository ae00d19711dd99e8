import { DEFINITIONS } from './catalog.ts';
import type { ApprovableDef, EntityDef } from './define.ts';

export type { ApprovableDef } from './define.ts';

/**
 * The approvable entities (`approval` in their definitions), for the console: the work lists, the business pages
 * and the phone's 审批 cards render any of them from its definition. Derived from every definition (catalog.ts).
 */

export const isApprovable = (entity: EntityDef): entity is ApprovableDef => entity.approval !== undefined;

/** The approvable entities among `definitions`. */
export const approvablesOf = (definitions: readonly EntityDef[]): ApprovableDef[] => definitions.filter(isApprovable);

export const APPROVALS: readonly ApprovableDef[] = approvablesOf(DEFINITIONS);

/** The approvable entity whose pages are `kind` (`leave`), if any. */
export const approvalOf = (kind: string | undefined): ApprovableDef | undefined =>
  APPROVALS.find((entity) => entity.approval.kind === kind);

/** The approvable entity stored in `table` (a process's business table), if any. */
export const approvalOfTable = (table: string | undefined): ApprovableDef | undefined =>
  APPROVALS.find((entity) => entity.table === table);
