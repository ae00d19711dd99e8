import { addDays } from '../../../../shared/calendar/working-days.ts';
import { formatDateTime } from '../../../../shared/contract/time.ts';
import { PRODUCTINTRODUCE_STAGE, productIntroduce } from '../../../../shared/entities/production/product-introduce.ts';
import { task } from '../../../../shared/entities/production/task.ts';
import type { Db } from '../../../db/connect.ts';
import { seedDemoPerson, type DemoPerson } from '../../system/demo/organisation.ts';
import { demoAudit } from '../../system/demo/figures.ts';
import { menuIdOf } from '../../../platform/menus.ts';
import { nextId } from '../../../platform/ids.ts';
import { takeNumbers } from '../../../platform/entity/derived.ts';
import { SEED } from '../../system/install.ts';

/** customer code, project, part number, part name, company, stage, status, manager's employee no., months to SOP */
const PROJECTS: ReadonlyArray<
  readonly [string, string, string, string, '1010' | '1020', string, string, string, number]
> = [
  ['C-FAW-VW', 'VW316 改款', '5G0-809-605-N', '前围板加强件(新)', '1010', '3', '1', 'E1003', 9],
  ['C-SAIC-GM', 'GM-E2 纯电', '8401-5301-NEW', '电池包横梁总成', '1010', '5', '1', 'E1001', 4],
  ['C-BYD', '海鸥 2027', 'BYD-SG-2210', '后地板连接板', '1020', '4', '1', 'E2003', 6],
  ['C-GEELY', '银河 E8', 'GL-E8-4410', '前纵梁后段总成', '1020', '2', '1', 'E2001', 14],
  ['C-NIO', 'NT3 平台', 'NIO-NT3-1180', 'B柱加强板', '1010', '7', '2', 'E1003', -2],
  ['C-CHERY', '瑞虎 9 改款', 'CH-T9-0932', '座椅横梁', '1020', '1', '3', 'E2003', 18],
];

/** APQP tasks of a project: name, owner's employee no., start and finish in days before SOP, share of the path. */
const TASKS: ReadonlyArray<readonly [string, string, number, number]> = [
  ['报价评审', 'E1002', 420, 390],
  ['定点确认与项目启动', 'E1001', 380, 360],
  ['DFMEA 与同步工程', 'E1003', 350, 280],
  ['模具开发与调试', 'E1005', 300, 150],
  ['OTS 样件提交', 'E1003', 150, 110],
  ['PPAP 文件包', 'E1004', 110, 60],
  ['试生产(PTR)', 'E1005', 60, 20],
  ['SOP 准备与量产移交', 'E1001', 20, 0],
];

/** What an NPI record at `stage` has done of its tasks: 0 未开始, 1 进行中, 2 已完成 (`task_status`). */
const taskState = (taskIndex: number, stage: number): { status: string; progress: number } => {
  // Tasks before the stage's are done, its own is under way; at SOP (7) every task is done.
  const reached = stage === 7 ? TASKS.length + 1 : stage;
  if (taskIndex < reached - 1) return { status: '2', progress: 1 };
  if (taskIndex === reached - 1) return { status: '1', progress: 0.6 };
  return { status: '0', progress: 0 };
};

/**
 * Demo NPI projects of tenant 000000 for the demo customers, each with its APQP tasks placed around its SOP date
 * (some late), so 新品导入 shows progress and 项目任务 overdue rows. Added once: a project whose part number exists stays.
 */
export async function seedNpiDemo(db: Db): Promise<string[]> {
  const existing = await db
    .selectFrom('erp_product_introduce')
    .select('product_no')
    .where('tenant_id', '=', '000000')
    .where('is_deleted', '=', 0)
    .execute();
  const have = new Set(existing.map((r) => r.product_no));
  const missing = PROJECTS.filter(([, , productNo]) => !have.has(productNo));
  if (!missing.length) return ['0 NPI projects'];
  const codes = [...new Set(missing.map(([customer]) => customer))];
  const customers = new Map(
    (
      await db
        .selectFrom('erp_customer')
        .select(['id', 'customer_code'])
        .where('tenant_id', '=', '000000')
        .where('customer_code', 'in', codes)
        .where('is_deleted', '=', 0)
        .execute()
    ).map((r) => [r.customer_code, String(r.id)]),
  );
  const employees = new Map(
    (
      await db
        .selectFrom('erp_employee')
        .select(['id', 'employee_no'])
        .where('tenant_id', '=', '000000')
        .where('is_deleted', '=', 0)
        .execute()
    ).map((r) => [r.employee_no, String(r.id)]),
  );
  const usable = missing.filter(([customer, , , , , , , manager]) => customers.has(customer) && employees.has(manager));
  if (!usable.length) return ['0 NPI projects'];
  const numbers = await takeNumbers(db, productIntroduce, 'introduceNo', '000000', usable.length);
  const today = formatDateTime().slice(0, 10);
  let tasks = 0;
  for (const [
    i,
    [customer, project, productNo, productName, org, stage, status, manager, months],
  ] of usable.entries()) {
    const sop = addDays(today, Math.round(months * 30.4));
    const id = nextId();
    await db
      .insertInto('erp_product_introduce')
      .values({
        id,
        tenant_id: '000000',
        introduce_no: numbers[i],
        customer_id: customers.get(customer)!,
        project,
        product_no: productNo,
        product_name: productName,
        org_id: org,
        stage,
        nomination_date: addDays(sop, -360),
        ppap_date: addDays(sop, -60),
        sop_date: sop,
        annual_volume: String(60000 + i * 25000),
        target_price: String(38 + i * 11.5),
        manager_id: employees.get(manager)!,
        introduce_status: status,
        remark: '',
        ...demoAudit(),
        status: 1,
        is_deleted: 0,
      })
      .execute();
    const rows = TASKS.map(([name, owner, from, to], index) => {
      const { status: taskStatus, progress } = taskState(index, Number(stage));
      const planEnd = addDays(sop, -to);
      return {
        id: nextId(),
        tenant_id: '000000',
        task_name: name,
        introduce_id: id,
        project,
        owner_id: employees.get(owner) ?? employees.get(manager)!,
        dept_id: org === '1010' ? SEED.deptChangzhou : SEED.deptSuzhou,
        priority: index >= 4 ? '3' : '2',
        plan_start_date: addDays(sop, -from),
        plan_end_date: planEnd,
        actual_end_date: taskStatus === '2' ? addDays(planEnd, (index % 3) * 3) : null,
        progress: String(progress),
        task_status: taskStatus,
        description: '',
        ...demoAudit(),
        status: 1,
        is_deleted: 0,
      };
    });
    await db.insertInto('erp_task').values(rows).execute();
    tasks += rows.length;
  }
  return [`${usable.length} NPI projects`, `${tasks} project tasks`];
}

/** The demo's project manager: 周海涛 (employee E1003, who manages two demo projects) signs in as `zhouht`. */
const NPI_MANAGER: DemoPerson = {
  roleId: '1123598816738675220',
  roleName: '项目经理',
  roleAlias: 'npi_manager',
  sort: 6,
  userId: '1123598821738675220',
  account: 'zhouht',
  realName: '周海涛',
};
/** What his role adds to an ordinary user's menus: NPI records with 更新阶段, and the projects' tasks. */
const NPI_MANAGER_MENUS = [
  'production',
  'productintroduce',
  `${productIntroduce.code}_view`,
  PRODUCTINTRODUCE_STAGE,
  'task',
  `${task.code}_view`,
  `${task.code}_edit`,
];

/**
 * A 项目经理 role and its one demo account, linked to his employee record, so the stage update can be tried as the
 * domain means it: he lists the NPI projects and updates the stage of his own. Added once.
 */
export async function seedNpiManagerDemo(db: Db): Promise<string[]> {
  const employee = await db
    .selectFrom('erp_employee')
    .select(['id', 'user_id'])
    .where('tenant_id', '=', '000000')
    .where('employee_no', '=', 'E1003')
    .where('is_deleted', '=', 0)
    .executeTakeFirst();
  if (!employee) return [];
  const added = await seedDemoPerson(db, NPI_MANAGER, NPI_MANAGER_MENUS.map(menuIdOf));
  if (!employee.user_id)
    await db.updateTable('erp_employee').set({ user_id: NPI_MANAGER.userId }).where('id', '=', employee.id).execute();
  return added ? [`project manager ${NPI_MANAGER.account}`] : [];
}
