import { Engine, type BpmnEngineOptions } from 'bpmn-engine';
import { EventEmitter } from 'node:events';
import { MODDLE_OPTIONS } from './bpmn-model.ts';
import { ExpressionError, hasExpression, isExpression, resolveText, type Scope } from './expression.ts';
import { EngineStepError, type ActivityRecord, type StepResult, type WaitingTask } from './step-result.ts';
import { splitNames, taskUserOf } from './task-people.ts';

/**
 * One step of an instance started on bpmn-engine before Tenon's interpreter ran every new one (process-steps.ts):
 * recover the saved state, resume and signal one waiting user task, in memory. The result is what the caller
 * persists in one transaction: the new state, the user tasks now waiting (with their resolved assignee and
 * candidates) and the activities that ran. Nothing here touches the database; a failed step leaves nothing behind.
 */

interface ElementApi {
  id: string;
  type: string;
  name?: string;
  executionId: string;
  content: Record<string, unknown> & { parent?: { executionId?: string }; isRootScope?: boolean; sequenceId?: string };
  owner: { name?: string; behaviour?: Record<string, unknown> };
  signal(message?: unknown): void;
}

interface LoopContent {
  loopCardinality?: number;
  loopOutput?: Array<{ pass?: unknown } | undefined>;
}

/**
 * The engine's expression hook: our evaluator over the instance variables, plus the multi-instance counters
 * Flowable models use in completion conditions (nrOfInstances, nrOfCompletedInstances, nrOfActiveInstances)
 * and two of ours for approvals (nrOfApproved, nrOfRejected).
 */
function expressionsFor(variables: Scope) {
  return {
    isExpression,
    hasExpression,
    resolveExpression(expression: string, context?: { content?: LoopContent }) {
      const content = context?.content;
      if (content?.loopCardinality === undefined || !Array.isArray(content.loopOutput))
        return resolveText(expression, variables);
      const done = content.loopOutput.filter((output) => output != null);
      return resolveText(expression, {
        ...variables,
        nrOfInstances: content.loopCardinality,
        nrOfCompletedInstances: done.length,
        nrOfActiveInstances: content.loopCardinality - done.length,
        nrOfApproved: done.filter((output) => output?.pass === true).length,
        nrOfRejected: done.filter((output) => output?.pass === false).length,
      });
    },
  };
}

/** No script ever runs: scripted conditions and script tasks are refused at deploy time, and this is the backstop. */
// (bpmn-elements' own Scripts also returns no script for a language it does not run; its types do not say so.)
const NO_SCRIPTS = {
  register: () => undefined,
  getScript: () => undefined,
} as unknown as NonNullable<BpmnEngineOptions['scripts']>;

/** The default logger (the `debug` package) costs a tty check per element and run; errors reach us as events. */
const SILENT = () => ({ debug() {}, error() {}, warn() {} });

function newEngine(name: string, variables: Scope) {
  return new Engine({
    name,
    moddleOptions: MODDLE_OPTIONS,
    expressions: expressionsFor(variables),
    scripts: NO_SCRIPTS,
    Logger: SILENT,
  });
}

const typeName = (type: string) => {
  const local = type.replace(/^bpmn:/, '');
  return local.charAt(0).toLowerCase() + local.slice(1);
};

/** Collects what one run of the engine does, from its listener events. */
class StepRecorder {
  readonly listener = new EventEmitter();
  private readonly waiting = new Map<string, WaitingTask & { parentExecutionId?: string }>();
  private readonly activities = new Map<string, ActivityRecord>();
  readonly apis = new Map<string, ElementApi>();
  private seq = 0;
  /** set while a recovered engine resumes: the waits it reports are tasks of the saved state */
  resuming = false;
  error?: Error;

  constructor(private readonly variables: Scope) {
    this.listener.on('wait', (api: ElementApi) => this.onWait(api));
    this.listener.on('activity.start', (api: ElementApi) => {
      if (api.type === 'bpmn:UserTask') return; // user tasks are recorded with their task rows
      this.activities.set(api.executionId, {
        executionId: api.executionId,
        elementId: api.id,
        name: api.name ?? api.owner?.name ?? '',
        type: typeName(api.type),
        start: new Date(),
        seq: this.seq++,
      });
    });
    this.listener.on('activity.end', (api: ElementApi) => {
      const record = this.activities.get(api.executionId);
      if (record) record.end = new Date();
      this.ended(api.executionId);
    });
    for (const event of ['activity.leave', 'activity.discard', 'activity.stop']) {
      this.listener.on(event, (api: ElementApi) => this.ended(api.executionId));
    }
    this.listener.on('flow.take', (api: ElementApi) => {
      const at = new Date();
      const executionId = String(api.content.sequenceId ?? `${api.id}_${at.getTime()}`);
      this.activities.set(executionId, {
        executionId,
        elementId: api.id,
        name: api.name ?? '',
        type: 'sequenceFlow',
        start: at,
        end: at,
        seq: this.seq++,
      });
    });
    this.listener.on('activity.error', (api: ElementApi) => {
      const error = (api.content as { error?: Error }).error;
      this.error ??= new EngineStepError(error?.message ?? `error in ${api.id}`);
    });
  }

  private onWait(api: ElementApi) {
    if (api.type !== 'bpmn:UserTask') return;
    this.apis.set(api.executionId, api);
    if (this.waiting.has(api.executionId)) return;
    const parentExecutionId = api.content.isRootScope ? undefined : api.content.parent?.executionId;
    if (this.resuming) {
      // A task of the saved state reporting again: its row exists, only its being still open matters.
      this.waiting.set(api.executionId, {
        executionId: api.executionId,
        elementId: api.id,
        name: '',
        assignee: '',
        candidateUsers: [],
        candidateGroups: [],
        parentExecutionId,
        at: new Date(),
        seq: this.seq++,
      });
      return;
    }
    try {
      const behaviour = api.owner?.behaviour ?? {};
      const loop = (behaviour.loopCharacteristics as { behaviour?: { elementVariable?: string } } | undefined)
        ?.behaviour;
      const scope: Scope = loop
        ? { ...this.variables, [loop.elementVariable ?? 'item']: api.content[loop.elementVariable ?? 'item'] }
        : this.variables;
      const resolve = (text: unknown) => (typeof text === 'string' && text ? resolveText(text, scope) : '');
      const task = {
        executionId: api.executionId,
        elementId: api.id,
        name: api.name ?? api.owner?.name ?? '',
        assignee: taskUserOf(splitNames(resolve(behaviour.assignee), 'the assignee')[0]),
        candidateUsers: splitNames(resolve(behaviour.candidateUsers), 'candidate users').map(taskUserOf),
        candidateGroups: splitNames(resolve(behaviour.candidateGroups), 'candidate groups'),
        parentExecutionId,
        at: new Date(),
        seq: this.seq++,
      };
      // A task nobody may see would stall the process silently: refuse the step instead.
      if (!task.assignee && !task.candidateUsers.length && !task.candidateGroups.length) {
        throw new ExpressionError(`no assignee or candidate resolved (assignee "${String(behaviour.assignee ?? '')}")`);
      }
      this.waiting.set(api.executionId, task);
    } catch (error) {
      this.error ??= new EngineStepError(`${api.id}: ${(error as Error).message}`);
    }
  }

  /** An execution that ended takes its waiting task, and the iterations of a multi-instance task, with it. */
  ended(executionId: string) {
    this.apis.delete(executionId);
    for (const [id, task] of this.waiting) {
      if (id === executionId || task.parentExecutionId === executionId) this.waiting.delete(id);
    }
  }

  result(engine: Engine, state: string): StepResult {
    const finished = engine.state !== 'running';
    return {
      state: finished ? '' : state,
      finished,
      waiting: finished ? [] : [...this.waiting.values()].map(({ parentExecutionId: _parent, ...task }) => task),
      activities: [...this.activities.values()],
      // Instances bpmn-engine started run only the elements it ran for them: no timers, messages or signals.
      events: [],
      hadEvents: false,
      calls: [],
      callsWaiting: [],
      hadCalls: false,
      variables: {},
      thrown: [],
    };
  }
}

/** Lets the engine finish the synchronous run a start or signal triggered. */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

async function finish(
  engine: Engine,
  recorder: StepRecorder,
  engineError: () => Error | undefined,
): Promise<StepResult> {
  await settle();
  const error = recorder.error ?? engineError();
  if (error) throw error instanceof EngineStepError ? error : new EngineStepError(error.message);
  if (engine.state === 'error') throw new EngineStepError('the process stopped with an error');
  const state = engine.state === 'running' ? JSON.stringify(await engine.getState()) : '';
  const result = recorder.result(engine, state);
  engine.stop();
  return result;
}

function watchErrors(engine: Engine) {
  let failure: Error | undefined;
  // Without a listener the engine's `error` event would throw out of the process.
  engine.on('error', (error: unknown) => {
    failure ??= error instanceof Error ? error : new Error(String(error));
  });
  return () => failure;
}

/**
 * Recovers a saved instance, resumes it (its waiting tasks report again) and signals the waiting task
 * `executionId` with `output`. Fails when that task is not waiting in the saved state.
 */
export async function signalRun(
  name: string,
  state: string,
  executionId: string,
  output: Record<string, unknown>,
  variables: Scope,
): Promise<StepResult> {
  const engine = newEngine(name, variables);
  const engineError = watchErrors(engine);
  const recorder = new StepRecorder(variables);
  try {
    engine.recover(JSON.parse(state));
    recorder.resuming = true;
    await engine.resume({ listener: recorder.listener });
    await settle();
    recorder.resuming = false;
    const api = recorder.apis.get(executionId);
    if (!api) throw new EngineStepError(`task ${executionId} is not waiting in the saved process state`);
    recorder.ended(executionId);
    api.signal(output);
  } catch (error) {
    throw asStepError(error);
  }
  return finish(engine, recorder, engineError);
}

function asStepError(error: unknown): EngineStepError {
  if (error instanceof EngineStepError) return error;
  if (error instanceof ExpressionError) return new EngineStepError(error.message);
  return new EngineStepError((error as Error)?.message ?? String(error));
}
