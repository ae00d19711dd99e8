import { definedEntities } from '../../../shared/entities/define.ts';
import type { StartForm, TaskForm } from '../../../shared/contract/api/flow.schemas.ts';
import { taskUserOfId } from '../../../shared/flow/types.ts';
import type { Db } from '../../db/connect.ts';
import type { AuthUser } from '../auth-context.ts';
import { failWith } from '../errors.ts';
import { isId } from '../ids.ts';
import { FLOW_MESSAGES } from './flow-messages.ts';
import { startableByHand } from './instance-reads.ts';
import { definitionGraph } from './process-steps.ts';
import { candidateTaskIds } from './read-pages.ts';
import type { Variables } from './flow-runtime.ts';

/**
 * What a starter and a task's handler fill in (issue 34 point 4): a definition's start form, a task's form with the
 * instance's current values, and an instance's variables for those who may view it.
 */

/** The Tenon request form (an approval kind: leave, finance …) a model's `formKey` names, or ''. */
export function businessOfFormKey(formKey: string | undefined): string {
  if (!formKey) return '';
  const kinds = definedEntities().flatMap((e) => (e.approval ? [e.approval.kind] : []));
  return kinds.includes(formKey) ? formKey : '';
}

/** The start form of a definition the caller may start (his tenant's or a shared one). */
export async function startFormOf(db: Db, user: AuthUser, definitionId: string): Promise<StartForm> {
  const row =
    definitionId.length <= 255
      ? await db
          .selectFrom('blade_flow_definition')
          .select(['id', 'name'])
          .where('id', '=', definitionId)
          .where('tenant_id', 'in', [user.tenantId, ''])
          .executeTakeFirst()
      : undefined;
  if (!row || (await startableByHand(db, definitionId, user.tenantId)) === 'no')
    throw failWith(FLOW_MESSAGES.definitionNotFound, { name: definitionId });
  const graph = await definitionGraph(db, definitionId);
  return {
    processDefinitionId: row.id,
    name: row.name,
    formKey: graph.startFormKey ?? '',
    business: businessOfFormKey(graph.startFormKey),
    fields: graph.nodes.get(graph.start)?.form ?? [],
  };
}

/** The form of an open task the caller holds or may claim, its readable fields with their current values. */
export async function taskFormOf(db: Db, user: AuthUser, taskId: string): Promise<TaskForm> {
  const task = isId(taskId)
    ? await db
        .selectFrom('blade_flow_task as t')
        .innerJoin('blade_flow_instance as i', 'i.id', 't.instance_id')
        .select([
          't.id',
          't.name',
          't.task_key',
          't.assignee',
          't.status',
          't.definition_id',
          'i.id as instance_id',
          'i.variables',
        ])
        .where('t.id', '=', taskId)
        .where('t.tenant_id', '=', user.tenantId)
        .where((eb) =>
          eb.or([eb('t.assignee', '=', taskUserOfId(user.userId)), eb('t.id', 'in', candidateTaskIds(db, user))]),
        )
        .executeTakeFirst()
    : undefined;
  if (!task) throw failWith(FLOW_MESSAGES.taskNotFound);
  if (task.status !== 'open') throw failWith(FLOW_MESSAGES.taskDone);
  const graph = await definitionGraph(db, task.definition_id);
  const node = graph.nodes.get(task.task_key);
  const variables = JSON.parse(task.variables) as Variables;
  const fields = (node?.form ?? [])
    .filter((field) => field.readable)
    .map((field) =>
      Object.hasOwn(variables, field.variable) ? { ...field, value: variables[field.variable] } : { ...field },
    );
  return {
    taskId: String(task.id),
    taskName: task.name,
    processInstanceId: String(task.instance_id),
    formKey: node?.userTask?.formKey ?? '',
    fields,
  };
}

/** An instance's variables (the caller's right to view it is checked by the route). */
export async function instanceVariables(db: Db, instanceId: string): Promise<Variables> {
  const row = await db
    .selectFrom('blade_flow_instance')
    .select('variables')
    .where('id', '=', instanceId)
    .executeTakeFirst();
  return row ? (JSON.parse(row.variables) as Variables) : {};
}
