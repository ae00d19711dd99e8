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

/** An id as the client may send it (string or number): digits only, positive, fits in a signed 64-bit integer. */
export function isId(value: unknown): boolean {
  const text = typeof value === 'number' ? String(value) : value;
  return typeof text === 'string' && /^[1-9]\d{0,18}$/.test(text) && BigInt(text) <= 9_223_372_036_854_775_807n;
}
