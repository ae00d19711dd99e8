import type { Db } from '../../../db/connect.ts';
import { demoAudit } from '../../system/demo/figures.ts';
import { nextId } from '../../../platform/ids.ts';
import { SEED } from '../../system/install.ts';
import { demoParts, seedDemoParts } from './parts.ts';
import { seedDemoPrices } from './prices.ts';

/**
 * Demo master data (`npm run demo`) of tenant 000000: the OEM customers and the suppliers of an automotive-parts
 * group, with their cities, the part master (parts.ts) and its prices (prices.ts), so the screens open
 * full. Added once: a row whose code or name is taken stays as it is (every unique index of the table: no conflict
 * target).
 */
const CUSTOMERS: ReadonlyArray<readonly [code: string, name: string, short: string, type: string, region: string]> = [
  ['C-FAW-VW', '一汽-大众汽车有限公司', '一汽大众', '1', '2201'],
  ['C-SAIC-GM', '上汽通用汽车有限公司', '上汽通用', '1', '3101'],
  ['C-GAC-HONDA', '广汽本田汽车有限公司', '广汽本田', '1', '4401'],
  ['C-BYD', '比亚迪汽车工业有限公司', '比亚迪', '1', '4403'],
  ['C-GEELY', '浙江吉利控股集团有限公司', '吉利', '1', '3301'],
  ['C-GWM', '长城汽车股份有限公司', '长城', '1', '1306'],
  ['C-NIO', '蔚来汽车科技(安徽)有限公司', '蔚来', '1', '3401'],
  ['C-LI', '北京车和家信息技术有限公司', '理想', '1', '1101'],
  ['C-DFN', '东风汽车有限公司东风日产乘用车公司', '东风日产', '1', '4201'],
  ['C-CAF', '长安福特汽车有限公司', '长安福特', '1', '5001'],
  ['C-CHERY', '奇瑞汽车股份有限公司', '奇瑞', '1', '3402'],
  ['C-HUAYU', '华域汽车系统股份有限公司', '华域', '2', '3101'],
  ['C-AM-01', '途虎养车(上海)有限公司', '途虎', '3', '3101'],
  ['C-GRP-01', '本集团常州零部件有限公司', '常州零部件', '4', '3204'],
];

const SUPPLIERS: ReadonlyArray<
  readonly [code: string, name: string, short: string, type: string, grade: string, region: string]
> = [
  ['S-BAOSTEEL', '宝山钢铁股份有限公司', '宝钢', '1', 'A', '3101'],
  ['S-ANSTEEL', '鞍钢股份有限公司', '鞍钢', '1', 'A', '2103'],
  ['S-SHOUGANG', '首钢京唐钢铁联合有限责任公司', '首钢京唐', '1', 'B', '1302'],
  ['S-CHALCO', '中国铝业股份有限公司', '中铝', '1', 'A', '1101'],
  ['S-BOSCH', '博世汽车部件(苏州)有限公司', '博世苏州', '2', 'A', '3205'],
  ['S-FASTENER', '上海申光高强度螺栓有限公司', '申光螺栓', '2', 'B', '3101'],
  ['S-PAINT', '常州涂装加工有限公司', '常州涂装', '3', 'B', '3204'],
  ['S-HEAT', '无锡热处理厂', '无锡热处理', '3', 'C', '3202'],
  ['S-KOMATSU', '小松(中国)投资有限公司', '小松', '4', 'A', '3101'],
  ['S-MOLD', '宁波模具科技有限公司', '宁波模具', '5', 'B', '3302'],
  ['S-LOGI', '安吉物流股份有限公司', '安吉物流', '6', 'A', '3101'],
];

/** no, name, sex (1 男 2 女), company, post suffix (seeded posts 201-208), workshop, employment type, joined */
const EMPLOYEES: ReadonlyArray<
  readonly [
    no: string,
    name: string,
    sex: number,
    org: '1010' | '1020',
    post: string,
    workshop: string,
    type: string,
    joined: string,
  ]
> = [
  ['E1001', '陈建国', 1, '1010', '201', '', '1', '2012-03-01'],
  ['E1002', '刘芳', 2, '1010', '203', '', '1', '2014-07-15'],
  ['E1003', '周海涛', 1, '1010', '206', '1', '1', '2016-09-01'],
  ['E1004', '吴静', 2, '1010', '207', '', '1', '2017-02-20'],
  ['E1005', '孙立伟', 1, '1010', '208', '2', '1', '2019-04-08'],
  ['E1006', '郑晓明', 1, '1010', '208', '1', '2', '2026-09-01'],
  ['E2001', '马志强', 1, '1020', '202', '', '1', '2013-05-06'],
  ['E2002', '黄丽', 2, '1020', '208', '3', '1', '2018-11-12'],
  ['E2003', '何伟', 1, '1020', '206', '2', '1', '2020-06-01'],
  ['E2004', '林小燕', 2, '1020', '208', '', '4', '2026-07-01'],
];

export async function seedMasterdataDemo(db: Db): Promise<string[]> {
  const customers = await db
    .insertInto('erp_customer')
    .values(
      CUSTOMERS.map(([code, name, short, type, region]) => ({
        id: nextId(),
        tenant_id: '000000',
        customer_code: code,
        customer_name: name,
        short_name: short,
        customer_type: type,
        is_related: type === '4' ? 1 : 0,
        region_code: region,
        currency: 'CNY',
        settlement_method: '2',
        credit_days: type === '1' ? 90 : 60,
        credit_limit: type === '1' ? '50000000' : '2000000',
        ...demoAudit(),
        status: 1,
        is_deleted: 0,
      })),
    )
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .execute();
  const suppliers = await db
    .insertInto('erp_supplier')
    .values(
      SUPPLIERS.map(([code, name, short, type, grade, region]) => ({
        id: nextId(),
        tenant_id: '000000',
        supplier_code: code,
        supplier_name: name,
        short_name: short,
        supplier_type: type,
        grade,
        region_code: region,
        currency: 'CNY',
        payment_days: 60,
        ...demoAudit(),
        status: 1,
        is_deleted: 0,
      })),
    )
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .execute();
  const employees = await db
    .insertInto('erp_employee')
    .values(
      EMPLOYEES.map(([no, name, sex, org, post, workshop, type, joined], i) => ({
        id: nextId(),
        tenant_id: '000000',
        employee_no: no,
        name,
        sex,
        org_id: org,
        dept_id: org === '1010' ? SEED.deptChangzhou : SEED.deptSuzhou,
        post_id: `1123598817738675${post}`,
        workshop_type: workshop,
        phone: `1391234${String(1000 + i).padStart(4, '0')}`,
        email: `${no.toLowerCase()}@example.com`,
        employment_type: type,
        entry_date: joined,
        employee_status: '1',
        ...demoAudit(),
        status: 1,
        is_deleted: 0,
      })),
    )
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .execute();
  const parts = await seedDemoParts(db, '000000', demoAudit);
  const prices = await seedDemoPrices(db, '000000', demoParts(), demoAudit);
  return [
    `${customers.length} customers`,
    `${suppliers.length} suppliers`,
    `${employees.length} employees`,
    ...parts,
    ...prices,
  ];
}
