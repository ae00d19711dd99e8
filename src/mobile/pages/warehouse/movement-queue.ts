import { openDB, type IDBPDatabase } from 'idb';
import {
  fetchMovements,
  findPart,
  isRefusal,
  submitMovement,
  type Movement,
  type MovementBody,
  type MovementFilters,
  type Part,
} from './warehouse-api.ts';
import type { Page } from '../../../client/http.ts';

/**
 * Movements entered without a network, kept in IndexedDB with their client key until the server has stored them. The
 * server answers a key it already holds with the row saved the first time, so sending one again never makes two.
 */
export interface QueuedMovement {
  clientKey: string;
  /** `<tenant>:<user>`: only its own user sends it (and sees it). */
  owner: string;
  body: MovementBody;
  /** What the card shows of the part, found while online when it was entered. */
  part: { productNo: string; productName: string; unitName: string };
  queuedAt: number;
  /** The server's message when it refused the movement: it waits for an edit or a delete, and is not sent again. */
  refusal?: string;
}

const DB_NAME = 'tenon-movements';
const STORE = 'queue';
/** Parts found online, by user and (customer) part number in lower case: typed again offline, they are found. */
const PARTS = 'parts';
/** The list pages last loaded, by user, filters and page: an offline reload shows them. */
const PAGES = 'pages';
/** The form's choices (companies, warehouses, movement types) by user and list: an offline form offers them. */
const CHOICES = 'choices';
/** How many of the parts looked up last an offline form offers. */
const RECENT_PARTS = 8;
let dbPromise: Promise<IDBPDatabase> | undefined;
const listeners = new Set<() => void>();

function db() {
  dbPromise ??= openDB(DB_NAME, 3, {
    upgrade(database, oldVersion) {
      if (oldVersion < 1) {
        database.createObjectStore(STORE, { keyPath: 'clientKey' });
        database.createObjectStore(PARTS);
      }
      if (oldVersion < 2) database.createObjectStore(PAGES);
      if (oldVersion < 3) database.createObjectStore(CHOICES);
    },
  });
  return dbPromise;
}

function changed() {
  for (const listener of listeners) listener();
}

export function onQueueChanged(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/**
 * A new client key: letters, digits and `-` only, as the server's pattern allows (getRandomValues, unlike randomUUID,
 * works on a plain-http intranet address too).
 */
export const newClientKey = () =>
  `m-${Array.from(crypto.getRandomValues(new Uint8Array(12)), (byte) => byte.toString(16).padStart(2, '0')).join('')}`;

let lastQueuedAt = 0;

/** Keeps a movement (a new one, or an edited one under its key: the edit clears a refusal and keeps its place). */
export async function enqueue(entry: Omit<QueuedMovement, 'queuedAt' | 'refusal'>): Promise<void> {
  const database = await db();
  const earlier = (await database.get(STORE, entry.clientKey)) as QueuedMovement | undefined;
  // Two movements kept within one millisecond still go in the order they were entered.
  lastQueuedAt = Math.max(Date.now(), lastQueuedAt + 1);
  await database.put(STORE, { ...entry, queuedAt: earlier?.queuedAt ?? lastQueuedAt } satisfies QueuedMovement);
  changed();
}

/** The owner's queued movements, oldest first (the order they are sent in). */
export async function queuedMovements(owner: string): Promise<QueuedMovement[]> {
  const all = (await (await db()).getAll(STORE)) as QueuedMovement[];
  return all.filter((entry) => entry.owner === owner).sort((a, b) => a.queuedAt - b.queuedAt);
}

export async function queuedMovement(clientKey: string): Promise<QueuedMovement | undefined> {
  return (await (await db()).get(STORE, clientKey)) as QueuedMovement | undefined;
}

export async function removeQueued(clientKey: string): Promise<void> {
  await (await db()).delete(STORE, clientKey);
  changed();
}

async function markRefused(entry: QueuedMovement, refusal: string) {
  await (await db()).put(STORE, { ...entry, refusal } satisfies QueuedMovement);
  changed();
}

export interface SyncResult {
  stored: Movement[];
  refused: number;
}

let running: Promise<SyncResult> | undefined;

/**
 * Sends the owner's queue in order. A stored movement leaves the queue; a refused one stays with the server's message;
 * a network failure stops the run (the rest wait for the next `online` event or start). One run at a time: a call
 * during a run gets that run's result.
 */
export function sendQueue(owner: string, send: (body: MovementBody) => Promise<Movement> = submitMovement) {
  running ??= sendEach(owner, send).finally(() => {
    running = undefined;
  });
  return running;
}

async function sendEach(owner: string, send: (body: MovementBody) => Promise<Movement>): Promise<SyncResult> {
  const result: SyncResult = { stored: [], refused: 0 };
  for (const entry of await queuedMovements(owner)) {
    if (entry.refusal !== undefined) continue;
    try {
      result.stored.push(await send(entry.body));
    } catch (error) {
      if (!isRefusal(error)) break;
      await markRefused(entry, error.message);
      result.refused += 1;
      continue;
    }
    await removeQueued(entry.clientKey);
  }
  return result;
}

/**
 * The server's answer while online, kept by `keep`; without a network, or when it fails (a refusal aside), what
 * `kept` has from earlier. The phone works from what it last saw.
 */
async function networkFirst<T>(
  ask: () => Promise<T>,
  keep: (answer: T) => Promise<void>,
  kept: () => Promise<T | undefined>,
): Promise<T | undefined> {
  if (navigator.onLine) {
    try {
      const answer = await ask();
      await keep(answer).catch(() => undefined);
      return answer;
    } catch (error) {
      if (isRefusal(error)) throw error;
      const earlier = await kept();
      if (earlier !== undefined) return earlier;
      throw error;
    }
  }
  return kept();
}

/** Offline (or the network failing), a part this user never looked up: only the server knows it. */
export class PartNeedsNetwork extends Error {
  constructor(readonly code: string) {
    super(`part ${code} needs the network`);
  }
}

/** A part as kept: when this user last looked it up, so the offline form offers the recent ones first. */
type KeptPart = Part & { usedAt?: number };

/**
 * The part numbered `code`: asked of the server online, else (or when the network fails) one this user found before
 * (kept per user: a phone shared across tenants shows no one another tenant's parts); undefined when the server knows
 * none, `PartNeedsNetwork` when only the server could say.
 */
export async function lookUpPart(owner: string, code: string): Promise<Part | undefined> {
  const key = `${owner}|${code.trim().toLowerCase()}`;
  const kept = async () => partOf((await (await db()).get(PARTS, key)) as KeptPart | undefined);
  const found = await networkFirst(
    () => findPart(code),
    async (part) => {
      if (part) await rememberPart(owner, part);
    },
    kept,
  ).catch(async (error: unknown) => {
    if (isRefusal(error)) throw error;
    return (await kept().catch(() => undefined)) ?? new PartNeedsNetwork(code);
  });
  if (found instanceof PartNeedsNetwork) throw found;
  if (found === undefined && !navigator.onLine) throw new PartNeedsNetwork(code);
  return found;
}

async function rememberPart(owner: string, part: Part) {
  const database = await db();
  const kept: KeptPart = { ...part, usedAt: Date.now() };
  for (const code of [part.productNo, part.customerPartNo]) {
    if (code) await database.put(PARTS, kept, `${owner}|${code.toLowerCase()}`);
  }
}

const partOf = (kept: KeptPart | undefined): Part | undefined => {
  if (!kept) return undefined;
  const { usedAt: _usedAt, ...part } = kept;
  return part;
};

/** The parts this user looked up last, newest first (what an offline form offers). */
export async function recentParts(owner: string): Promise<Part[]> {
  const database = await db();
  const mine = IDBKeyRange.bound(`${owner}|`, `${owner}|\uffff`);
  const kept = (await database.getAll(PARTS, mine)) as KeptPart[];
  const byId = new Map<string, KeptPart>();
  for (const part of kept) {
    const earlier = byId.get(part.id);
    if (!earlier || (part.usedAt ?? 0) > (earlier.usedAt ?? 0)) byId.set(part.id, part);
  }
  return [...byId.values()]
    .sort((a, b) => (b.usedAt ?? 0) - (a.usedAt ?? 0))
    .slice(0, RECENT_PARTS)
    .map((part) => partOf(part)!);
}

/**
 * A list the form chooses from (`name`: a dictionary's code, `companies`): the server's while online, kept for this
 * user; without a network the one kept last, so a form opened offline after a reload still offers every choice and
 * the queued movements still say their type and warehouse by name.
 */
export async function loadChoices<T>(owner: string, name: string, ask: () => Promise<T>): Promise<T> {
  const key = `${owner}|${name}`;
  const list = await networkFirst(
    ask,
    async (answer) => {
      await (await db()).put(CHOICES, answer, key);
    },
    async () => (await (await db()).get(CHOICES, key)) as T | undefined,
  );
  // Offline with nothing kept: the request, whose failure leaves the choices empty.
  return list ?? ask();
}

/**
 * A page of the movements list: from the server, kept for this user; without a network (or when it fails) the page
 * kept last time, so the installed app reloaded offline still shows what was last seen.
 */
export async function loadMovements(owner: string, filters: MovementFilters, current: number): Promise<Page<Movement>> {
  const key = `${owner}|${JSON.stringify(filters)}|${current}`;
  const page = await networkFirst(
    () => fetchMovements(filters, current),
    async (answer) => {
      await (await db()).put(PAGES, answer, key);
    },
    async () => (await (await db()).get(PAGES, key)) as Page<Movement> | undefined,
  );
  // Offline with nothing kept: the request, whose failure the list shows.
  return page ?? fetchMovements(filters, current);
}
