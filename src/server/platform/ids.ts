import { fail } from './errors.ts';

/**
 * 64-bit time-ordered ids (snowflake layout: 41 bits of milliseconds since 2020-01-01, 10 bits of worker, 12 of
 * sequence), as decimal strings. The worker bits are random per process, so processes sharing a database rarely
 * collide; the primary key rejects the rare clash.
 */
const EPOCH = 1_577_836_800_000n;
const worker = BigInt(Math.floor(Math.random() * 1024));
let lastMs = 0n;
let sequence = 0n;

export function nextId(): string {
  let now = BigInt(Date.now());
  if (now <= lastMs) {
    now = lastMs;
    sequence = (sequence + 1n) & 0xfffn;
    if (sequence === 0n) now = ++lastMs;
  } else {
    sequence = 0n;
  }
  lastMs = now;
  return (((now - EPOCH) << 22n) | (worker << 12n) | sequence).toString();
}

const MAX_ID = 9_223_372_036_854_775_807n;

/**
 * An id as the client may send it: a string of plain digits (no sign, exponent, leading zero or spaces) that fits
 * in a signed 64-bit integer, or a JSON number that is such an id exactly (beyond 2^53 a number has lost digits).
 */
export function isId(value: unknown): boolean {
  const text = typeof value === 'number' && Number.isSafeInteger(value) ? String(value) : value;
  return typeof text === 'string' && /^[1-9]\d{0,18}$/.test(text) && BigInt(text) <= MAX_ID;
}

/** An optional id parameter: blank is none (undefined); anything else must be an id, or a 400 names the parameter. */
export function optionalId(value: unknown, name: string): string | undefined {
  if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) return undefined;
  const text = typeof value === 'string' ? value.trim() : value;
  if (!isId(text)) throw fail('paramType', { name });
  return String(text);
}

/** A comma list of ids (`1,2,3`, or a repeated parameter), every one an id, duplicates dropped; it may be empty. */
export function idList(raw: unknown, name: string): string[] {
  const text = Array.isArray(raw) ? raw.join(',') : raw == null ? '' : String(raw);
  const ids = text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (!ids.every(isId)) throw fail('paramType', { name });
  return [...new Set(ids)];
}
