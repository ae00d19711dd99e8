/**
 * A live model's list against a built-in entity's (issue 38: p95 within 10 % at 100,000 rows). Both are the same
 * model: once published live (served through /api/blade-live/<code>/page), once served as a built-in definition (the
 * app built with it, /api/blade-desk/<code>/page); both tables hold the same rows. One in-process app on a fresh PGlite
 * folder; the requests alternate, one at a time, through `app.inject`, so both sides pay the same hooks.
 *
 *   node_modules/.bin/tsx bench/develop-live.ts [--rows 100000] [--requests 300]
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { buildApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';
import { entityTableStatements } from '../src/server/modules/develop/entity-ddl.ts';
import { nextId } from '../src/server/platform/ids.ts';
import { modelToEntity, type PrototypeRow } from '../src/shared/develop/model-entity.ts';
import { log } from './support.ts';

const { values } = parseArgs({
  options: { rows: { type: 'string', default: '100000' }, requests: { type: 'string', default: '300' } },
});
const ROWS = Number(values.rows);
const REQUESTS = Number(values.requests);

const FIELDS: PrototypeRow[] = [
  { jdbcName: 'title', propertyName: 'title', fieldType: 'string', isList: 1, isForm: 1, isQuery: 1, sort: 1 },
  { jdbcName: 'amount', propertyName: 'amount', fieldType: 'money', isList: 1, isForm: 1, sort: 2 },
  { jdbcName: 'pages', propertyName: 'pages', fieldType: 'int', isList: 1, isForm: 1, sort: 3 },
];
const builtin = modelToEntity({ modelName: '内置', modelCode: 'benchbuiltin', modelTable: 'bench_builtin' }, FIELDS, {
  service: 'blade-desk',
});

const p95 = (times: number[]) => times.toSorted((a, b) => a - b)[Math.floor(times.length * 0.95)];

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'tenon-bench-live-'));
  const config = loadConfig({ DATA_DIR: dataDir, TENON_JWT_SECRET: 'x'.repeat(48), LOG_LEVEL: 'error' });
  const { app, services, close } = await buildApp(config, { entities: [builtin] });
  try {
    const { db } = services;
    for (const statement of entityTableStatements(builtin)) await sql.raw(statement).execute(db);
    const modelId = nextId();
    await db
      .insertInto('blade_model')
      .values({ id: modelId, model_name: '在线', model_code: 'benchlive', model_table: 'bench_live' })
      .execute();
    for (const field of FIELDS)
      await db
        .insertInto('blade_model_prototype')
        .values({
          id: nextId(),
          model_id: modelId,
          jdbc_name: field.jdbcName,
          property_name: field.propertyName,
          field_type: String(field.fieldType),
          is_list: 1,
          is_form: 1,
          is_query: field.isQuery ?? 0,
          sort: field.sort ?? 0,
        })
        .execute();

    const basic = `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`;
    const password = createHash('md5').update('admin').digest('hex');
    const login = await app.inject({
      method: 'POST',
      url: `/api/blade-auth/oauth/token?tenantId=000000&username=admin&password=${password}&grant_type=password&scope=all`,
      headers: { authorization: basic, 'tenant-id': '000000' },
    });
    const headers = { authorization: basic, 'blade-auth': `bearer ${login.json().access_token}` };
    const published = await app.inject({
      method: 'POST',
      url: `/api/blade-develop/model/publish?id=${modelId}`,
      headers,
    });
    if (published.json().code !== 200) throw new Error(published.body);

    for (const table of ['bench_builtin', 'bench_live']) {
      await sql
        .raw(
          `insert into ${table} (id, tenant_id, title, amount, pages, create_time, is_deleted, status)
           select 1900000000000000000 + g, '000000', 'title ' || g, g % 1000, g % 500, now(), 0, 1
           from generate_series(1, ${ROWS}) g`,
        )
        .execute(db);
      await sql.raw(`analyze ${table}`).execute(db);
    }
    log(`${ROWS} rows in each table`);

    const time = async (url: string) => {
      const started = performance.now();
      const res = await app.inject({ method: 'GET', url, headers });
      if (!res.body.startsWith('{"code":200')) throw new Error(`${url}: ${res.body.slice(0, 200)}`);
      return performance.now() - started;
    };
    const urls = {
      builtin: (page: number) => `/api/blade-desk/benchbuiltin/page?current=${page}&size=10`,
      live: (page: number) => `/api/blade-live/benchlive/page?current=${page}&size=10`,
    };
    for (let i = 0; i < 30; i++) await Promise.all([time(urls.builtin(1)), time(urls.live(1))]);
    const times = { builtin: [] as number[], live: [] as number[] };
    for (let i = 0; i < REQUESTS; i++) {
      const page = 1 + (i % 50);
      // Alternating which goes first, so neither always meets a warmer cache.
      if (i % 2) {
        times.builtin.push(await time(urls.builtin(page)));
        times.live.push(await time(urls.live(page)));
      } else {
        times.live.push(await time(urls.live(page)));
        times.builtin.push(await time(urls.builtin(page)));
      }
    }
    const builtinP95 = p95(times.builtin);
    const liveP95 = p95(times.live);
    const ratio = liveP95 / builtinP95;
    log(`list p95 at ${ROWS} rows: built-in ${builtinP95.toFixed(2)} ms, live ${liveP95.toFixed(2)} ms`);
    log(`ratio live/built-in ${ratio.toFixed(3)} (goal <= 1.10): ${ratio <= 1.1 ? 'PASS' : 'FAIL'}`);
    process.exitCode = ratio <= 1.1 ? 0 : 1;
  } finally {
    await close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
