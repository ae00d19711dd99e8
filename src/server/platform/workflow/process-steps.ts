import type { Db } from '../../db/connect.ts';
import { compileModel } from './compile-model.ts';
import { signalRun } from './engine-runner.ts';
import type { ProcessGraph } from './graph.ts';
import { completeTask, failAction, fireEvent, isInterpreterState, returnToStep, startInstance } from './interpreter.ts';
import type { Scope } from './expression.ts';
import { EngineStepError, type StepResult } from './step-result.ts';
import { TtlCache } from '../ttl-cache.ts';
import { clockNow, type TimerClock } from './timer-spec.ts';
import { tenantZone } from './tenant-zone.ts';

/**
 * Which engine takes an instance's step (docs/workflow-engine.md): every new instance runs on Tenon's interpreter;
 * an instance bpmn-engine started (its saved state is bpmn-engine's) finishes on bpmn-engine.
 */

/** Compiled processes by definition id (a definition's XML never changes: a new deployment is a new id). */
const graphs = new TtlCache<ProcessGraph>(500);

function graphOf(definitionId: string, xml: () => Promise<string>): Promise<ProcessGraph> {
  return graphs.get(definitionId, async () => {
    try {
      return (await compileModel(await xml())).graph;
    } catch (error) {
      throw new EngineStepError((error as Error).message);
    }
  });
}

/**
 * The first step of a new instance of `tenantId`, with the variables it starts with: the caller's, and the starter's
 * user id in the variable its start event names (`flowable:initiator`), as Flowable sets it.
 */
export async function startStep(
  trx: Db,
  tenantId: string,
  definition: { id: string; xml: string },
  variables: Scope,
  starterId: string,
  startAt?: string,
): Promise<{ result: StepResult; variables: Scope }> {
  const graph = await graphOf(definition.id, async () => definition.xml);
  const started = graph.initiator ? { ...variables, [graph.initiator]: starterId } : variables;
  return { result: startInstance(graph, started, startAt, await clockOf(trx, graph, tenantId)), variables: started };
}

/**
 * A step's clock: now, and the instance's tenant's zone, in which the step reads a timer's or a task's date written
 * without an offset. A process with neither (most) asks for no zone.
 */
async function clockOf(trx: Db, graph: ProcessGraph, tenantId: string): Promise<TimerClock> {
  const dated = [...graph.nodes.values()].some((node) => node.event?.type === 'timer' || node.userTask?.dueDate);
  return clockNow(dated ? await tenantZone(trx, tenantId) : undefined);
}

/** A deployed definition's compiled process, through the cache (its XML read once). */
function instanceGraph(trx: Db, definitionId: string): Promise<ProcessGraph> {
  return graphOf(definitionId, async () => {
    const row = await trx
      .selectFrom('blade_flow_definition')
      .select('xml')
      .where('id', '=', definitionId)
      .executeTakeFirstOrThrow();
    return row.xml;
  });
}

/** The instances the steps take: their tenant's zone is the one their dates are read in. */
type StepInstance = { id: string; tenant_id: string; definition_id: string; engine_state: string };

export async function completeStep(
  trx: Db,
  instance: StepInstance,
  executionId: string,
  output: { pass: boolean; assignee: string },
  variables: Scope,
): Promise<StepResult> {
  if (!isInterpreterState(instance.engine_state))
    return signalRun(instance.id, instance.engine_state, executionId, output, variables);
  const graph = await instanceGraph(trx, instance.definition_id);
  const clock = await clockOf(trx, graph, instance.tenant_id);
  return completeTask(graph, instance.engine_state, executionId, output, variables, clock);
}

/** A waiting timer, message, signal or receive task of an interpreter's instance happened. */
export async function fireStep(
  trx: Db,
  instance: StepInstance,
  executionId: string,
  variables: Scope,
  called?: Scope,
): Promise<StepResult> {
  if (!isInterpreterState(instance.engine_state))
    throw new EngineStepError('this instance was started on the former engine: it waits for no event');
  const graph = await instanceGraph(trx, instance.definition_id);
  const clock = await clockOf(trx, graph, instance.tenant_id);
  return fireEvent(graph, instance.engine_state, executionId, variables, clock, called);
}

/** A service task's action failed with `code`: the step its error boundary event takes, or none catches it. */
export async function failStep(
  trx: Db,
  instance: { id: string; tenant_id: string; definition_id: string; engine_state: string },
  executionId: string,
  code: string,
  variables: Scope,
): Promise<StepResult | undefined> {
  const graph = await instanceGraph(trx, instance.definition_id);
  const clock = await clockOf(trx, graph, instance.tenant_id);
  return failAction(graph, instance.engine_state, executionId, code, variables, clock);
}

/** A definition's compiled process (its forms, its start event), read through the same cache as its steps. */
export function definitionGraph(db: Db, definitionId: string): Promise<ProcessGraph> {
  return instanceGraph(db, definitionId);
}

/**
 * 退回: the user tasks a return from task `taskKey` may go to: those of the same scope (process or sub-process) from
 * which a path leads to it. Only instances of the interpreter return (undefined for bpmn-engine's).
 */
export async function returnableSteps(
  trx: Db,
  instance: { definition_id: string; engine_state: string },
  taskKey: string,
): Promise<Set<string> | undefined> {
  if (!isInterpreterState(instance.engine_state)) return undefined;
  const graph = await instanceGraph(trx, instance.definition_id);
  const here = graph.nodes.get(taskKey);
  const before = new Set<string>();
  const stack = [taskKey];
  while (stack.length) {
    const node = graph.nodes.get(stack.pop()!);
    // A boundary event has no incoming flow: what came before it is the activity it is attached to (an escalation
    // after a timeout returns to the step that timed out).
    const sources = (node?.incoming ?? []).map((flowId) => graph.flows.get(flowId)!.source);
    if (node?.attachedTo) sources.push(node.attachedTo);
    for (const source of sources) {
      if (before.has(source)) continue;
      before.add(source);
      stack.push(source);
    }
  }
  return new Set(
    [...before].filter(
      (id) => id !== taskKey && graph.nodes.get(id)?.kind === 'userTask' && graph.nodes.get(id)?.scope === here?.scope,
    ),
  );
}

/** 退回: the waiting task `executionId`'s scope starts again at the user task `targetKey` (interpreter.ts). */
export async function returnStep(
  trx: Db,
  instance: Omit<StepInstance, 'id'>,
  executionId: string,
  targetKey: string,
  variables: Scope,
): Promise<StepResult> {
  const graph = await instanceGraph(trx, instance.definition_id);
  const clock = await clockOf(trx, graph, instance.tenant_id);
  return returnToStep(graph, instance.engine_state, executionId, targetKey, variables, clock);
}
