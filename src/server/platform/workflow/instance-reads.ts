import { definedEntities, startOf } from '../../../shared/entities/define.ts';
import { sql } from 'kysely';
import type { Db } from '../../db/connect.ts';
import type { AuthUser } from '../auth-context.ts';
import type { Dictionaries } from '../dictionaries.ts';
import { isId } from '../ids.ts';
import type { Page } from '../entity/service.ts';
import { pagingOf } from '../entity/conditions.ts';
import { wireDateTime } from '../../../shared/contract/time.ts';
import {
  DEFINITION_STATE,
  taskUserOfId,
  userIdOf,
  type FlowExecution,
  type FlowHistory,
  type FlowProcess,
} from '../../../shared/flow/types.ts';
import { laidOut } from './diagram-layout.ts';
import { FLOW_ACTION_ROW, FLOW_ACTIONS } from '../../../shared/flow/actions.ts';
import { candidateTaskIds, paged, text, userNames, type Query, type Select } from './read-pages.ts';

/**
 * Definitions, follow-up, and an instance's view (who may see it, its history, its diagram). No engine state is read
 * here. Names (users, categories) are resolved once per page.
 */

export class InstanceReads {
  constructor(
    private readonly db: Db,
    private readonly dictionaries: Dictionaries,
  ) {}

  // ---- definitions (§2 start-list, §4 manager) ----

  /**
   * Definitions as FlowProcess. `tenantId` undefined: every tenant (platform administration); else that tenant's and
   * the shared ones. `latest`: only the newest version of each key; `activeOnly`: not suspended; `startable`: those
   * a user starts by hand.
   */
  async definitions(
    query: Query,
    options: { tenantId?: string; latest: boolean; activeOnly: boolean; startable?: boolean },
  ): Promise<Page<FlowProcess>> {
    let q: Select = this.db.selectFrom('blade_flow_definition as d').selectAll('d');
    if (options.startable) q = byHand(this.db, q);
    if (options.tenantId !== undefined) q = q.where('d.tenant_id', 'in', [options.tenantId, '']);
    if (options.activeOnly) q = q.where('d.suspension_state', '=', DEFINITION_STATE.active);
    if (options.latest) {
      q = q.where(
        'd.version',
        '=',
        this.db
          .selectFrom('blade_flow_definition as v')
          .select(sql`max(v.version)`.as('m'))
          .where(sql<boolean>`v.tenant_id = d.tenant_id and v.process_key = d.process_key`),
      );
    }
    if (text(query.category)) q = q.where('d.category', '=', text(query.category));
    if (text(query.key ?? query.processKey)) q = q.where('d.process_key', '=', text(query.key ?? query.processKey));
    return paged(
      q,
      pagingOf(query),
      (s) => s.orderBy('d.deploy_time', 'desc').orderBy('d.id', 'desc'),
      (rows) => this.processes(rows),
    );
  }

  private async processes(rows: Record<string, unknown>[]): Promise<FlowProcess[]> {
    const categories = await this.dictionaries.itemsOf('flow');
    return rows.map((r) => ({
      id: text(r.id),
      tenantId: text(r.tenant_id),
      name: text(r.name),
      key: text(r.process_key),
      description: text(r.description),
      category: text(r.category),
      categoryName: categories.get(text(r.category)) ?? '',
      version: Number(r.version),
      deploymentId: text(r.deployment_id),
      resourceName: text(r.resource_name),
      diagramResourceName: '',
      suspensionState: Number(r.suspension_state),
      deploymentTime: wireDateTime(r.deploy_time),
    }));
  }

  // ---- follow-up (§4): running instances of every tenant ----

  async follow(query: Query): Promise<Page<FlowExecution>> {
    let q: Select = this.db
      .selectFrom('blade_flow_instance as i')
      .innerJoin('blade_flow_definition as d', 'd.id', 'i.definition_id')
      .leftJoinLateral(
        (eb) =>
          eb
            .selectFrom('blade_flow_task as lt')
            .select(['lt.task_key', 'lt.name as task_name', 'lt.execution_id'])
            .whereRef('lt.instance_id', '=', 'i.id')
            .where('lt.status', '=', 'open')
            .orderBy('lt.create_time', 'desc')
            .orderBy('lt.id', 'desc')
            .limit(1)
            .as('t'),
        (join) => join.onTrue(),
      )
      .where('i.state', '=', 'running')
      .select([
        'i.id',
        'i.tenant_id',
        'i.start_user',
        'i.start_time',
        'i.business_table',
        'i.business_id',
        'i.business_status',
        't.task_key',
        't.task_name',
        't.execution_id',
        'd.id as definition_id',
        'd.process_key',
        'd.name',
        'd.category',
        'd.suspension_state',
      ]);
    const instanceId = text(query.processInstanceId);
    if (instanceId) q = isId(instanceId) ? q.where('i.id', '=', instanceId) : q.where(sql<boolean>`false`);
    if (text(query.processDefinitionKey)) q = q.where('i.process_key', '=', text(query.processDefinitionKey));
    return paged(
      q,
      pagingOf(query),
      (s) => s.orderBy('i.start_time', 'desc').orderBy('i.id', 'desc'),
      async (rows) => {
        const names = await userNames(
          this.db,
          rows.map((r) => text(r.start_user)),
        );
        const categories = await this.dictionaries.itemsOf('flow');
        return rows.map((r) => ({
          id: text(r.id),
          name: text(r.name),
          startUserId: text(r.start_user),
          startUser: names.get(text(r.start_user)) ?? '',
          startTime: wireDateTime(r.start_time),
          taskDefinitionId: text(r.task_key),
          taskDefinitionKey: text(r.task_key),
          taskName: text(r.task_name),
          category: text(r.category),
          categoryName: categories.get(text(r.category)) ?? '',
          processInstanceId: text(r.id),
          processDefinitionId: text(r.definition_id),
          processDefinitionKey: text(r.process_key),
          activityId: text(r.task_key),
          suspensionState: Number(r.suspension_state),
          executionId: text(r.execution_id),
          businessTable: text(r.business_table),
          businessId: text(r.business_id),
          tenantId: text(r.tenant_id),
          businessStatus: text(r.business_status),
        }));
      },
    );
  }

  // ---- process view (§3) ----

  /**
   * Whether the caller may see an instance: it is in the caller's tenant and the caller started it, holds or held
   * one of its tasks, may claim one, commented on it, was told about it (a candidate whose task another took: his
   * old message opens it, to read that it was handled), or administers the tenant; the platform administrator sees
   * every instance.
   */
  async canView(user: AuthUser, instanceId: string): Promise<boolean> {
    if (!isId(instanceId)) return false;
    const instance = await this.db
      .selectFrom('blade_flow_instance')
      .select(['tenant_id', 'start_user'])
      .where('id', '=', instanceId)
      .executeTakeFirst();
    if (!instance) return false;
    if (user.isSuperAdmin) return true;
    if (instance.tenant_id !== user.tenantId) return false;
    if (user.isAdmin || String(instance.start_user) === user.userId) return true;
    const me = taskUserOfId(user.userId);
    const task = await this.db
      .selectFrom('blade_flow_task as t')
      .select('t.id')
      .where('t.instance_id', '=', instanceId)
      .where((eb) => eb.or([eb('t.assignee', '=', me), eb('t.id', 'in', candidateTaskIds(this.db, user))]))
      .executeTakeFirst();
    if (task) return true;
    // A former assignee (who transferred the task) took part through his comment.
    const comment = await this.db
      .selectFrom('blade_flow_comment')
      .select('id')
      .where('instance_id', '=', instanceId)
      .where('user_id', '=', user.userId)
      .executeTakeFirst();
    if (comment) return true;
    const told = await this.db
      .selectFrom('blade_message')
      .select('id')
      .where('tenant_id', '=', user.tenantId)
      .where('user_id', '=', user.userId)
      .where('process_instance_id', '=', instanceId)
      .executeTakeFirst();
    return Boolean(told);
  }

  /** An instance and the instances its call activities started, theirs too (nesting is bounded at start). */
  private async withCalled(instanceId: string): Promise<string[]> {
    const ids = [instanceId];
    for (let level = [instanceId]; level.length && ids.length < 1000;) {
      const rows = await this.db
        .selectFrom('blade_flow_instance')
        .select('id')
        .where('parent_id', 'in', level)
        .execute();
      level = rows.map((r) => String(r.id));
      ids.push(...level);
    }
    return ids;
  }

  /** Historic activities of an instance in start order: all of them (diagram) or the table's kinds. */
  async history(
    instanceId: string,
    options: { tableOnly: boolean; startActivityId?: string; endActivityId?: string },
  ): Promise<FlowHistory[]> {
    // The table shows the steps of the instances its call activities started too; the diagram only its own.
    const instanceIds = options.tableOnly ? await this.withCalled(instanceId) : [instanceId];
    let q = this.db.selectFrom('blade_flow_activity').selectAll().where('instance_id', 'in', instanceIds);
    // The approval actions (flowAction: 加签, 退回 ...) are rows of the table, not places on the diagram. A boundary
    // event that fired (a timeout escalating a step) is a row of the table: it says why the step ended.
    q = options.tableOnly
      ? q.where('activity_type', 'in', ['startEvent', 'userTask', 'boundaryEvent', 'endEvent', FLOW_ACTION_ROW])
      : q.where('activity_type', '<>', FLOW_ACTION_ROW);
    const rows = await q.orderBy('start_time').orderBy('id').execute();
    const taskIds = rows.map((r) => text(r.task_id)).filter(Boolean);
    const comments = taskIds.length
      ? await this.db
          .selectFrom('blade_flow_comment')
          .select(['task_id', 'message'])
          .where('instance_id', 'in', instanceIds)
          .where('task_id', 'in', taskIds)
          .where('type', 'not in', [...FLOW_ACTIONS])
          .orderBy('create_time')
          .orderBy('id')
          .execute()
      : [];
    const names = await userNames(
      this.db,
      rows.map((r) => userIdOf(text(r.assignee))),
    );
    // A user task's priority and due date (issue 34), from its task row.
    const schedules = new Map(
      (taskIds.length
        ? await this.db
            .selectFrom('blade_flow_task')
            .select(['id', 'priority', 'due_date'])
            .where('instance_id', '=', instanceId)
            .where('id', 'in', taskIds)
            .execute()
        : []
      ).map((task) => [text(task.id), task] as const),
    );
    let history: FlowHistory[] = rows.map((r) => ({
      historyActivityId: text(r.activity_id),
      historyActivityName: text(r.activity_name),
      historyActivityType: text(r.activity_type),
      historyActivityDurationTime: r.duration_ms == null ? '' : durationText(Number(r.duration_ms)),
      createTime: wireDateTime(r.start_time),
      endTime: wireDateTime(r.end_time),
      assignee: text(r.assignee),
      assigneeName: names.get(userIdOf(text(r.assignee))) ?? '',
      comment:
        r.activity_type === FLOW_ACTION_ROW
          ? text(r.note)
          : comments
              .filter((c) => text(c.task_id) === text(r.task_id) && r.task_id != null)
              .map((c) => text(c.message))
              .join('; '),
      taskId: text(r.task_id),
      processInstanceId: text(r.instance_id),
      ...(schedules.has(text(r.task_id))
        ? {
            priority: Number(schedules.get(text(r.task_id))!.priority),
            dueDate: wireDateTime(schedules.get(text(r.task_id))!.due_date),
          }
        : {}),
    }));
    if (options.startActivityId) {
      const from = history.findIndex((h) => h.historyActivityId === options.startActivityId);
      history = from < 0 ? [] : history.slice(from);
    }
    if (options.endActivityId) {
      const to = history.findIndex((h) => h.historyActivityId === options.endActivityId);
      if (to >= 0) history = history.slice(0, to + 1);
    }
    return history;
  }
}

/**
 * Definitions started by hand: a business whose rows start their own processes (budget lines, by their 提交) is never
 * started by hand.
 */
function byHand(db: Db, q: Select): Select {
  const kinds = new Set(
    definedEntities().flatMap((e) => (e.approval && startOf(e.approval).by === 'state' ? [e.approval.kind] : [])),
  );
  if (!kinds.size) return q;
  return q.where(
    'd.category',
    'not in',
    db
      .selectFrom('blade_dict')
      .select('dict_key')
      .where('code', '=', 'flow')
      .where('parent_id', '<>', '0')
      .where('remark', 'in', [...kinds]),
  );
}

/**
 * How a definition may be started without a business row: `no` when the tenant's users do not see it in the start-list
 * (unknown, another tenant's, a business's that starts itself), `form` when its category is a business's whose rows
 * start with it (a leave request: started through its form, which saves the row with the process), else `yes`
 * (suspended or not: the runtime says so).
 */
export async function startableByHand(db: Db, definitionId: string, tenantId: string): Promise<'yes' | 'no' | 'form'> {
  const q: Select = db
    .selectFrom('blade_flow_definition as d')
    .select('d.id')
    .where('d.id', '=', definitionId)
    .where('d.tenant_id', 'in', [tenantId, '']);
  if (!(await byHand(db, q).executeTakeFirst())) return 'no';
  const kinds = definedEntities().flatMap((e) => (e.approval ? [e.approval.kind] : []));
  const business = await q
    .where(
      'd.category',
      'in',
      db
        .selectFrom('blade_dict')
        .select('dict_key')
        .where('code', '=', 'flow')
        .where('parent_id', '<>', '0')
        .where('remark', 'in', kinds),
    )
    .executeTakeFirst();
  return business ? 'form' : 'yes';
}

/** Flowable-style human duration: 1天2小时3分4秒 (seconds at least). */
export function durationText(ms: number): string {
  let seconds = Math.max(0, Math.round(ms / 1000));
  const parts: string[] = [];
  for (const [unit, size] of [
    ['天', 86400],
    ['小时', 3600],
    ['分', 60],
  ] as const) {
    if (seconds >= size) {
      parts.push(`${Math.floor(seconds / size)}${unit}`);
      seconds %= size;
    }
  }
  if (seconds || !parts.length) parts.push(`${seconds}秒`);
  return parts.join('');
}

/** The BPMN of the definition an instance runs (with a laid-out diagram when it was deployed without one). */
export async function instanceXml(db: Db, instanceId: string): Promise<{ xml: string } | undefined> {
  const row = await db
    .selectFrom('blade_flow_instance as i')
    .innerJoin('blade_flow_definition as d', 'd.id', 'i.definition_id')
    .select('d.xml')
    .where('i.id', '=', instanceId)
    .executeTakeFirst();
  return row && { xml: await laidOut(String(row.xml ?? '')) };
}

/**
 * The BPMN of a definition the tenant may start (its own or a shared one; undefined tenant: any), with a laid-out
 * diagram when it was deployed without one.
 */
export async function definitionXml(
  db: Db,
  definitionId: string,
  tenantId: string | undefined,
): Promise<{ xml: string } | undefined> {
  let query = db.selectFrom('blade_flow_definition').select('xml').where('id', '=', definitionId);
  if (tenantId !== undefined) query = query.where('tenant_id', 'in', [tenantId, '']);
  const row = await query.executeTakeFirst();
  return row && { xml: await laidOut(String(row.xml ?? '')) };
}
