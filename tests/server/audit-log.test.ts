import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { expectError, expectOk, md5, startApp, type TestApp } from '../support/app.ts';
import { createTenantAdmin } from '../support/factories.ts';
import { CHANGE_CALL_URL, CHANGE_RECORD_URL } from '../../src/shared/contract/api/log.ts';
import type { ChangeRecordView } from '../../src/shared/contract/api/log.schemas.ts';
import { usualLog } from '../../src/server/platform/audit/usual-log.ts';
import { redactedParams } from '../../src/server/platform/audit/redact.ts';
import { BatchQueue } from '../../src/server/platform/audit/batch-queue.ts';

/**
 * The audit trail (issue 36; contract resource-desk-log.md §8): 接口日志 of every mutating call and sign-in, 通用日志
 * of the business logger, and the change records of entity writes, read by 操作记录 and the API log's detail.
 */
const API = '/api/blade-log/api';
const USUAL = '/api/blade-log/usual';
const PARAM = '/api/blade-system/param';
const POST = '/api/blade-system/post';
let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await startApp();
  admin = await t.tokenOf();
}, 60_000);
afterAll(() => t?.stop());

interface ApiRow {
  id: string;
  tenantId: string;
  type: string;
  title: string;
  method: string;
  requestUri: string;
  remoteIp: string;
  userAgent: string;
  createBy: string;
  params: string;
  time: string;
}

const page = async (url: string, token: string, query = '') =>
  expectOk(await t.get(`${url}/list?size=100${query}`, token)) as { total: number; records: ApiRow[] };

/** The rows are written a moment after the answer: flushed here rather than waited for. */
const flushed = () => t.services.audit.flush();

describe('the API log', () => {
  it('records a failed sign-in with its address and client, never its password', async () => {
    const res = await t.login('admin', 'wrong-password', '000000', {
      'user-agent': 'audit-test-agent',
      'x-forwarded-for': '10.1.2.3',
    });
    expect(res.statusCode).toBe(400);
    await flushed();
    const rows = (await page(API, admin, '&createBy=admin')).records.filter((r) => r.userAgent === 'audit-test-agent');
    expect(rows).toHaveLength(1);
    const [row] = rows;
    expect(row).toMatchObject({
      type: '2',
      title: '登录用户验证',
      method: 'POST',
      requestUri: '/api/blade-auth/oauth/token',
      tenantId: '000000',
    });
    expect(row.remoteIp).not.toBe('');
    const detail = expectOk(await t.get(`${API}/detail?id=${row.id}`, admin)) as ApiRow;
    expect(detail.params).toContain('grant_type');
    expect(detail.params).not.toContain(md5('wrong-password'));
    expect(detail.params).toContain('******');
    expect(Number(detail.time)).toBeGreaterThanOrEqual(0);
    // A successful one is type 1; a read is not recorded.
    await t.tokenOf();
    await t.get(`${PARAM}/list`, admin, { 'user-agent': 'audit-read-agent' });
    await flushed();
    const all = (await page(API, admin)).records;
    expect(all.some((r) => r.requestUri === '/api/blade-auth/oauth/token' && r.type === '1')).toBe(true);
    expect(all.some((r) => r.userAgent === 'audit-read-agent')).toBe(false);
  });

  it('redacts secrets at any depth, whatever their case', () => {
    expect(
      redactedParams({
        account: 'a',
        Password: 'x',
        nested: { newPassword: 'y', list: [{ accessKeySecret: 'z', API_KEY: 'k', name: 'n' }] },
        refresh_token: 'r',
        assignee: 'kept',
      }),
    ).toEqual({
      account: 'a',
      Password: '******',
      nested: { newPassword: '******', list: [{ accessKeySecret: '******', API_KEY: '******', name: 'n' }] },
      refresh_token: '******',
      assignee: 'kept',
    });
  });

  it("shows a field change with old and new values, in the call's detail and in the record's 操作记录", async () => {
    const saved = expectOk(
      await t.post(`${PARAM}/submit`, admin, { paramName: '审计', paramKey: 'audit.key', paramValue: 'one' }),
    ) as { id: string };
    expectOk(await t.post(`${PARAM}/submit`, admin, { id: saved.id, paramValue: 'two', secretToken: 'hidden' }));
    await flushed();
    const history = expectOk(
      await t.get(`${CHANGE_RECORD_URL}?entity=param&id=${saved.id}`, admin),
    ) as ChangeRecordView[];
    expect(history.map((c) => c.operation)).toEqual(['update', 'insert']);
    expect(history[0]).toMatchObject({
      createBy: 'admin',
      entityLabel: { zh: '参数' },
      changes: [{ field: 'paramValue', label: { zh: '参数键值', en: 'Parameter value' }, old: 'one', new: 'two' }],
    });
    expect(history[1].changes).toEqual(
      expect.arrayContaining([expect.objectContaining({ field: 'paramKey', new: 'audit.key' })]),
    );
    // The row's id and tenant are the record's own columns, not changes of it.
    expect(history[1].changes.map((c) => c.field)).not.toContain('id');
    expect(history[1].changes.map((c) => c.field)).not.toContain('tenantId');
    // The update's call: its API log row, whose detail lists what it changed.
    // Rows of one second tie in the list's order (create_time keeps seconds): the update's is the one with `two`.
    const calls = (await page(API, admin, `&requestUri=${PARAM}/submit`)).records;
    const call = calls.find((r) => r.params.includes('"id"'))!;
    expect(call).toMatchObject({ type: '1', createBy: 'admin', method: 'POST' });
    expect(call.params).toContain('"paramValue":"two"');
    expect(call.params).not.toContain('hidden');
    const changed = expectOk(await t.get(`${CHANGE_CALL_URL}?id=${call.id}`, admin)) as ChangeRecordView[];
    expect(changed).toHaveLength(1);
    expect(changed[0]).toMatchObject({
      recordId: saved.id,
      changes: [{ field: 'paramValue', old: 'one', new: 'two' }],
    });
    // An update that changes nothing leaves no record; a removal leaves one with the values it had.
    expectOk(await t.post(`${PARAM}/submit`, admin, { id: saved.id, paramValue: 'two' }));
    expectOk(await t.post(`${PARAM}/remove?ids=${saved.id}`, admin));
    const rows = await t.services.db
      .selectFrom('blade_log_change')
      .select(['operation'])
      .where('record_id', '=', saved.id)
      .orderBy('id')
      .execute();
    expect(rows.map((r) => r.operation)).toEqual(['insert', 'update', 'delete']);
  });

  it("shows a tenant its own rows and the platform every tenant's; closed without the menu", async () => {
    const other = await createTenantAdmin(t, '330021', ['log_api', 'log_usual', 'post', 'post_add', 'post_edit']);
    const saved = expectOk(
      await t.post(`${POST}/submit`, other.token, { category: 1, postCode: 'audit', postName: '审计', sort: 1 }),
    ) as { id: string };
    await flushed();
    const theirs = (await page(API, other.token)).records;
    expect(theirs.length).toBeGreaterThan(0);
    expect(new Set(theirs.map((r) => r.tenantId))).toEqual(new Set(['330021']));
    const platform = (await page(API, admin, '&tenantId=330021')).records;
    expect(platform.map((r) => r.id)).toEqual(expect.arrayContaining(theirs.map((r) => r.id)));
    const mine = (await page(API, admin, '&tenantId=000000')).records[0];
    expect(expectOk(await t.get(`${API}/detail?id=${mine.id}`, other.token))).toBeNull();
    expectError(await t.get(`${CHANGE_CALL_URL}?id=${mine.id}`, other.token), 400);
    // The tenant's record history is his, and the platform's administrator reads it too.
    const own = expectOk(await t.get(`${CHANGE_RECORD_URL}?entity=post&id=${saved.id}`, other.token));
    expect(own).toHaveLength(1);
    const url = `${CHANGE_RECORD_URL}?entity=post&id=${saved.id}&tenantId=330021`;
    expect(expectOk(await t.get(url, admin))).toHaveLength(1);
    // Another tenant's administrator holding the menu sees neither the record nor its history.
    const clerk = await createTenantAdmin(t, '330022', ['post'], 'clerk');
    expectError(await t.get(`${API}/list`, clerk.token), 403);
    expectError(await t.get(`${USUAL}/list`, clerk.token), 403);
    expectError(await t.get(`${CHANGE_RECORD_URL}?entity=post&id=${saved.id}`, clerk.token), 400);
    expectError(await t.get(`${CHANGE_RECORD_URL}?entity=nothing&id=1`, clerk.token), 403);
    expectError(await t.post(`${API}/submit`, admin, { title: 'forged' }), 404);
  });

  it("writes a batch that holds several tenants' rows, whichever tenant's request started it", async () => {
    // The batch's timer runs in the context of the request that queued its first row: here a tenant's.
    const { api } = t.services.audit;
    await api.flush();
    const failedBefore = api.stats.failed;
    const clerk = await createTenantAdmin(t, '330041', ['post', 'post_add'], 'batch');
    const theirs = `B${Date.now() % 1e9}`;
    expectOk(await t.post(`${POST}/submit`, clerk.token, { category: 1, postCode: theirs, postName: theirs, sort: 1 }));
    const ours = `batch.${Date.now()}`;
    expectOk(await t.post(`${PARAM}/submit`, admin, { paramName: '平台批次', paramKey: ours, paramValue: '1' }));
    const written = async () =>
      [
        ...(await page(API, admin, `&requestUri=${POST}/submit`)).records.filter((r) => r.params.includes(theirs)),
        ...(await page(API, admin, `&requestUri=${PARAM}/submit`)).records.filter((r) => r.params.includes(ours)),
      ].map((r) => r.tenantId);
    await expect.poll(written, { timeout: 20_000 }).toEqual(['330041', '000000']);
    expect(api.stats.failed).toBe(failedBefore);
  });

  it('never fails a request: a broken insert is swallowed and counted', async () => {
    const { api } = t.services.audit;
    const failedBefore = api.stats.failed;
    const insertInto = t.services.db.insertInto.bind(t.services.db);
    const write = vi.spyOn(t.services.db, 'insertInto').mockImplementation(((table: string) => {
      if (table === 'blade_log_api') throw new Error('the log table is gone');
      return insertInto(table as never);
    }) as never);
    try {
      const res = await t.login('admin', 'wrong-again');
      expect(res.statusCode).toBe(400);
      await api.flush();
    } finally {
      write.mockRestore();
    }
    expect(api.stats.failed).toBeGreaterThan(failedBefore);
    expectOk(await t.get(`${PARAM}/list`, admin));
  });
});

describe('the usual log', () => {
  it("keeps the business logger's rows by level and id, the caller's tenant only", async () => {
    const logger = usualLog(t.services);
    logger.info('audit-test', { sent: 3 }, { tenantId: '000000', account: 'admin' });
    logger.warn('audit-test', 'slow gateway', { tenantId: '330031', account: 'boss' });
    await flushed();
    const rows = (await page(USUAL, admin, '&logId=audit-test')).records as unknown as Array<Record<string, string>>;
    expect(rows.map((r) => [r.logLevel, r.logData, r.tenantId])).toEqual(
      expect.arrayContaining([
        ['warn', 'slow gateway', '330031'],
        ['info', '{"sent":3}', '000000'],
      ]),
    );
    expect(rows).toHaveLength(2);
    const other = await createTenantAdmin(t, '330031', ['log_usual']);
    const theirs = (await page(USUAL, other.token, '&logId=audit-test')).records as unknown as Array<
      Record<string, string>
    >;
    expect(theirs.map((r) => r.logData)).toEqual(['slow gateway']);
  });
});

describe('the audit queue', () => {
  it('writes in batches, drops and counts beyond its bound, and writes what waits when closed', async () => {
    const batches: number[][] = [];
    let release!: () => void;
    const held = new Promise<void>((done) => (release = done));
    const queue = new BatchQueue<number>({
      batchRows: 3,
      maxQueued: 5,
      flushMs: 60_000,
      write: async (rows) => {
        if (!batches.length) await held; // the first write is slow: rows pile up behind it
        batches.push(rows);
      },
    });
    for (let i = 1; i <= 9; i++) queue.push(i);
    // 1-3 are being written; 4-8 wait (the bound); 9 is dropped.
    expect(queue.stats).toMatchObject({ dropped: 1, queued: 5 });
    release();
    await queue.close();
    expect(batches).toEqual([
      [1, 2, 3],
      [4, 5, 6],
      [7, 8],
    ]);
    expect(queue.stats).toMatchObject({ written: 8, dropped: 1, failed: 0, queued: 0 });
    expect(queue.push(10)).toBe(false);
  });
});
