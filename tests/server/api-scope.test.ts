import { describe, expect, it } from 'vitest';
import { menuIdOf } from '../../src/server/db/seed/seed.ts';
import { SEED } from '../../src/server/modules/system/install.ts';
import { nextId } from '../../src/server/platform/ids.ts';
import { expectError, expectOk, withTestApp, type TestApp } from '../support/app.ts';
import { createRole, createUser } from '../support/factories.ts';

let t: TestApp;
let admin: string;
withTestApp((app, token) => {
  t = app;
  admin = token;
});

const SYS = '/api/blade-system';

async function clerk(account: string, codes: string[]) {
  const roleId = await createRole(t, '000000', account, codes);
  await createUser(t, { tenantId: '000000', account, password: 'pw', roleId, deptId: SEED.deptRoot });
  return { roleId, token: await t.tokenOf(account, 'pw') };
}

describe('API scopes (contract system.md §13)', () => {
  it('protects the paths a scope names until the scope is granted; other routes are unaffected', async () => {
    const { roleId, token } = await clerk('apiclerk', ['system', 'post', 'post_add']);
    expectOk(await t.get(`${SYS}/post/list`, token));
    const scope = expectOk(
      await t.post(`${SYS}/api-scope/submit`, admin, {
        menuId: menuIdOf('post'),
        resourceCode: 'post_list',
        scopeName: '岗位列表',
        scopePath: '/blade-system/post/list',
        scopeType: 1,
      }),
    );
    expectError(await t.get(`${SYS}/post/list`, token), 403, '请求被拒绝,缺少接口权限: 岗位列表');
    const detail = await t.get(`${SYS}/post/detail?id=${SEED.deptRoot}`, token);
    expect(detail.statusCode).not.toBe(403);
    // the administrator is not narrowed
    expectOk(await t.get(`${SYS}/post/list`, admin));
    expectOk(
      await t.post(`${SYS}/role/grant`, admin, {
        roleIds: [roleId],
        menuIds: ['system', 'post', 'post_add'].map(menuIdOf),
        apiScopeIds: [scope.id],
      }),
    );
    expectOk(await t.get(`${SYS}/post/list`, token));
    // a second role's grant is enough (roles combine), and removing the scope lifts the protection
    expectOk(await t.post(`${SYS}/api-scope/remove?ids=${scope.id}`, admin));
    const { token: other } = await clerk('apiclerk2', ['system', 'post']);
    expectOk(await t.get(`${SYS}/post/list`, other));
  });

  it("protects a route by its permission code through a scope's resource code, in the caller's language", async () => {
    const { token } = await clerk('apiclerk3', ['system', 'post', 'post_add']);
    await t.services.db
      .insertInto('blade_scope_api')
      .values({
        id: nextId(),
        menu_id: menuIdOf('post'),
        resource_code: 'post_add',
        scope_name: '新增岗位接口',
        scope_path: '',
        scope_type: 2,
        status: 1,
        is_deleted: 0,
      })
      .execute();
    await t.services.permissions.invalidate();
    const body = { category: 1, postCode: 'api1', postName: '接口', sort: 1 };
    expectError(await t.post(`${SYS}/post/submit`, token, body), 403, '请求被拒绝,缺少接口权限: 新增岗位接口');
    expectError(
      await t.post(`${SYS}/post/submit`, token, body, { 'accept-language': 'en' }),
      403,
      'Request denied, missing API scope: 新增岗位接口',
    );
    expectOk(await t.get(`${SYS}/post/list`, token));
  });
});
