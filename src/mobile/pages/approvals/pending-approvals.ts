import { useSyncExternalStore } from 'react';
import { Toast } from 'antd-mobile';
import { claimTask, completeTask } from '../../../client/api/flow.ts';
import { ApiFailure } from '../../../client/http.ts';
import { t } from '../../../client/i18n.ts';
import { session } from '../../../client/session.ts';
import { getStore, removeStore, setStore } from '../../../client/storage.ts';

/**
 * Approvals with an undo (同意 from a card or a task, without a confirmation): each waits `UNDO_MS` before it is sent,
 * so 撤销 withdraws it before the server hears of it and loses nothing. A waiting approval is kept in local storage
 * until the server has it: an app closed or reloaded within the delay sends it at its next start, never drops it.
 */
export const UNDO_MS = 4_000;
const STORE = 'mobilePendingApprovals';

export interface PendingApproval {
  taskId: string;
  processInstanceId: string;
  /** A group task (待签): it is claimed first, then completed. */
  claim: boolean;
  comment: string;
  /** `<tenant>:<user>`: only its own user sends it. */
  owner: string;
  /** On its way to the server: no longer undone. */
  sent?: boolean;
}

// Kept by an earlier start: each is sent again (one cut off on its way is asked again; the server refuses a repeat).
let pending: PendingApproval[] = (getStore<PendingApproval[]>(STORE) ?? []).map(({ sent: _sent, ...entry }) => entry);
const timers = new Map<string, ReturnType<typeof setTimeout>>();
const listeners = new Set<() => void>();
/** Called after each approval the server took or refused: the lists are loaded again. */
let afterSend: () => Promise<unknown> = async () => undefined;
/** The longest the task stays hidden waiting for the lists to be loaded again after it was sent. */
const RELOAD_WAIT_MS = 10_000;

session.onLogout(() => {
  for (const timer of timers.values()) clearTimeout(timer);
  timers.clear();
  pending = [];
  removeStore(STORE);
  changed();
});

function changed() {
  try {
    if (pending.length) setStore(STORE, pending);
    else removeStore(STORE);
  } catch {
    // Storage full or blocked: the approval still goes at the end of its delay while the app stays open.
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The approvals waiting for their delay (or for the app's next start), newest last. */
export const usePendingApprovals = (): PendingApproval[] => useSyncExternalStore(subscribe, () => pending);

/** Approves `approval` once the undo delay has passed; false (and said) without a network, when nothing is sent. */
export function approveLater(approval: PendingApproval): boolean {
  if (!navigator.onLine) {
    Toast.show({ icon: 'fail', content: t('mobile.approvals.needNetwork') });
    return false;
  }
  if (pending.some((entry) => entry.taskId === approval.taskId)) return true;
  pending = [...pending, approval];
  changed();
  timers.set(
    approval.taskId,
    setTimeout(() => void send(approval.taskId), UNDO_MS),
  );
  return true;
}

/** 撤销: the approval is withdrawn before it was sent; its task is back in the list. */
export function undoApproval(taskId: string) {
  if (pending.some((entry) => entry.taskId === taskId && entry.sent)) return;
  clearTimeout(timers.get(taskId));
  timers.delete(taskId);
  pending = pending.filter((entry) => entry.taskId !== taskId);
  changed();
}

/**
 * Sends the approvals of `owner` kept by an earlier start of the app (closed within their delay), and says where the
 * lists are refreshed after each send.
 */
export function sendKeptApprovals(owner: string, refresh: () => Promise<unknown>) {
  afterSend = refresh;
  for (const entry of pending) {
    if (entry.owner === owner && !timers.has(entry.taskId)) void send(entry.taskId);
  }
}

async function send(taskId: string) {
  timers.delete(taskId);
  const entry = pending.find((candidate) => candidate.taskId === taskId);
  if (!entry || entry.sent) return;
  pending = pending.map((candidate) => (candidate === entry ? { ...entry, sent: true } : candidate));
  changed();
  try {
    if (entry.claim) await claimTask(entry.taskId);
    await completeTask({
      taskId: entry.taskId,
      processInstanceId: entry.processInstanceId,
      comment: entry.comment,
      pass: true,
    });
  } catch (error) {
    // The server's refusal is toasted by the interceptor; a request without an answer is said here. Either way the
    // lists are loaded again and show the task where the server has it.
    if (!(error instanceof ApiFailure)) Toast.show({ icon: 'fail', content: t('common.networkError') });
  }
  // The task stays hidden until the lists say where the server has it (gone, or back after a refusal).
  await Promise.race([afterSend().catch(() => undefined), new Promise((done) => setTimeout(done, RELOAD_WAIT_MS))]);
  pending = pending.filter((candidate) => candidate.taskId !== taskId);
  changed();
}
