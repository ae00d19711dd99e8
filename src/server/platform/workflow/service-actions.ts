import type { Db } from '../../db/connect.ts';
import type { AuthUser } from '../auth-context.ts';
import { formatDateTime } from '../../../shared/contract/time.ts';
import type { ActionSpec, FlowNode, ProcessGraph } from './graph.ts';
import { resolveText, type Scope } from './expression.ts';
import { splitNames } from './task-people.ts';
import { notify, userIdOf, usersAmong, usersByAccount, usersOfGroups, type InstanceRow } from './flow-store.ts';

/**
 * A service task's platform action (issue 34 point 2): never code, one of four allow-listed kinds, each run as a job
 * of its own (flow-runtime.ts `runJob`) — `message` sends an in-console message to users and role holders, `status`
 * sets the process's business status, `hook` calls an action a module offers by name (ModuleManifest.flowHooks),
 * `http` calls an endpoint the tenant configured (flow-http.ts). A failure is an ActionFailure with a code an error
 * boundary event may catch (`HTTP404`, `TIMEOUT`, or the hook's own); technical ones are retried first.
 */

/** A named action a module offers to service tasks (`flowable:type="hook"`, field `hook` its name). */
export interface FlowHook {
  /** The fields it reads besides `hook` (the deploy names any other field as a problem). */
  fields: readonly string[];
  /** Inside the job's transaction, with the instance locked; what it returns goes to the task's result variable. */
  run(context: HookContext): Promise<unknown>;
}

export interface HookContext {
  trx: Db;
  /** The process's starter, as the action acts for him. */
  actor: AuthUser;
  instance: InstanceRow;
  /** The task's fields, their expressions resolved. */
  fields: Record<string, unknown>;
  variables: Scope;
}

/** Why an action did not do its work. `retryable`: it may work later (a timeout, a 503); else it never will. */
export class ActionFailure extends Error {
  constructor(
    message: string,
    readonly code: string,
    readonly retryable: boolean,
  ) {
    super(message);
  }
}

/** The action of a service task of a compiled process, or why there is none (a changed model: a job's problem). */
export function actionOf(graph: ProcessGraph, elementId: string): { node: FlowNode; spec: ActionSpec } {
  const node = graph.nodes.get(elementId);
  if (!node?.action) throw new ActionFailure(`${elementId} is not a service task with an action`, 'MODEL', false);
  return { node, spec: node.action };
}

/** The fields' values now: texts as written, expressions resolved against the instance's variables. */
export function resolveFields(node: FlowNode, spec: ActionSpec, variables: Scope): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(spec.fields)) {
    try {
      values[name] = field.expression ? resolveText(field.text, variables) : field.text;
    } catch (error) {
      throw new ActionFailure(`${node.id} (field ${name}): ${(error as Error).message}`, 'EXPRESSION', false);
    }
  }
  return values;
}

/** The hook names and fields of a model's `hook` actions that no module offers: the deploy's problems. */
export function hookProblems(graph: ProcessGraph, hooks: ReadonlyMap<string, FlowHook>): string[] {
  const problems: string[] = [];
  for (const node of graph.nodes.values()) {
    if (node.action?.type !== 'hook') continue;
    const field = node.action.fields.hook;
    if (!field || field.expression) {
      problems.push(`ServiceTask "${node.id}" (field hook): name the hook as text (${[...hooks.keys()].join(', ')})`);
      continue;
    }
    const hook = hooks.get(field.text);
    if (!hook) {
      const offered = [...hooks.keys()].join(', ') || 'none';
      problems.push(`ServiceTask "${node.id}" (field hook): no module offers "${field.text}" (offered: ${offered})`);
      continue;
    }
    for (const name of Object.keys(node.action.fields))
      if (name !== 'hook' && !hook.fields.includes(name))
        problems.push(`ServiceTask "${node.id}" (field ${name}): the hook ${field.text} reads no such field`);
  }
  return problems;
}

/** Runs a `message`, `status` or `hook` action in the job's transaction; its value for the result variable. */
export async function runLocalAction(
  trx: Db,
  context: Omit<HookContext, 'trx' | 'fields'>,
  spec: ActionSpec,
  fields: Record<string, unknown>,
  hooks: ReadonlyMap<string, FlowHook>,
): Promise<unknown> {
  const { instance } = context;
  switch (spec.type) {
    case 'message': {
      const recipients = await recipientsOf(trx, instance.tenant_id, fields);
      if (!recipients.length)
        throw new ActionFailure('the message names no live user of the tenant (to, toRoles)', 'NO_RECIPIENT', false);
      const now = new Date();
      const title = text(fields.title, 200);
      await notify(trx, recipients, title, text(fields.content ?? '', 2000), context.actor.userId, now, { instance });
      return recipients.length;
    }
    case 'status': {
      const status = text(fields.status, 255);
      await trx
        .updateTable('blade_flow_instance')
        .set({ business_status: status })
        .where('id', '=', instance.id)
        .execute();
      return status;
    }
    case 'hook': {
      const name = String(fields.hook);
      const hook = hooks.get(name);
      if (!hook) throw new ActionFailure(`no module offers the hook "${name}"`, 'HOOK', false);
      const { hook: _name, ...rest } = fields;
      return hook.run({ ...context, trx, fields: rest });
    }
    case 'http':
      throw new ActionFailure('an http action runs outside the transaction', 'MODEL', false);
  }
}

/** The users of `to` (ids or accounts) and of the roles of `toRoles` (aliases): live, enabled users of the tenant. */
export async function recipientsOf(trx: Db, tenantId: string, fields: Record<string, unknown>): Promise<string[]> {
  const names = splitNames(fields.to, 'to');
  const byAccount = await usersByAccount(trx, tenantId, names);
  const ids = names.map((name) => userIdOf(byAccount.get(name) ?? name) || name);
  return [
    ...new Set([
      ...(await usersAmong(trx, tenantId, ids)),
      ...(await usersOfGroups(trx, tenantId, splitNames(fields.toRoles, 'toRoles'))),
    ]),
  ];
}

const text = (value: unknown, max: number) =>
  (value instanceof Date ? formatDateTime(value) : String(value ?? '')).slice(0, max);
