import type { FastifyInstance } from 'fastify';
import type { AuthUser } from '../../platform/auth-context.ts';
import type { Db, DynamicDb } from '../../db/connect.ts';
import { failWith, ok, okOrEmpty } from '../../platform/errors.ts';
import { requestParams, requireParam } from '../../platform/http.ts';
import { isId, nextId } from '../../platform/ids.ts';
import type { Services } from '../../services.ts';
import { formatDateTime, parseDateTime, wireDateTime } from '../../../shared/contract/time.ts';
import type { FlowResult } from '../../../shared/flow/types.ts';
import type { LocalText } from '../../../shared/i18n/server-messages.ts';
import { leaveDaysOf } from '../system/work-calendar.service.ts';
import { taskUserOf } from './engine-runner.ts';
import { flowOf } from './flow-module.ts';
import type { FlowTransition, Variables } from './flow-runtime.ts';
import { taskUserOfId } from './flow-store.ts';

/**
 * Leave and fund approval requests (contract flow.md §5, §6): the request row and its process start together, and
 * every step of the process sets the row's status in the step's transaction.
 */

/** [DESIGN] status of a request row */
export const REQUEST_STATUS = { running: 1, rejected: 2, approved: 3, withdrawn: 4 } as const;

const MESSAGES = {
  definitionRequired: { zh: '请选择流程', en: 'Please choose the process' },
  startTimeRequired: { zh: '请选择开始日期', en: 'Please choose the start date' },
  endTimeRequired: { zh: '请选择结束日期', en: 'Please choose the end date' },
  endBeforeStart: { zh: '结束时间须晚于开始时间', en: 'The end time must be after the start time' },
  noWorkingDays: { zh: '所选时间内没有工作日, 无需请假', en: 'The period has no working day to take leave for' },
  reasonRequired: { zh: '请输入理由', en: 'Please enter the reason' },
  useForRequired: { zh: '请输入用途', en: 'Please enter what the funds are for' },
  titleRequired: { zh: '请输入标题', en: 'Please enter the title' },
  amountRequired: { zh: '请输入正确的金额', en: 'Please enter a valid amount' },
  taskUserRequired: { zh: '请选择审批人', en: 'Please choose the approver' },
  taskUserUnknown: { zh: '审批人不存在', en: 'The approver does not exist' },
  requestNotFound: { zh: '申请不存在或已在审批中', en: 'The request does not exist or is being approved' },
} satisfies Record<string, LocalText>;

interface BusinessProcess {
  name: 'leave' | 'finance';
  table: string;
  /** Columns of a submitted request, derived ones included (taskUser checked separately). */
  read(db: Db, user: AuthUser, body: Record<string, unknown>): Promise<Record<string, unknown>>;
  /**
   * The process variables a saved request stands for: set when its process starts and again at every step, so the
   * model decides on the server's figures (a leave's working days), never on a client's.
   */
  variables(row: Record<string, unknown>): Variables;
  wire(row: Record<string, unknown>): Record<string, unknown>;
}

const str = (value: unknown) => (value == null ? '' : String(value).trim());
const required = (value: unknown, message: LocalText, max = 255) => {
  const text = str(value);
  if (!text) throw failWith(message);
  return text.slice(0, max);
};

const LEAVE: BusinessProcess = {
  name: 'leave',
  table: 'blade_process_leave',
  async read(db, user, body) {
    const start = parseDateTime(str(body.startTime));
    const end = parseDateTime(str(body.endTime));
    if (!start) throw failWith(MESSAGES.startTimeRequired);
    if (!end) throw failWith(MESSAGES.endTimeRequired);
    if (end <= start) throw failWith(MESSAGES.endBeforeStart);
    // Working days by the tenant's calendar, in half days: whatever `days` a client sends is not read.
    const days = await leaveDaysOf(db, user.tenantId, start, end);
    if (days === 0) throw failWith(MESSAGES.noWorkingDays);
    return { start_time: start, end_time: end, days, reason: required(body.reason, MESSAGES.reasonRequired) };
  },
  variables: (row) => ({ days: Number(row.days) }),
  wire: (row) => ({ startTime: wireDateTime(row.start_time), endTime: wireDateTime(row.end_time), days: Number(row.days), reason: str(row.reason) }),
};

const FINANCE: BusinessProcess = {
  name: 'finance',
  table: 'blade_process_finance',
  async read(_db, _user, body) {
    const amountText = str(body.amount);
    if (!/^\d{1,16}(\.\d{1,2})?$/.test(amountText) || Number(amountText) <= 0) throw failWith(MESSAGES.amountRequired);
    return { title: required(body.title, MESSAGES.titleRequired), amount: amountText, reason: required(body.reason ?? body.useFor, MESSAGES.useForRequired), attach: str(body.attach).slice(0, 1000) };
  },
  variables: (row) => ({ amount: Number(row.amount) }),
  wire: (row) => ({ title: str(row.title), amount: str(row.amount), reason: str(row.reason), useFor: str(row.reason), attach: str(row.attach) }),
};

export async function businessProcessRoutes(app: FastifyInstance, { services }: { services: Services }) {
  // The request tables are named by each business: queries on them are built by name.
  const db: DynamicDb = services.db;
  const { runtime, queries } = flowOf(services);

  for (const business of [LEAVE, FINANCE]) {
    const base = `/api/blade-desk/process/${business.name}`;
    runtime.registerBusiness(business.table, (transition) => setStatus(business.table, transition), async (trx, businessId) => {
      const row = await (trx as DynamicDb).selectFrom(business.table).selectAll().where('id', '=', businessId).executeTakeFirst();
      return row ? business.variables(row) : {};
    });

    // New request: saved and started together. With an `id`: the applicant updates his request (while adjusting it).
    app.post(`${base}/start-process`, async (request) => {
      const body = requestParams(request);
      const { user } = request;
      const columns = await business.read(db, user, body);
      const now = formatDateTime();
      if (str(body.id)) {
        const id = str(body.id);
        const updated = isId(id) ? await db.updateTable(business.table).set({ ...columns, update_user: user.userId, update_time: now })
          .where('id', '=', id).where('tenant_id', '=', user.tenantId).where('create_user', '=', user.userId).where('is_deleted', '=', 0)
          .executeTakeFirst() : undefined;
        if (!updated || Number(updated.numUpdatedRows) !== 1) throw failWith(MESSAGES.requestNotFound);
        return ok(request, null);
      }
      const definitionId = required(body.processDefinitionId, MESSAGES.definitionRequired);
      const taskUser = await checkTaskUser(db, user, body.taskUser);
      const id = nextId();
      await runtime.start(user, { definitionId, businessTable: business.table, businessId: id, variables: { ...business.variables(columns), taskUser: taskUserOf(taskUser) } },
        async (trx, instanceId) => {
          await (trx as DynamicDb).insertInto(business.table).values({
            id, tenant_id: user.tenantId, process_definition_id: definitionId, process_instance_id: instanceId, task_user: taskUser,
            apply_time: now, ...columns, create_user: user.userId, create_dept: user.deptIds[0] ?? null, create_time: now,
            update_user: user.userId, update_time: now, status: REQUEST_STATUS.running, is_deleted: 0,
          }).execute();
        });
      return ok(request, null);
    });

    app.get(`${base}/detail`, async (request) => {
      const id = requireParam(request, 'businessId');
      const row = isId(id)
        ? await db.selectFrom(business.table).selectAll().where('id', '=', id).where('tenant_id', '=', request.user.tenantId).where('is_deleted', '=', 0).executeTakeFirst()
        : undefined;
      if (!row) return okOrEmpty(request, null);
      const mine = String(row.create_user) === request.user.userId;
      if (!mine && !await queries.canView(request.user, str(row.process_instance_id))) return okOrEmpty(request, null);
      const applicant = await db.selectFrom('blade_user').select('real_name').where('id', '=', row.create_user).executeTakeFirst();
      return ok(request, {
        id: str(row.id),
        tenantId: str(row.tenant_id),
        processDefinitionId: str(row.process_definition_id),
        processInstanceId: str(row.process_instance_id),
        taskUser: str(row.task_user),
        applyTime: wireDateTime(row.apply_time),
        ...business.wire(row),
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
          businessTable: business.table,
          businessId: str(row.id),
        },
      });
    });
  }

  /** The row follows its process's result: running, back with the applicant, approved or withdrawn. */
  async function setStatus(table: string, transition: FlowTransition) {
    await (transition.trx as DynamicDb).updateTable(table).set({ status: STATUS_OF_RESULT[transition.result], update_user: transition.actor.userId, update_time: formatDateTime() })
      .where('id', '=', transition.businessId).where('tenant_id', '=', transition.tenantId).execute();
  }
}

const STATUS_OF_RESULT: Record<FlowResult, number> = {
  running: REQUEST_STATUS.running, rejected: REQUEST_STATUS.rejected, approved: REQUEST_STATUS.approved, withdrawn: REQUEST_STATUS.withdrawn,
};

/** The chosen approver: a user id (or `taskUser_<id>`) of the caller's tenant. */
async function checkTaskUser(db: Db, user: AuthUser, raw: unknown): Promise<string> {
  const value = str(raw).replace(/^taskUser_/, '');
  if (!value) throw failWith(MESSAGES.taskUserRequired);
  const found = isId(value) && await db.selectFrom('blade_user').select('id')
    .where('id', '=', value).where('tenant_id', '=', user.tenantId).where('is_deleted', '=', 0).executeTakeFirst();
  if (!found) throw failWith(MESSAGES.taskUserUnknown);
  return value;
}
