import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED } from '../../src/server/modules/system/install.ts';
import { expectError, expectOk, startApp, type TestApp } from '../support/app.ts';
import { createRole, createTenantAdmin, createUser, crudCodes } from '../support/factories.ts';

const SYS = '/api/blade-system';

interface Node {
  id: string;
  parentId: string;
  hasChildren: boolean;
  children?: Node[];
  [key: string]: unknown;
}
const find = (nodes: Node[], id: string): Node | undefined => {
  for (const n of nodes) {
    if (n.id === id) return n;
    const below = find(n.children ?? [], id);
    if (below) return below;
  }
  return undefined;
};

let t: TestApp;
let admin: string;
let tenantB: string;
let rnd: { id: string };
let web: { id: string };

const saveDept = (token: string, body: Record<string, unknown>) =>
  t.post(`${SYS}/dept/submit`, token, { fullName: String(body.deptName ?? ''), deptCategory: 2, sort: 1, ...body });

beforeAll(async () => {
  t = await startApp();
  admin = await t.tokenOf();
  const codes = ['dept', 'role', 'menu', 'dict', 'dictbiz'].flatMap(crudCodes);
  tenantB = (await createTenantAdmin(t, '600001', codes)).token;
  rnd = expectOk(await saveDept(admin, { deptName: '研发部', parentId: SEED.deptRoot, sort: 5 }));
  web = expectOk(await saveDept(admin, { deptName: '前端组', parentId: rnd.id }));
});
afterAll(() => t?.stop());

describe('dept tree', () => {
  it('lists the tree with parent names, children omitted when empty', async () => {
    const tree: Node[] = expectOk(await t.get(`${SYS}/dept/list`, admin));
    expect(tree.map((n) => n.id)).toEqual([SEED.deptRoot]);
    expect(tree[0].children!.map((n) => n.deptName)).toEqual(['常州布雷德', '苏州布雷德', '研发部']);
    expect(find(tree, rnd.id)).toMatchObject({ parentName: '布雷德科技', hasChildren: true, deptCategoryName: '部门' });
    const leaf = find(tree, web.id)!;
    expect(leaf).toMatchObject({ parentName: '研发部', hasChildren: false });
    expect('children' in leaf).toBe(false);
  });

  it('makes a row whose parent is filtered out a root', async () => {
    const tree: Node[] = expectOk(await t.get(`${SYS}/dept/list?deptName=组`, admin));
    expect(tree).toHaveLength(1);
    expect(tree[0]).toMatchObject({ id: web.id, parentId: rnd.id, parentName: '研发部', hasChildren: false });
  });

  it('gives one level with hasChildren from a child count, ignoring parentId when filtered', async () => {
    const roots: Node[] = expectOk(await t.get(`${SYS}/dept/lazy-list?parentId=0`, admin));
    expect(roots.map((n) => [n.deptName, n.hasChildren])).toEqual([['布雷德科技', true]]);
    const level: Node[] = expectOk(await t.get(`${SYS}/dept/lazy-list?parentId=${SEED.deptRoot}`, admin));
    expect(level.map((n) => [n.deptName, n.hasChildren])).toEqual([
      ['常州布雷德', false],
      ['苏州布雷德', false],
      ['研发部', true],
    ]);
    expect(level.every((n) => !('children' in n))).toBe(true);
    const filtered: Node[] = expectOk(await t.get(`${SYS}/dept/lazy-list?parentId=0&deptName=前端`, admin));
    expect(filtered.map((n) => n.id)).toEqual([web.id]);
    const lazyTree: Node[] = expectOk(await t.get(`${SYS}/dept/lazy-tree?parentId=${rnd.id}`, admin));
    expect(lazyTree).toEqual([
      { id: web.id, parentId: rnd.id, title: '前端组', key: web.id, value: web.id, hasChildren: false },
    ]);
  });

  it('serves the picker tree and the flat lists', async () => {
    const tree: Node[] = expectOk(await t.get(`${SYS}/dept/tree`, admin));
    expect(find(tree, rnd.id)).toMatchObject({
      title: '研发部',
      key: rnd.id,
      value: rnd.id,
      parentId: SEED.deptRoot,
      hasChildren: true,
    });
    const children = expectOk(await t.get(`${SYS}/dept/listChildNoPage?parentId=${SEED.deptRoot}`, admin));
    expect(children.map((d: { deptName: string }) => d.deptName)).toEqual(['常州布雷德', '苏州布雷德', '研发部']);
    expect(expectOk(await t.get(`${SYS}/dept/listNoPage`, admin))).toHaveLength(5);
  });

  it('computes ancestors and rewrites the descendants on a move', async () => {
    expect(expectOk(await t.get(`${SYS}/dept/detail?id=${web.id}`, admin)).ancestors).toBe(
      `0,${SEED.deptRoot},${rnd.id}`,
    );
    expectOk(await saveDept(admin, { id: rnd.id, deptName: '研发部', parentId: SEED.deptSuzhou, ancestors: '0' }));
    expect(expectOk(await t.get(`${SYS}/dept/detail?id=${rnd.id}`, admin))).toMatchObject({
      ancestors: `0,${SEED.deptRoot},${SEED.deptSuzhou}`,
      parentName: '苏州布雷德',
    });
    expect(expectOk(await t.get(`${SYS}/dept/detail?id=${web.id}`, admin)).ancestors).toBe(
      `0,${SEED.deptRoot},${SEED.deptSuzhou},${rnd.id}`,
    );
    expectOk(await t.post(`${SYS}/dept/submit`, admin, { id: rnd.id, parentId: '0' }));
    expect(expectOk(await t.get(`${SYS}/dept/detail?id=${web.id}`, admin)).ancestors).toBe(`0,${rnd.id}`);
    expectOk(await t.post(`${SYS}/dept/submit`, admin, { id: rnd.id, parentId: SEED.deptRoot }));
    expect(expectOk(await t.get(`${SYS}/dept/detail?id=${web.id}`, admin)).ancestors).toBe(
      `0,${SEED.deptRoot},${rnd.id}`,
    );
  });

  it('refuses a parent that is the row itself or one of its descendants', async () => {
    expectError(
      await t.post(`${SYS}/dept/submit`, admin, { id: rnd.id, parentId: web.id }),
      400,
      '父节点不可选择自身或其子节点!',
    );
    expectError(
      await t.post(`${SYS}/dept/submit`, admin, { id: rnd.id, parentId: rnd.id }),
      400,
      '父节点不可选择自身或其子节点!',
    );
    expect(expectOk(await t.get(`${SYS}/dept/detail?id=${rnd.id}`, admin)).parentId).toBe(SEED.deptRoot);
  });

  it('refuses deleting a dept with children, then one with users, then deletes', async () => {
    expectError(await t.post(`${SYS}/dept/remove?ids=${rnd.id}`, admin), 400, '请先删除子节点!');
    expectError(
      await t.post(`${SYS}/dept/remove?ids=${rnd.id}`, admin, undefined, { 'accept-language': 'en' }),
      400,
      'Please delete the child nodes first!',
    );
    const user = await createUser(t, {
      tenantId: '000000',
      account: 'coder',
      roleId: SEED.roleUser,
      deptId: `${SEED.deptSuzhou},${web.id}`,
    });
    expectError(await t.post(`${SYS}/dept/remove?ids=${web.id}`, admin), 400, '当前机构下存在用户,无法删除!');
    await t.services.db.updateTable('blade_user').set({ is_deleted: 1 }).where('id', '=', user).execute();
    expectOk(await t.post(`${SYS}/dept/remove?ids=${web.id}`, admin));
    expectOk(await t.post(`${SYS}/dept/remove?ids=${rnd.id}`, admin));
    expect(find(expectOk(await t.get(`${SYS}/dept/list`, admin)), rnd.id)).toBeUndefined();
  });
});

describe('tenant isolation of depts and roles', () => {
  it('keeps tenant-B administrators away from tenant-A rows by id', async () => {
    const mine = expectOk(await saveDept(tenantB, { deptName: '乙公司' }));
    expect(mine).toMatchObject({ tenantId: '600001', ancestors: '0' });
    expect(expectOk(await t.get(`${SYS}/dept/list`, tenantB)).map((n: Node) => n.id)).toEqual([mine.id]);
    expect((await t.get(`${SYS}/dept/detail?id=${SEED.deptRoot}`, tenantB)).json().data).toBeNull();
    expectError(await saveDept(tenantB, { id: SEED.deptRoot, deptName: 'x' }), 400, '数据不存在或无权访问');
    expectError(
      await saveDept(tenantB, { deptName: '借壳', parentId: SEED.deptRoot }),
      400,
      '上级节点不存在或无权访问',
    );
    expectError(await t.post(`${SYS}/dept/remove?ids=${SEED.deptSuzhou}`, tenantB), 400, '数据不存在或无权访问');
    expectError(
      await t.post(`${SYS}/role/submit`, tenantB, { id: SEED.roleUser, roleName: 'x' }),
      400,
      '数据不存在或无权访问',
    );
    expectError(await t.post(`${SYS}/role/remove?ids=${SEED.roleUser}`, tenantB), 400, '数据不存在或无权访问');
    expect(JSON.stringify(expectOk(await t.get(`${SYS}/role/list`, tenantB)))).not.toContain(SEED.roleUser);
  });

  it('lets only the super tenant name another tenant in tree?tenantId=', async () => {
    const own = expectOk(await t.get(`${SYS}/dept/tree?tenantId=000000`, tenantB));
    expect(own.map((n: Node) => n.title)).toEqual(['乙公司']);
    const other = expectOk(await t.get(`${SYS}/role/tree?tenantId=600001`, admin));
    expect(other.map((n: Node) => n.title)).toEqual(['admin']);
    expect(expectOk(await t.get(`${SYS}/role/tree?tenantId=000000`, tenantB)).map((n: Node) => n.title)).toEqual([
      'admin',
    ]);
  });
});

describe('roles', () => {
  it('refuses the administrator aliases to anyone but the super administrator', async () => {
    const refused = '只有超级管理员可以使用角色别名 administrator 和 admin';
    expectError(
      await t.post(`${SYS}/role/submit`, tenantB, { roleName: '管理', roleAlias: 'admin', sort: 1 }),
      400,
      refused,
    );
    expectError(
      await t.post(`${SYS}/role/submit`, tenantB, { roleName: '超管', roleAlias: 'administrator', sort: 1 }),
      400,
      refused,
    );
    expectError(
      await t.post(`${SYS}/role/submit`, tenantB, { roleName: '超管', roleAlias: ' Administrator ', sort: 1 }),
      400,
      refused,
    );
    expectError(
      await t.post(`${SYS}/role/submit`, tenantB, { roleName: '超管', roleAlias: 'user,administrator', sort: 1 }),
      400,
      '角色别名不能包含逗号',
    );
    const clerk = expectOk(
      await t.post(`${SYS}/role/submit`, tenantB, { roleName: '文员', roleAlias: 'clerk', sort: 2 }),
    );
    expectError(
      await t.post(`${SYS}/role/submit`, tenantB, { id: clerk.id, roleAlias: 'administrator' }),
      400,
      refused,
    );
    expect(
      expectOk(
        await t.post(`${SYS}/role/submit`, admin, { roleName: '平台超管', roleAlias: 'administrator', sort: 9 }),
      ),
    ).toMatchObject({ roleAlias: 'administrator', rolePower: 2 });
  });

  it('gives a role and its descendants by id, and refuses deleting a role in use', async () => {
    const head = expectOk(await t.post(`${SYS}/role/submit`, admin, { roleName: '主管', roleAlias: 'head', sort: 3 }));
    const staff = expectOk(
      await t.post(`${SYS}/role/submit`, admin, { roleName: '职员', roleAlias: 'staff', sort: 1, parentId: head.id }),
    );
    const tree = expectOk(await t.get(`${SYS}/role/tree-by-id?roleId=${head.id}`, admin));
    expect(tree).toEqual([
      {
        id: head.id,
        parentId: '0',
        title: '主管',
        key: head.id,
        value: head.id,
        hasChildren: true,
        children: [
          { id: staff.id, parentId: head.id, title: '职员', key: staff.id, value: staff.id, hasChildren: false },
        ],
      },
    ]);
    expect(find(expectOk(await t.get(`${SYS}/role/list?roleName=职员`, admin)), staff.id)).toMatchObject({
      parentName: '主管',
    });
    expectError(await t.post(`${SYS}/role/remove?ids=${head.id}`, admin), 400, '请先删除子节点!');
    await createUser(t, { tenantId: '000000', account: 'staff1', roleId: `${SEED.roleUser},${staff.id}` });
    expectError(await t.post(`${SYS}/role/remove?ids=${staff.id}`, admin), 400, '当前角色已被用户使用,无法删除!');
    const unused = await createRole(t, '000000', 'temp');
    expectOk(await t.post(`${SYS}/role/remove?ids=${unused}`, admin));
  });
});

describe('dictionaries', () => {
  let color: { id: string };
  it('gives a new dictionary key -1 and its items the parent code', async () => {
    color = expectOk(await t.post(`${SYS}/dict/submit`, admin, { code: 'color', dictValue: '颜色', sort: 1 }));
    expect(color).toMatchObject({ parentId: '0', dictKey: '-1', isSealed: 0 });
    const red = expectOk(
      await t.post(`${SYS}/dict/submit`, admin, { parentId: color.id, dictKey: 'red', dictValue: '红', sort: 1 }),
    );
    const blue = expectOk(
      await t.post(`${SYS}/dict/submit`, admin, {
        parentId: color.id,
        code: 'other',
        dictKey: 'blue',
        dictValue: '蓝',
        sort: 2,
      }),
    );
    expect([red.code, blue.code]).toEqual(['color', 'color']);
    expectOk(
      await t.post(`${SYS}/dict/submit`, admin, { parentId: red.id, dictKey: 'dark-red', dictValue: '暗红', sort: 1 }),
    );
    expectError(
      await t.post(`${SYS}/dict/submit`, admin, { parentId: color.id, dictKey: 'red', dictValue: '又红', sort: 3 }),
      400,
      '当前字典键值已存在!',
    );
    expectError(await t.post(`${SYS}/dict/submit`, admin, { id: blue.id, dictKey: 'red' }), 400, '当前字典键值已存在!');
    expectError(await t.post(`${SYS}/dict/submit`, tenantB, { code: 'x', dictValue: 'x', sort: 1 }), 403);
  });

  it('pages the top-level rows and gives the entries under one as a tree', async () => {
    const parents = expectOk(await t.get(`${SYS}/dict/parent-list?size=100`, admin));
    // Every top-level dictionary, the seeded ones (their number grows with the product) and 颜色.
    const topLevel = await t.services.db
      .selectFrom('blade_dict')
      .select('id')
      .where('parent_id', '=', '0')
      .where('is_deleted', '=', 0)
      .execute();
    expect(parents.total).toBe(topLevel.length);
    expect(parents.records.map((r: Node) => r.id)).toContain(color.id);
    expect(parents.records.every((r: Node) => r.parentId === '0')).toBe(true);
    expect(expectOk(await t.get(`${SYS}/dict/parent-list?code=colo`, admin)).records.map((r: Node) => r.id)).toEqual([
      color.id,
    ]);
    const items: Node[] = expectOk(await t.get(`${SYS}/dict/child-list?parentId=${color.id}`, admin));
    expect(items.map((i) => i.dictKey)).toEqual(['red', 'blue']);
    expect(items[0].children!.map((i) => [i.dictKey, i.parentName])).toEqual([['dark-red', '红']]);
    expect(items[0]).toMatchObject({ parentName: '颜色', hasChildren: true });
  });

  it('carries a renamed code down to the items', async () => {
    expectOk(await t.post(`${SYS}/dict/submit`, admin, { id: color.id, code: 'colour' }));
    const items = expectOk(await t.get(`${SYS}/dict/dictionary?code=colour`, admin));
    expect(items.map((i: { dictKey: string }) => i.dictKey)).toEqual(['red', 'dark-red', 'blue']);
    expect(expectOk(await t.get(`${SYS}/dict/dictionary?code=color`, admin))).toEqual([]);
  });

  it('makes a change visible to dictionary lookups at once', async () => {
    const parent = expectOk(await t.get(`${SYS}/dict/parent-list?code_equal=post_category`, admin)).records[0];
    expect(expectOk(await t.get(`${SYS}/post/list`, admin)).records[0].categoryName).toBeTruthy(); // cache primed
    expectOk(
      await t.post(`${SYS}/dict/submit`, admin, { parentId: parent.id, dictKey: '5', dictValue: '外包', sort: 5 }),
    );
    const items = expectOk(await t.get(`${SYS}/dict/dictionary?code=post_category`, admin));
    expect(items.map((i: { dictValue: string }) => i.dictValue)).toContain('外包');
    const post = expectOk(
      await t.post(`${SYS}/post/submit`, admin, { category: 5, postCode: 'out', postName: '外包岗', sort: 30 }),
    );
    expect(post.categoryName).toBe('外包');
  });

  it('keeps business dictionaries per tenant and refuses deleting one with items', async () => {
    const level = expectOk(
      await t.post(`${SYS}/dict-biz/submit`, tenantB, { code: 'level', dictValue: '等级', sort: 1 }),
    );
    expectOk(
      await t.post(`${SYS}/dict-biz/submit`, tenantB, { parentId: level.id, dictKey: 'A', dictValue: '甲', sort: 1 }),
    );
    expect(
      expectOk(await t.get(`${SYS}/dict-biz/dictionary?code=level`, tenantB)).map(
        (i: { dictKey: string }) => i.dictKey,
      ),
    ).toEqual(['A']);
    expect(expectOk(await t.get(`${SYS}/dict-biz/dictionary?code=level`, admin))).toEqual([]);
    expect(expectOk(await t.get(`${SYS}/dict-biz/parent-list?code_equal=level`, admin)).total).toBe(0);
    expectError(
      await t.post(`${SYS}/dict-biz/submit`, admin, { parentId: level.id, dictKey: 'B', dictValue: '乙', sort: 2 }),
      400,
      '上级节点不存在或无权访问',
    );
    expectError(await t.post(`${SYS}/dict-biz/remove?ids=${level.id}`, tenantB), 400, '请先删除子节点!');
  });
});

describe('menus', () => {
  it('refuses menu writes to a tenant administrator', async () => {
    expectError(await t.post(`${SYS}/menu/submit`, tenantB, { code: 'hack', name: 'x', sort: 1, category: 1 }), 403);
    const [system] = expectOk(await t.get(`${SYS}/menu/lazy-menu-list?parentId=0&name=系统管理`, admin));
    expectError(await t.post(`${SYS}/menu/remove?ids=${system.id}`, tenantB), 403);
  });

  it('shows a new menu in the administrator routes right after creation', async () => {
    const [system] = expectOk(await t.get(`${SYS}/menu/lazy-menu-list?name=系统管理`, admin));
    const created = expectOk(
      await t.post(`${SYS}/menu/submit`, admin, {
        parentId: system.id,
        code: 'audit',
        name: '审计',
        nameEn: 'Audit',
        path: '/system/audit',
        sort: 99,
        category: 1,
      }),
    );
    expect(created).toMatchObject({ parentName: '系统管理', categoryName: '菜单', action: 0, isOpen: 1 });
    expectError(
      await t.post(`${SYS}/menu/submit`, admin, { code: 'audit', name: '重复', sort: 1, category: 1 }),
      400,
      '菜单编号已存在',
    );
    const routes: Node[] = expectOk(await t.get(`${SYS}/menu/routes`, admin));
    expect(find(routes, created.id)).toMatchObject({ code: 'audit', path: '/system/audit' });
    expectOk(
      await t.post(`${SYS}/menu/submit`, admin, {
        parentId: created.id,
        code: 'audit_view',
        name: '查看',
        sort: 1,
        category: 2,
      }),
    );
    expectError(await t.post(`${SYS}/menu/remove?ids=${created.id}`, admin), 400, '请先删除子节点!');
  });

  it('keeps buttons out of the menu-only lists', async () => {
    const level: Node[] = expectOk(await t.get(`${SYS}/menu/lazy-menu-list?parentId=${await menuId('审计')}`, admin));
    expect(level).toEqual([]);
    const withButtons: Node[] = expectOk(await t.get(`${SYS}/menu/lazy-list?parentId=${await menuId('审计')}`, admin));
    expect(withButtons.map((n) => n.code)).toEqual(['audit_view']);
    const [audit]: Node[] = expectOk(await t.get(`${SYS}/menu/lazy-menu-list?name=审计`, admin));
    expect(audit.hasChildren).toBe(false);
    const menus = JSON.stringify(expectOk(await t.get(`${SYS}/menu/menu-list`, admin)));
    expect(menus).toContain('"code":"audit"');
    expect(menus).not.toContain('"category":2');
    // The code search matches within codes (ledger_audit too): the menu is the one of that code.
    const found: Node[] = expectOk(await t.get(`${SYS}/menu/list?code=audit`, admin));
    const tree = found.find((n) => n.code === 'audit')!;
    expect(tree).toMatchObject({ code: 'audit', hasChildren: true });
    expect(tree.children!.map((n) => n.code)).toEqual(['audit_view']);
  });
});

async function menuId(name: string): Promise<string> {
  return expectOk(await t.get(`${SYS}/menu/lazy-list?name=${encodeURIComponent(name)}`, admin))[0].id;
}
