import type { FastifyInstance } from 'fastify';
import type { AuthUser } from '../../platform/auth-context.ts';
import type { Db, DynamicDb } from '../../db/connect.ts';
import { failWith, ok, okOrEmpty } from '../../platform/errors.ts';
import { requestParams, requireParam } from '../../platform/http.ts';
import { isId, nextId } from '../../platform/ids.ts';
import type { EntityService } from '../../platform/entity/service.ts';
import type { Services } from '../../services.ts';
import { camelToSnake, type ApprovalDef, type EntityDef } from '../../../shared/entities/define.ts';
import { formatDateTime, wireDateTime } from '../../../shared/contract/time.ts';
import type { LocalText } from '../../../shared/i18n/server-messages.ts';
import { taskUserOf } from './engine-runner.ts';
import { flowOf } from './flow-module.ts';
import type { FlowTransition, Variables } from './flow-runtime.ts';
import { taskUserOfId } from './flow-store.ts';
import { installLeaveHooks } from './leave.hooks.ts';

/**
 * The requests of every approvable entity (`approval` in its definition; leave and fund approval, contract flow.md
 * §5, §6): the row and its process start together, and every step of the process sets the row's status in the
 * step's transaction. One route set per entity, from its definition: a new business is a declaration.
 */

const MESSAGES = {
  definitionRequired: { zh: '请选择流程', en: 'Please choose the process' },
  taskUserRequired: { zh: '请选择审批人', en: 'Please choose the approver' },
  taskUserUnknown: { zh: '审批人不存在', en: 'The approver does not exist' },
  requestNotFound: { zh: '申请不存在或已在审批中', en: 'The request does not exist or is being approved' },
} satisfies Record<string, LocalText>;

type Approvable = EntityDef & { approval: ApprovalDef };

const str = (value: unknown) => (value == null ? '' : String(value).trim());
const required = (value: unknown, message: LocalText, max = 255) => {
  const text = str(value);
  if (!text) throw failWith(message);
  return text.slice(0, max);
};

export async function approvalRoutes(app: FastifyInstance, { services }: { services: Services }) {
  installLeaveHooks(services);
  for (const service of services.entities.values()) {
    if (service.entity.approval) approvableRoutes(app, services, service, service.entity as Approvable);
  }
}

function approvableRoutes(app: FastifyInstance, services: Services, service: EntityService, entity: Approvable) {
  // Each business names its own table (its definition's): its rows are queried by that name.
  const db: DynamicDb = services.db;
  const { runtime, queries } = flowOf(services);
  const { table, approval } = entity;
  // Rows are checked without a transaction of the engine's (newRowValues): no reference or unique key to look up.
  const unchecked = Object.entries(entity.fields).filter(([, field]) => field.ref || field.unique).map(([name]) => name);
  if (unchecked.length) {
    throw new Error(`approvable ${entity.name}: references and unique keys go unchecked (${unchecked})`);
  }
  const base = `/api/${entity.service}/process/${approval.kind}`;
  const variablesOf = (row: Record<string, unknown>): Variables =>
    Object.fromEntries(approval.variables.map((name) => [name, Number(row[camelToSnake(name)])]));

  runtime.registerBusiness(table, (transition) => setStatus(transition), async (trx, businessId) => {
    const row = await (trx as DynamicDb).selectFrom(table).selectAll().where('id', '=', businessId).executeTakeFirst();
    return row ? variablesOf(row) : {};
  });

  // New request: saved and started together. With an `id`: the applicant updates his request (while adjusting it).
  app.post(`${base}/start-process`, async (request) => {
    const body = requestParams(request);
    const { user } = request;
    const columns = await service.newRowValues(user, withAliases(approval, body));
    delete columns.status; // the process decides it
    const now = formatDateTime();
    if (str(body.id)) {
      const id = str(body.id);
      const updated = isId(id)
        ? await db.updateTable(table).set({ ...columns, update_user: user.userId, update_time: now })
        .where('id', '=', id).where('tenant_id', '=', user.tenantId).where('create_user', '=', user.userId)
        .where('is_deleted', '=', 0).executeTakeFirst() : undefined;
      if (!updated || Number(updated.numUpdatedRows) !== 1) throw failWith(MESSAGES.requestNotFound);
      return ok(request, null);
    }
    const definitionId = required(body.processDefinitionId, MESSAGES.definitionRequired);
    const taskUser = await checkTaskUser(db, user, body.taskUser);
    const id = nextId();
    const variables = { ...variablesOf(columns), taskUser: taskUserOf(taskUser) };
    const start = { definitionId, businessTable: table, businessId: id, variables };
    await runtime.start(user, start, async (trx, instanceId) => {
      await (trx as DynamicDb).insertInto(table).values({
        id, tenant_id: user.tenantId, process_definition_id: definitionId, process_instance_id: instanceId,
        task_user: taskUser, apply_time: now, ...columns,
        create_user: user.userId, create_dept: user.deptIds[0] ?? null, create_time: now, update_user: user.userId,
        update_time: now, status: approval.status.running, is_deleted: 0,
      }).execute();
    });
    return ok(request, null);
  });

  app.get(`${base}/detail`, async (request) => {
    const id = requireParam(request, 'businessId');
    const row = isId(id)
      ? await db.selectFrom(table).selectAll().where('id', '=', id).where('tenant_id', '=', request.user.tenantId)
        .where('is_deleted', '=', 0).executeTakeFirst()
      : undefined;
    if (!row) return okOrEmpty(request, null);
    const mine = String(row.create_user) === request.user.userId;
    if (!mine && !await queries.canView(request.user, str(row.process_instance_id))) return okOrEmpty(request, null);
    const applicant = await db.selectFrom('blade_user').select('real_name').where('id', '=', row.create_user)
      .executeTakeFirst();
    return ok(request, {
      id: str(row.id),
      tenantId: str(row.tenant_id),
      processDefinitionId: str(row.process_definition_id),
      processInstanceId: str(row.process_instance_id),
      taskUser: str(row.task_user),
      applyTime: wireDateTime(row.apply_time),
      ...requestWire(entity, row),
      createUser: str(row.create_user),
      createDept: str(row.create_dept),
      createTime: wireDateTime(row.create_time),
      updateTime: wireDateTime(row.update_time),
      status: Number(row.status),
      flow: {
        assignee: taskUserOfId(str(row.create_user)),
        assigneeName: str(applicant?.real_name),
        processInstanceId: str(row.process_instance_id),
        processDefinitionId: str(row.process_definition_id),
        businessTable: table,
        businessId: str(row.id),
      },
    });
  });

  /** The row follows its process's result: running, back with the applicant, approved or withdrawn. */
  async function setStatus(transition: FlowTransition) {
    await (transition.trx as DynamicDb).updateTable(table)
      .set({
        status: approval.status[transition.result], update_user: transition.actor.userId, update_time: formatDateTime(),
      })
      .where('id', '=', transition.businessId).where('tenant_id', '=', transition.tenantId).execute();
  }
}



/** A field sent under its older wire name (fund's `useFor`) when not under its own. */
function withAliases(approval: ApprovalDef, body: Record<string, unknown>): Record<string, unknown> {
  const input = { ...body };
  for (const [alias, field] of Object.entries(approval.aliases ?? {})) input[field] ??= body[alias];
  return input;
}

/**
 * The request's own fields on the wire (the process columns are sent by the caller): dates as text, counts as
 * numbers, amounts as their exact stored text (`9999.99`); older names beside the field.
 */
function requestWire(entity: Approvable, row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(entity.fields)) {
    if (field.readonly || field.secret || name === 'status') continue;
    const value = row[camelToSnake(name)];
    if (field.type === 'datetime') out[name] = wireDateTime(value);
    else if (field.type === 'int' || field.type === 'decimal' || field.type === 'switch') out[name] = Number(value);
    else out[name] = str(value);
  }
  for (const [alias, field] of Object.entries(entity.approval.aliases ?? {})) out[alias] = out[field];
  return out;
}

/** The chosen approver: a user id (or `taskUser_<id>`) of the caller's tenant. */
async function checkTaskUser(db: Db, user: AuthUser, raw: unknown): Promise<string> {
  const value = str(raw).replace(/^taskUser_/, '');
  if (!value) throw failWith(MESSAGES.taskUserRequired);
  const found = isId(value) && await db.selectFrom('blade_user').select('id')
    .where('id', '=', value).where('tenant_id', '=', user.tenantId).where('is_deleted', '=', 0).executeTakeFirst();
  if (!found) throw failWith(MESSAGES.taskUserUnknown);
  return value;
}
