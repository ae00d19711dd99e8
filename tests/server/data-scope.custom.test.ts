import { describe, expect, it } from 'vitest';
import { menuIdOf } from '../../src/server/db/seed/seed.ts';
import { SEED } from '../../src/server/modules/system/install.ts';
import { nextId } from '../../src/server/platform/ids.ts';
import { parseScopeCondition, ScopeConditionError } from '../../src/server/platform/entity/scope-condition.ts';
import { expectError, expectOk, withTestApp, type TestApp } from '../support/app.ts';
import { createRole, createTenantAdmin, createUser, crudCodes } from '../support/factories.ts';

let t: TestApp;
let admin: string;
withTestApp((app, token) => {
  t = app;
  admin = token;
});

const POST = '/api/blade-system/post';
const SCOPE = '/api/blade-system/data-scope';

/** A custom rule on posts stored directly (as an older release or another console might have saved it). */
async function customScope(value: string) {
  const id = nextId();
  await t.services.db
    .insertInto('blade_scope_data')
    .values({
      id,
      menu_id: menuIdOf('post'),
      resource_code: 'post',
      scope_name: `custom ${id}`,
      scope_column: '',
      scope_type: 5,
      scope_value: value,
      status: 1,
      is_deleted: 0,
    })
    .execute();
  await t.services.permissions.invalidate();
  return id;
}

async function clerkWith(scopeIds: string[], account: string) {
  const role = await createRole(t, '000000', account, ['system', 'post'], scopeIds);
  await createUser(t, { tenantId: '000000', account, password: 'pw', roleId: role, deptId: SEED.deptRoot });
  return t.tokenOf(account, 'pw');
}

describe('custom data scopes (type 5)', () => {
  it('filters by the rule with the caller placeholders bound, combined with OR across rules', async () => {
    for (const [code, sort, category] of [
      ['x1', 1, 1],
      ['x2', 2, 2],
      ['x3', 3, 3],
      ['x4', 40, 4],
    ] as const) {
      expectOk(await t.post(`${POST}/submit`, admin, { category, postCode: code, postName: `岗位${code}`, sort }));
    }
    const small = await customScope("sort < 3 and post_code like 'x%'");
    const four = await customScope("category in (4, 5) and post_code like 'x%'");
    const token = await clerkWith([small], 'custom1');
    const codes = async (tok: string) =>
      (expectOk(await t.get(`${POST}/list?size=100`, tok)).records as Array<{ postCode: string }>)
        .map((r) => r.postCode)
        .sort();
    expect(await codes(token)).toEqual(['x1', 'x2']);
    const both = await clerkWith([small, four], 'custom2');
    expect(await codes(both)).toEqual(['x1', 'x2', 'x4']);
    // ${userId}: the rows the caller created
    const mine = await customScope('create_user = ${userId}');
    const creator = await clerkWith([mine], 'custom3');
    const role = (
      await t.services.db
        .selectFrom('blade_user')
        .select('role_id')
        .where('account', '=', 'custom3')
        .executeTakeFirstOrThrow()
    ).role_id;
    await t.services.db
      .insertInto('blade_role_menu')
      .values({ id: nextId(), role_id: role, menu_id: menuIdOf('post_add') })
      .execute();
    await t.services.permissions.invalidate();
    expectOk(await t.post(`${POST}/submit`, creator, { category: 1, postCode: 'x5', postName: '自建', sort: 5 }));
    expect(await codes(creator)).toEqual(['x5']);
    const explained = expectOk(await t.get('/api/blade-system/data-scope/effective?code=post', creator));
    expect(explained).toMatchObject({ effective: 'restricted', reason: 'rules' });
  });

  it('grants nothing for a stored rule the grammar refuses, even one that tries SQL', async () => {
    const bad = await customScope('1=1) or (select pg_sleep(1)) is null or (1');
    const token = await clerkWith([bad], 'custom4');
    expect(expectOk(await t.get(`${POST}/list`, token)).total).toBe(0);
    expect(expectOk(await t.get('/api/blade-system/data-scope/effective?code=post', token))).toMatchObject({
      effective: 'none',
    });
  });

  it('refuses to save a rule it cannot read or naming a column the resource lacks, with where it stopped', async () => {
    const base = { menuId: menuIdOf('post'), resourceCode: 'post', scopeName: '自定义', scopeType: 5 };
    expectError(
      await t.post(`${SCOPE}/submit`, admin, { ...base, scopeValue: 'create_user = ${userId}; drop table blade_user' }),
      400,
      '自定义规则第24个字符处的";"不允许使用',
    );
    expectError(
      await t.post(`${SCOPE}/submit`, admin, { ...base, scopeValue: 'salary > 3' }),
      400,
      '自定义规则的字段salary不存在',
    );
    expectError(await t.post(`${SCOPE}/submit`, admin, { ...base, scopeValue: '' }), 400, '自定义规则不能为空');
    const saved = expectOk(
      await t.post(`${SCOPE}/submit`, admin, { ...base, scopeValue: 'create_dept in (${deptIds}) or status = 1' }),
    );
    expect(saved.id).toBeTruthy();
  });

  it('applies inside one tenant only: the rule never widens past the tenant predicate', async () => {
    const { token } = await createTenantAdmin(t, '610001', crudCodes('post'), 'cboss');
    expectOk(await t.post(`${POST}/submit`, token, { category: 1, postCode: 'tb', postName: '他租户', sort: 1 }));
    const open = await customScope('sort >= 0');
    const local = await clerkWith([open], 'custom5');
    const codes = (expectOk(await t.get(`${POST}/list?size=100`, local)).records as Array<{ postCode: string }>).map(
      (r) => r.postCode,
    );
    expect(codes).not.toContain('tb');
  });
});

describe('the custom rule grammar', () => {
  it.each([
    ['status = 1 and (create_dept = ${deptId} or create_user = ${userId})'],
    ["post_name not like '%经理%'"],
    ['remark is not null'],
    ['not (category in (1, 2) or sort >= -1.5)'],
    ["post_name = 'O''Brien'"],
  ])('reads %s', (rule) => {
    expect(() => parseScopeCondition(rule)).not.toThrow();
  });

  it.each([
    ['status = 1 --', 'cannot be read'],
    ['status = ${password}', 'placeholder ${password} is not available'],
    ['status = ${deptIds}', 'placeholder ${deptIds} is not available'],
    ["post_name = 'open", 'closing quote'],
    ['(status = 1', 'the rule ends too early'],
    ['status = 1 status', 'unexpected text'],
    ['status; select 1', '";" is not allowed'],
  ])('refuses %s', (rule, reason) => {
    try {
      parseScopeCondition(rule);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ScopeConditionError);
      expect((error as ScopeConditionError).text.en).toContain(reason);
    }
  });
});
