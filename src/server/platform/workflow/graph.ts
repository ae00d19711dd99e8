import { ACTION_TYPES, type ActionType } from '../../../shared/flow/service-actions.ts';
import type { FormField } from '../../../shared/flow/form-fields.ts';

/**
 * A deployed process as the interpreter runs it (docs/workflow-engine.md): read once from the BPMN file by
 * compile-model.ts, whatever its dialect (plain BPMN 2.0, `flowable:`, `activiti:`, `camunda:`), and cached per
 * definition. Every attribute that decides behaviour is here, resolved to one spelling; expressions stay as written
 * (`${…}` / `#{…}` text), checked when compiled and evaluated by expression.ts at run time.
 */

export type ElementKind =
  | 'startEvent'
  | 'endEvent'
  | 'userTask'
  | 'manualTask'
  | 'task'
  | 'receiveTask'
  | 'exclusiveGateway'
  | 'parallelGateway'
  | 'inclusiveGateway'
  | 'eventBasedGateway'
  | 'intermediateCatchEvent'
  | 'intermediateThrowEvent'
  | 'boundaryEvent'
  | 'callActivity'
  | 'scriptTask'
  | 'serviceTask'
  | 'subProcess';

export interface FlowNode {
  id: string;
  kind: ElementKind;
  name: string;
  /** The sub-process it belongs to; '' for the process itself. */
  scope: string;
  /** Sequence flow ids, in the file's order. */
  incoming: string[];
  outgoing: string[];
  /** A gateway's or an activity's default flow (taken when no condition of the others holds). */
  defaultFlow?: string;
  /** A sub-process's own none start event: where a token entering it begins (an event sub-process's: its event). */
  start?: string;
  /**
   * An event sub-process (`triggeredByEvent`): no flow enters it; its start event's timer, message, signal or error
   * starts it within its scope (its start event's `interrupting`: whether it withdraws the scope's other tokens).
   */
  triggeredByEvent?: boolean;
  /** An end event that ends its whole scope (terminateEventDefinition). */
  terminate?: boolean;
  userTask?: UserTaskSpec;
  loop?: LoopSpec;
  /** What a start, catch, throw, boundary or end event waits for or throws (none: a plain event). */
  event?: EventSpec;
  /**
   * A boundary event: the activity it is attached to, and whether firing cancels it (`cancelActivity`); an event
   * sub-process's start event: whether it interrupts its scope (`isInterrupting`).
   */
  attachedTo?: string;
  interrupting?: boolean;
  /** An activity's boundary events, in the file's order. */
  boundaries?: string[];
  call?: CallSpec;
  /** A script task's script or a service task's expression (the expression language only), and where its value goes. */
  script?: { expression: string; resultVariable?: string };
  /** A service task's platform action (service-actions.ts): a job, retried, its failures caught by boundaries. */
  action?: ActionSpec;
  /** `flowable:async` / `camunda:asyncBefore`: the token waits as a job before the element runs (a new transaction). */
  async?: boolean;
  /** A start event's or a user task's form fields (see FormField below). */
  form?: FormField[];
}

/** A call activity: the process it starts (by key) and the variables passed in and back. */
export interface CallSpec {
  /** The called process's key, or one `${…}` expression naming it. */
  calledElement: string;
  /** `latest` (default): the key's newest active version; `deployment`: the one deployed with the caller. */
  binding: 'latest' | 'deployment';
  /** `in` mappings (into the called instance), `out` mappings (back into the caller when it ends). */
  ins: VariableMapping[];
  outs: VariableMapping[];
}

/** The platform actions a service task may name (`flowable:type`): never code, each with the fields it reads. */
export { ACTION_TYPES, type ActionType };

/**
 * A service task's action: its type and its `flowable:field`s as written — a `stringValue` is text as it stands, an
 * `expression` is resolved when the action runs.
 */
export interface ActionSpec {
  type: ActionType;
  fields: Record<string, { text: string; expression: boolean }>;
  resultVariable?: string;
}

/** One `flowable:in` / `flowable:out`: a variable (or an expression's value) under a name; `all`: every variable. */
export type VariableMapping = { all: true } | { source?: string; sourceExpression?: string; target: string };

/** An event definition as the interpreter needs it. */
export type EventSpec =
  | { type: 'timer'; timer: TimerSpec }
  | { type: 'message'; name: string }
  | { type: 'signal'; name: string }
  /** An error end event throws `code`; an error boundary catches `code` (none: any error). */
  | { type: 'error'; code?: string };

/** `timerEventDefinition`: one of its three forms, as written (an ISO 8601 text or one `${…}` expression). */
export interface TimerSpec {
  kind: 'duration' | 'date' | 'cycle';
  text: string;
}

/** Who handles a user task, as written (expressions resolved per execution). */
export interface UserTaskSpec {
  /** `flowable:assignee`, or a `humanPerformer`'s expression. */
  assignee?: string;
  /** Comma-separated texts or one expression each: `flowable:candidateUsers`, `potentialOwner` with `user(…)`. */
  candidateUsers: string[];
  /** `flowable:candidateGroups`, `potentialOwner` with `group(…)` or a bare name (a group, as Flowable reads it). */
  candidateGroups: string[];
  dueDate?: string;
  priority?: string;
  formKey?: string;
  /** `flowable:skipExpression`: the task is passed when it holds (and `_FLOWABLE_SKIP_EXPRESSION_ENABLED` is true). */
  skipExpression?: string;
}

/**
 * The most instances one multi-instance activity may have (a literal `loopCardinality` over it is refused at deploy,
 * a collection or cardinality over it at the step): each instance is a task row, its candidates and a message, all
 * written in the step's one transaction.
 */
export const MAX_LOOP = 1_000;
export const tooManyInstances = (total: number) => `${total} instances are more than the ${MAX_LOOP} a loop may have`;

/** `multiInstanceLoopCharacteristics` of an activity. */
export interface LoopSpec {
  sequential: boolean;
  /** `loopCardinality`: an expression or a number, as text. */
  cardinality?: string;
  /** `flowable:collection` / `camunda:collection`: an expression or a variable name. */
  collection?: string;
  /** The variable holding each item (`flowable:elementVariable`). */
  elementVariable?: string;
  /** `flowable:elementIndexVariable`: the variable holding each item's index (besides `loopCounter`). */
  elementIndexVariable?: string;
  completionCondition?: string;
}

export interface SequenceFlow {
  id: string;
  name: string;
  source: string;
  target: string;
  /** `${…}` condition text; none: always taken (unless its source's default flow rules). */
  condition?: string;
}

export interface ProcessGraph {
  /** The process id: the definition key. */
  key: string;
  name: string;
  description: string;
  nodes: ReadonlyMap<string, FlowNode>;
  flows: ReadonlyMap<string, SequenceFlow>;
  /**
   * The start event an instance started by hand begins at: the none start event, else the process's only start event
   * (a timer's or a message's, which Flowable starts by key too); '' when neither.
   */
  start: string;
  /** Start events with an event definition (timer, message, signal): deployed as jobs or subscriptions. */
  eventStarts: string[];
  /** The variable its start event names (`flowable:initiator`): it holds the starter's user id. */
  initiator?: string;
  /** The start event's `formKey` (a Tenon business form's kind routes the starter to that form). */
  startFormKey?: string;
}

// ---- forms (start forms and task forms: shared/flow/form-fields.ts) ----

/** A form field as the model declares it: the starter or the task's handler gives its variable. */
export type { FormField };
