import type { ApprovableDef } from '../../../shared/entities/define.ts';
import type { Db } from '../../db/connect.ts';
import type { AuthUser } from '../auth-context.ts';
import type { VisibleRows } from '../entity/types.ts';
import type { Services } from '../../services.ts';
import { moveRows, type RowMoves } from './approval-moves.ts';
import { sendRow, startRequest, type SendInput } from './approval-send.ts';
import type { PreparedWrite } from '../entity/engine-types.ts';
import { registerApproval, type ApprovalEffect } from './approval-steps.ts';
import { FlowRuntime, type CompleteInput } from './flow-runtime.ts';

/**
 * The workflow engine's interface to the modules: register a business (its approval declaration and its effect),
 * start, complete (approve / reject), withdraw, and the inbox's claim and transfer and the platform administrator's
 * ending of instances. Every call is one transaction with the business row (`…In`: the caller's transaction).
 */
export interface Workflow {
  /** Every step of the entity's processes moves its row (approval-steps.ts), with the module's effect. */
  register(entity: ApprovableDef, effect?: ApprovalEffect): void;
  /** Starts a request's process, its row (a request form's, prepared by the entity engine) saved with it. */
  start(user: AuthUser, entity: ApprovableDef, request: RequestStart): Promise<string>;
  /**
   * Sends a saved row the caller sees through a kind's process, or continues the process waiting on its sender
   * (approval-send.ts); undefined: he sees no such row.
   */
  send(trx: Db, user: AuthUser, target: SendTarget, input: SendInput): Promise<string | undefined>;
  /** A state move of rows on their own screen (提交, 撤回, 审核, 驳回, 反审核: approval-moves.ts). */
  move(
    trx: Db,
    user: AuthUser,
    target: MoveTarget,
    moves: RowMoves & { granted: ReadonlySet<string> },
  ): Promise<number>;
  /** The caller's task decided from the inbox or the phone. */
  complete(user: AuthUser, input: CompleteInput): Promise<void>;
  /** The open task of a running instance decided for its business (false: nothing to decide). */
  decideIn(trx: Db, user: AuthUser, instanceId: string, pass: boolean, comment: string): Promise<boolean>;
  /** A running instance ended by its business (a deleted claim; false: not running). */
  withdrawIn(trx: Db, user: AuthUser, instanceId: string, reason: string): Promise<boolean>;
  /** The starter withdraws his process through one of its tasks (the inbox's 撤销). */
  withdraw(user: AuthUser, taskId: string, reason: string): Promise<void>;
  claim(user: AuthUser, taskId: string): Promise<void>;
  transfer(user: AuthUser, taskId: string, targetUserId: string, comment?: string): Promise<void>;
  /** Platform administration: running instances ended (a deleted deployment's, or one by its id). */
  deleteInstances(trx: Db, user: AuthUser, instanceIds: string[], reason: string): Promise<void>;
  deleteInstance(user: AuthUser, instanceId: string, reason: string): Promise<void>;
}

export interface RequestStart {
  insert: PreparedWrite;
  definitionId: string;
  /** The approver's user id. */
  taskUser: string;
}

export interface SendTarget {
  entity: ApprovableDef;
  rows: VisibleRows;
  /** The kind whose process the row goes through (`start.kind`). */
  kind: string;
}

export interface MoveTarget {
  entity: ApprovableDef;
  rows: VisibleRows;
}

function workflowOver(runtime: FlowRuntime): Workflow {
  const effects = new Map<string, ApprovalEffect>();
  return {
    register(entity, effect) {
      if (effect) effects.set(entity.table, effect);
      registerApproval(runtime, entity, effect);
    },
    start: (user, entity, request) => startRequest(runtime, user, entity, request),
    send: (trx, user, target, input) => sendRow(trx, runtime, user, target, input),
    move: (trx, user, target, moves) =>
      moveRows(trx, runtime, user, { ...target, effect: effects.get(target.entity.table) }, moves),
    complete: (user, input) => runtime.complete(user, input),
    decideIn: (trx, user, instanceId, pass, comment) => runtime.decideIn(trx, user, instanceId, pass, comment),
    withdrawIn: (trx, user, instanceId, reason) => runtime.withdrawIn(trx, user, instanceId, reason),
    withdraw: (user, taskId, reason) => runtime.withdraw(user, taskId, reason),
    claim: (user, taskId) => runtime.claim(user, taskId),
    transfer: (user, taskId, target, comment) => runtime.transfer(user, taskId, target, comment),
    deleteInstances: (trx, user, ids, reason) => runtime.deleteInstances(trx, user, ids, reason),
    deleteInstance: (user, instanceId, reason) => runtime.deleteInstance(user, instanceId, reason),
  };
}

const workflows = new WeakMap<Services, Workflow>();

/**
 * The app's one workflow: the businesses registered on it (leave, fund, expense, budget) are called on every step of
 * their processes, whoever takes the step (the inbox, a business screen).
 */
export function workflowOf(services: Services): Workflow {
  let workflow = workflows.get(services);
  if (!workflow) {
    workflow = workflowOver(new FlowRuntime(services.db));
    workflows.set(services, workflow);
  }
  return workflow;
}

/**
 * A workflow with no business registered, for the demo command (no app around it): its rows' steps are written by
 * the demo itself.
 */
export const detachedWorkflow = (db: Db): Workflow => workflowOver(new FlowRuntime(db));
