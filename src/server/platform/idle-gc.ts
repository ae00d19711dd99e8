import type { FastifyInstance } from 'fastify';

/** How long without an answer counts as idle. */
const IDLE_MS = 5_000;

/**
 * One full garbage collection once the server has been idle a few seconds after work (its start, a burst of
 * requests): the heap V8 grew for the burst stays resident until its own memory reducer gets to it, minutes later or
 * never (bench/startup.ts: 235 MB idle after a minute of load on PostgreSQL, 140 MB after this). A collection of the
 * ~40 MB the server keeps takes a few tens of milliseconds, and only when nothing else is happening. Needs node's
 * `--expose-gc` (scripts/server-flags.mjs); without it (tests in process) this does nothing.
 */
export function collectWhenIdle(app: FastifyInstance): void {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) return;
  let lastAnswer = Date.now();
  let worked = true;
  app.addHook('onResponse', async () => {
    lastAnswer = Date.now();
    worked = true;
  });
  const timer = setInterval(() => {
    if (!worked || Date.now() - lastAnswer < IDLE_MS) return;
    worked = false;
    gc();
  }, IDLE_MS).unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
