/**
 * What one step of an instance gives its runtime (flow-runtime.ts), whichever engine ran it (interpreter.ts, or
 * engine-runner.ts for instances started on bpmn-engine): the new state, the user tasks now waiting and the
 * activities that ran, persisted together in one transaction.
 */

export interface WaitingTask {
  executionId: string;
  elementId: string;
  name: string;
  assignee: string;
  candidateUsers: string[];
  candidateGroups: string[];
  /** `flowable:priority` (50 when none) and `flowable:dueDate` (`yyyy-MM-dd HH:mm:ss`) of a new task */
  priority?: number;
  dueDate?: string;
  /** when the task started waiting, and its place among the step's events */
  at: Date;
  seq: number;
}

export interface ActivityRecord {
  executionId: string;
  elementId: string;
  name: string;
  /** BPMN type without prefix, first letter lower case: startEvent, userTask, exclusiveGateway, sequenceFlow ... */
  type: string;
  start: Date;
  end?: Date;
  /** place among the step's events: history is ordered by it within a second */
  seq: number;
}

/** What an instance waits for besides user tasks: a job (a timer, an action, a continuation) or a subscription. */
export interface WaitingEvent {
  executionId: string;
  elementId: string;
  /** `action`: a service task's action, `async`: a continuation — jobs due at once. */
  type: 'timer' | 'message' | 'signal' | 'action' | 'async';
  /** The message's or signal's name; '' for a timer. */
  name: string;
  due?: Date;
  /** Armed in this step (a cycle's next firing too): its job or subscription is written anew. */
  fresh: boolean;
}

/** A call activity reached in this step: the runtime starts the called process's instance with these variables. */
export interface CallStart {
  executionId: string;
  elementId: string;
  processKey: string;
  binding: 'latest' | 'deployment';
  variables: Record<string, unknown>;
}

/** A signal or message a throw or end event sent in this step. */
export interface ThrownEvent {
  type: 'signal' | 'message';
  name: string;
  elementId: string;
}

export interface StepResult {
  /** `engine.getState()` as JSON; '' when the process has ended. */
  state: string;
  finished: boolean;
  /** Every user task waiting after the step; those already waiting before it carry only their execution ids. */
  waiting: WaitingTask[];
  /** Non-user-task activities and taken sequence flows of this step. */
  activities: ActivityRecord[];
  /** Every event the instance waits for after the step (none for bpmn-engine's instances). */
  events: WaitingEvent[];
  /** Whether the instance waited for any event before the step (else it has no job or subscription to delete). */
  hadEvents: boolean;
  /** Whether any of those was a message or a signal (undefined: not known, as if it was). */
  hadSubscriptions?: boolean;
  /** Call activities entered in this step; every call activity waiting after it; whether one waited before. */
  calls: CallStart[];
  callsWaiting: string[];
  hadCalls: boolean;
  /** Variables the step set (a call activity's `out`, a script's result): saved with the instance. */
  variables: Record<string, unknown>;
  thrown: ThrownEvent[];
}

/** A model or runtime problem: the step is refused with this text and nothing is saved. */
export class EngineStepError extends Error {}
