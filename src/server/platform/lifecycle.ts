import type { FastifyInstance } from 'fastify';
import type { Socket } from 'node:net';
import { MESSAGES } from '../../shared/i18n/server-messages.ts';
import { ApiError, sendError } from './errors.ts';

/**
 * The process's life after start: on SIGTERM/SIGINT it drains (no new connections, requests in progress finish,
 * background work ends its current step), closes what it opened and exits 0. A second signal, or the deadline,
 * exits at once. Process-wide on purpose: signals are, and the readiness check reads `isDraining()`.
 */

let draining = false;
const running = new Set<Promise<unknown>>();

/** True from the first stop signal on: readiness fails and new requests get 503. */
export const isDraining = () => draining;

/**
 * Work the server started on its own (a recalculation job, a timer's run) that a stop must wait for; such work
 * checks `isDraining()` between its steps and stops there.
 */
export function background<T>(work: Promise<T>): Promise<T> {
  running.add(work);
  const forget = () => running.delete(work);
  work.then(forget, forget);
  return work;
}

/** Resolves once no background work runs (work started meanwhile is waited for too). */
export async function settleBackground(): Promise<void> {
  while (running.size) await Promise.allSettled([...running]);
}

/**
 * How the HTTP server lets go of its connections when it closes (Fastify's close stops accepting and waits for every
 * connection to end; Node closes only the keep-alive connections that sit between two requests):
 * - a connection that never sent a byte (a browser's preconnect) is closed at once: Node would keep it for 60 s;
 * - a request in progress finishes, its answer says `Connection: close`, and the connection closes after it;
 * - a request that still arrives (its headers were on the way, or pipelined) gets the contract's envelope with 503
 *   and `Connection: close`, so the client retries elsewhere. Fastify's own 503 (return503OnClosing) is off in
 *   app.ts: its body is not the envelope.
 */
export function registerDrainGate(app: FastifyInstance) {
  let closing = false;
  const sockets = new Set<Socket>();
  app.server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  app.addHook('preClose', (done) => {
    closing = true;
    for (const socket of sockets) if (socket.bytesRead === 0) socket.destroy();
    done();
  });
  const stopping = () => closing || draining;
  app.addHook('onRequest', async (request, reply) => {
    if (!stopping()) return;
    return sendError(request, reply, new ApiError(503, MESSAGES.serverStopping));
  });
  app.addHook('onSend', async (_request, reply) => {
    if (stopping()) reply.header('connection', 'close');
  });
  // An answer whose headers left before the stop (a long download) could not say so: its connection, idle now, goes.
  app.addHook('onResponse', async () => {
    if (stopping()) setImmediate(() => app.server.closeIdleConnections());
  });
}

export interface StopOptions {
  /** Closes the server: the HTTP server (waiting for requests in progress), background work, Redis, the database. */
  close(): Promise<void>;
  /** The longest a stop may take before the process exits without closing. */
  deadlineMs: number;
  log?: (line: string) => void;
}

/** Installs the SIGTERM/SIGINT handling of the server process. */
export function stopOnSignals({ close, deadlineMs, log = console.log }: StopOptions) {
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) {
      log(
        `Tenon: ${signal} again while stopping: exiting now, without waiting (like a crash: nothing is lost that was acknowledged)`,
      );
      process.exit(1);
    }
    stopping = true;
    draining = true;
    const seconds = Math.round(deadlineMs / 1000);
    log(
      `Tenon stopping (${signal}): no new connections, finishing requests in progress (at most ${seconds} s; send ${signal} again to exit now)`,
    );
    const deadline = setTimeout(() => {
      log(`Tenon: still not stopped after ${seconds} s: exiting now, without waiting`);
      process.exit(1);
    }, deadlineMs);
    close().then(
      () => {
        clearTimeout(deadline);
        log('Tenon stopped: requests finished, database closed');
        process.exit(0);
      },
      (error: unknown) => {
        log(`Tenon: stopping failed: ${error instanceof Error ? error.stack : String(error)}`);
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
