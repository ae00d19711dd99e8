import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextId } from '../../src/server/platform/ids.ts';
import { get, post, tokenOf, type RunningServer } from '../support/process.ts';
import { SHARED_STATE, startServerPair, type ServerPair } from '../support/server-pair.ts';

/**
 * Issue 38 point 3: a live model changed on one server process is served at its new version by another at its next
 * request, without a restart (the grants stamp both read from Redis: modules/develop/live-entities.ts). Runs only
 * when both DATABASE_URL and REDIS_URL are set (as scale-out.test.ts).
 */
if (!SHARED_STATE) console.info('develop-live.processes: skipped, it needs DATABASE_URL (PostgreSQL) and REDIS_URL');

describe.skipIf(!SHARED_STATE)('a live model on two server processes (PostgreSQL + Redis)', () => {
  let pair: ServerPair;
  let a: RunningServer;
  let b: RunningServer;

  beforeAll(async () => {
    pair = await startServerPair();
    ({ a, b } = pair);
  }, 180_000);

  afterAll(() => pair?.stop(), 60_000);

  it('publishes on A, is served by B; a field added on A is served by B at its next request', async () => {
    const admin = (await tokenOf(a.url)).access_token;
    const modelId = nextId();
    const client = new pg.Client({ connectionString: pair.copy.databaseUrl });
    await client.connect();
    try {
      await client.query(
        "insert into blade_model (id, model_name, model_code, model_table) values ($1, '双进程', 'livepair', 'live_pair')",
        [modelId],
      );
    } finally {
      await client.end();
    }
    const field = (jdbcName: string, fieldType: string, sort: number) =>
      post(a.url, '/api/blade-develop/model-prototype/submit', admin, {
        modelId,
        jdbcName,
        propertyName: jdbcName,
        fieldType,
        isList: 1,
        isForm: 1,
        sort,
      });
    expect((await field('title', 'string', 1)).status).toBe(200);
    const first = await post(a.url, `/api/blade-develop/model/publish?id=${modelId}`, admin, {});
    expect(first.status, first.text).toBe(200);

    const saved = await post(b.url, '/api/blade-live/livepair/submit', admin, { title: 'B 写的' });
    expect(saved.status, saved.text).toBe(200);

    expect((await field('pages', 'int', 2)).status).toBe(200);
    const second = await post(a.url, `/api/blade-develop/model/publish?id=${modelId}`, admin, {});
    expect(second.status, second.text).toBe(200);
    const edited = await post(b.url, '/api/blade-live/livepair/submit', admin, { id: saved.body.data.id, pages: 12 });
    expect(edited.status, edited.text).toBe(200);
    const read = await get(b.url, `/api/blade-live/livepair/detail?id=${saved.body.data.id}`, admin);
    expect(read.body.data).toMatchObject({ title: 'B 写的', pages: 12 });
    const definition = await get(b.url, '/api/blade-develop/model/live-definition?code=livepair', admin);
    expect(definition.body.data.version).toBe(2);
  });
});
