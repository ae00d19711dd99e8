import Fastify, { type FastifyInstance } from 'fastify';
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRequests, requestsAnswering, stepAside } from '../../src/server/platform/yield-to-requests.ts';

/**
 * Long work steps aside for the requests a process is answering (platform/yield-to-requests.ts), over HTTP: a request
 * held open by its handler until the test lets it go.
 */
let app: FastifyInstance;
let port: number;
let release: () => void = () => undefined;
let arrived: () => void = () => undefined;

beforeAll(async () => {
  app = Fastify();
  countRequests(app);
  app.get('/held', async () => {
    arrived();
    await new Promise<void>((resolve) => (release = resolve));
    return { ok: true };
  });
  app.get('/quick', async () => ({ ok: true }));
  await app.listen({ host: '127.0.0.1', port: 0 });
  port = (app.server.address() as { port: number }).port;
});
afterAll(() => app.close());

/** A GET of `path` whose handler has started; `answer` is its body, `abort` drops its connection. */
async function held() {
  const started = new Promise<void>((resolve) => (arrived = resolve));
  const req = httpRequest({ host: '127.0.0.1', port, path: '/held' });
  const answer = new Promise<string>((resolve, reject) => {
    req.on('response', (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve(body));
    });
    req.on('error', reject);
  });
  req.end();
  await started;
  return { answer, abort: () => req.destroy() };
}

describe('long work stepping aside for requests', () => {
  it('waits while a request is being answered, and goes on once it is', async () => {
    const { answer } = await held();
    expect(requestsAnswering()).toBe(1);
    let done = false;
    const turn = stepAside(60_000).then(() => (done = true));
    // Other requests come and go meanwhile: many turns of the event loop in which the work could wrongly go on.
    for (let i = 0; i < 5; i++) expect((await fetch(`http://127.0.0.1:${port}/quick`)).status).toBe(200);
    expect(done).toBe(false);
    release();
    await turn;
    expect(await answer).toBe('{"ok":true}');
    expect(requestsAnswering()).toBe(0);
  });

  it('goes on after its longest wait under a load that never pauses', async () => {
    const { answer } = await held();
    const t0 = performance.now();
    await stepAside(30);
    expect(performance.now() - t0).toBeGreaterThanOrEqual(29);
    expect(requestsAnswering()).toBe(1);
    release();
    await answer;
  });

  it('does not wait once the answers are sent or their clients gone', async () => {
    for (let i = 0; i < 5; i++) expect((await fetch(`http://127.0.0.1:${port}/quick`)).status).toBe(200);
    const { abort, answer } = await held();
    abort();
    await expect(answer).rejects.toThrow();
    // The server sees the client gone when its socket closes.
    await expect.poll(() => requestsAnswering()).toBe(0);
    release();
    // Nothing being answered: the work goes on at once (not after its longest wait, which the test would outlast).
    await stepAside(60_000);
  });
});
