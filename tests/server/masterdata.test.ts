import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectOk, startApp, type TestApp } from '../support/app.ts';

/** Issue 12: customers and suppliers (domain/masterdata.md), their rules and messages, over HTTP. */
const SYS = '/api/blade-system';
const EN = { 'accept-language': 'en' };
let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await startApp();
  admin = await t.tokenOf();
}, 60_000);
afterAll(() => t?.stop());

const CUSTOMER = {
  customerCode: 'C-001',
  customerName: '一汽-大众汽车有限公司',
  shortName: '一汽大众',
  customerType: '1',
  taxNo: '91220101605121393K',
  regionCode: '2201',
  contactName: '王工',
  contactPhone: '13912345678',
};

describe('customers', () => {
  it('are saved with their dictionary, region and status names, and the defaults of the domain file', async () => {
    const saved = expectOk(await t.post(`${SYS}/customer/submit`, admin, CUSTOMER));
    expect(saved).toMatchObject({
      customerTypeName: '整车厂',
      regionName: '长春市',
      currency: 'CNY',
      currencyName: '人民币',
      creditDays: 60,
      isRelated: 0,
      status: 1,
      statusName: '启用',
    });
    const english = expectOk(await t.get(`${SYS}/customer/detail?id=${saved.id}`, admin, EN));
    expect(english).toMatchObject({ customerTypeName: 'OEM', statusName: 'Enabled' });
  });

  it('refuse what the domain file refuses, each with its message', async () => {
    const bad = async (body: Record<string, unknown>, message: string) =>
      expectError(
        await t.post(`${SYS}/customer/submit`, admin, { ...CUSTOMER, customerCode: 'C-X', customerName: 'X', ...body }),
        400,
        message,
      );
    await bad({ customerCode: 'C 1' }, '客户编码只能包含字母、数字和-');
    await bad({ customerType: '' }, '请选择客户类型');
    await bad({ customerType: '99' }, '请选择客户类型');
    await bad({ taxNo: '123' }, '统一社会信用代码格式不正确');
    await bad({ contactPhone: '1234' }, '联系电话格式不正确');
    await bad({ creditDays: 366 }, '账期(天)不能大于365');
    await bad({ creditLimit: '-1' }, '信用额度不能小于0');
    await bad({ regionCode: '999999' }, '所在地区不存在或无权访问');
    await bad({ customerCode: 'C-001' }, '客户编码已存在');
    await bad({ customerName: CUSTOMER.customerName }, '客户名称已存在');
    expectOk(
      await t.post(`${SYS}/customer/submit`, admin, {
        ...CUSTOMER,
        customerCode: 'C-002',
        customerName: '另一家',
        contactPhone: '0431-85901234',
      }),
    );
  });
});

describe('suppliers', () => {
  it('are saved with type and grade names; the bank account holds 8 to 32 digits', async () => {
    const body = {
      supplierCode: 'S-001',
      supplierName: '宝山钢铁股份有限公司',
      supplierType: '1',
      grade: 'A',
      bankAccount: '6222 0210 0100 1234',
    };
    expect(expectOk(await t.post(`${SYS}/supplier/submit`, admin, body))).toMatchObject({
      supplierTypeName: '原材料',
      gradeName: '优秀',
    });
    expectError(
      await t.post(`${SYS}/supplier/submit`, admin, {
        ...body,
        supplierCode: 'S-2',
        supplierName: 'Y',
        bankAccount: '1234',
      }),
      400,
      '银行账号须为8到32位数字',
    );
    expectError(
      await t.post(`${SYS}/supplier/submit`, admin, {
        ...body,
        supplierCode: 'S-3',
        supplierName: 'Z',
        paymentDays: -1,
      }),
      400,
      '付款账期(天)不能小于0',
    );
  });
});
