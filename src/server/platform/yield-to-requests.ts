import type { FastifyInstance, FastifyRequest } from 'fastify';
import { setImmediate as immediate, setTimeout as delay } from 'node:timers/promises';

/**
 * Long work of a request (a 100,000-row export) that steps aside for the other requests of this process: it goes on a
 * slice at a time, each slice once no other request is being answered. Node answers every request on one thread, so a
 * page that arrives while an export formats its rows waits behind them: with the export interleaved freely, user/page
 * p95 went to x1.45 of idle during a 100,000-row export (bench/scale-out). Stepping aside, an export takes the gaps
 * between requests, and a page waits at most for the one slice in progress (x0.99 of idle).
 *
 * The count is the process's, as its event loop is: every app in it counts into it.
 */

/** Requests being answered, long answers that step aside not counted. */
let answering = 0;
/** Who waits for `answering` to reach 0. */
const waiters = new Set<() => void>();

const counted = Symbol('answering');
type Counted = FastifyRequest & { [counted]?: boolean };

/**
 * The most a slice waits for a busy process to fall quiet: under a load that never pauses, an export still goes on,
 * a slice per this long (a batch of 50 customers is about 2 ms of the event loop).
 */
const MAX_WAIT_MS = 50;

/** Counts the requests this app is answering, from their arrival to the end of their answer (or of their client). */
export function countRequests(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    answering++;
    (request as Counted)[counted] = true;
    // `close` ends an answer whether it was sent or its client went away; `onResponse` ends an injected one.
    reply.raw.once('close', () => uncount(request));
  });
  app.addHook('onResponse', async (request) => uncount(request));
}

function uncount(request: FastifyRequest): void {
  const req = request as Counted;
  if (!req[counted]) return;
  req[counted] = false;
  if (--answering > 0) return;
  const woken = [...waiters];
  waiters.clear();
  for (const wake of woken) wake();
}

/** This request's answer is long work that steps aside (`stepAside`): other work no longer waits for it. */
export const answerInBackground = (request: FastifyRequest): void => uncount(request);

/**
 * Waits for this process's turn: no other request being answered, or `maxWaitMs` gone by. Called before each slice
 * of long work, it lets what has arrived meanwhile (read in the poll phase this yields to) be answered first.
 */
export async function stepAside(maxWaitMs = MAX_WAIT_MS): Promise<void> {
  const started = performance.now();
  await immediate();
  while (answering > 0) {
    const left = maxWaitMs - (performance.now() - started);
    if (left <= 0) return;
    const ac = new AbortController();
    let wake: () => void = () => undefined;
    await Promise.race([
      new Promise<void>((resolve) => waiters.add((wake = resolve))),
      delay(left, undefined, { signal: ac.signal }).catch(() => undefined),
    ]);
    ac.abort();
    // Woken by the time limit: no longer waiting (a load that never pauses would pile waiters up otherwise).
    waiters.delete(wake);
    // What answered last may have started another request's work (a query's result, a next chunk): it goes first.
    await immediate();
  }
}

/** Requests being answered now (tests). */
export const requestsAnswering = () => answering;
