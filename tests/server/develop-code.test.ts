import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CODE_COPY_URL,
  CODE_DOWNLOAD_URL,
  CODE_GEN_URL,
  CODE_PREVIEW_URL,
} from '../../src/shared/contract/api/develop.ts';
import { expectOk, startApp, type TestApp } from '../support/app.ts';
import { zipEntries } from '../support/zip.ts';
import { createCode, createModel, DEV, MARIADB_HEADER, MARIADB_LINE, PG_COLUMNS } from './develop-gen.support.ts';

/**
 * 代码生成 (issue 38 point 2) over HTTP: the files a code row generates (preview), the same in a zip (download), a
 * copy of the row, and the refusals: no writing outside development mode, and bad models answered 400 with nothing
 * written. The generated module compiling and passing its own test: develop-generate.test.ts.
 */
let t: TestApp;
let admin: string;
let itemModel: string;
let itemCode: string;

const failure = (res: { statusCode: number; json(): { msg: string } }) => {
  expect(res.statusCode).toBe(400);
  return res.json().msg;
};

beforeAll(async () => {
  t = await startApp();
  admin = await t.tokenOf();
  itemModel = await createModel(
    t,
    admin,
    { modelName: '物品', modelCode: 'genitem', modelTable: 'gen_item', modelClass: 'Item' },
    PG_COLUMNS,
  );
  itemCode = await createCode(t, admin, { modelId: itemModel, codeName: '物品', templateType: 'crud' });
});
afterAll(() => t?.stop());

describe('the code generator', () => {
  it('previews the module a row generates, file by file', async () => {
    const files: { path: string; language: string; content: string }[] = expectOk(
      await t.get(`${CODE_PREVIEW_URL}?id=${itemCode}`, admin),
    );
    const paths = files.map((file) => file.path);
    expect(paths).toEqual([
      'src/shared/entities/masterdata/genitem.ts',
      expect.stringMatching(/^src\/server\/db\/migrations\/\d{4}_genitem\.sql$/),
      'src/server/modules/masterdata/genitem.generated.ts',
      'src/server/modules/masterdata/manifest.ts',
      'tests/server/generated/genitem.test.ts',
    ]);
    const definition = files[0].content;
    expect(definition).toContain('export const genitem = defineEntity({');
    expect(definition).toContain("label: { zh: '物品', en: 'Item' }");
    const migration = files[1].content;
    expect(migration).toContain('create table "gen_item"');
    expect(migration).toContain('"weight" numeric(10,3)');
    expect(migration).toContain("select tenon_isolate_tenant_rows('gen_item')");
    expect(files[2].content).not.toContain('_submit');
    expect(files[3].content).toContain('entities: [...genitemGenerated.entities');
    expect(files.map((file) => file.language)).toEqual(['typescript', 'sql', 'typescript', 'typescript', 'typescript']);
  });

  it("serves the module under the row's service, and gives an approved model its 提交审批 button", async () => {
    const approved = await createModel(
      t,
      admin,
      { modelName: '采购申请', modelCode: 'genbuy', modelTable: 'gen_buy', approvalKind: 'finance' },
      PG_COLUMNS,
    );
    const id = await createCode(t, admin, {
      modelId: approved,
      codeName: '采购申请',
      templateType: 'crud',
      serviceName: 'blade-desk',
    });
    const files: { path: string; content: string }[] = expectOk(await t.get(`${CODE_PREVIEW_URL}?id=${id}`, admin));
    const byPath = (end: string) => files.find((file) => file.path.endsWith(end))!.content;
    expect(byPath('/genbuy.ts')).toContain("service: 'blade-desk'");
    const entry = byPath('/genbuy.generated.ts');
    expect(entry).toContain("import { business, btn, exportBtn, importBtn } from '../../platform/menus.ts';");
    expect(entry).toMatch(
      /btn\(\s*'genbuy_submit',\s*'提交审批',\s*'Submit for approval',\s*'submit',\s*'upload',\s*2,\s*'\/api\/blade-\w+\/process\/finance\/start-process',?\s*\)/,
    );
  });

  it('zips the files of some rows', async () => {
    const res = await t.get(`${CODE_DOWNLOAD_URL}?ids=${itemCode}`, admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    const entries = zipEntries(res.rawPayload);
    expect([...entries.keys()]).toContain('src/shared/entities/masterdata/genitem.ts');
    expect(entries.get('tests/server/generated/genitem.test.ts')).toContain('startApp');
  });

  it('copies a row under its name + -copy', async () => {
    const { id } = expectOk(await t.post(`${CODE_COPY_URL}?id=${itemCode}`, admin));
    const copy = expectOk(await t.get(`${DEV}/code/detail?id=${id}`, admin));
    expect(copy).toMatchObject({ codeName: '物品-copy', modelId: itemModel, templateType: 'crud' });
  });

  it('writes into the working tree only in development mode', async () => {
    expect(failure(await t.post(`${CODE_GEN_URL}?ids=${itemCode}`, admin))).toContain('TENON_DEV_WRITE=1');
  });

  it('refuses bad models, templates and names with a clear 400', async () => {
    expect(failure(await t.get(`${CODE_PREVIEW_URL}?id=abc`, admin))).toContain('id');
    expect(failure(await t.get(`${CODE_DOWNLOAD_URL}?ids=`, admin))).toContain('ids');
    expect(failure(await t.post(`${CODE_COPY_URL}?id=1'`, admin))).toContain('id');
    const empty = await createModel(t, admin, { modelName: '空', modelCode: 'genempty', modelTable: 'gen_empty' }, []);
    const preview = async (row: Record<string, unknown>) =>
      failure(await t.get(`${CODE_PREVIEW_URL}?id=${await createCode(t, admin, { codeName: 'x', ...row })}`, admin));
    expect(await preview({ modelId: empty })).toContain('没有字段');
    expect(await preview({ modelId: itemModel, templateType: 'sub' })).toContain('子表');
    expect(await preview({ modelId: itemModel, templateType: 'tree' })).toContain('树名称');
    expect(await preview({ modelId: itemModel, templateType: 'tree', treeName: 'nope' })).toContain('nope');
    expect(await preview({ modelId: itemModel, pkName: 'item_id' })).toContain('没有主键');
    expect(await preview({ modelId: itemModel, packageName: '../system' })).toContain('不是本系统的模块');
    expect(await preview({ modelId: itemModel, serviceName: 'blade-nosuch' })).toContain(
      '服务名称“blade-nosuch”不是本系统的服务',
    );
    const unknownKind = await createModel(
      t,
      admin,
      { modelName: '审', modelCode: 'genkind', modelTable: 'gen_kind', approvalKind: 'nosuchkind' },
      PG_COLUMNS,
    );
    expect(await preview({ modelId: unknownKind })).toBe('审批类型 nosuchkind 不存在');
    const line = await createModel(
      t,
      admin,
      { modelName: '行', modelCode: 'genrow', modelTable: 'gen_row' },
      MARIADB_LINE,
    );
    expect(await preview({ modelId: itemModel, templateType: 'sub', subModelId: line, subFkId: 'nope' })).toContain(
      'nope',
    );
    // Names that would leave the module folder or break the code: stored straight, as a catalog could hand them.
    for (const [name, value] of [
      ['model_code', '../x'],
      ['model_code', 'a/b'],
      ['model_code', '/etc/x'],
      ['model_table', 'x"; drop table blade_user; --'],
    ]) {
      const bad = await createModel(
        t,
        admin,
        { modelName: '坏', modelCode: `genbad${name.length}`, modelTable: 'gen_bad' },
        PG_COLUMNS,
      );
      await sql`update blade_model set ${sql.ref(name)} = ${value} where id = ${bad}`.execute(t.services.db);
      expect(await preview({ modelId: bad })).toContain(value);
      await sql`delete from blade_model where id = ${bad}`.execute(t.services.db);
    }
    // A table of the app's database with other columns.
    const clash = await createModel(
      t,
      admin,
      { modelName: '用户', modelCode: 'genuser', modelTable: 'blade_user' },
      PG_COLUMNS,
    );
    expect(await preview({ modelId: clash })).toContain('blade_user');
  });

  it('generates a tree and a document with lines', async () => {
    const tree = await createCode(t, admin, {
      modelId: itemModel,
      codeName: '树',
      templateType: 'tree',
      treeName: 'item_no',
    });
    const treeFiles: { content: string }[] = expectOk(await t.get(`${CODE_PREVIEW_URL}?id=${tree}`, admin));
    expect(treeFiles[0].content).toMatch(/tree: \{\s+title: 'itemNo'/);
    expect(treeFiles[1].content).toContain('"parent_id" bigint not null default 0');
    const header = await createModel(
      t,
      admin,
      { modelName: '单据', modelCode: 'genbill', modelTable: 'gen_bill' },
      MARIADB_HEADER,
    );
    const line = await createModel(
      t,
      admin,
      { modelName: '单据明细', modelCode: 'genbillline', modelTable: 'gen_bill_line' },
      MARIADB_LINE,
    );
    const sub = await createCode(t, admin, {
      modelId: header,
      codeName: '单据',
      templateType: 'sub',
      subModelId: line,
      subFkId: 'bill_id',
    });
    const files: { content: string }[] = expectOk(await t.get(`${CODE_PREVIEW_URL}?id=${sub}`, admin));
    expect(files[0].content).toContain('entity: genbillline');
    expect(files[0].content).toContain("foreignKey: 'billId'");
    expect(files[1].content).toContain('create table "gen_bill_line"');
    expect(files[1].content).toContain('"kehu_mingcheng" varchar(100)');
  });
});
