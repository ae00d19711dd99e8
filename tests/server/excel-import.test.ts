import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { XlsxWriter } from '../../src/server/platform/entity/xlsx-writer.ts';
import { HEALTH_LIVE_PATH, METRICS_PATH } from '../../src/shared/contract/governance.ts';
import { defineEntity } from '../../src/shared/entities/define.ts';
import { BASIC_SABER, expectOk, startApp, type TestApp } from '../support/app.ts';
import { copyTemplate, type DatabaseCopy } from '../support/database.ts';
import { createDept, createTenantAdmin } from '../support/factories.ts';
import { startServer, tokenOf, type RunningServer } from '../support/process.ts';
import { multipartFile, workbookOf } from '../support/uploads.ts';

/**
 * Issue 30 item 5: a workbook is read as it inflates and stops at the row limit or at 64 MB of XML, so one upload
 * cannot hold the server (a 3 MB file of 55 MB XML held /api/health/live 13 s and took 1 GB); a tenant's imports run
 * one after the other. The cells still read as Excel shows them.
 */
const USER_IMPORT = '/api/blade-system/user/import-user';

/** An .xlsx of `count` identical rows under the user import's headers, written as the exports are. */
async function userSheet(count: number, row: string[]): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  const headers = ['登录账号', '用户姓名', '所属角色', '所属部门'].slice(0, row.length);
  const sheet = new XlsxWriter(
    out,
    'users',
    headers.map((header) => ({ header, width: 12, format: 'text' })),
  );
  await sheet.start();
  for (let i = 0; i < count; i++) await sheet.addRow(row);
  await sheet.close();
  return Buffer.concat(chunks);
}

describe('a heavy workbook posted to a server process', () => {
  let copy: DatabaseCopy;
  let server: RunningServer;
  let token: string;
  beforeAll(async () => {
    copy = await copyTemplate();
    server = await startServer({ DATA_DIR: copy.dataDir, DATABASE_URL: copy.databaseUrl });
    token = (await tokenOf(server.url)).access_token;
  });
  afterAll(async () => {
    await server?.stop();
    await copy?.drop();
  });

  /** The longest the server's event loop was held since the last reading (prom-client resets it on each scrape). */
  async function loopHeldMs(): Promise<number> {
    const res = await fetch(`${server.url}${METRICS_PATH}`, { headers: { 'blade-auth': `bearer ${token}` } });
    expect(res.status).toBe(200);
    const seconds = /^nodejs_eventloop_lag_max_seconds (\S+)$/m.exec(await res.text())?.[1];
    expect(seconds).toBeDefined();
    return Number(seconds) * 1000;
  }

  /** Posts the workbook and asks for liveness, one request after the other, until the import answers. */
  async function importWhilePolling(file: Buffer) {
    const body = multipartFile(file, { isCovered: '0' });
    await loopHeldMs();
    let answered = false;
    const answer = fetch(`${server.url}${USER_IMPORT}`, {
      method: 'POST',
      headers: { authorization: BASIC_SABER, 'blade-auth': `bearer ${token}`, ...body.headers },
      body: body.payload,
    })
      .then((res) => res.json())
      .finally(() => (answered = true));
    const waits: number[] = [];
    while (!answered) {
      const asked = performance.now();
      const live = await fetch(`${server.url}${HEALTH_LIVE_PATH}`);
      expect(live.status).toBe(200);
      await live.arrayBuffer();
      waits.push(performance.now() - asked);
    }
    return { answer: await answer, waits, held: await loopHeldMs() };
  }

  it.each([
    // The shape: few MB, tens of MB of XML, far more rows than the limit.
    ['560,000 rows (55 MB of XML)', () => userSheet(560_000, ['a']), '一次最多导入10000行数据'],
    // Under the row limit, over the XML limit.
    [
      '2,400 rows of 30,000 characters (72 MB)',
      () => userSheet(2_400, ['a', 'x'.repeat(30_000)]),
      '导入文件解压后过大,不能超过64MB',
    ],
  ])(
    'of %s is refused, and the server answers others within a second meanwhile',
    async (_, build, message) => {
      const file = await build();
      expect(file.length).toBeLessThan(10 * 1024 * 1024);
      const { answer, waits, held } = await importWhilePolling(file);
      expect(answer).toMatchObject({ code: 400, success: false, msg: message });
      // The import was watched, and never held the server's loop: measured in the server, since a
      // round trip's time on a busy 2-core machine also counts the test process waiting for a core (337 ms seen on a
      // loaded machine); the answers seen from outside came promptly all the same. The bound tells a loop that yields
      // from one held by a parse (13 s before the import streamed) with room for a machine at load 15, where a
      // yielding loop's longest hold was measured at 203 ms: the hold's size is bench material, not a test's.
      // At least one answer came while the import ran: a quiet machine refuses it within three round trips.
      expect(waits.length).toBeGreaterThan(0);
      expect(held).toBeLessThan(1000);
      expect(waits.sort((a, b) => a - b)[Math.floor(waits.length / 2)]).toBeLessThan(1000);
    },
    120_000,
  );
});

/** An entity imported through the engine's route, whose rows the test can hold on their way in. */
const turn = defineEntity({
  name: 'test-turn',
  service: 'blade-desk',
  table: 'test_turn',
  label: { zh: '测试导入', en: 'Test import' },
  code: 'test_turn',
  tenant: true,
  audit: false,
  excel: { file: { zh: '测试导入', en: 'Test import' }, import: true },
  fields: {
    name: { type: 'string', max: 32, list: true, form: true, export: true, label: { zh: '名称', en: 'Name' } },
  },
  defaultSort: [['name', 'asc']],
});

describe('an import in the server', () => {
  let t: TestApp;
  let admin: string;
  /** The names the engine has been given, in order, and the hold on the row named `held`. */
  const prepared: string[] = [];
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));

  beforeAll(async () => {
    t = await startApp({}, undefined, { entities: [turn] });
    await sql`create table test_turn (id bigint primary key, tenant_id varchar(12) not null, name varchar(32) not null,
      is_deleted int not null default 0)`.execute(t.services.db);
    t.services.entities.get('test-turn')!.use({
      prepare: async (_user, input) => {
        prepared.push(String(input.name));
        if (input.name === 'held') await held;
        return input;
      },
    });
    admin = await t.tokenOf();
  });
  afterAll(() => t?.stop());

  const importTurn = async (names: string[]) => {
    const body = multipartFile(await workbookOf([['名称'], ...names.map((name) => [name])]), {}, 'turn.xlsx');
    return t.post('/api/blade-desk/test-turn/import-test-turn', admin, body.payload, body.headers);
  };
  const imports = async (state: 'running' | 'waiting') => {
    const res = await t.get(METRICS_PATH, admin);
    return Number(new RegExp(`^tenon_imports\\{state="${state}"\\} (\\d+)$`, 'm').exec(res.body)?.[1]);
  };
  const until = async (what: () => Promise<boolean> | boolean) => {
    while (!(await what())) await new Promise((resolve) => setImmediate(resolve));
  };

  it('reads dates, rich text, formula results and merged cells as Excel shows them', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('users');
    sheet.addRow(['登录账号', '用户姓名', '所属角色', '所属部门', '生日']);
    sheet.addRow([
      'cells-1',
      { richText: [{ text: '张' }, { font: { bold: true }, text: '三' }] },
      '用户',
      '常州布雷德',
    ]);
    sheet.addRow([{ formula: 'LOWER("CELLS-2")', result: 'cells-2' }, '李四', '用户', null]);
    sheet.getCell('E2').value = new Date(Date.UTC(1990, 4, 6));
    sheet.mergeCells('D2:D3');
    const file = Buffer.from(await workbook.xlsx.writeBuffer());
    const body = multipartFile(file, { isCovered: '0' });
    expectOk(await t.post(USER_IMPORT, admin, body.payload, body.headers));
    const saved = await t.services.db
      .selectFrom('blade_user')
      .select(['account', 'real_name', 'dept_id', 'birthday'])
      .where('account', 'in', ['cells-1', 'cells-2'])
      .orderBy('account')
      .execute();
    const dept = await t.services.db
      .selectFrom('blade_dept')
      .select('id')
      .where('dept_name', '=', '常州布雷德')
      .executeTakeFirstOrThrow();
    expect(saved.map((row) => [row.account, row.real_name, String(row.dept_id)])).toEqual([
      ['cells-1', '张三', String(dept.id)],
      ['cells-2', '李四', String(dept.id)],
    ]);
    expect(String(saved[0].birthday).slice(0, 10)).toBe('1990-05-06');
  });

  it("of one tenant run one after the other, the later waiting for its turn, while other tenants' run", async () => {
    const first = importTurn(['held', 'first-2']);
    await until(() => prepared.includes('held'));
    const second = importTurn(['second-1']);
    await until(async () => (await imports('waiting')) === 1);

    // Another tenant's import is not in that queue.
    const other = await createTenantAdmin(t, '330001', ['user', 'user_import']);
    await createDept(t, '330001', '总部');
    const users = multipartFile(
      await workbookOf([
        ['登录账号', '用户姓名', '所属角色', '所属部门'],
        ['turn-b', 'B', 'admin', '总部'],
      ]),
      { isCovered: '0' },
    );
    expectOk(await t.post(USER_IMPORT, other.token, users.payload, users.headers));
    expect(prepared).toEqual(['held']);

    release();
    expect(expectOk(await first)).toBe(2);
    expect(expectOk(await second)).toBe(1);
    expect(prepared).toEqual(['held', 'first-2', 'second-1']);
    expect([await imports('running'), await imports('waiting')]).toEqual([0, 0]);
  });
});
