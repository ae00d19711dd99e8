import { MAX_LOOP, tooManyInstances, type FlowNode, type ProcessGraph, type VariableMapping } from './graph.ts';
import { ExpressionError, resolveText, type Scope } from './expression.ts';
import {
  EngineStepError,
  type ActivityRecord,
  type CallStart,
  type StepResult,
  type ThrownEvent,
  type WaitingEvent,
  type WaitingTask,
} from './step-result.ts';
import { splitNames, taskUserOf } from './task-people.ts';
import { clockNow, firstDue, nextDue, type TimerClock } from './timer-spec.ts';
import { scheduleOf } from './task-schedule.ts';

/**
 * Tenon's BPMN interpreter (docs/workflow-engine.md): one step of an instance, from its saved executions, until every
 * token waits (a user or receive task, a join, a timer, a message or a signal) or the instance ends. Pure: the caller
 * (flow-runtime.ts) persists the result with the tasks, the jobs and subscriptions of what waits for an event, the
 * history and the business row in one transaction; a failed step leaves nothing behind.
 * Joins: a parallel gateway waits for a token from each incoming flow; an inclusive gateway for every token of the
 * instance that can still reach it; an exclusive gateway merges nothing (every token passes).
 */

/** The saved instance: its executions (tokens at rest) and the counter their ids come from. */
export interface RunState {
  engine: 'tenon';
  v: 1;
  seq: number;
  executions: Execution[];
}

interface Execution {
  id: string;
  element: string;
  /**
   * `task`: a user task waiting; `receive`: a receive task; `join`: parked at a gateway; `loop`: a multi-instance
   * activity's root (its iterations are its tasks); `scope`: an embedded sub-process running (its tokens name it);
   * `catch`: an intermediate catch event waiting (a timer, message or signal); `boundary`: a boundary event armed on
   * the activity execution it is attached to; `call`: a call activity waiting for the instance it started; `event`:
   * an event sub-process's start event armed in the scope it belongs to (its execution; none: the process);
   * `service`: a service task's platform action waiting for its job; `async`: a token waiting for its job before it
   * enters its element (`flowable:async`).
   * A multi-instance activity's root is a `loop`; each iteration a `task`, a `scope` or a `call` naming the root.
   */
  kind: 'task' | 'receive' | 'join' | 'loop' | 'scope' | 'catch' | 'boundary' | 'call' | 'event' | 'service' | 'async';
  /** The sub-process execution it runs in; none: the process itself. */
  scope?: string;
  /** The flow it arrived by (joins). */
  via?: string;
  /** A loop's iteration: its root's id, its index and item. */
  root?: string;
  loopCounter?: number;
  item?: unknown;
  loop?: LoopState;
  /** A timer's due time (ISO) and, for a cycle, the firings left after it (-1: for ever) and its resolved text. */
  due?: string;
  left?: number;
  cycle?: string;
  /** A boundary event's activity execution. */
  attached?: string;
  /** The catch executions an event-based gateway armed together: the first to fire withdraws the others. */
  group?: string;
}

interface LoopState {
  total: number;
  /** Iterations not yet started (sequential), in order. */
  pending: number[];
  items: unknown[] | null;
  completed: number;
  approved: number;
  rejected: number;
}

/** A task's decision as the runtime gives it: the multi-instance counters count approvals and rejections. */
export interface TaskOutput {
  pass?: boolean;
}

/** Is this a state the interpreter wrote (else bpmn-engine's, finished on bpmn-engine)? */
export const isInterpreterState = (state: string) => state.startsWith('{"engine":"tenon"');

const MAX_STEPS = 10_000;
/** Executions the runtime keeps a job (timers, actions, async continuations) or a subscription for. */
const JOB_OR_SUBSCRIPTION = new Set<Execution['kind']>(['catch', 'boundary', 'receive', 'event', 'service', 'async']);

class Step {
  private readonly queue: Array<{ node: FlowNode; via?: string; scope?: string }> = [];
  /** The scope of the token being moved (a sub-process execution's id; undefined: the process). */
  private scope: string | undefined;
  private readonly activities: ActivityRecord[] = [];
  private readonly created = new Set<string>();
  private readonly thrown: ThrownEvent[] = [];
  private order = 0;
  private moves = 0;
  ended = false;
  /** Whether the saved state waited for an event (its jobs or subscriptions exist) before the step. */
  private readonly hadEvents: boolean;
  private readonly hadSubscriptions: boolean;
  private readonly hadCalls: boolean;
  /** The instance's variables as the step reads them: those it sets (a call's `out`) included. */
  private readonly variables: Record<string, unknown>;
  /** The variables the step set: the runtime saves them with the instance. */
  private readonly set: Record<string, unknown> = {};
  private readonly calls: CallStart[] = [];
  /** The element an `async` job continues into: entered now, not parked again. */
  private resumed: string | undefined;

  constructor(
    private readonly graph: ProcessGraph,
    private readonly state: RunState,
    given: Scope,
    /** now, and the instance's tenant's zone (a timer's date without an offset is read in it) */
    private readonly clock: TimerClock,
  ) {
    this.variables = { ...given };
    this.hadEvents = state.executions.some((e) => JOB_OR_SUBSCRIPTION.has(e.kind));
    this.hadSubscriptions = state.executions.some((e) => {
      const type = JOB_OR_SUBSCRIPTION.has(e.kind) ? graph.nodes.get(e.element)?.event?.type : undefined;
      return type === 'message' || type === 'signal';
    });
    this.hadCalls = state.executions.some((e) => e.kind === 'call');
  }

  private nextId(prefix: string): string {
    this.state.seq += 1;
    return `${prefix}_${this.state.seq}`;
  }

  private node(id: string): FlowNode {
    const node = this.graph.nodes.get(id);
    if (!node) throw new EngineStepError(`element ${id} is not in the process`);
    return node;
  }

  private record(node: FlowNode): void {
    const at = new Date();
    this.activities.push({
      executionId: this.nextId('a'),
      elementId: node.id,
      name: node.name,
      type: node.kind,
      start: at,
      end: at,
      seq: this.order++,
    });
  }

  /** An instance starts at `start`, its event sub-processes armed. */
  begin(start: FlowNode): void {
    this.armEventSubProcesses('', undefined);
    this.arrive(start);
  }

  arrive(node: FlowNode, via?: string, scope = this.scope): void {
    this.queue.push({ node, via, scope });
  }

  /** A new execution at rest, in the current token's scope. */
  private rest(execution: Omit<Execution, 'scope'>): Execution {
    const resting: Execution = { ...execution, ...(this.scope ? { scope: this.scope } : {}) };
    this.state.executions.push(resting);
    return resting;
  }

  /** An activity at rest (a task, a loop, a sub-process, a receive task) with its boundary events armed. */
  private restActivity(node: FlowNode, execution: Omit<Execution, 'scope'>): Execution {
    const resting = this.rest(execution);
    for (const id of node.boundaries ?? []) {
      const boundary = this.node(id);
      const armed = this.rest({ id: this.nextId('b'), element: id, kind: 'boundary', attached: resting.id });
      if (boundary.event?.type === 'timer') this.arm(boundary, armed);
      this.created.add(armed.id);
    }
    return resting;
  }

  /** A timer's first due time, its text evaluated now (`${dueDate}` may name a date or a duration). */
  private arm(node: FlowNode, execution: Execution): void {
    if (node.event?.type !== 'timer') return;
    const { timer } = node.event;
    const attribute = { duration: 'timeDuration', date: 'timeDate', cycle: 'timeCycle' }[timer.kind];
    try {
      const value = resolveText(timer.text, this.variablesIn(execution.scope));
      const text = value instanceof Date ? value.toISOString() : String(value ?? '');
      const { due, left } = firstDue(timer, text, this.clock);
      execution.due = due.toISOString();
      if (timer.kind === 'cycle') Object.assign(execution, { left, cycle: text });
    } catch (error) {
      throw new EngineStepError(`${node.id} (${attribute}): ${(error as Error).message}`);
    }
  }

  /**
   * Removes executions with everything that hangs on them: a sub-process's tokens, a loop's iterations, an activity's
   * armed boundary events, an event-based gateway's other catches.
   */
  private drop(ids: Set<string>): void {
    for (let grew = true; grew;) {
      grew = false;
      for (const e of this.state.executions) {
        if (ids.has(e.id)) continue;
        const linked = [e.scope, e.root, e.attached].some((id) => id !== undefined && ids.has(id));
        if (linked) grew = Boolean(ids.add(e.id));
      }
    }
    this.state.executions = this.state.executions.filter((e) => !ids.has(e.id));
    const kept = this.queue.filter((q) => !(q.scope && ids.has(q.scope)));
    this.queue.splice(0, this.queue.length, ...kept);
  }

  /** Moves every queued token on until each waits or ends, firing the inclusive joins no token can still reach. */
  run(): void {
    for (;;) {
      while (this.queue.length && !this.ended) {
        if (++this.moves > MAX_STEPS) throw new EngineStepError(`more than ${MAX_STEPS} moves in one step: a loop?`);
        const { node, via, scope } = this.queue.shift()!;
        this.scope = scope;
        this.enter(node, via);
      }
      if (this.ended || !this.fireInclusiveJoin()) return;
    }
  }

  private enter(node: FlowNode, via?: string): void {
    if (node.async && this.resumed !== node.id) {
      // The rest runs in the job's own transaction: what it does (and how it fails) is not the arriving step's.
      this.created.add(this.rest({ id: this.nextId('y'), element: node.id, kind: 'async', via }).id);
      return;
    }
    this.resumed = undefined;
    switch (node.kind) {
      case 'startEvent':
      case 'task':
      case 'manualTask':
        this.record(node);
        return this.leave(node);
      case 'endEvent':
        this.record(node);
        if (node.terminate) return this.terminate(this.scope);
        if (node.event?.type === 'error') return this.throwError(node, node.event.code);
        this.throwEvent(node);
        return this.closeScopeIfDone(this.scope);
      case 'intermediateThrowEvent':
        this.record(node);
        this.throwEvent(node);
        return this.leave(node);
      case 'intermediateCatchEvent': {
        const waiting = this.rest({ id: this.nextId('c'), element: node.id, kind: 'catch' });
        this.arm(node, waiting);
        this.created.add(waiting.id);
        return;
      }
      case 'boundaryEvent':
        throw new EngineStepError(`${node.id}: a boundary event is reached only by its activity`);
      case 'eventBasedGateway': {
        this.record(node);
        const group = this.nextId('g');
        for (const flow of node.outgoing) {
          const target = this.node(this.graph.flows.get(flow)!.target);
          const kind = target.kind === 'receiveTask' ? 'receive' : 'catch';
          const waiting = this.rest({ id: this.nextId(kind === 'catch' ? 'c' : 'r'), element: target.id, kind, group });
          this.arm(target, waiting);
          this.created.add(waiting.id);
        }
        return;
      }
      case 'receiveTask':
        this.created.add(this.restActivity(node, { id: this.nextId('r'), element: node.id, kind: 'receive' }).id);
        return;
      case 'callActivity':
        return node.loop ? this.startLoop(node) : this.call(node);
      case 'serviceTask':
        if (node.action) {
          this.created.add(this.restActivity(node, { id: this.nextId('v'), element: node.id, kind: 'service' }).id);
          return;
        }
      // falls through: a service task with a value expression runs as a script does
      case 'scriptTask':
        this.runScript(node);
        this.record(node);
        return this.leave(node);
      case 'subProcess':
        return node.loop ? this.startLoop(node) : this.openScope(node, {});
      case 'userTask':
        return node.loop ? this.startLoop(node) : this.waitAt(node, {});
      case 'exclusiveGateway':
        this.record(node);
        return this.take(node, this.chosen(node, true));
      case 'parallelGateway':
        return this.parallel(node, via);
      case 'inclusiveGateway':
        if (node.incoming.length > 1) {
          this.rest({ id: this.nextId('j'), element: node.id, kind: 'join', via });
          return;
        }
        this.record(node);
        return this.take(node, this.chosen(node, false));
    }
  }

  /** An activity's way on: every outgoing flow whose condition holds (one without always does), else its default. */
  private leave(node: FlowNode): void {
    if (!node.outgoing.length) return this.closeScopeIfDone(this.scope);
    this.take(node, this.chosen(node, false));
  }

  /**
   * A sub-process whose last token ended completes (its armed event sub-processes withdrawn): its token leaves it in
   * the scope around it, or its loop counts the iteration. The process ends the same way.
   */
  private closeScopeIfDone(scope: string | undefined): void {
    const open = (e: Execution) => e.scope === scope && e.kind !== 'event';
    if (this.state.executions.some(open) || this.queue.some((q) => q.scope === scope)) return;
    if (!scope) {
      // Only the process's armed event sub-processes are left (a token of a sub-process is in its scope execution).
      if (!this.queue.length && this.state.executions.every((e) => e.kind === 'event')) this.state.executions = [];
      return;
    }
    const execution = this.state.executions.find((e) => e.id === scope);
    if (!execution) return;
    this.drop(new Set([execution.id]));
    this.scope = execution.scope;
    const node = this.node(execution.element);
    if (execution.root) return this.iterationDone(node, execution);
    this.leave(node);
  }

  /**
   * An embedded sub-process, one iteration of a multi-instance one, or an event sub-process starts: its scope
   * execution, its own event sub-processes armed, a token at its start event.
   */
  private openScope(node: FlowNode, iteration: Partial<Execution>): void {
    const id = this.nextId('s');
    const execution = { ...iteration, id, element: node.id, kind: 'scope' as const };
    // A loop's iterations share the boundary events armed on its root.
    if (iteration.root) this.rest(execution);
    else this.restActivity(node, execution);
    this.record(node);
    this.armEventSubProcesses(node.id, id);
    this.arrive(this.node(node.start!), undefined, id);
  }

  private take(node: FlowNode, flows: string[]): void {
    for (const id of flows) {
      const flow = this.graph.flows.get(id)!;
      this.recordFlow(flow.id, flow.name);
      this.arrive(this.node(flow.target), flow.id);
    }
    if (!flows.length) throw new EngineStepError(`${node.id}: no outgoing sequence flow can be taken`);
  }

  /** The flows out of `node` whose conditions hold (only the first for an exclusive choice), else the default. */
  private chosen(node: FlowNode, first: boolean): string[] {
    const taken: string[] = [];
    for (const id of node.outgoing) {
      if (id === node.defaultFlow) continue;
      const condition = this.graph.flows.get(id)!.condition;
      if (condition === undefined || this.holds(condition, `sequence flow ${id}`)) {
        taken.push(id);
        if (first) break;
      }
    }
    if (!taken.length && node.defaultFlow) taken.push(node.defaultFlow);
    return taken;
  }

  private holds(text: string, where: string, scope: Scope = this.variablesIn(this.scope)): boolean {
    try {
      const value = resolveText(text, scope);
      return value === true || value === 'true';
    } catch (error) {
      throw new EngineStepError(`${where}: ${(error as Error).message}`);
    }
  }

  private parallel(node: FlowNode, via?: string): void {
    if (node.incoming.length > 1) {
      const here = (e: Execution) => e.kind === 'join' && e.element === node.id && e.scope === this.scope;
      const parked = this.state.executions.filter(here);
      const arrived = new Set([...parked.map((e) => e.via), via]);
      if (node.incoming.some((flow) => !arrived.has(flow))) {
        this.rest({ id: this.nextId('j'), element: node.id, kind: 'join', via });
        return;
      }
      // One token from each incoming flow joins; a second token on a flow waits for the next round.
      for (const flow of node.incoming) {
        if (flow === via) continue;
        const i = this.state.executions.findIndex((e) => here(e) && e.via === flow);
        this.state.executions.splice(i, 1);
      }
    }
    this.record(node);
    this.take(node, node.outgoing);
  }

  /**
   * Fires one inclusive join that no other token of the instance can still reach (each token at rest or queued is
   * somewhere; from there, can it get to the gateway?). False when none can fire.
   */
  private fireInclusiveJoin(): boolean {
    const parked = this.state.executions.filter(
      (e) => e.kind === 'join' && this.node(e.element).kind === 'inclusiveGateway',
    );
    for (const gateway of parked) {
      const node = this.node(gateway.element);
      const here = (e: Execution) => e.kind === 'join' && e.element === node.id && e.scope === gateway.scope;
      // A loop's iterations stand where their root does; a sub-process's tokens where the sub-process does.
      const others = this.state.executions.filter(
        (e) => !here(e) && !e.root && e.kind !== 'boundary' && e.kind !== 'event',
      );
      if (others.some((e) => reaches(this.graph, e.element, node.id))) continue;
      this.state.executions = this.state.executions.filter((e) => !here(e));
      this.scope = gateway.scope;
      this.record(node);
      this.take(node, this.chosen(node, false));
      return true;
    }
    return false;
  }

  /** A terminate end: the process ends, or the sub-process it is in, with every token of it and of its own. */
  private terminate(scope: string | undefined): void {
    if (!scope) {
      this.state.executions = [];
      this.queue.length = 0;
      this.ended = true;
      return;
    }
    const inside = this.state.executions.filter((e) => e.scope === scope).map((e) => e.id);
    this.drop(new Set(inside));
    const kept = this.queue.filter((q) => q.scope !== scope);
    this.queue.splice(0, this.queue.length, ...kept);
    this.closeScopeIfDone(scope);
  }

  // ---- user tasks ----

  /**
   * What a task's expressions read: the variables of its scope (variablesIn), and for an iteration of a
   * multi-instance task its loop's counters, `loopCounter`, its item and index under the names the loop gives them.
   */
  private taskScope(node: FlowNode, iteration: Partial<Execution>): Scope {
    const around = this.variablesIn(iteration.scope);
    return iteration.root ? { ...around, ...this.iterationVariables(node, iteration) } : around;
  }

  /**
   * The variables an expression in `scope` reads: the instance's, and for each multi-instance sub-process iteration
   * it runs in (the innermost last) its loop's counters, `loopCounter` and item. Those are the iteration's own; every
   * other variable is the instance's, wherever it is set (docs/workflow-engine.md).
   */
  private variablesIn(scope: string | undefined): Scope {
    let variables: Scope = this.variables;
    const iterations: Execution[] = [];
    for (let id = scope; id;) {
      const execution = this.state.executions.find((e) => e.id === id);
      if (!execution) break;
      if (execution.root) iterations.unshift(execution);
      id = execution.scope;
    }
    for (const iteration of iterations)
      variables = { ...variables, ...this.iterationVariables(this.node(iteration.element), iteration) };
    return variables;
  }

  private iterationVariables(node: FlowNode, iteration: Partial<Execution>): Scope {
    const loop = this.state.executions.find((e) => e.id === iteration.root)?.loop;
    if (!loop) return {};
    const { elementVariable, elementIndexVariable } = node.loop ?? {};
    return {
      ...loopVariables(node, loop),
      loopCounter: iteration.loopCounter,
      ...(elementVariable ? { [elementVariable]: iteration.item } : {}),
      ...(elementIndexVariable ? { [elementIndexVariable]: iteration.loopCounter } : {}),
    };
  }

  private waitAt(node: FlowNode, loop: Partial<Execution>): void {
    const spec = node.userTask!;
    const scope = this.taskScope(node, loop);
    if (spec.skipExpression && this.variables._FLOWABLE_SKIP_EXPRESSION_ENABLED === true) {
      if (this.holds(spec.skipExpression, `${node.id} (skipExpression)`, scope)) {
        this.record(node);
        return this.leave(node);
      }
    }
    const id = this.nextId('t');
    // A loop's iterations share the boundary events armed on its root.
    if (loop.root) this.rest({ id, element: node.id, kind: 'task', ...loop });
    else this.restActivity(node, { id, element: node.id, kind: 'task' });
    this.created.add(id);
  }

  /** The people of a task created in this step, resolved in its scope. */
  private people(execution: Execution): Pick<WaitingTask, 'assignee' | 'candidateUsers' | 'candidateGroups'> {
    const node = this.node(execution.element);
    const spec = node.userTask!;
    const scope = this.taskScope(node, execution);
    try {
      const resolve = (text: string | undefined) => (text ? resolveText(text, scope) : '');
      const assignee = taskUserOf(splitNames(resolve(spec.assignee), 'the assignee')[0]);
      const candidateUsers = spec.candidateUsers.flatMap((text) => splitNames(resolve(text), 'candidate users'));
      const candidateGroups = spec.candidateGroups.flatMap((text) => splitNames(resolve(text), 'candidate groups'));
      const written = Boolean(spec.assignee || spec.candidateUsers.length || spec.candidateGroups.length);
      // Written people that resolve to nobody would stall the process silently: the step is refused. A task that
      // names nobody goes to the tenant's administrators (flow-runtime.ts).
      if (written && !assignee && !candidateUsers.length && !candidateGroups.length)
        throw new ExpressionError(`no assignee or candidate resolved (assignee "${spec.assignee ?? ''}")`);
      return {
        assignee,
        candidateUsers: [...new Set(candidateUsers.map(taskUserOf))],
        candidateGroups: [...new Set(candidateGroups)],
      };
    } catch (error) {
      throw new EngineStepError(`${node.id}: ${(error as Error).message}`);
    }
  }

  private startLoop(node: FlowNode): void {
    const spec = node.loop!;
    let items: unknown[] | null = null;
    let total: number;
    if (spec.collection) {
      const value = spec.collection.includes('${')
        ? this.evaluate(spec.collection, node)
        : this.variablesIn(this.scope)[spec.collection];
      items = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',').filter(Boolean) : null;
      if (!items) throw new EngineStepError(`${node.id}: the collection ${spec.collection} is not a list`);
      total = items.length;
    } else {
      total = Number(this.evaluate(spec.cardinality ?? '', node));
      if (!Number.isInteger(total) || total < 0)
        throw new EngineStepError(`${node.id}: loopCardinality must be a whole number, got ${String(total)}`);
    }
    if (total > MAX_LOOP) throw new EngineStepError(`${node.id}: ${tooManyInstances(total)}`);
    // A loop of no iterations passes on (its tasks are the history: the runtime records them).
    if (total === 0) return this.leave(node);
    const id = this.nextId('m');
    const loop: LoopState = { total, pending: [], items, completed: 0, approved: 0, rejected: 0 };
    this.restActivity(node, { id, element: node.id, kind: 'loop', loop });
    const indexes = Array.from({ length: total }, (_, i) => i);
    const first = spec.sequential ? indexes.slice(0, 1) : indexes;
    loop.pending = spec.sequential ? indexes.slice(1) : [];
    for (const i of first) this.iterate(node, { root: id, loopCounter: i, item: items?.[i] });
  }

  /** One iteration of a multi-instance activity: a task, a sub-process's scope or a call. */
  private iterate(node: FlowNode, iteration: Partial<Execution>): void {
    if (node.kind === 'subProcess') return this.openScope(node, iteration);
    if (node.kind === 'callActivity') return this.call(node, iteration);
    this.waitAt(node, iteration);
  }

  private evaluate(text: string, node: FlowNode): unknown {
    try {
      return /^\s*-?\d+\s*$/.test(text) ? Number(text) : resolveText(text, this.variablesIn(this.scope));
    } catch (error) {
      throw new EngineStepError(`${node.id}: ${(error as Error).message}`);
    }
  }

  /** A waiting task completed with `output`: its token moves on, or its loop counts it. */
  complete(executionId: string, output: TaskOutput): void {
    const execution = this.state.executions.find((e) => e.id === executionId && e.kind === 'task');
    if (!execution) throw new EngineStepError(`task ${executionId} is not waiting in the saved process state`);
    this.drop(new Set([execution.id]));
    this.scope = execution.scope;
    const node = this.node(execution.element);
    if (!execution.root) return this.leave(node);
    this.iterationDone(node, execution, output);
  }

  /**
   * An iteration of a multi-instance activity ended (its task completed, its scope closed, its called instance
   * ended): its loop counts it and starts the next one (sequential), or, decided, is left.
   */
  private iterationDone(node: FlowNode, iteration: Execution, output: TaskOutput = {}): void {
    const root = this.state.executions.find((e) => e.id === iteration.root);
    if (!root) throw new EngineStepError(`${node.id}: the multi-instance activity of ${iteration.id} is gone`);
    this.scope = root.scope;
    const loop = root.loop!;
    loop.completed += 1;
    if (output.pass === true) loop.approved += 1;
    if (output.pass === false) loop.rejected += 1;
    const done =
      loop.completed >= loop.total ||
      (node.loop!.completionCondition !== undefined &&
        this.holds(
          node.loop!.completionCondition,
          `${node.id} (completionCondition)`,
          this.taskScope(node, iteration),
        ));
    if (!done) {
      const next = loop.pending.shift();
      if (next !== undefined) this.iterate(node, { root: root.id, loopCounter: next, item: loop.items?.[next] });
      return;
    }
    // The loop is decided: its other iterations are withdrawn with it.
    this.drop(new Set([root.id]));
    this.leave(node);
  }

  /**
   * 退回 (issue 34 point 5): the executions of `scope` (undefined: the process) and of the sub-processes within it
   * are removed, and a token enters `nodeId` afresh in that scope, as if it had just arrived there.
   */
  restartScope(scope: string | undefined, nodeId: string): void {
    const removed = new Set<string>();
    const inScope = (e: Execution) => e.scope === scope || (e.scope !== undefined && removed.has(e.scope));
    for (let grew = true; grew;) {
      grew = false;
      for (const e of this.state.executions) if (inScope(e) && !removed.has(e.id)) grew = Boolean(removed.add(e.id));
    }
    this.state.executions = this.state.executions.filter((e) => !removed.has(e.id));
    this.scope = scope;
    this.armEventSubProcesses(scope ? (this.state.executions.find((e) => e.id === scope)?.element ?? '') : '', scope);
    this.arrive(this.node(nodeId), undefined, scope);
  }

  result(): StepResult {
    const finished = this.state.executions.length === 0;
    const waiting: WaitingTask[] = [];
    for (const execution of this.state.executions) {
      if (execution.kind !== 'task') continue;
      const node = this.node(execution.element);
      const fresh = this.created.has(execution.id);
      waiting.push({
        executionId: execution.id,
        elementId: node.id,
        name: fresh ? node.name : '',
        ...(fresh ? this.people(execution) : { assignee: '', candidateUsers: [], candidateGroups: [] }),
        // A new task's priority and due date (task-schedule.ts).
        ...(fresh ? scheduleOf(node, this.taskScope(node, execution), this.clock) : {}),
        at: new Date(),
        seq: this.order++,
      });
    }
    return {
      state: finished ? '' : JSON.stringify(this.state),
      finished,
      waiting,
      activities: this.activities,
      events: this.events(),
      hadEvents: this.hadEvents,
      hadSubscriptions: this.hadSubscriptions,
      calls: this.calls,
      variables: this.set,
      callsWaiting: this.state.executions.filter((e) => e.kind === 'call').map((e) => e.id),
      hadCalls: this.hadCalls,
      thrown: this.thrown,
    };
  }

  /** What the instance waits for besides its tasks: timers (jobs) and messages and signals (subscriptions). */
  private events(): WaitingEvent[] {
    const events: WaitingEvent[] = [];
    for (const e of this.state.executions) {
      if (!JOB_OR_SUBSCRIPTION.has(e.kind)) continue;
      if (e.kind === 'service' || e.kind === 'async') {
        const type = e.kind === 'service' ? 'action' : 'async';
        events.push({ executionId: e.id, elementId: e.element, type, name: '', fresh: this.created.has(e.id) });
        continue;
      }
      const event = this.node(e.element).event;
      if (!event || event.type === 'error') continue;
      events.push({
        executionId: e.id,
        elementId: e.element,
        type: event.type,
        name: event.type === 'timer' ? '' : event.name,
        ...(e.due ? { due: new Date(e.due) } : {}),
        fresh: this.created.has(e.id),
      });
    }
    return events;
  }

  // ---- events ----

  /** A signal or message thrown by a throw or end event: the runtime delivers it within the tenant. */
  private throwEvent(node: FlowNode): void {
    const event = node.event;
    if (event?.type === 'signal' || event?.type === 'message')
      this.thrown.push({ type: event.type, name: event.name, elementId: node.id });
  }

  /**
   * An error end event: from the scope it ends in outwards, the first error event sub-process of a scope or error
   * boundary event on a sub-process for its code catches it. An event sub-process interrupts its scope and runs in
   * it; a boundary event interrupts its sub-process (every iteration of a multi-instance one) and the token leaves by
   * it. An error nobody catches refuses the step.
   */
  private throwError(node: FlowNode, code: string | undefined): void {
    for (let scope = this.scope; ;) {
      const execution = scope ? this.state.executions.find((e) => e.id === scope) : undefined;
      if (scope && !execution) break;
      const handler = eventSubProcessesOf(this.graph, execution?.element ?? '')
        .map((subProcess) => this.node(subProcess.start!))
        .find((s) => s.event?.type === 'error' && (s.event.code === undefined || s.event.code === code));
      if (handler) return this.startEventSubProcess(handler, scope);
      if (!execution) break;
      const catcher = (this.node(execution.element).boundaries ?? [])
        .map((id) => this.node(id))
        .find((b) => b.event?.type === 'error' && (b.event.code === undefined || b.event.code === code));
      if (catcher) {
        this.drop(new Set([execution.root ?? execution.id]));
        this.scope = execution.scope;
        this.record(catcher);
        return this.leave(catcher);
      }
      scope = execution.scope;
    }
    throw new EngineStepError(`${node.id}: error ${code ?? ''} is not caught by any error boundary event`);
  }

  /**
   * A waiting event happened (its timer fired, its message or signal came, its receive task was triggered): the token
   * moves on from there. An interrupting boundary event withdraws its activity; a non-interrupting one leaves it, and
   * a cycle timer arms its next firing.
   */
  fire(executionId: string, payload: Scope = {}): void {
    const execution = this.state.executions.find(
      (e) =>
        e.id === executionId && ['catch', 'boundary', 'receive', 'call', 'event', 'service', 'async'].includes(e.kind),
    );
    if (!execution) throw new EngineStepError(`${executionId} is not waiting for an event`);
    const node = this.node(execution.element);
    this.scope = execution.scope;
    if (execution.kind === 'async') {
      this.drop(new Set([execution.id]));
      this.resumed = node.id;
      return this.enter(node, execution.via);
    }
    if (execution.kind === 'service') {
      // The action ran: its result is kept in the task's result variable, and the task is left.
      const variable = node.action?.resultVariable;
      if (variable && 'result' in payload) {
        this.variables[variable] = payload.result;
        this.set[variable] = payload.result;
      }
      this.drop(new Set([execution.id]));
      this.record(node);
      return this.leave(node);
    }
    if (execution.kind === 'call') {
      // The called instance ended: its `out` variables come back, and the call activity is left.
      this.map(node, node.call!.outs, payload, this.variables, 'out');
      this.drop(new Set([execution.id]));
      this.record(node);
      return execution.root ? this.iterationDone(node, execution) : this.leave(node);
    }
    if (execution.kind === 'event') return this.startEventSubProcess(node, execution.scope, execution);
    if (execution.kind === 'boundary') {
      const cycle = execution.cycle !== undefined && execution.left !== 0;
      if (node.interrupting !== false) this.drop(new Set([execution.attached!]));
      else if (cycle) {
        execution.due = nextDue(execution.cycle!, this.clock.now).toISOString();
        if (execution.left! > 0) execution.left! -= 1;
        this.created.add(execution.id);
      } else this.drop(new Set([execution.id]));
      this.record(node);
      return this.leave(node);
    }
    if (execution.group) {
      // The event-based gateway's way taken is the flow to this event; the other events are withdrawn.
      const group = this.state.executions.filter((e) => e.group === execution.group).map((e) => e.id);
      this.drop(new Set(group));
      const flow = this.graph.flows.get(node.incoming[0]);
      if (flow) this.recordFlow(flow.id, flow.name);
    } else this.drop(new Set([execution.id]));
    this.record(node);
    this.leave(node);
  }

  /**
   * A service task's action failed with `code` (`HTTP404`, `TIMEOUT`…): an error boundary event on it for that code
   * (or for any error) takes the token, withdrawing the task. False when none does: the job keeps the failure.
   */
  failAction(executionId: string, code: string): boolean {
    const execution = this.state.executions.find((e) => e.id === executionId && e.kind === 'service');
    if (!execution) throw new EngineStepError(`${executionId} is not a service task waiting for its action`);
    const catcher = this.state.executions.find((e) => {
      if (e.kind !== 'boundary' || e.attached !== execution.id) return false;
      const event = this.node(e.element).event;
      return event?.type === 'error' && (event.code === undefined || event.code === code);
    });
    if (!catcher) return false;
    this.fire(catcher.id, { errorCode: code });
    return true;
  }

  // ---- event sub-processes ----

  /**
   * A scope that just started (`element` '': the process; else its sub-process, with `scope` its execution) arms its
   * event sub-processes' timer, message and signal start events; an error start event is found when an error is
   * thrown (throwError). They are withdrawn with the scope.
   */
  private armEventSubProcesses(element: string, scope: string | undefined): void {
    for (const subProcess of eventSubProcessesOf(this.graph, element)) {
      const start = this.node(subProcess.start!);
      if (start.event?.type === 'error') continue;
      const armed: Execution = { id: this.nextId('e'), element: start.id, kind: 'event', ...(scope ? { scope } : {}) };
      this.state.executions.push(armed);
      this.arm(start, armed);
      this.created.add(armed.id);
    }
  }

  /**
   * An event sub-process's start event happened in `scope` (its timer, message or signal, or an error thrown there).
   * An interrupting one withdraws every other token of the scope, its other event sub-processes' too; a
   * non-interrupting one leaves them and stays armed (a cycle's next firing armed, a one-off timer withdrawn). The
   * event sub-process runs as a scope within `scope`; when it ends, so may `scope` (closeScopeIfDone).
   */
  private startEventSubProcess(start: FlowNode, scope: string | undefined, armed?: Execution): void {
    this.scope = scope;
    if (start.interrupting !== false) {
      this.drop(new Set(this.state.executions.filter((e) => e.scope === scope).map((e) => e.id)));
      const kept = this.queue.filter((q) => q.scope !== scope);
      this.queue.splice(0, this.queue.length, ...kept);
    } else if (armed?.cycle !== undefined && armed.left !== 0) {
      armed.due = nextDue(armed.cycle, this.clock.now).toISOString();
      if (armed.left! > 0) armed.left! -= 1;
      this.created.add(armed.id);
    } else if (armed?.due) this.drop(new Set([armed.id]));
    this.openScope(this.node(start.scope), {});
  }

  /** A script or service task's expression, evaluated now; its value kept in its result variable. */
  private runScript(node: FlowNode): void {
    const script = node.script;
    if (!script) throw new EngineStepError(`${node.id}: nothing to run`);
    let value: unknown;
    try {
      value = resolveText(script.expression, {
        ...this.variablesIn(this.scope),
        execution: { id: this.nextId('x'), activityId: node.id },
      });
    } catch (error) {
      throw new EngineStepError(
        `${node.id} (${node.kind === 'scriptTask' ? 'script' : 'expression'}): ${(error as Error).message}`,
      );
    }
    if (script.resultVariable) {
      this.variables[script.resultVariable] = value;
      this.set[script.resultVariable] = value;
    }
  }

  // ---- call activities ----

  /**
   * A call activity (or one iteration of a multi-instance one) waits for the instance the runtime starts from its
   * `calls` with the `in` variables.
   */
  private call(node: FlowNode, iteration: Partial<Execution> = {}): void {
    const spec = node.call!;
    const scope = this.taskScope(node, { ...iteration, scope: this.scope });
    let processKey: unknown = spec.calledElement;
    try {
      if (spec.calledElement.includes('{')) processKey = resolveText(spec.calledElement, scope);
    } catch (error) {
      throw new EngineStepError(`${node.id} (calledElement): ${(error as Error).message}`);
    }
    if (typeof processKey !== 'string' || !processKey)
      throw new EngineStepError(`${node.id} (calledElement): names no process (${String(processKey)})`);
    const variables: Record<string, unknown> = {};
    this.map(node, spec.ins, scope, variables, 'in');
    const execution = { ...iteration, id: this.nextId('k'), element: node.id, kind: 'call' as const };
    // A loop's iterations share the boundary events armed on its root.
    const waiting = iteration.root ? this.rest(execution) : this.restActivity(node, execution);
    this.calls.push({ executionId: waiting.id, elementId: node.id, processKey, binding: spec.binding, variables });
  }

  /** Copies variables along a call activity's mappings, from `source` into `target`. */
  private map(
    node: FlowNode,
    mappings: VariableMapping[],
    source: Scope,
    target: Record<string, unknown>,
    way: 'in' | 'out',
  ): void {
    const assign = (name: string, value: unknown) => {
      target[name] = value;
      if (target === this.variables) this.set[name] = value;
    };
    for (const mapping of mappings) {
      if ('all' in mapping) {
        for (const [name, value] of Object.entries(source)) assign(name, value);
        continue;
      }
      try {
        assign(
          mapping.target,
          mapping.sourceExpression
            ? resolveText(mapping.sourceExpression, source)
            : Object.hasOwn(source, mapping.source!)
              ? source[mapping.source!]
              : undefined,
        );
      } catch (error) {
        throw new EngineStepError(`${node.id} (${way} ${mapping.target}): ${(error as Error).message}`);
      }
    }
  }

  private recordFlow(id: string, name: string): void {
    const at = new Date();
    this.activities.push({
      executionId: this.nextId('f'),
      elementId: id,
      name,
      type: 'sequenceFlow',
      start: at,
      end: at,
      seq: this.order++,
    });
  }
}

/** The counters a multi-instance activity's expressions read (Flowable's, and ours for approvals). */
function loopVariables(node: FlowNode, loop: LoopState): Scope {
  const active = node.loop?.sequential ? 1 : loop.total - loop.completed;
  return {
    nrOfInstances: loop.total,
    nrOfCompletedInstances: loop.completed,
    nrOfActiveInstances: Math.max(0, active),
    nrOfApproved: loop.approved,
    nrOfRejected: loop.rejected,
  };
}

/** Per graph and scope ('': the process; else a sub-process's id), its event sub-processes. */
const eventSubProcesses = new WeakMap<ProcessGraph, Map<string, FlowNode[]>>();
function eventSubProcessesOf(graph: ProcessGraph, scope: string): FlowNode[] {
  let byScope = eventSubProcesses.get(graph);
  if (!byScope) {
    byScope = new Map();
    for (const node of graph.nodes.values())
      if (node.triggeredByEvent) byScope.set(node.scope, [...(byScope.get(node.scope) ?? []), node]);
    eventSubProcesses.set(graph, byScope);
  }
  return byScope.get(scope) ?? [];
}

/** Per graph, the elements from which each target can be reached (following flows, not through the target). */
const reachers = new WeakMap<ProcessGraph, Map<string, Set<string>>>();
function reaches(graph: ProcessGraph, from: string, target: string): boolean {
  let byTarget = reachers.get(graph);
  if (!byTarget) reachers.set(graph, (byTarget = new Map()));
  let set = byTarget.get(target);
  if (!set) {
    set = new Set();
    const stack = [target];
    while (stack.length) {
      const id = stack.pop()!;
      for (const flowId of graph.nodes.get(id)?.incoming ?? []) {
        const source = graph.flows.get(flowId)!.source;
        if (source === target || set.has(source)) continue;
        set.add(source);
        stack.push(source);
      }
    }
    byTarget.set(target, set);
  }
  return set.has(from);
}

/**
 * Starts an instance of `graph` at its start event for a start by hand, or at `startAt` (the start event whose
 * timer, message or signal started it): the token runs until it waits or ends.
 */
export function startInstance(
  graph: ProcessGraph,
  variables: Scope,
  startAt = graph.start,
  clock = clockNow(),
): StepResult {
  const start = graph.nodes.get(startAt);
  if (!start || start.kind !== 'startEvent') throw new EngineStepError('the process cannot be started by hand');
  const step = new Step(graph, { engine: 'tenon', v: 1, seq: 0, executions: [] }, variables, clock);
  step.begin(start);
  step.run();
  return step.result();
}

/** The waiting event `executionId` of a saved instance happened (a timer, message, signal, receive trigger). */
export function fireEvent(
  graph: ProcessGraph,
  saved: string,
  executionId: string,
  variables: Scope,
  clock = clockNow(),
  payload: Scope = {},
): StepResult {
  const step = new Step(graph, JSON.parse(saved) as RunState, variables, clock);
  step.fire(executionId, payload);
  step.run();
  return step.result();
}

/** A service task's action failed with `code`: its error boundary event takes the token (undefined: none does). */
export function failAction(
  graph: ProcessGraph,
  saved: string,
  executionId: string,
  code: string,
  variables: Scope,
  clock = clockNow(),
): StepResult | undefined {
  const step = new Step(graph, JSON.parse(saved) as RunState, variables, clock);
  if (!step.failAction(executionId, code)) return undefined;
  step.run();
  return step.result();
}

/** Completes the waiting task `executionId` of a saved instance with `output`, and runs on. */
export function completeTask(
  graph: ProcessGraph,
  saved: string,
  executionId: string,
  output: TaskOutput,
  variables: Scope,
  clock = clockNow(),
): StepResult {
  const state = JSON.parse(saved) as RunState;
  const step = new Step(graph, state, variables, clock);
  step.complete(executionId, output);
  step.run();
  return step.result();
}

/** The execution of a saved interpreter state waiting at `elementId` for an event or a trigger, if one is. */
export function waitingAt(saved: string, elementId: string): string | undefined {
  if (!isInterpreterState(saved)) return undefined;
  const { executions } = JSON.parse(saved) as RunState;
  const waits = new Set<Execution['kind']>(['receive', 'catch', 'boundary']);
  return executions.find((e) => e.element === elementId && waits.has(e.kind))?.id;
}

/**
 * 退回: the scope of the waiting task `executionId` starts again at `targetId` (an element of the same scope), its
 * other executions withdrawn, and runs on.
 */
export function returnToStep(
  graph: ProcessGraph,
  saved: string,
  executionId: string,
  targetId: string,
  variables: Scope,
  clock = clockNow(),
): StepResult {
  const state = JSON.parse(saved) as RunState;
  const execution = state.executions.find((e) => e.id === executionId && e.kind === 'task');
  if (!execution) throw new EngineStepError(`task ${executionId} is not waiting in the saved process state`);
  const step = new Step(graph, state, variables, clock);
  step.restartScope(execution.scope, targetId);
  step.run();
  return step.result();
}
