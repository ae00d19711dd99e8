import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { AuthUser } from '../../platform/auth-context.ts';
import type { Db, DynamicDb } from '../../db/connect.ts';
import { failWith, forbidden, langOf, ok, okOrEmpty } from '../../platform/errors.ts';
import { requiredParam } from '../../platform/http.ts';
import { ANY_PARAMS, documentedQuery, Param, paramsOf, queryParams } from '../../platform/route-schemas.ts';
import { recordParams } from '../../platform/entity/schemas.ts';
import { answers } from '../../platform/response-schemas.ts';
import { RequestDetail, RequestStarted } from '../../../shared/contract/api/approval.schemas.ts';
import { Type } from 'typebox';
import { isId } from '../../platform/ids.ts';
import type { EntityService } from '../../platform/entity/service.ts';
import type { Services } from '../../services.ts';
import {
  camelToSnake,
  hasProcess,
  refNameKey,
  startOf,
  startsElsewhere,
  type ApprovalDef,
  type EntityDef,
} from '../../../shared/entities/define.ts';
import { wireDateTime } from '../../../shared/contract/time.ts';
import { REQUEST_STATUS, taskUserOfId, type FlowResult } from '../../../shared/flow/types.ts';
import type { Lang, LocalText } from '../../../shared/i18n/server-messages.ts';
import { bizDictNames } from '../../platform/entity/biz-dicts.ts';
import { REQUEST_NOT_FOUND, workflowOf } from '../../platform/workflow/index.ts';
import { approvalRequest, isLiveUser, realNameOf } from './request-forms.queries.ts';

/**
 * The requests of every approvable entity (`approval` in its definition; leave and fund approval, contract flow.md
 * §5, §6): the row and its process start together, and every step of the process sets the row's status in the
 * step's transaction. One route set per entity, from its definition: a new business is a declaration. A kind's
 * `start-process` also sends the saved rows of the entities started through it (`start.by` 'kind': expense claims
 * through the fund approval), by `businessId`.
 */

const MESSAGES = {
  definitionRequired: { zh: '请选择流程', en: 'Please choose the process' },
  taskUserRequired: { zh: '请选择审批人', en: 'Please choose the approver' },
  taskUserUnknown: { zh: '审批人不存在', en: 'The approver does not exist' },
  requestNotFound: REQUEST_NOT_FOUND,
} satisfies Record<string, LocalText>;

type Approvable = EntityDef & { approval: ApprovalDef };

const str = (value: unknown) => (value == null ? '' : String(value).trim());
const required = (value: unknown, message: LocalText, max = 255) => {
  const text = str(value);
  if (!text) throw failWith(message);
  return text.slice(0, max);
};

export async function approvalRoutes(app: FastifyInstance, { services }: { services: Services }) {
  for (const service of services.entities.values()) {
    // A business approved without a process (a budget situation) has no process routes: its module moves its rows.
    const { approval } = service.entity;
    if (approval && hasProcess(approval)) approvableRoutes(app, services, service, service.entity as Approvable);
  }
}

/** The approvable entities whose rows are sent through `kind`'s process, and the button that sends each. */
function startedThrough(services: Services, kind: string): { service: EntityService; code: string }[] {
  return [...services.entities.values()].flatMap((service) => {
    const start = service.entity.approval && startOf(service.entity.approval);
    return start?.by === 'kind' && start.kind === kind ? [{ service, code: start.code }] : [];
  });
}

function approvableRoutes(fastify: FastifyInstance, services: Services, service: EntityService, entity: Approvable) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  // Each business names its own table (its definition's): its rows are queried by that name.
  const db: DynamicDb = services.db;
  const workflow = workflowOf(services);
  const { approval } = entity;
  const { kind } = approval;
  const base = `/api/${entity.service}/process/${kind}`;
  const followers = startedThrough(services, kind);
  // With the entities served at run time (live models) sent through it too, read when a row is sent.
  const followersNow = async () => [...followers, ...((await services.startedThroughAtRunTime?.(kind)) ?? [])];

  // Every step of a request's process sets its state, with the effect its module adds (an expense claim's budget
  // check: finance/expense-budget.ts). Rows sent by a state move on their own screen are registered by their module
  // (budget lines: budget-fill.routes.ts).
  if (startOf(approval).by !== 'state') workflow.register(entity, services.approvalEffects.get(entity.name));

  // New request: saved and started together. With an `id`: the applicant updates his request (while adjusting it).
  // Both are the engine's writes, with all its checks; the process decides the status. A row saved on its own
  // screen is sent through its module or another kind instead.
  if (!startsElsewhere(approval))
    app.post(
      `${base}/start-process`,
      { schema: { ...startSchema(entity), ...answers(RequestStarted) } },
      async (request) => {
        const { user } = request;
        const body = paramsOf(request);
        const sentThrough = str(body.businessId) ? await followersNow() : [];
        if (sentThrough.length) {
          await sendSaved(user, body, sentThrough);
          return ok(request, null);
        }
        const { status: _decidedByTheProcess, ...input } = withAliases(approval, body);
        if (str(body.id)) {
          if (!isId(str(body.id))) throw failWith(MESSAGES.requestNotFound);
          const update = await service.prepareWrite(user, input, {
            mode: 'update',
            own: { notFound: MESSAGES.requestNotFound },
          });
          await db.transaction().execute((trx) => update.write(trx));
          await update.afterCommit();
          return ok(request, null);
        }
        const definitionId = required(body.processDefinitionId, MESSAGES.definitionRequired);
        const taskUser = await checkTaskUser(db, user, body.taskUser);
        const insert = await service.prepareWrite(user, input, { mode: 'save' });
        await workflow.start(user, entity, { insert, definitionId, taskUser });
        return ok(request, null);
      },
    );

  /**
   * A saved row of an entity started through this kind (an expense claim), sent by its `<code>_submit` holder: one
   * of his visible rows, all checks and the process in one transaction (approval-send.ts).
   */
  async function sendSaved(
    user: AuthUser,
    body: Record<string, unknown>,
    sentThrough: { service: EntityService; code: string }[],
  ) {
    const businessId = str(body.businessId);
    const held: EntityService[] = [];
    for (const { service: follower, code } of sentThrough)
      if (await services.permissions.has(user, code)) held.push(follower);
    if (!held.length) throw forbidden(sentThrough[0].code);
    if (!isId(businessId)) throw failWith(MESSAGES.requestNotFound);
    const definitionId = required(body.processDefinitionId, MESSAGES.definitionRequired);
    const taskUser = await checkTaskUser(db, user, body.taskUser);
    const input = { businessId, definitionId, taskUser, comment: str(body.comment).slice(0, 500) };
    for (const follower of held) {
      const target = { entity: follower.entity as Approvable, rows: await follower.visibleRows(user), kind };
      if (await services.db.transaction().execute((trx) => workflow.send(trx, user, target, input))) return;
    }
    throw failWith(MESSAGES.requestNotFound);
  }

  app.get(
    `${base}/detail`,
    { schema: { ...queryParams({ businessId: Param }), ...answers(RequestDetail) } },
    (request) => requestDetail(services, { service, entity }, request, requiredParam(request.query, 'businessId')),
  );
}

/**
 * `detail?businessId=`: a request as its applicant or who may see its process reads it, its references named (the
 * phone's card, the desktop's task); a live model's (modules/develop/live.routes.ts) is read here too.
 */
export async function requestDetail(
  services: Services,
  { service, entity }: { service: EntityService; entity: Approvable },
  request: FastifyRequest,
  id: string,
) {
  const db: DynamicDb = services.db;
  const workflow = workflowOf(services);
  const { table, approval } = entity;
  // Its references' names come joined in, as in any engine read.
  const row = isId(id) ? await approvalRequest(db, service, id, request.user.tenantId) : undefined;
  if (!row) return okOrEmpty(request, null);
  const mine = String(row.create_user) === request.user.userId;
  if (!mine && !(await workflow.canView(request.user, str(row.process_instance_id)))) return okOrEmpty(request, null);
  const applicant = await realNameOf(db, str(row.create_user), request.user.tenantId);
  const business = {
    id: str(row.id),
    tenantId: str(row.tenant_id),
    processDefinitionId: str(row.process_definition_id),
    processInstanceId: str(row.process_instance_id),
    taskUser: str(row.task_user),
    applyTime: wireDateTime(row.apply_time),
    ...requestWire(entity, row, langOf(request)),
    createUser: str(row.create_user),
    createDept: str(row.create_dept),
    createTime: wireDateTime(row.create_time),
    updateTime: wireDateTime(row.update_time),
    status: requestStatus(approval, row),
    flow: {
      assignee: taskUserOfId(str(row.create_user)),
      assigneeName: str(applicant),
      processInstanceId: str(row.process_instance_id),
      processDefinitionId: str(row.process_definition_id),
      businessTable: table,
      businessId: str(row.id),
    },
  };
  // The approver sees the receipts without a second call (the phone's request, the desktop's task).
  await service.addAttachedFiles([business]);
  return ok(request, business);
}

/**
 * start-process takes the request's fields and the process's in the query string or the body (`paramsOf`), checked
 * by the engine and the handler: the document names them.
 */
const startSchema = (entity: Approvable) => ({
  ...ANY_PARAMS,
  ...documentedQuery({
    ...recordParams(entity),
    id: Type.String({ description: '主键：申请人修改自己的申请 (id: the applicant edits his request)' }),
    processDefinitionId: Type.String({ description: '流程定义主键 (process definition id)' }),
    taskUser: Type.String({ description: '审批人 (approver)' }),
    businessId: Type.String({ description: '已保存的业务主键：送审 (a saved row to send)' }),
  }),
});

/**
 * The request's state as every approvable's clients read it: a request's `status` as it is; the state field of a
 * business with its own (REQUEST_STATUS): the result its value stands for (a budget line's 已驳回 3 is `rejected`);
 * a value no result maps to (a paid claim, past its process) 0: the clients tell only whether its process ended.
 */
function requestStatus(approval: ApprovalDef, row: Record<string, unknown>): number {
  if (!approval.field) return Number(row.status);
  const value = Number(row[camelToSnake(approval.field)]);
  const result = (Object.keys(approval.status) as FlowResult[]).find((key) => approval.status[key] === value);
  return result ? REQUEST_STATUS[result] : 0;
}

/** A field sent under its older wire name (fund's `useFor`) when not under its own. */
function withAliases(approval: ApprovalDef, body: Record<string, unknown>): Record<string, unknown> {
  const input = { ...body };
  for (const [alias, field] of Object.entries(approval.aliases ?? {})) input[field] ??= body[alias];
  return input;
}

/**
 * The request's own fields on the wire (the process columns are sent by the caller), derived ones included: dates as
 * text, counts as numbers, amounts as their exact stored text (`9999.99`); the names of references, companies and
 * business dictionary keys in the caller's language; older names beside the field.
 */
function requestWire(entity: Approvable, row: Record<string, unknown>, lang: Lang): Record<string, unknown> {
  const out: Record<string, unknown> = { ...bizDictNames(entity, row, lang) };
  const alerts: readonly string[] = entity.approval.alerts ?? [];
  for (const [name, field] of Object.entries(entity.fields)) {
    // Derived figures, document numbers and alerts are the request's too (a budget line's full-year amount, a claim's
    // number, its 超预算); the server's other columns are not.
    const shown = field.derive || field.sequence || alerts.includes(name);
    if ((field.readonly && !shown) || field.secret || name === 'status') continue;
    const value = row[camelToSnake(name)];
    if (field.ref || field.company) out[refNameKey(name, field)] = str(row[refNameKey(name, field)]);
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
  const found = isId(value) && (await isLiveUser(db, value, user.tenantId));
  if (!found) throw failWith(MESSAGES.taskUserUnknown);
  return value;
}
