import type { DynamicDb } from '../../src/server/db/connect.ts';
import { describe, expect, it } from 'vitest';
import { RegionLoader, regionDataset } from '../../src/server/modules/system/region-data.ts';
import { fieldsOf } from '../../src/server/platform/entity/fields.ts';
import { region } from '../../src/shared/entities/system/region.ts';
import { expectError, expectOk, withTestApp, type TestApp } from '../support/app.ts';
import { createTenantAdmin } from '../support/factories.ts';

const REGION = '/api/blade-system/region';
const EN = { 'accept-language': 'en' };

interface Node {
  id: string;
  parentId: string;
  title: string;
  value: string;
  key: string;
  hasChildren: boolean;
}
interface Region {
  code: string;
  name: string;
  hasChildren?: boolean;
  [key: string]: unknown;
}

let t: TestApp;
let admin: string;
withTestApp((app, token) => {
  t = app;
  admin = token;
});

const childCount = async (parentCode: string) =>
  Number(
    (
      await t.services.db
        .selectFrom('blade_region')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('parent_code', '=', parentCode)
        .executeTakeFirstOrThrow()
    ).n,
  );
const loaded = async (parentCode: string) =>
  Boolean(
    await t.services.db
      .selectFrom('blade_region_loaded')
      .select('parent_code')
      .where('parent_code', '=', parentCode)
      .executeTakeFirst(),
  );
const submit = (body: Record<string, unknown>, token = admin, headers?: Record<string, string>) =>
  t.post(`${REGION}/submit`, token, body, headers);

describe('region table and seed', () => {
  it('matches the definition column for column, without id and is_deleted', async () => {
    const rows = await (t.services.db as DynamicDb)
      .selectFrom('information_schema.columns')
      .select('column_name')
      .where('table_name', '=', 'blade_region')
      .where('table_schema', '=', 'public')
      .execute();
    const defined = [...fieldsOf(region).values()].map((f) => f.column).filter((c) => c !== 'id' && c !== 'is_deleted');
    expect(defined.sort()).toEqual(rows.map((r) => r.column_name as string).sort());
  });

  it('seeds provinces, cities and districts below the country code 00, with the derived columns', async () => {
    const provinces: Region[] = expectOk(await t.get(`${REGION}/select?code=00`, admin));
    expect(provinces).toHaveLength(31);
    expect(provinces[0]).toMatchObject({
      id: '11',
      code: '11',
      name: '北京市',
      parentCode: '00',
      ancestors: '00',
      regionLevel: 1,
      regionLevelName: '省份/直辖市',
      provinceCode: '11',
      provinceName: '北京市',
      cityCode: '',
    });
    expect(await childCount('1101')).toBe(16);
    expect(expectOk(await t.get(`${REGION}/detail?code=110101`, admin))).toMatchObject({
      name: '东城区',
      parentCode: '1101',
      parentName: '市辖区',
      ancestors: '00,11,1101',
      regionLevel: 3,
      regionLevelName: '区县',
      provinceName: '北京市',
      cityCode: '1101',
      cityName: '市辖区',
      districtCode: '110101',
      districtName: '东城区',
      townCode: '',
      villageCode: '',
    });
    expect(expectOk(await t.get(`${REGION}/detail?code=11`, admin)).parentName).toBe('');
    expect(await childCount('110101')).toBe(0); // towns wait for the first request
  });
});

describe('lazy levels', () => {
  it('serves the provinces as tree nodes below 00, the default level', async () => {
    const nodes: Node[] = expectOk(await t.get(`${REGION}/lazy-tree?parentCode=00`, admin));
    expect(nodes).toHaveLength(31);
    expect(nodes[0]).toEqual({ id: '11', parentId: '00', title: '北京市', value: '11', key: '11', hasChildren: true });
    expect(expectOk(await t.get(`${REGION}/lazy-tree`, admin))).toEqual(nodes);
  });

  it("gives a city's districts with hasChildren from the towns still in the dataset", async () => {
    const nodes: Node[] = expectOk(await t.get(`${REGION}/lazy-tree?parentCode=1101`, admin));
    expect(nodes.slice(0, 2)).toEqual([
      { id: '110101', parentId: '1101', title: '东城区', value: '110101', key: '110101', hasChildren: true },
      { id: '110102', parentId: '1101', title: '西城区', value: '110102', key: '110102', hasChildren: true },
    ]);
    expect(await loaded('110101')).toBe(false);
  });

  it("imports a district's towns and a town's villages on first demand, with every derived column", async () => {
    const towns: Region[] = expectOk(await t.get(`${REGION}/lazy-list?parentCode=110101`, admin));
    expect(towns).toHaveLength(17);
    expect(towns[0]).toMatchObject({
      code: '110101001',
      name: '东华门街道',
      parentCode: '110101',
      parentName: '东城区',
      ancestors: '00,11,1101,110101',
      regionLevel: 4,
      regionLevelName: '乡镇',
      provinceName: '北京市',
      cityName: '市辖区',
      districtCode: '110101',
      districtName: '东城区',
      townCode: '110101001',
      townName: '东华门街道',
      villageCode: '',
      hasChildren: true,
    });
    expect(await loaded('110101')).toBe(true);

    const villages: Node[] = expectOk(await t.get(`${REGION}/lazy-tree?parentCode=110101001`, admin));
    expect(villages).toHaveLength(10);
    expect(villages[0]).toEqual({
      id: '110101001001',
      parentId: '110101001',
      title: '多福巷社区居委会',
      value: '110101001001',
      key: '110101001001',
      hasChildren: false,
    });
    expect(expectOk(await t.get(`${REGION}/detail?code=110101001001`, admin))).toMatchObject({
      ancestors: '00,11,1101,110101,110101001',
      regionLevel: 5,
      regionLevelName: '村委',
      townName: '东华门街道',
      villageCode: '110101001001',
      villageName: '多福巷社区居委会',
      parentName: '东华门街道',
    });
  });

  it('imports once: a deleted village does not come back', async () => {
    expectOk(await t.post(`${REGION}/remove?id=110101001001`, admin));
    const villages: Region[] = expectOk(await t.get(`${REGION}/lazy-list?parentCode=110101001`, admin));
    expect(villages).toHaveLength(9);
    expect(villages.map((v) => v.code)).not.toContain('110101001001');
    expect(expectOk(await t.get(`${REGION}/select?code=110101001`, admin))).toHaveLength(9);
    expect((await t.get(`${REGION}/detail?code=110101001001`, admin)).json()).toMatchObject({
      success: true,
      data: null,
    });
  });

  it('imports a division once under concurrent first requests', async () => {
    const replies = await Promise.all([
      t.get(`${REGION}/lazy-list?parentCode=110102`, admin),
      t.get(`${REGION}/lazy-tree?parentCode=110102`, admin),
      t.get(`${REGION}/select?code=110102`, admin),
    ]);
    for (const reply of replies) expect(expectOk(reply)).toHaveLength(15);
    expect(await childCount('110102')).toBe(15);
    // Two processes: loaders that share nothing but the database.
    await Promise.all([
      new RegionLoader(t.services.db).ensureChildren('110107'),
      new RegionLoader(t.services.db).ensureChildren('110107'),
    ]);
    expect(await childCount('110107')).toBe(9);
  });

  it('filters every imported row by code and name (LIKE), ignoring the level', async () => {
    const found: Region[] = expectOk(await t.get(`${REGION}/lazy-list?parentCode=00&name=东华门`, admin));
    expect(found.map((r) => r.code)).toEqual(['110101001']);
    expect(found[0].hasChildren).toBe(true);
  });

  it('finds the villages of the first, a middle and the last town of the dataset file', async () => {
    expect((await regionDataset.villagesOf('110101001')).map((v) => v.code)).toContain('110101001002');
    expect(await regionDataset.villagesOf('371122206')).toHaveLength(6);
    const last = await regionDataset.villagesOf('659012505');
    expect(last).toHaveLength(9);
    expect(last.at(-1)).toEqual({ code: '659012505508', name: '八连生活区' });
    expect(await regionDataset.villagesOf('110101999')).toEqual([]);
  });
});

describe('list', () => {
  it('pages with exact filters and ignores id, which regions do not have', async () => {
    const page = expectOk(await t.get(`${REGION}/list?parentCode=1101&current=2&size=5&id=1`, admin));
    expect(page).toMatchObject({ total: 16, size: 5, current: 2, pages: 4 });
    expect(page.records.map((r: Region) => r.code)).toEqual(['110108', '110109', '110111', '110112', '110113']);
    expect(expectOk(await t.get(`${REGION}/list?name=北京`, admin)).total).toBe(0);
    expect(expectOk(await t.get(`${REGION}/list?name=北京市`, admin)).records.map((r: Region) => r.code)).toEqual([
      '11',
    ]);
    expectError(await t.get(`${REGION}/list?ascs=id`, admin), 400, '排序字段不存在: id');
  });
});

describe('submit', () => {
  it('derives ancestors, level and the province…village columns from the parent', async () => {
    const saved = expectOk(
      await submit({ code: '110199', parentCode: '1101', name: '测试区', sort: 3, regionLevel: 1, ancestors: 'x' }),
    );
    expect(saved).toMatchObject({
      code: '110199',
      parentName: '市辖区',
      ancestors: '00,11,1101',
      regionLevel: 3,
      sort: 3,
      provinceCode: '11',
      provinceName: '北京市',
      cityCode: '1101',
      cityName: '市辖区',
      districtCode: '110199',
      districtName: '测试区',
      townCode: '',
      townName: '',
    });
    const town = expectOk(await submit({ code: '110199001', parentCode: '110199', name: '测试街道' }));
    expect(town).toMatchObject({
      ancestors: '00,11,1101,110199',
      regionLevel: 4,
      districtName: '测试区',
      townCode: '110199001',
      townName: '测试街道',
    });
    const nodes: Node[] = expectOk(await t.get(`${REGION}/lazy-tree?parentCode=110199`, admin));
    expect(nodes).toEqual([
      {
        id: '110199001',
        parentId: '110199',
        title: '测试街道',
        value: '110199001',
        key: '110199001',
        hasChildren: false,
      },
    ]);
    expect(expectOk(await submit({ code: '99', parentCode: '00', name: '测试省' }))).toMatchObject({
      ancestors: '00',
      regionLevel: 1,
      provinceName: '测试省',
    });
  });

  it('updates by code, and a new name follows into the descendants', async () => {
    expectOk(await submit({ code: '110199', name: '测试新区', remark: '改名' }));
    expect(expectOk(await t.get(`${REGION}/detail?code=110199`, admin))).toMatchObject({
      name: '测试新区',
      districtName: '测试新区',
      remark: '改名',
      sort: 3,
    });
    expect(expectOk(await t.get(`${REGION}/detail?code=110199001`, admin))).toMatchObject({
      districtName: '测试新区',
      parentName: '测试新区',
    });
    expectError(await submit({ code: '110199', parentCode: '1102', name: 'x' }), 400, '已有区划的上级区划不可修改');
  });

  it('updates a division of the dataset that was not imported yet instead of adding it', async () => {
    expect(await childCount('110105')).toBe(0);
    expectOk(await submit({ code: '110105001', parentCode: '110105', name: '建外街道(改)' }));
    const towns: Region[] = expectOk(await t.get(`${REGION}/select?code=110105`, admin));
    expect(towns.find((r) => r.code === '110105001')).toMatchObject({ name: '建外街道(改)', townName: '建外街道(改)' });
  });

  it("says clearly when a code does not start with its parent's", async () => {
    expectError(
      await submit({ code: '120199', parentCode: '1101', name: '错区' }),
      400,
      '区划编号须以上级区划编号1101开头,并在其后加上本级编号',
    );
    expectError(
      await submit({ code: '120199', parentCode: '1101', name: '错区' }, admin, EN),
      400,
      'The division code must start with its parent code 1101, followed by its own digits',
    );
    expectError(await submit({ code: '110', parentCode: '1101', name: '短' }), 400, /1101开头/);
  });

  it("checks the fields with the definition's messages", async () => {
    expectError(await submit({ parentCode: '1101', name: '无编号' }), 400, '请输入区划编号');
    expectError(await submit({ code: '11019a', parentCode: '1101', name: 'x' }), 400, '区划编号须为2到12位数字');
    expectError(await submit({ code: '110198', parentCode: '1101' }), 400, '请输入区划名称');
    expectError(await submit({ code: '110198', name: 'x' }), 400, '请输入父区划编号');
    expectError(await submit({ code: '119901', parentCode: '1199', name: 'x' }), 400, '上级区划不存在');
    expectError(
      await submit({ code: '1101010010011', parentCode: '110101001002', name: 'x' }),
      400,
      '区划编号长度不能超过12',
    );
    expectError(
      await submit({ code: '110101001002', parentCode: '110101001', name: 'x', sort: 'a' }),
      400,
      '排序格式不正确',
    );
  });
});

describe('remove', () => {
  it('refuses a division with children, those of the dataset included', async () => {
    expectError(await t.post(`${REGION}/remove?id=110199`, admin), 400, '请先删除子节点!');
    expectError(
      await t.post(`${REGION}/remove?id=110106`, admin, undefined, EN),
      400,
      'Please delete the child nodes first!',
    );
    expect(await loaded('110106')).toBe(true);
    expectError(await t.post(`${REGION}/remove?id=119999`, admin), 400, '数据不存在或无权访问');
  });

  it('deletes physically once the children are gone', async () => {
    expectOk(await t.post(`${REGION}/remove?id=110199001`, admin));
    expectOk(await t.post(`${REGION}/remove?id=110199`, admin));
    expect(
      await t.services.db
        .selectFrom('blade_region')
        .select('code')
        .where('code', 'in', ['110199', '110199001'])
        .execute(),
    ).toEqual([]);
  });
});

describe('access', () => {
  it('lets only the platform tenant write; other tenants read with the menu code', async () => {
    const { token } = await createTenantAdmin(t, '600001', ['region', 'region_add', 'region_delete']);
    expectError(
      await submit({ code: '110197', parentCode: '1101', name: '租户区' }, token),
      403,
      '请求被拒绝,平台数据只能由平台管理员修改',
    );
    expectError(await t.post(`${REGION}/remove?id=110101001002`, token), 403);
    expect(expectOk(await t.get(`${REGION}/lazy-list?parentCode=1101`, token))).toHaveLength(16);
    expect(expectOk(await t.get(`${REGION}/detail?code=110101001002`, token)).name).toBe('银闸社区居委会');
  });
});
