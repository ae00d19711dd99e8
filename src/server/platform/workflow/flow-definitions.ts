import { sql } from 'kysely';
import type { Db } from '../../db/connect.ts';
import { failWith } from '../errors.ts';
import { nextId } from '../ids.ts';
import { formatDateTime } from '../../../shared/contract/time.ts';
import { ModelError, readModel, type UserTaskInfo } from './bpmn-model.ts';
import { declarationIn } from './model-source.ts';
import { definitionGraph } from './process-steps.ts';
import { layOut } from './diagram-layout.ts';
import { FLOW_MESSAGES } from './flow-messages.ts';
import { ACTIVE, SUSPENDED, type DefinitionRow } from './flow-store.ts';
import { deployEventStarts } from './flow-events.ts';
import type { FlowHook } from './service-actions.ts';
import type { FlowNode, ProcessGraph } from './graph.ts';

/**
 * Deployment: a checked BPMN file becomes one process definition per tenant (`''` = shared by all tenants), versioned
 * per process key and tenant, with the id `<key>:<version>:<deploymentId>` as Flowable names them.
 */

export interface DeployInput {
  xml: string;
  category: string;
  /** tenant codes; `''` deploys one shared definition */
  tenantIds: string[];
  resourceName?: string;
  modelId?: string;
  /** The actions modules offer to service tasks (Services.flowHooks): a model naming another is refused. */
  hooks?: ReadonlyMap<string, FlowHook>;
}

export const RESOURCE_SUFFIX = '.bpmn20.xml';

/** A candidate group of a user task that names no role of these tenants: its tasks would find nobody there. */
export interface UnmatchedGroup {
  task: string;
  group: string;
  tenantIds: string[];
}

/** A model's text with a DOCTYPE or an entity declaration is refused before anything parses it (model-source.ts). */
export function refuseDeclarations(xml: string): void {
  const declared = declarationIn(xml);
  if (declared) throw failWith(FLOW_MESSAGES.declarationRefused, { name: declared });
}

/**
 * Checks the file and deploys it, in the caller's transaction; returns the new definitions and the candidate groups
 * that match no role of a tenant it was deployed to (every live tenant for a shared definition), for the deployer.
 */
export async function deploy(
  trx: Db,
  userId: string,
  input: DeployInput,
): Promise<{ definitions: DefinitionRow[]; unmatched: UnmatchedGroup[] }> {
  refuseDeclarations(input.xml);
  let model;
  try {
    model = await readModel(input.xml, input.hooks);
  } catch (error) {
    if (error instanceof ModelError) throw failWith(FLOW_MESSAGES.modelInvalid, { name: error.message });
    throw error;
  }
  // Stored as Flowable's designer would have written it: with a diagram (laid out when the file has none).
  const xml = await layOut(input.xml);
  const tenantIds = [...new Set(input.tenantIds.map((t) => t.trim()))];
  const codes = tenantIds.filter(Boolean);
  if (codes.length) {
    const found = await trx
      .selectFrom('blade_tenant')
      .select('tenant_id')
      .where('tenant_id', 'in', codes)
      .where('is_deleted', '=', 0)
      .execute();
    const missing = codes.find((code) => !found.some((f) => f.tenant_id === code));
    if (missing) throw failWith(FLOW_MESSAGES.tenantNotFound, { name: missing });
  }
  await checkCallTargets(trx, model.graph, tenantIds);
  const timerStart = model.graph.eventStarts.find((id) => model.graph.nodes.get(id)?.event?.type === 'timer');
  if (timerStart && tenantIds.includes('')) throw failWith(FLOW_MESSAGES.timerStartShared, { name: timerStart });
  const rows: DefinitionRow[] = [];
  for (const tenantId of tenantIds) {
    // Versions count per key and tenant: deployments of one key queue on this lock.
    await sql`select pg_advisory_xact_lock(hashtext(${`flow:${tenantId}:${model.key}`}))`.execute(trx);
    const last = await trx
      .selectFrom('blade_flow_definition')
      .select((eb) => eb.fn.max<number>('version').as('v'))
      .where('tenant_id', '=', tenantId)
      .where('process_key', '=', model.key)
      .executeTakeFirst();
    const version = Number(last?.v ?? 0) + 1;
    const deploymentId = nextId();
    const row: DefinitionRow = {
      id: `${model.key}:${version}:${deploymentId}`,
      tenant_id: tenantId,
      process_key: model.key,
      name: model.name.slice(0, 255),
      description: model.description.slice(0, 4000),
      category: input.category.slice(0, 64),
      version,
      deployment_id: deploymentId,
      resource_name: (input.resourceName || `${model.name}${RESOURCE_SUFFIX}`).slice(0, 255),
      xml,
      model_id: input.modelId ?? null,
      suspension_state: ACTIVE,
      deploy_time: formatDateTime(),
    };
    await trx
      .insertInto('blade_flow_definition')
      .values({ ...row, create_user: userId })
      .execute();
    await deployEventStarts(trx, row, model.graph);
    rows.push(row);
  }
  return {
    definitions: rows,
    unmatched: await unmatchedGroups(trx, model.userTasks, codes.length ? codes : undefined),
  };
}

/**
 * A call activity naming its process by key calls a process deployed in each tenant (or shared), and never its own
 * process, directly or through the processes it calls (a recursion would nest instances without end); a key given by
 * an expression is looked up when called, and the runtime's depth bound stops a recursion through it.
 */
async function checkCallTargets(trx: Db, graph: ProcessGraph, tenantIds: string[]): Promise<void> {
  for (const node of graph.nodes.values()) {
    const key = calledKey(node);
    if (!key) continue;
    if (key === graph.key) throw failWith(FLOW_MESSAGES.callsItself, { name: node.id });
    for (const tenantId of tenantIds) {
      if (!(await calledDefinitionId(trx, tenantId, key)))
        throw failWith(FLOW_MESSAGES.callTargetMissing, { name: node.id, label: key });
      const chain = await callChainTo(trx, tenantId, key, graph.key);
      if (chain) throw failWith(FLOW_MESSAGES.callCycle, { name: node.id, label: [graph.key, ...chain].join(' → ') });
    }
  }
}

const calledKey = (node: FlowNode) => {
  const key = node.call?.calledElement;
  return key && !key.includes('{') ? key : undefined;
};

/** The definition a call of `key` starts in the tenant now: its newest, the tenant's before the shared one. */
async function calledDefinitionId(trx: Db, tenantId: string, key: string): Promise<string | undefined> {
  const found = await trx
    .selectFrom('blade_flow_definition')
    .select('id')
    .where('process_key', '=', key)
    .where('tenant_id', 'in', [tenantId, ''])
    .orderBy(sql`tenant_id = ''`)
    .orderBy('version', 'desc')
    .executeTakeFirst();
  return found ? String(found.id) : undefined;
}

/**
 * The keys of a chain of calls from `from` that comes back to `to` (`[from, …, to]`), through the definitions each
 * call starts now; undefined when none does. Each key is followed once.
 */
async function callChainTo(trx: Db, tenantId: string, from: string, to: string): Promise<string[] | undefined> {
  const seen = new Set<string>();
  const walk = async (key: string, path: string[]): Promise<string[] | undefined> => {
    if (key === to) return [...path, key];
    if (seen.has(key)) return undefined;
    seen.add(key);
    const id = await calledDefinitionId(trx, tenantId, key);
    // A definition that no longer compiles calls nothing the check can follow.
    const called = id ? await definitionGraph(trx, id).catch(() => undefined) : undefined;
    for (const node of called?.nodes.values() ?? []) {
      const next = calledKey(node);
      const chain = next ? await walk(next, [...path, key]) : undefined;
      if (chain) return chain;
    }
    return undefined;
  };
  return walk(from, []);
}

/**
 * Per user task and literal candidate group, the tenants (`undefined`: every live tenant) without a role of that alias.
 */
async function unmatchedGroups(
  trx: Db,
  tasks: UserTaskInfo[],
  tenantIds: string[] | undefined,
): Promise<UnmatchedGroup[]> {
  const groups = [...new Set(tasks.flatMap((task) => task.candidateGroups))];
  if (!groups.length) return [];
  const tenants =
    tenantIds ??
    (
      await trx
        .selectFrom('blade_tenant')
        .select('tenant_id')
        .where('is_deleted', '=', 0)
        .orderBy('tenant_id')
        .execute()
    ).map((t) => String(t.tenant_id));
  if (!tenants.length) return [];
  const roles = await trx
    .selectFrom('blade_role')
    .select(['tenant_id', 'role_alias'])
    .where('role_alias', 'in', groups)
    .where('tenant_id', 'in', tenants)
    .where('is_deleted', '=', 0)
    .execute();
  const held = new Set(roles.map((r) => `${r.tenant_id}:${r.role_alias}`));
  return tasks
    .flatMap((task) =>
      task.candidateGroups.map((group) => ({
        task: task.name || task.id,
        group,
        tenantIds: tenants.filter((tenant) => !held.has(`${tenant}:${group}`)),
      })),
    )
    .filter((found) => found.tenantIds.length);
}

/** `manager/change-state`: the message names the definition; `undefined` when nothing changed. */
export async function changeState(db: Db, processId: string, state: string): Promise<'active' | 'suspend' | undefined> {
  const target = state === 'active' ? ACTIVE : state === 'suspend' ? SUSPENDED : undefined;
  if (!target) return undefined;
  const result = await db
    .updateTable('blade_flow_definition')
    .set({ suspension_state: target })
    .where('id', '=', processId)
    .where('suspension_state', '<>', target)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) ? (state as 'active' | 'suspend') : undefined;
}

/** Tables of an instance's life, deleted with a deployment (Flowable's cascade). */
const INSTANCE_TABLES = [
  'blade_flow_activity',
  'blade_flow_comment',
  'blade_flow_job',
  'blade_flow_subscription',
] as const;

/**
 * `manager/delete-deployment`: the definitions, their instances and their history. `beforeDelete` ends the running
 * instances first (so their business records hear of it), in the same transaction.
 */
export async function deleteDeployments(
  trx: Db,
  deploymentIds: string[],
  beforeDelete: (instanceIds: string[]) => Promise<void>,
) {
  const definitions = await trx
    .selectFrom('blade_flow_definition')
    .select('id')
    .where('deployment_id', 'in', deploymentIds)
    .execute();
  const definitionIds = definitions.map((d) => d.id as string);
  if (!definitionIds.length) return 0;
  const instances = await trx
    .selectFrom('blade_flow_instance')
    .select(['id', 'state'])
    .where('definition_id', 'in', definitionIds)
    .execute();
  await beforeDelete(instances.filter((i) => i.state === 'running').map((i) => String(i.id)));
  const instanceIds = instances.map((i) => String(i.id));
  if (instanceIds.length) {
    await trx
      .deleteFrom('blade_flow_task_candidate')
      .where('task_id', 'in', trx.selectFrom('blade_flow_task').select('id').where('instance_id', 'in', instanceIds))
      .execute();
    await trx.deleteFrom('blade_flow_task').where('instance_id', 'in', instanceIds).execute();
    for (const table of INSTANCE_TABLES) await trx.deleteFrom(table).where('instance_id', 'in', instanceIds).execute();
    await trx.deleteFrom('blade_flow_instance').where('id', 'in', instanceIds).execute();
  }
  // The definitions' start events' jobs and subscriptions (those of their instances went with them).
  await trx.deleteFrom('blade_flow_job').where('definition_id', 'in', definitionIds).execute();
  await trx.deleteFrom('blade_flow_subscription').where('definition_id', 'in', definitionIds).execute();
  await trx.deleteFrom('blade_flow_definition').where('id', 'in', definitionIds).execute();
  return definitionIds.length;
}

/** The definition of `processKey` a tenant starts: its latest active deployment, else the shared one (tenant ''). */
export async function activeDefinitionId(db: Db, tenantId: string, processKey: string): Promise<string | undefined> {
  const definition = await db
    .selectFrom('blade_flow_definition')
    .select('id')
    .where('process_key', '=', processKey)
    .where('tenant_id', 'in', [tenantId, ''])
    .where('suspension_state', '=', ACTIVE)
    .orderBy(sql`tenant_id = ''`)
    .orderBy('version', 'desc')
    .executeTakeFirst();
  return definition ? String(definition.id) : undefined;
}

/**
 * The definitions deployed for every tenant (tenant_id ''), which a database tenants are placed on receives from the
 * main one with the platform tables (db/source-setup.ts): the table, and the rows as a publication's filter.
 */
export const SHARED_DEFINITIONS = { table: 'blade_flow_definition', rows: "tenant_id = ''" } as const;
