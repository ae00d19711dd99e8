import { openDB, type IDBPDatabase } from 'idb';
import { session } from './session.ts';

/**
 * The last rows each list screen loaded, kept in IndexedDB so an offline reload still shows them (the console's
 * other server state lives in react-query's memory only). Keyed by tenant and user, so another user of the browser
 * never reads them, and removed on logout. Browsers without IndexedDB (some private modes) just keep nothing.
 */
const DB_NAME = 'tenon-offline';
const STORE = 'lists';
let dbPromise: Promise<IDBPDatabase> | undefined;

function db() {
  dbPromise ??= openDB(DB_NAME, 1, {
    upgrade(database) {
      database.createObjectStore(STORE);
    },
  });
  return dbPromise;
}

/** The signed-in user's part of the store; none when nobody is signed in. */
function ownKey(list: string): string | undefined {
  const { tenantId, userInfo } = session.get();
  return userInfo?.user_id ? `${tenantId}/${userInfo.user_id}/${list}` : undefined;
}

export async function keepList(list: string, data: unknown): Promise<void> {
  const key = ownKey(list);
  if (!key) return;
  await (await db()).put(STORE, data, key).catch(() => undefined);
}

/** The rows kept for `list`, or null (a query's answer cannot be undefined). */
export async function lastList<T>(list: string): Promise<T | null> {
  const key = ownKey(list);
  if (!key) return null;
  try {
    return ((await (await db()).get(STORE, key)) as T | undefined) ?? null;
  } catch {
    return null;
  }
}

/** Removes every kept list (logout: query.ts, loaded before any request can end the session). */
export async function clearKeptLists(): Promise<void> {
  await (await db()).clear(STORE);
}
