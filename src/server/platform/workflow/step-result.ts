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

export interface StepResult {
  /** `engine.getState()` as JSON; '' when the process has ended. */
  state: string;
  finished: boolean;
  /** Every user task waiting after the step; those already waiting before it carry only their execution ids. */
  waiting: WaitingTask[];
  /** Non-user-task activities and taken sequence flows of this step. */
  activities: ActivityRecord[];
}

/** A model or runtime problem: the step is refused with this text and nothing is saved. */
export class EngineStepError extends Error {}
