import { camelToSnake, processStatus, startedVia, type ApprovalDef } from '../../../shared/entities/define.ts';
import type { ApprovableDef } from '../../../shared/entities/define.ts';
import { formatDateTime } from '../../../shared/contract/time.ts';
import type { LocalText } from '../../../shared/i18n/server-messages.ts';
import type { Db, DynamicDb } from '../../db/connect.ts';
import type { AuthUser } from '../auth-context.ts';
import { failWith } from '../errors.ts';
import type { PreparedWrite } from '../entity/engine-types.ts';
import type { Row, VisibleRows } from '../entity/types.ts';
import { taskUserOf } from './task-people.ts';
import { FLOW_MESSAGES } from './flow-messages.ts';
import type { FlowRuntime, Variables } from './flow-runtime.ts';
import { lockInstance, openTasksOf, taskUserOfId, type DefinitionRow, type InstanceRow } from './flow-store.ts';

/**
 * Rows of an approvable entity sent through another kind's process (`start.by` 'kind': an expense claim through the
 * fund approval): a draft or withdrawn row starts a process of that kind on the row; a row its process sent back to the
 * sender (rejected, or edited since) continues that process, its waiting task completed with pass. Either way the row
 * and the process change in one transaction, and the process's steps then set the row's state.
 */

export const REQUEST_NOT_FOUND: LocalText = {
  zh: '申请不存在或已在审批中',
  en: 'The request does not exist or is being approved',
};
const RESUBMITTED = '重新提交'; // the stored comment of a continued process (stored texts are the contract's zh)

const text = (value: unknown) => (value == null ? '' : String(value).trim());

/**
 * The variables a request's row stands for, read again at every step: its figures (a leave's days, an amount) and,
 * for a row sent through another kind, the approver it names (chosen again each time it is sent).
 */
export function requestVariables(approval: ApprovalDef, row: Row): Variables {
  const variables: Variables = Object.fromEntries(
    approval.variables.map((name) => [name, Number(row[camelToSnake(name)])]),
  );
  if (startedVia(approval) && text(row.task_user)) variables.taskUser = taskUserOf(row.task_user);
  return variables;
}

export interface SendInput {
  businessId: string;
  definitionId: string;
  /** The approver's user id. */
  taskUser: string;
  comment: string;
}

/**
 * Sends the row for approval in `trx`, when the caller sees it among `rows` (else undefined): it must be in a state
 * its process may start from (withdrawn, the draft, or rejected), else `申请不存在或已在审批中`. Its last process
 * still running (waiting on the sender's 调整申请) is continued with the approver named; otherwise a process of
 * `definitionId` starts, which must be of `kind`'s category. Returns the process instance.
 */
export async function sendRow(
  trx: Db,
  runtime: FlowRuntime,
  user: AuthUser,
  target: { entity: ApprovableDef; rows: VisibleRows; kind: string },
  input: SendInput,
): Promise<string | undefined> {
  const { entity, rows } = target;
  const { approval } = entity;
  const column = camelToSnake(approval.field ?? 'status');
  const locked = () => rows(trx).where('id', '=', input.businessId).selectAll().forUpdate();
  // A row never sent has no process to lock first: read and locked at once (a draft's first sending).
  let row = (await locked().where('process_instance_id', '=', '').executeTakeFirst()) as Row | undefined;
  let instance: InstanceRow | undefined;
  if (!row) {
    const visible = await rows(trx).where('id', '=', input.businessId).select('process_instance_id').executeTakeFirst();
    if (!visible) return undefined;
    // The process it last had first, then the row: the order every step of the process takes them in.
    const lastInstanceId = text(visible.process_instance_id);
    instance = lastInstanceId ? await lockInstance(trx, lastInstanceId) : undefined;
    row = (await locked().executeTakeFirst()) as Row | undefined;
  }
  const status = processStatus(approval);
  const sendable = [status.withdrawn, status.rejected].map(String);
  if (!row || !sendable.includes(text(row[column]))) throw failWith(REQUEST_NOT_FOUND);
  if (input.taskUser === user.userId) throw failWith(FLOW_MESSAGES.approverIsStarter);
  const db: DynamicDb = trx;
  const update = (values: Row) =>
    db
      .updateTable(entity.table)
      .set({ ...values, update_user: user.userId, update_time: formatDateTime() })
      .where('id', '=', input.businessId)
      .execute();

  if (instance?.state === 'running' && text(row.process_instance_id) === instance.id) {
    const [waiting, ...others] = await openTasksOf(trx, instance.id);
    if (!waiting || others.length || waiting.assignee !== taskUserOfId(user.userId)) throw failWith(REQUEST_NOT_FOUND);
    // The process reads its next approver from the row (requestVariables).
    await update({ task_user: input.taskUser });
    await runtime.decideIn(trx, user, instance.id, true, input.comment || RESUBMITTED);
    return instance.id;
  }

  const definition = await definitionOfKind(trx, input.definitionId, target.kind, user.tenantId);
  if (!definition) throw failWith(FLOW_MESSAGES.definitionNotFound, { name: input.definitionId });
  const variables = { ...requestVariables(approval, row), taskUser: taskUserOf(input.taskUser) };
  // The row's process columns are written by the approval kit's move of the start (approval-steps.ts), with its
  // state and the budget's mark, in one update.
  const columns = (instanceId: string) => ({
    process_definition_id: input.definitionId,
    process_instance_id: instanceId,
    task_user: input.taskUser,
    apply_time: formatDateTime(),
  });
  return runtime.startIn(trx, user, {
    definitionId: input.definitionId,
    definition,
    businessTable: entity.table,
    businessId: input.businessId,
    variables,
    business: { row, columns },
  });
}

/**
 * The definition, when the caller's tenant may use it and its category is the one the `flow` dictionary routes to
 * `kind` (the fund approval's 2): one read, handed to the start.
 */
function definitionOfKind(
  trx: Db,
  definitionId: string,
  kind: string,
  tenantId: string,
): Promise<DefinitionRow | undefined> {
  return trx
    .selectFrom('blade_flow_definition')
    .selectAll()
    .where('id', '=', definitionId)
    .where('tenant_id', 'in', [tenantId, ''])
    .where(
      'category',
      'in',
      trx
        .selectFrom('blade_dict')
        .select('dict_key')
        .where('code', '=', 'flow')
        .where('parent_id', '<>', '0')
        .where('is_deleted', '=', 0)
        .where('remark', '=', kind),
    )
    .executeTakeFirst() as Promise<DefinitionRow | undefined>;
}

/**
 * A request saved and started together (its own form: leave, fund): the row, written in the start's transaction
 * with its process, running; the process decides on the saved row's variables and the approver chosen.
 */
export async function startRequest(
  runtime: FlowRuntime,
  user: AuthUser,
  entity: ApprovableDef,
  request: { insert: PreparedWrite; definitionId: string; taskUser: string },
): Promise<string> {
  const { insert, definitionId, taskUser } = request;
  const variables = { ...requestVariables(entity.approval, insert.preview), taskUser: taskUserOfId(taskUser) };
  const start = { definitionId, businessTable: entity.table, businessId: insert.id, variables };
  return runtime.start(user, start, async (trx, instanceId) => {
    await insert.write(trx, {
      process_definition_id: definitionId,
      process_instance_id: instanceId,
      task_user: taskUser,
      apply_time: formatDateTime(),
      status: processStatus(entity.approval).running,
    });
  });
}
