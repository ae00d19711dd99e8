import { describe, expect, it } from 'vitest';
import { expectError, expectOk, withTestApp, type TestApp } from '../support/app.ts';
import { createDataScope, createRole, createTenantAdmin, createUser, crudCodes } from '../support/factories.ts';

const DEV = '/api/blade-develop';
const LIVE = '/api/blade-live';

let t: TestApp;
let admin: string;
withTestApp((app, token) => {
  t = app;
  admin = token;
});

interface Column {
  jdbcName: string;
  propertyName: string;
  fieldType: string;
  comment?: string;
  [key: string]: unknown;
}

/** A data model of the console's own database with its fields, made as the designer's screen makes them. */
async function createModel(code: string, table: string, columns: Column[]): Promise<string> {
  const saved = expectOk(
    await t.post(`${DEV}/model/submit`, admin, { modelName: `模型${code}`, modelCode: code, modelTable: table }),
  );
  for (const [i, column] of columns.entries()) await addColumn(saved.id, column, i + 1);
  return saved.id as string;
}

const addColumn = async (modelId: string, column: Column, sort = 10) =>
  expectOk(
    await t.post(`${DEV}/model-prototype/submit`, admin, {
      modelId,
      isList: 1,
      isForm: 1,
      sort,
      comment: column.propertyName,
      ...column,
    }),
  );

const publish = (id: string, confirm = false) =>
  t.post(`${DEV}/model/publish?id=${id}${confirm ? '&confirm=1' : ''}`, admin);

const columnsOf = async (table: string) =>
  (
    await t.services.db
      .selectFrom('information_schema.columns' as never)
      .select('column_name' as never)
      .where('table_name' as never, '=', table as never)
      .execute()
  ).map((r) => (r as { column_name: string }).column_name);

const TITLE = { jdbcName: 'title', propertyName: 'title', fieldType: 'string', isRequired: 1, isQuery: 1 };
const AMOUNT = { jdbcName: 'amount', propertyName: 'amount', fieldType: 'money' };

describe('publishing a model serves it as an entity', () => {
  let modelId: string;
  const code = 'livebook';

  it('creates the table, the menu and the buttons, and serves list, submit, detail and remove', async () => {
    modelId = await createModel(code, 'live_book', [TITLE, AMOUNT]);
    const published = expectOk(await publish(modelId));
    expect(published).toMatchObject({ code, table: 'live_book', version: 1 });
    expect(await columnsOf('live_book')).toEqual(expect.arrayContaining(['id', 'tenant_id', 'title', 'amount']));

    const saved = expectOk(await t.post(`${LIVE}/${code}/submit`, admin, { title: '第一本', amount: 12.5 }));
    expect(saved).toMatchObject({ title: '第一本', amount: 12.5 });
    const page = expectOk(await t.get(`${LIVE}/${code}/page?title=第一本`, admin));
    expect(page.records.map((r: { title: string }) => r.title)).toEqual(['第一本']);
    expect(expectOk(await t.get(`${LIVE}/${code}/detail?id=${saved.id}`, admin)).title).toBe('第一本');
    expectError(await t.post(`${LIVE}/${code}/submit`, admin, { amount: 1 }), 400, '请输入title');

    const definition = expectOk(await t.get(`${DEV}/model/live-definition?code=${code}`, admin));
    expect(definition).toMatchObject({ code, version: 1, entity: { service: 'blade-live', name: code } });

    const menus = await t.services.db
      .selectFrom('blade_menu')
      .select(['code', 'path'])
      .where('code', 'like', `${code}%`)
      .where('is_deleted', '=', 0)
      .execute();
    expect(menus.map((m) => m.code).sort()).toEqual(
      [code, ...['add', 'delete', 'edit', 'export', 'import', 'view'].map((v) => `${code}_${v}`)].sort(),
    );
    expect(menus.find((m) => m.code === code)?.path).toBe(`/live/${code}`);
    const mine = expectOk(await t.get('/api/blade-system/menu/routes', admin));
    expect(JSON.stringify(mine)).toContain(`/live/${code}`);
  });

  it('serves tenant users by the menu codes, each tenant seeing only its own rows', async () => {
    const codes = [...crudCodes(code), `${code}_export`];
    const a = await createTenantAdmin(t, '310001', codes, 'livea');
    const b = await createTenantAdmin(t, '310002', codes, 'liveb');
    expectOk(await t.post(`${LIVE}/${code}/submit`, a.token, { title: 'A 的书' }));
    const seenByA = expectOk(await t.get(`${LIVE}/${code}/page`, a.token)).records;
    expect(seenByA.map((r: { title: string }) => r.title)).toEqual(['A 的书']);
    expect(expectOk(await t.get(`${LIVE}/${code}/page`, b.token)).records).toEqual([]);
    const row = seenByA[0] as { id: string };
    expect(expectOk(await t.get(`${LIVE}/${code}/detail?id=${row.id}`, b.token))).toBeNull();

    const roleId = await createRole(t, '310001', 'reader', [code]);
    await createUser(t, { tenantId: '310001', account: 'livereader', password: 'pw', roleId });
    const reader = await t.tokenOf('livereader', 'pw', '310001');
    expect(expectOk(await t.get(`${LIVE}/${code}/page`, reader)).records).toHaveLength(1);
    expectError(await t.post(`${LIVE}/${code}/submit`, reader, { title: 'x' }), 403);
    expectError(await t.post(`${LIVE}/${code}/remove?ids=${row.id}`, reader), 403);
    expectError(await t.get(`${LIVE}/${code}/export-${code}`, reader), 403);
    // Publishing is the platform administrator's.
    expectError(await publish(modelId).then(() => t.post(`${DEV}/model/publish?id=${modelId}`, a.token)), 403);

    const exported = await t.get(`${LIVE}/${code}/export-${code}?blade-auth=${encodeURIComponent(a.token)}`);
    expect(exported.statusCode, exported.body).toBe(200);
    expect(exported.headers['content-type']).toContain('spreadsheetml');
    expectOk(await t.post(`${LIVE}/${code}/remove?ids=${row.id}`, a.token));
    expect(expectOk(await t.get(`${LIVE}/${code}/page`, a.token)).records).toEqual([]);
  });

  it('applies the data scopes granted on its menu, as to a built-in entity', async () => {
    const own = await createDataScope(t, code, 2, 'create_user');
    const roleId = await createRole(t, '310001', 'ownrows', crudCodes(code), [own]);
    await createUser(t, { tenantId: '310001', account: 'liveown', password: 'pw', roleId });
    const mine = await t.tokenOf('liveown', 'pw', '310001');
    const a = await t.tokenOf('livea', 'pw', '310001');
    expectOk(await t.post(`${LIVE}/${code}/submit`, a, { title: '老板的' }));
    expectOk(await t.post(`${LIVE}/${code}/submit`, mine, { title: '我的' }));
    const seen = expectOk(await t.get(`${LIVE}/${code}/page`, mine)).records as Array<{ title: string }>;
    expect(seen.map((r) => r.title)).toEqual(['我的']);
    expect(expectOk(await t.get(`${LIVE}/${code}/page`, a)).total).toBe(2);
  });

  it('unknown codes and actions answer 404', async () => {
    expectError(await t.get(`${LIVE}/nosuchmodel/page`, admin), 404);
    expectError(await t.get(`${LIVE}/${code}/nosuchaction`, admin), 404);
  });

  it('a field added and published again is served at once, without a restart', async () => {
    await addColumn(modelId, { jdbcName: 'pages', propertyName: 'pages', fieldType: 'int' }, 3);
    const published = expectOk(await publish(modelId));
    expect(published.version).toBeGreaterThan(1);
    expect(published.added).toEqual(['pages']);
    const saved = expectOk(await t.post(`${LIVE}/${code}/submit`, admin, { title: '厚书', pages: 300 }));
    expect(expectOk(await t.get(`${LIVE}/${code}/detail?id=${saved.id}`, admin)).pages).toBe(300);
    const definition = expectOk(await t.get(`${DEV}/model/live-definition?code=${code}`, admin));
    expect(definition.version).toBe(published.version);
    expect(Object.keys(definition.entity.fields)).toContain('pages');
  });

  it('references another entity: its name joined, a row of another tenant refused', async () => {
    await addColumn(modelId, { jdbcName: 'post_id', propertyName: 'postId', fieldType: 'id', refEntity: 'post' }, 4);
    expectOk(await publish(modelId));
    const mine = expectOk(
      await t.post('/api/blade-system/post/submit', admin, { postName: '编辑', postCode: 'edt', category: 1, sort: 1 }),
    );
    const saved = expectOk(await t.post(`${LIVE}/${code}/submit`, admin, { title: '有岗位', postId: mine.id }));
    expect(expectOk(await t.get(`${LIVE}/${code}/detail?id=${saved.id}`, admin)).postName).toBe('编辑');
    // The post a live row points at stays, as one a built-in entity's row points at.
    expectError(await t.post(`/api/blade-system/post/remove?ids=${mine.id}`, admin), 400, /引用/);
    const a = await t.tokenOf('livea', 'pw', '310001');
    expectError(await t.post(`${LIVE}/${code}/submit`, a, { title: '别人的岗位', postId: mine.id }), 400);
  });

  it('refuses a reference to an entity without a name to show', async () => {
    const bad = await createModel('livebadref', 'live_bad_ref', [
      TITLE,
      { jdbcName: 'thing_id', propertyName: 'thingId', fieldType: 'id', refEntity: 'nosuchentity' },
    ]);
    expectError(await publish(bad), 400, /nosuchentity/);
  });

  it('a label change is the definition only', async () => {
    const [field] = expectOk(await t.get(`${DEV}/model-prototype/list?modelId=${modelId}&jdbcName=amount`, admin))
      .records as Array<{ id: string }>;
    expectOk(await t.post(`${DEV}/model-prototype/submit`, admin, { id: field.id, comment: '金额' }));
    const published = expectOk(await publish(modelId));
    expect(published).toMatchObject({ added: [], dropped: [], changed: [] });
    const definition = expectOk(await t.get(`${DEV}/model/live-definition?code=${code}`, admin));
    expect(definition.entity.fields.amount.label.zh).toBe('金额');
  });

  it('a type the data cannot take is refused, and nothing changes', async () => {
    const [field] = expectOk(await t.get(`${DEV}/model-prototype/list?modelId=${modelId}&jdbcName=title`, admin))
      .records as Array<{ id: string }>;
    expectOk(await t.post(`${DEV}/model-prototype/submit`, admin, { id: field.id, fieldType: 'int' }));
    const before = expectOk(await t.get(`${DEV}/model/live-definition?code=${code}`, admin)).version;
    expectError(await publish(modelId), 400, /title/);
    expect(expectOk(await t.get(`${DEV}/model/live-definition?code=${code}`, admin)).version).toBe(before);
    expectOk(await t.post(`${DEV}/model-prototype/submit`, admin, { id: field.id, fieldType: 'string' }));
  });

  it('a field made required becomes NOT NULL once every row holds a value', async () => {
    const DUE = { jdbcName: 'due_on', propertyName: 'dueOn', fieldType: 'date' };
    const id = await createModel('livedue', 'live_due', [TITLE, DUE]);
    expectOk(await publish(id));
    const dated = expectOk(await t.post(`${LIVE}/livedue/submit`, admin, { title: '有日期', dueOn: '2026-12-01' }));
    const undated = expectOk(await t.post(`${LIVE}/livedue/submit`, admin, { title: '无日期' }));
    const nullable = async (column: string) =>
      (
        await t.services.db
          .selectFrom('information_schema.columns' as never)
          .select('is_nullable' as never)
          .where('table_name' as never, '=', 'live_due' as never)
          .where('column_name' as never, '=', column as never)
          .executeTakeFirstOrThrow()
      ).is_nullable;
    expect(await nullable('due_on')).toBe('YES');

    const [field] = expectOk(await t.get(`${DEV}/model-prototype/list?modelId=${id}&jdbcName=due_on`, admin))
      .records as Array<{ id: string }>;
    expectOk(await t.post(`${DEV}/model-prototype/submit`, admin, { id: field.id, isRequired: 1 }));
    expectError(await publish(id), 400, '字段 dueOn 不能设为必填：1 行没有值。请先补全这些行');
    expect(await nullable('due_on')).toBe('YES');
    // A new required column on a table with rows: the same refusal, nothing added.
    await addColumn(id, { jdbcName: 'pages', propertyName: 'pages', fieldType: 'int', isRequired: 1 }, 3);
    expectError(await publish(id), 400, /dueOn 不能设为必填/);
    expect(await columnsOf('live_due')).not.toContain('pages');

    // The undated row is deleted: its blank no longer blocks; the new column's blanks do until they are filled.
    expectOk(await t.post(`${LIVE}/livedue/remove?ids=${undated.id}`, admin));
    expectError(await publish(id), 400, '字段 pages 不能设为必填：1 行没有值。请先补全这些行');
    const [pages] = expectOk(await t.get(`${DEV}/model-prototype/list?modelId=${id}&jdbcName=pages`, admin))
      .records as Array<{ id: string }>;
    expectOk(await t.post(`${DEV}/model-prototype/remove?ids=${pages.id}`, admin));
    expectOk(await publish(id));
    expect(await nullable('due_on')).toBe('NO');
    expectError(await t.post(`${LIVE}/livedue/submit`, admin, { title: '又无日期' }), 400);
    expect(expectOk(await t.get(`${LIVE}/livedue/detail?id=${dated.id}`, admin)).dueOn).toBe('2026-12-01');
  });

  it('dropping a column with data asks for confirmation, then backs it up and drops it', async () => {
    const [field] = expectOk(await t.get(`${DEV}/model-prototype/list?modelId=${modelId}&jdbcName=pages`, admin))
      .records as Array<{ id: string }>;
    expectOk(await t.post(`${DEV}/model-prototype/remove?ids=${field.id}`, admin));
    expectError(await publish(modelId), 400, '删除字段 pages 将丢失数据：1 行有值。确认后该列的值会先备份再删除');
    expect(await columnsOf('live_book')).toContain('pages');
    const published = expectOk(await publish(modelId, true));
    expect(published.dropped).toEqual(['pages']);
    expect(await columnsOf('live_book')).not.toContain('pages');
    const kept = await t.services.db
      .selectFrom('blade_live_column_backup')
      .select(['column_name', 'value'])
      .where('model_id', '=', modelId)
      .execute();
    expect(kept).toEqual([{ column_name: 'pages', value: '300' }]);
    expectOk(await t.get(`${LIVE}/${code}/page`, admin));
  });

  it('unpublishing stops serving it and keeps the table', async () => {
    const other = await createModel('livegone', 'live_gone', [TITLE]);
    expectOk(await publish(other));
    expectOk(await t.get(`${LIVE}/livegone/page`, admin));
    expectOk(await t.post(`${DEV}/model/unpublish?id=${other}`, admin));
    expectError(await t.get(`${LIVE}/livegone/page`, admin), 404);
    expect(await columnsOf('live_gone')).toContain('title');
    // Published again, the table is taken over as it is.
    expect(expectOk(await publish(other)).version).toBe(1);
  });
});

describe('live models referencing each other', () => {
  it('a field references another live model: names joined, pickers reached, removal and unpublishing refused', async () => {
    const shelfModel = await createModel('liveshelf', 'live_shelf', [
      { jdbcName: 'shelf_name', propertyName: 'shelfName', fieldType: 'string', isRequired: 1 },
    ]);
    const FILED = { jdbcName: 'shelf_id', propertyName: 'shelfId', fieldType: 'id', refEntity: 'liveshelf' };
    const volumeModel = await createModel('livevolume', 'live_volume', [TITLE, FILED]);
    // Not published yet: nothing to reference.
    expectError(await publish(volumeModel), 400, '字段 shelfId 引用的实体 liveshelf 不存在');
    expectOk(await publish(shelfModel));
    expect(expectOk(await t.get(`${DEV}/model/live-referable`, admin))).toContainEqual({
      value: 'liveshelf',
      label: 'liveshelf 模型liveshelf',
    });
    expectOk(await publish(volumeModel));

    const shelf = expectOk(await t.post(`${LIVE}/liveshelf/submit`, admin, { shelfName: '东墙' }));
    const volume = expectOk(await t.post(`${LIVE}/livevolume/submit`, admin, { title: '卷一', shelfId: shelf.id }));
    expect(expectOk(await t.get(`${LIVE}/livevolume/detail?id=${volume.id}`, admin)).shelfName).toBe('东墙');
    const definition = expectOk(await t.get(`${DEV}/model/live-definition?code=livevolume`, admin));
    expect(definition.targets).toEqual({ liveshelf: { service: 'blade-live', tree: false } });

    // A tenant's clerk of 卷 only: the shelves' picker is his (his form points at it), their list is not.
    await createTenantAdmin(t, '310003', [...crudCodes('livevolume'), ...crudCodes('liveshelf')], 'lsowner');
    const roleId = await createRole(t, '310003', 'volumes', crudCodes('livevolume'));
    await createUser(t, { tenantId: '310003', account: 'lvclerk', password: 'pw', roleId });
    const owner = await t.tokenOf('lsowner', 'pw', '310003');
    const clerk = await t.tokenOf('lvclerk', 'pw', '310003');
    const theirs = expectOk(await t.post(`${LIVE}/liveshelf/submit`, owner, { shelfName: '西墙' }));
    const picked = expectOk(await t.get(`${LIVE}/liveshelf/picker?keyword=西`, clerk)).records;
    expect(picked).toEqual([expect.objectContaining({ id: theirs.id, title: '西墙' })]);
    expectError(await t.get(`${LIVE}/liveshelf/page`, clerk), 403);
    // Another tenant's shelf is no reference of his.
    expectError(await t.post(`${LIVE}/livevolume/submit`, clerk, { title: '错架', shelfId: shelf.id }), 400);
    expectOk(await t.post(`${LIVE}/livevolume/submit`, clerk, { title: '卷二', shelfId: theirs.id }));

    // A shelf still holding a volume stays; the model referenced stays published.
    expectError(await t.post(`${LIVE}/liveshelf/remove?ids=${shelf.id}`, admin), 400);
    expectError(
      await t.post(`${DEV}/model/unpublish?id=${shelfModel}`, admin),
      400,
      '在线表单 liveshelf 被 livevolume 的字段引用，请先去掉这些引用',
    );
    expectOk(await t.get(`${LIVE}/liveshelf/page`, admin));
  });
});

describe('bad models are refused with nothing written', () => {
  const liveRows = async () => (await t.services.db.selectFrom('blade_live_entity').select('code').execute()).length;

  it('a keyword or Chinese name', async () => {
    const keyword = await createModel('liveorder', 'order', [TITLE]);
    const before = await liveRows();
    expectError(await publish(keyword), 400, /order/);
    const chinese = await createModel('livecn', 'live_cn', [
      { jdbcName: '名称', propertyName: 'name', fieldType: 'string' },
    ]);
    expectError(await publish(chinese), 400, /名称/);
    expect(await columnsOf('live_cn')).toEqual([]);
    expect(await liveRows()).toBe(before);
  });

  it('a table that exists with other columns, named', async () => {
    const taken = await createModel('livepost', 'blade_post', [TITLE]);
    const before = await liveRows();
    expectError(await publish(taken), 400, /blade_post.*post_name/);
    expect(await liveRows()).toBe(before);
    expect(await columnsOf('blade_post')).not.toContain('title');
  });

  it('a code another menu uses', async () => {
    const taken = await createModel('user', 'live_user', [TITLE]);
    expectError(await publish(taken), 400, /user/);
    expect(await columnsOf('live_user')).toEqual([]);
  });
});
