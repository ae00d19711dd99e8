import { openDB, type IDBPDatabase } from 'idb';
import { formatDateTime } from '../shared/contract/time.ts';
import { http } from './http.ts';
// The BladeX consoles upload error logs to the logout URL (contract auth.md §5); desk.ts registers that POST.
import { LOGOUT_URL } from '../shared/contract/api/auth.ts';

/** A client error record (spec §3 "Log record"): kept in IndexedDB until uploaded or cleared; survives reloads. */
export interface ErrorLog {
  id?: number;
  type: string;
  url: string;
  time: string;
  message: string;
  stack: string;
  info: string;
}

const DB_NAME = 'tenon';
const STORE = 'error-logs';
const MAX_LOGS = 500;
let dbPromise: Promise<IDBPDatabase> | undefined;
const listeners = new Set<() => void>();

function db() {
  dbPromise ??= openDB(DB_NAME, 1, {
    upgrade(database) {
      database.createObjectStore(STORE, { keyPath: 'id', autoIncrement: true });
    },
  });
  return dbPromise;
}

function changed() {
  for (const listener of listeners) listener();
}

export function onErrorLogsChanged(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export async function addErrorLog(entry: Omit<ErrorLog, 'id' | 'time' | 'url'> & { url?: string }) {
  const database = await db();
  await database.add(STORE, { ...entry, url: entry.url ?? location.href, time: formatDateTime() });
  const count = await database.count(STORE);
  if (count > MAX_LOGS) {
    const oldest = await database.getAllKeys(STORE, undefined, count - MAX_LOGS);
    await Promise.all(oldest.map((key) => database.delete(STORE, key)));
  }
  changed();
}

export async function listErrorLogs(): Promise<ErrorLog[]> {
  return ((await (await db()).getAll(STORE)) as ErrorLog[]).reverse();
}

export async function countErrorLogs(): Promise<number> {
  return (await db()).count(STORE);
}

export async function clearErrorLogs() {
  await (await db()).clear(STORE);
  changed();
}

/** Sends every kept log to the server (the BladeX logout-URL upload), then forgets them. */
export async function uploadErrorLogs(): Promise<number> {
  const logs = await listErrorLogs();
  if (logs.length === 0) return 0;
  await http.post(
    LOGOUT_URL,
    logs.map(({ id: _id, ...log }) => log),
  );
  await clearErrorLogs();
  return logs.length;
}

const describe = (value: unknown) =>
  value instanceof Error ? value.message : typeof value === 'string' ? value : JSON.stringify(value);

/** Uncaught errors and rejected promises become log records (type `error`). */
export function installErrorCapture() {
  window.addEventListener('error', (event) => {
    void addErrorLog({
      type: 'error',
      message: event.message || describe(event.error),
      stack: event.error instanceof Error ? (event.error.stack ?? '') : '',
      info: event.filename ? `${event.filename}:${event.lineno}:${event.colno}` : '',
    });
  });
  window.addEventListener('unhandledrejection', (event) => {
    // Failed API calls already told the user; only keep what the code did not expect.
    if (event.reason && typeof event.reason === 'object' && 'code' in event.reason && 'response' in event.reason)
      return;
    void addErrorLog({
      type: 'error',
      message: describe(event.reason),
      stack: event.reason instanceof Error ? (event.reason.stack ?? '') : '',
      info: 'unhandledrejection',
    });
  });
}
