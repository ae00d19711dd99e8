import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED } from '../../src/server/modules/system/install.ts';
import { expectError, expectOk, startApp, type TestApp } from '../support/app.ts';

/** Issue 12: employees (domain/masterdata.md) and `employee/dicList`, over HTTP. */
const SYS = '/api/blade-system';
let t: TestApp;
let admin: string;

const EMPLOYEE = {
  employeeNo: 'E-1',
  name: '陈建国',
  sex: 1,
  orgId: '1010',
  deptId: SEED.deptChangzhou,
  postId: SEED.postCeo,
  phone: '13912345678',
  employmentType: '1',
  entryDate: '2020-03-01',
};

beforeAll(async () => {
  t = await startApp();
  admin = await t.tokenOf();
  const { seedDemoCompanies } = await import('../../src/server/modules/system/demo/organisation.ts');
  await seedDemoCompanies(t.services.db);
}, 60_000);
afterAll(() => t?.stop());

describe('employees', () => {
  it('are saved with the names of their company, department, post, sex and dictionaries', async () => {
    const saved = expectOk(await t.post(`${SYS}/employee/submit`, admin, { ...EMPLOYEE, workshopType: '1' }));
    expect(saved).toMatchObject({
      orgName: '常州布雷德',
      deptName: '常州布雷德',
      postName: '首席执行官',
      sexName: '男',
      workshopTypeName: '冲压车间',
      employmentTypeName: '正式',
      employeeStatus: '1',
      employeeStatusName: '在职',
      leaveDate: '',
    });
  });

  it('refuse what the domain file refuses, each with its message', async () => {
    const bad = async (body: Record<string, unknown>, message: string) =>
      expectError(
        await t.post(`${SYS}/employee/submit`, admin, { ...EMPLOYEE, employeeNo: 'E-X', ...body }),
        400,
        message,
      );
    await bad({ phone: '' }, '手机号码不能为空');
    await bad({ phone: '1391234' }, '手机号码长度不为11位');
    await bad({ phone: '23912345678' }, '手机号码格式不正确');
    await bad({ email: 'a@b' }, '邮箱格式不正确');
    await bad({ orgId: '' }, '请选择所属公司');
    await bad({ orgId: '9999' }, '公司不存在');
    await bad({ deptId: '' }, '请选择所属部门');
    await bad({ employmentType: '9' }, '请选择用工类型');
    await bad({ employeeStatus: '2' }, '请选择离职日期');
    await bad({ employeeStatus: '2', leaveDate: '2020-02-29' }, '离职日期不能早于入职日期');
    await bad({ employeeNo: 'E-1' }, '工号已存在');
    const left = expectOk(
      await t.post(`${SYS}/employee/submit`, admin, {
        ...EMPLOYEE,
        employeeNo: 'E-2',
        employeeStatus: '2',
        leaveDate: '2020-03-01',
      }),
    );
    expect(left).toMatchObject({ employeeStatusName: '离职', leaveDate: '2020-03-01' });
    // The rule holds on the saved row: moving the joining date past the leaving date is refused.
    expectError(
      await t.post(`${SYS}/employee/submit`, admin, { id: left.id, entryDate: '2021-01-01' }),
      400,
      '离职日期不能早于入职日期',
    );
  });

  it('link a system login to one employee at most', async () => {
    const withLogin = { ...EMPLOYEE, employeeNo: 'E-3', userId: SEED.userAdmin };
    expect(expectOk(await t.post(`${SYS}/employee/submit`, admin, withLogin))).toMatchObject({ userName: '管理员' });
    expectError(
      await t.post(`${SYS}/employee/submit`, admin, { ...withLogin, employeeNo: 'E-4' }),
      400,
      '系统账号已存在',
    );
  });

  it('are searched by number, name, company and department', async () => {
    const found = async (query: string) =>
      expectOk(await t.get(`${SYS}/employee/list?${query}`, admin)).records.map(
        (r: { employeeNo: string }) => r.employeeNo,
      );
    expect(await found(`name=${encodeURIComponent('陈')}`)).toEqual(['E-1', 'E-2', 'E-3']);
    expect(await found('employeeNo=E-2')).toEqual(['E-2']);
    expect(await found('orgId_equal=1020')).toEqual([]);
    expect(await found(`deptId_equal=${SEED.deptChangzhou}&employeeStatus_equal=2`)).toEqual(['E-2']);
    // The search bar's joining-date range: both days included.
    expect(await found('entryDate_datege=2020-03-01&entryDate_datele=2020-03-01')).toEqual(['E-1', 'E-2', 'E-3']);
    expect(await found('entryDate_datege=2020-03-02')).toEqual([]);
  });
});

describe('employee/dicList', () => {
  it("lists a dictionary's items of the caller's tenant, filtered by name, in the caller's language", async () => {
    const items = expectOk(await t.get(`${SYS}/employee/dicList?code=workshop_type`, admin));
    expect(items[0]).toEqual({ id: expect.any(String), dictKey: '1', dictValue: '冲压车间', sort: expect.any(Number) });
    expect(items.map((i: { dictKey: string }) => i.dictKey).slice(0, 3)).toEqual(['1', '2', '3']);
    const welding = expectOk(
      await t.get(`${SYS}/employee/dicList?code=workshop_type&dictValue=${encodeURIComponent('焊')}`, admin),
    );
    expect(welding.map((i: { dictValue: string }) => i.dictValue)).toEqual(['焊装车间']);
    const english = expectOk(
      await t.get(`${SYS}/employee/dicList?code=workshop_type`, admin, { 'accept-language': 'en' }),
    );
    expect(english[0].dictValue).toBe('Stamping');
    expect(expectOk(await t.get(`${SYS}/employee/dicList?code=nothing`, admin))).toEqual([]);
    expect(expectOk(await t.get(`${SYS}/employee/dicList`, admin))).toEqual([]);
  });
});
