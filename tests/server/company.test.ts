import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED } from '../../src/server/modules/system/install.ts';
import { expectError, expectOk, startApp, type TestApp } from '../support/app.ts';
import { createTenantAdmin, crudCodes } from '../support/factories.ts';

/**
 * Company references (domain/README.md §3.4): an `orgId` holds the code (the department's remark) of one of the
 * tenant's companies, checked on save, its name read as `orgName`, offered by `dept/company-select`.
 */
const SYS = '/api/blade-system';
let t: TestApp;
let admin: string;
let categoryId: string;

const setRemark = async (id: string, remark: string) => {
  const dept = expectOk(await t.get(`${SYS}/dept/detail?id=${id}`, admin));
  expectOk(await t.post(`${SYS}/dept/submit`, admin, { ...dept, remark }));
};
const part = (body: Record<string, unknown>) =>
  t.post(`${SYS}/product/submit`, admin, { productType: '3', categoryId, productName: '板', ...body });

beforeAll(async () => {
  t = await startApp();
  admin = await t.tokenOf();
  await setRemark(SEED.deptChangzhou, '1010');
  await setRemark(SEED.deptSuzhou, '1020');
  categoryId = expectOk(
    await t.post(`${SYS}/goodscategory/submit`, admin, {
      categoryCode: 'CO-C',
      categoryName: '材料',
      categoryType: '3',
    }),
  ).id;
}, 60_000);
afterAll(() => t?.stop());

describe('companies', () => {
  it("are the group's departments with a code, under the top-level department by default", async () => {
    expect(expectOk(await t.get(`${SYS}/dept/company-select`, admin))).toEqual([
      { value: '1010', label: '常州布雷德' },
      { value: '1020', label: '苏州布雷德' },
    ]);
  });

  it('are checked on save, named in reads and matched whole by the list filter', async () => {
    const saved = expectOk(await part({ productNo: 'CO-1', orgId: '1010' }));
    expect(saved).toMatchObject({ orgId: '1010', orgName: '常州布雷德' });
    expectOk(await part({ productNo: 'CO-2', orgId: '1020' }));
    expectError(await part({ productNo: 'CO-3', orgId: '9999' }), 400, '公司不存在');
    const english = await t.post(
      `${SYS}/product/submit`,
      admin,
      { productType: '3', categoryId, productName: '板', productNo: 'CO-3', orgId: '9999' },
      { 'accept-language': 'en' },
    );
    expectError(english, 400, 'Unknown company');
    const byCompany = expectOk(await t.get(`${SYS}/product/list?orgId=1010&productNo=CO-`, admin));
    expect(byCompany.records.map((r: { productNo: string }) => r.productNo)).toEqual(['CO-1']);
    expect(expectOk(await t.get(`${SYS}/product/list?orgId=10&productNo=CO-`, admin)).total).toBe(0);
  });

  it('follow the erp.companyParentId parameter when it names a department of the tenant', async () => {
    const group = expectOk(
      await t.post(`${SYS}/dept/submit`, admin, {
        deptName: '事业部集团',
        fullName: '事业部集团',
        deptCategory: 1,
        sort: 9,
        parentId: SEED.deptRoot,
      }),
    );
    expectOk(
      await t.post(`${SYS}/dept/submit`, admin, {
        deptName: '无锡工厂',
        fullName: '无锡工厂',
        deptCategory: 1,
        sort: 1,
        parentId: group.id,
        remark: '3010',
      }),
    );
    const param = expectOk(
      await t.post(`${SYS}/param/submit`, admin, {
        paramName: '公司上级机构',
        paramKey: 'erp.companyParentId',
        paramValue: group.id,
      }),
    );
    expect(expectOk(await t.get(`${SYS}/dept/company-select`, admin))).toEqual([{ value: '3010', label: '无锡工厂' }]);
    expectError(await part({ productNo: 'CO-4', orgId: '1010' }), 400, '公司不存在');
    expect(expectOk(await part({ productNo: 'CO-4', orgId: '3010' }))).toMatchObject({ orgName: '无锡工厂' });
    expectOk(await t.post(`${SYS}/param/remove?ids=${param.id}`, admin));
    expect(expectOk(await t.get(`${SYS}/dept/company-select`, admin)).map((c: { value: string }) => c.value)).toEqual([
      '1010',
      '1020',
    ]);
  });

  it('of another tenant are unknown: its codes are refused there', async () => {
    const codes = [...crudCodes('product'), ...crudCodes('goodscategory')];
    const { token } = await createTenantAdmin(t, '700001', codes, 'co_boss');
    expect(expectOk(await t.get(`${SYS}/dept/company-select`, token))).toEqual([]);
    const own = expectOk(
      await t.post(`${SYS}/goodscategory/submit`, token, {
        categoryCode: 'B-C',
        categoryName: '材料',
        categoryType: '3',
      }),
    );
    const body = { productNo: 'B-1', productName: '板', productType: '3', categoryId: own.id };
    expectError(await t.post(`${SYS}/product/submit`, token, { ...body, orgId: '1010' }), 400, '公司不存在');
    expect(expectOk(await t.post(`${SYS}/product/submit`, token, body))).toMatchObject({ orgId: '', orgName: '' });
  });
});
