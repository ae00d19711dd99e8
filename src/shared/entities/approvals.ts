import { DEFINITIONS } from './catalog.ts';
import { hasProcess, type ApprovableDef, type EntityDef } from './define.ts';

export type { ApprovableDef } from './define.ts';

/**
 * The approvable entities whose rows go through processes (`approval` in their definitions, not approved directly on
 * their screen), for the console: the work lists, the process pages and the phone's 审批 cards render any of them
 * from its definition. Derived from every definition (catalog.ts).
 */

const withProcess = (entity: EntityDef): entity is ApprovableDef =>
  entity.approval !== undefined && hasProcess(entity.approval);

/** The entities among `definitions` whose rows go through processes. */
export const approvablesOf = (definitions: readonly EntityDef[]): ApprovableDef[] => definitions.filter(withProcess);

export const APPROVALS: readonly ApprovableDef[] = approvablesOf(DEFINITIONS);

/**
 * The approvable entities defined at run time (live models, whose definitions the server serves: shared/develop/
 * live.ts LIVE_APPROVALS_URL), as the console last learned them: found as the built-in ones are.
 */
let learned: readonly ApprovableDef[] = [];

/** Learns the approvable entities defined at run time (the last answer replaces the ones before it). */
export function learnApprovables(definitions: readonly EntityDef[]): void {
  const builtIn = new Set(APPROVALS.map((entity) => entity.approval.kind));
  learned = approvablesOf(definitions).filter((entity) => !builtIn.has(entity.approval.kind));
}

/** The approvable entity whose pages are `kind` (`leave`), if any. */
export const approvalOf = (kind: string | undefined): ApprovableDef | undefined =>
  APPROVALS.find((entity) => entity.approval.kind === kind) ?? learned.find((entity) => entity.approval.kind === kind);

/** The approvable entity stored in `table` (a process's business table), if any. */
export const approvalOfTable = (table: string | undefined): ApprovableDef | undefined =>
  APPROVALS.find((entity) => entity.table === table) ?? learned.find((entity) => entity.table === table);
