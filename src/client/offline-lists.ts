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

/** Runs `work` on the store; without IndexedDB (or when it fails) nothing is kept and `fallback` is answered. */
async function withStore<T>(work: (store: IDBPDatabase) => Promise<T>, fallback: T): Promise<T> {
  try {
    return await work(await db());
  } catch {
    return fallback;
  }
}

/** The signed-in user's part of the store; none when nobody is signed in. */
function ownKey(list: string): string | undefined {
  const { tenantId, userInfo } = session.get();
  return userInfo?.user_id ? `${tenantId}/${userInfo.user_id}/${list}` : undefined;
}

export async function keepList(list: string, data: unknown): Promise<void> {
  const key = ownKey(list);
  if (key) await withStore(async (store) => void (await store.put(STORE, data, key)), undefined);
}

/** The rows kept for `list`, or null (a query's answer cannot be undefined). */
export async function lastList<T>(list: string): Promise<T | null> {
  const key = ownKey(list);
  if (!key) return null;
  return withStore(async (store) => ((await store.get(STORE, key)) as T | undefined) ?? null, null);
}

/** Removes every kept list (logout: query.ts, loaded before any request can end the session). */
export async function clearKeptLists(): Promise<void> {
  await withStore((store) => store.clear(STORE), undefined);
}
