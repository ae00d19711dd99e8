import { beforeAll, describe, expect, it } from 'vitest';
import { menuIdOf } from '../../src/server/db/seed/seed.ts';
import { SEED } from '../../src/server/modules/system/install.ts';
import { USER_ROLE_MENU_CODES } from '../../src/server/modules/index.ts';
import { DEMO_PASSWORD, seedDemo } from '../../src/server/modules/system/demo/organisation.ts';
import { expectError, expectOk, withTestApp, type TestApp } from '../support/app.ts';
import { createRole, createTenant, createUser } from '../support/factories.ts';
import {
  FINANCE,
  LEAVE,
  WORK,
  claimable,
  complete,
  definitionOf,
  leaveRequest,
  person,
  simpleModel,
  startLeave,
  taskOf,
  upload,
  type Person,
} from './flow.support.ts';

/**
 * Issue 10, workflow: no step is left without somebody to handle it (seeded approver roles, deployment warnings,
 * the administrators as last resort), no self-approval, the starter's view of the result, and messages that say
 * what they are about.
 */

const FLOW = '/api/blade-flow';
const SYS = '/api/blade-system';
const EN = { 'accept-language': 'en' };
let t: TestApp;
let admin: string;
let adminId: string;
let applicant: Person;
let manager: Person;
withTestApp((app, token) => {
  t = app;
  admin = token;
});
beforeAll(async () => {
  adminId = SEED.userAdmin;
  const roles = new Map<string, string>();
  applicant = await person(t, '000000', 'fh_applicant', 'staff', roles);
  manager = await person(t, '000000', 'fh_manager', 'manager', roles);
}, 60_000);

/** A user holding a seeded role (as an administrator gives it in the user screen). */
async function holderOf(roleId: string, account: string): Promise<Person> {
  const id = await createUser(t, {
    tenantId: '000000',
    account,
    password: 'pw',
    roleId,
    realName: account.slice(0, 10),
  });
  return { id, account, token: await t.tokenOf(account, 'pw') };
}

const messagesOf = (userId: string) =>
  t.services.db.selectFrom('blade_message').selectAll().where('user_id', '=', userId).orderBy('id').execute();
const sentRow = async (who: Person, instanceId: string) =>
  expectOk(await t.get(`${WORK}/send-list?size=100`, who.token)).records.find(
    (r: { processInstanceId: string }) => r.processInstanceId === instanceId,
  );

/** A leave over 3 days approved by the chosen approver: it waits at 人事审批 (candidate group hr). */
async function leaveAtHr(days = 5) {
  const request = await leaveRequest(t, applicant, manager, days);
  expectOk(await complete(t, manager, (await taskOf(t, manager, request.processInstanceId)).taskId, true));
  return request;
}

describe('approver roles', () => {
  it('are seeded in tenant 000000 with the work desk: 人事 hr, 财务 finance, 总经理 boss', async () => {
    const roles = await t.services.db
      .selectFrom('blade_role')
      .select(['id', 'role_name', 'role_alias', 'role_power'])
      .where('tenant_id', '=', '000000')
      .where('role_alias', 'in', ['hr', 'finance', 'boss'])
      .orderBy('sort')
      .execute();
    expect(roles.map((r) => [String(r.id), r.role_name, r.role_alias, Number(r.role_power)])).toEqual([
      [SEED.roleHr, '人事', 'hr', 0],
      [SEED.roleFinance, '财务', 'finance', 0],
      [SEED.roleBoss, '总经理', 'boss', 0],
    ]);
    const keys = expectOk(await t.get(`${SYS}/menu/role-tree-keys?roleIds=${SEED.roleFinance}`, admin))
      .menu as string[];
    expect([...keys].sort()).toEqual(USER_ROLE_MENU_CODES.map(menuIdOf).sort());
    // The holder sees 待签/待办/已发/办结 and may start a request.
    const boss = await holderOf(SEED.roleBoss, 'fh_boss');
    const routes = JSON.stringify(expectOk(await t.get(`${SYS}/menu/routes`, boss.token)));
    for (const path of ['/work/start', '/work/claim', '/work/todo', '/work/send', '/work/done'])
      expect(routes).toContain(path);
    expect(await definitionOf(t, boss.token, 'Leave')).toMatch(/^Leave:/);
  });

  it('are provisioned with every new tenant, granted the work desk within its menus', async () => {
    const saved = expectOk(
      await t.post(`${SYS}/tenant/submit`, admin, {
        tenantName: '审批租户',
        linkman: '张三',
        contactNumber: '13800000000',
      }),
    );
    const roles = await t.services.db
      .selectFrom('blade_role')
      .select(['id', 'role_name', 'role_alias'])
      .where('tenant_id', '=', saved.tenantId)
      .where('is_deleted', '=', 0)
      .orderBy('sort')
      .execute();
    expect(roles.map((r) => `${r.role_name}:${r.role_alias}`)).toEqual([
      '管理员:admin',
      '人事:hr',
      '财务:finance',
      '总经理:boss',
    ]);
    const boss = roles.find((r) => r.role_alias === 'boss')!;
    const granted = await t.services.db
      .selectFrom('blade_role_menu')
      .select('menu_id')
      .where('role_id', '=', boss.id)
      .execute();
    expect(granted.map((g) => String(g.menu_id)).sort()).toEqual(USER_ROLE_MENU_CODES.map(menuIdOf).sort());
  });
});

describe('a step whose candidates match nobody', () => {
  it('goes to the tenant administrators with a message saying why, and they can handle it', async () => {
    const request = await leaveAtHr();
    const hrTask = (await claimable(t, { id: adminId, account: 'admin', token: admin })).find(
      (r) => r.processInstanceId === request.processInstanceId,
    );
    expect(hrTask).toMatchObject({ taskName: '人事审批', assignee: '', status: 'claim', startUserName: 'applicant名' });
    const [message] = (await messagesOf(adminId)).filter((m) => String(m.task_id) === hrTask!.taskId);
    expect(message).toMatchObject({ title: '无人办理的待办: 人事审批', status: 0 });
    expect(message.content).toContain('候选组 hr 没有可办理的用户, 已转给管理员');
    // The sent list names who has it now, not a blank.
    expect(await sentRow(applicant, request.processInstanceId)).toMatchObject({
      taskName: '人事审批',
      assignee: '',
      assigneeName: '人事、管理员',
      processResult: 'running',
    });

    expectOk(await t.post(`${WORK}/claim-task?taskId=${hrTask!.taskId}`, admin));
    expectOk(await t.post(`${WORK}/complete-task`, admin, { taskId: hrTask!.taskId, flag: 'ok' }));
    expect(await sentRow(applicant, request.processInstanceId)).toMatchObject({
      processIsFinished: 'finished',
      processResult: 'approved',
    });
  });

  it('reaches the holders of the role once it has users, and no longer the administrators', async () => {
    const hr = await holderOf(SEED.roleHr, 'fh_hr');
    const request = await leaveAtHr(4);
    const [forHr] = (await claimable(t, hr)).filter((r) => r.processInstanceId === request.processInstanceId);
    expect(forHr).toMatchObject({ taskName: '人事审批', assigneeName: '人事' });
    expect(await sentRow(applicant, request.processInstanceId)).toMatchObject({ assigneeName: '人事' });
    expect((await claimable(t, { id: adminId, account: 'admin', token: admin })).map((r) => r.taskId)).not.toContain(
      forHr.taskId,
    );
    expect((await messagesOf(hr.id)).map((m) => m.title)).toContain('新的待办: 人事审批');
    expectOk(await complete(t, hr, forHr.taskId, true));
  });

  it('sends a fund request of 10 000 or more to a finance user who has it in his list', async () => {
    const finance = await holderOf(SEED.roleFinance, 'fh_finance');
    const definitionId = await definitionOf(t, applicant.token, 'Finance');
    expectOk(
      await t.post(`${FINANCE}/start-process`, applicant.token, {
        processDefinitionId: definitionId,
        title: '设备采购',
        amount: '25000',
        reason: '产线扩容',
        taskUser: manager.id,
      }),
    );
    const sent = expectOk(await t.get(`${WORK}/send-list`, applicant.token)).records[0];
    expectOk(await complete(t, manager, (await taskOf(t, manager, sent.processInstanceId)).taskId, true));
    const [task] = (await claimable(t, finance)).filter((r) => r.processInstanceId === sent.processInstanceId);
    expect(task).toMatchObject({ taskName: '财务审批' });
  });

  it('is refused, with nothing saved, when the tenant has no administrator either', async () => {
    await createTenant(t, '610401');
    const roleId = await createRole(t, '610401', 'staff', ['work', 'work_start']);
    const userIds = await Promise.all(
      ['fh_lone', 'fh_lone_boss'].map((account) =>
        createUser(t, { tenantId: '610401', account, password: 'pw', roleId, realName: account.slice(3) }),
      ),
    );
    const lone = { id: userIds[0], account: 'fh_lone', token: await t.tokenOf('fh_lone', 'pw', '610401') };
    const xml = simpleModel('Nobody10').replace(
      'flowable:assignee="${taskUser}"',
      'flowable:candidateGroups="auditors"',
    );
    expectOk(
      await upload(t, admin, `${FLOW}/manager/deploy-upload`, { category: '1', tenantIds: '610401' }, [
        { field: 'files', name: 'n.bpmn20.xml', content: xml },
      ]),
    );
    const definitionId = await definitionOf(t, lone.token, 'Nobody10');
    const start = () =>
      t.post(`${LEAVE}/start-process`, lone.token, {
        processDefinitionId: definitionId,
        startTime: '2030-01-01 09:00:00',
        endTime: '2030-01-02 09:00:00',
        reason: 'x',
        taskUser: userIds[1],
      });
    expectError(await start(), 400, '环节「审批」没有可办理的用户, 租户也没有管理员');
    const instances = await t.services.db
      .selectFrom('blade_flow_instance')
      .select('id')
      .where('definition_id', '=', definitionId)
      .execute();
    expect(instances).toEqual([]);
    expect(
      await t.services.db.selectFrom('blade_process_leave').select('id').where('tenant_id', '=', '610401').execute(),
    ).toEqual([]);
  });
});

describe('deployment', () => {
  const groupModel = (key: string, groups: string) =>
    simpleModel(key).replace('flowable:assignee="${taskUser}"', `flowable:candidateGroups="${groups}"`);

  it('warns the deployer of candidate groups no role of the tenant holds', async () => {
    expectOk(
      await t.post(`${FLOW}/model/submit`, admin, {
        modelKey: 'Audit10',
        name: '审计流程',
        xml: groupModel('Audit10', 'hr,auditors'),
      }),
    );
    const model = expectOk(await t.get(`${FLOW}/model/list?modelKey=Audit10`, admin)).records[0];
    const res = await t.post(`${FLOW}/model/deploy?modelId=${model.id}&category=1&tenantIds=000000`, admin);
    const body = res.json();
    expect(body).toMatchObject({ code: 200, success: true, msg: '部署成功, 但有环节无人办理' });
    expect(body.data.warnings).toEqual([
      '环节「审批」的候选组 auditors 在租户 000000 没有对应的角色: 到达此环节的任务将转给租户管理员',
    ]);

    const english = await t.post(
      `${FLOW}/model/deploy?modelId=${model.id}&category=1&tenantIds=000000`,
      admin,
      undefined,
      EN,
    );
    expect(english.json().data.warnings).toEqual([
      'The candidate group auditors of step "审批" matches no role in tenant 000000: its tasks will go to the tenant administrators',
    ]);
  });

  it('checks every tenant a file is uploaded to, and says nothing when every group has its role', async () => {
    await createTenant(t, '610402');
    const found = await upload(
      t,
      admin,
      `${FLOW}/manager/deploy-upload`,
      { category: '1', tenantIds: '000000,610402' },
      [{ field: 'files', name: 'h.bpmn20.xml', content: groupModel('Hr10', 'hr') }],
    );
    expect(expectOk(found).warnings).toEqual([
      '环节「审批」的候选组 hr 在租户 610402 没有对应的角色: 到达此环节的任务将转给租户管理员',
    ]);
    const clean = await upload(t, admin, `${FLOW}/manager/deploy-upload`, { category: '1', tenantIds: '000000' }, [
      { field: 'files', name: 'h.bpmn20.xml', content: groupModel('Hr10', 'hr,finance') },
    ]);
    expect(clean.json()).toEqual({ code: 200, success: true, data: { warnings: [] }, msg: '部署成功' });
  });
});

describe('approver choice', () => {
  it('refuses the applicant as his own approver, when starting and when resubmitting', async () => {
    expectError(await startLeave(t, applicant, applicant, 1), 400, '不能选择自己作为审批人');
    const definitionId = await definitionOf(t, applicant.token, 'Finance');
    const english = await t.post(
      `${FINANCE}/start-process`,
      applicant.token,
      {
        processDefinitionId: definitionId,
        title: 't',
        amount: '10',
        reason: 'r',
        taskUser: `taskUser_${applicant.id}`,
      },
      EN,
    );
    expectError(english, 400, 'You cannot choose yourself as the approver');

    const request = await leaveRequest(t, applicant, manager, 1);
    expectOk(await complete(t, manager, (await taskOf(t, manager, request.processInstanceId)).taskId, false));
    const adjust = await taskOf(t, applicant, request.processInstanceId);
    expectError(
      await complete(t, applicant, adjust.taskId, true, { variables: { taskUser: `taskUser_${applicant.id}` } }),
      400,
      '不能选择自己作为审批人',
    );
    expect((await taskOf(t, applicant, request.processInstanceId)).taskId).toBe(adjust.taskId);
  });
});

describe('what the starter sees', () => {
  it('tells approved, rejected and withdrawn requests apart in the sent list, as the request status does', async () => {
    const approved = await leaveRequest(t, applicant, manager, 1);
    expectOk(await complete(t, manager, (await taskOf(t, manager, approved.processInstanceId)).taskId, true));
    const rejected = await leaveRequest(t, applicant, manager, 1);
    expectOk(await complete(t, manager, (await taskOf(t, manager, rejected.processInstanceId)).taskId, false));
    const withdrawn = await leaveRequest(t, applicant, manager, 1);
    expectOk(await t.post(`${WORK}/delete-task?taskId=${withdrawn.taskId}&reason=不请了`, applicant.token));
    const giveUp = await leaveRequest(t, applicant, manager, 1);
    expectOk(await complete(t, manager, (await taskOf(t, manager, giveUp.processInstanceId)).taskId, false));
    expectOk(await complete(t, applicant, (await taskOf(t, applicant, giveUp.processInstanceId)).taskId, false));
    const running = await leaveRequest(t, applicant, manager, 1);

    const expected = [
      [approved, 'approved', 'finished', 3],
      [rejected, 'rejected', 'unfinished', 2],
      [withdrawn, 'withdrawn', 'finished', 4],
      [giveUp, 'withdrawn', 'finished', 4],
      [running, 'running', 'unfinished', 1],
    ] as const;
    const ended = (await messagesOf(applicant.id)).filter(
      (m) => String(m.process_instance_id) === giveUp.processInstanceId && String(m.title).startsWith('流程已结束'),
    );
    expect(ended.map((m) => m.content)).toEqual(['您发起的 请假流程 已办结: 已撤销']);
    for (const [request, result, finished, status] of expected) {
      expect(await sentRow(applicant, request.processInstanceId)).toMatchObject({
        processResult: result,
        processIsFinished: finished,
      });
      expect(expectOk(await t.get(`${LEAVE}/detail?businessId=${request.businessId}`, applicant.token)).status).toBe(
        status,
      );
    }
  });

  it('names the current step of a followed process, beside its element id', async () => {
    const request = await leaveRequest(t, applicant, manager, 1);
    const row = expectOk(await t.get(`${FLOW}/follow/list?processInstanceId=${request.processInstanceId}`, admin))
      .records[0];
    expect(row).toMatchObject({ taskDefinitionKey: 'managerApproval', taskName: '审批人审批' });
  });

  it('asks for the purpose (用途) of a fund request by its name', async () => {
    const definitionId = await definitionOf(t, applicant.token, 'Finance');
    const body = { processDefinitionId: definitionId, title: '差旅', amount: '300', reason: ' ', taskUser: manager.id };
    expectError(await t.post(`${FINANCE}/start-process`, applicant.token, body), 400, '请输入用途');
    expectError(
      await t.post(`${FINANCE}/start-process`, applicant.token, body, EN),
      400,
      'Please enter what the funds are for',
    );
  });
});

describe('messages', () => {
  it('point at the task they ask to handle, or at the finished process and its request', async () => {
    // People of the seeded 用户 role, which reads its messages.
    const [applicant, manager] = [await holderOf(SEED.roleUser, 'fh_msg_a'), await holderOf(SEED.roleUser, 'fh_msg_m')];
    const request = await leaveRequest(t, applicant, manager, 1);
    const task = await taskOf(t, manager, request.processInstanceId);
    const inbox = expectOk(await t.get(`${SYS}/message/list?size=100`, manager.token)).records;
    expect(inbox.find((m: { taskId: string }) => m.taskId === task.taskId)).toMatchObject({
      title: '新的待办: 审批人审批',
      processInstanceId: request.processInstanceId,
      businessTable: 'blade_process_leave',
      businessId: request.businessId,
      // whose request it is: an approver with several tells them apart
      content: 'fh_msg_a发起的请假流程 待您办理: 审批人审批',
    });
    expectOk(await complete(t, manager, task.taskId, true));
    const mine = expectOk(await t.get(`${SYS}/message/list?size=100`, applicant.token)).records;
    expect(
      mine.find(
        (m: { processInstanceId: string; title: string }) =>
          m.processInstanceId === request.processInstanceId && m.title.startsWith('流程已结束'),
      ),
    ).toMatchObject({
      taskId: null,
      businessTable: 'blade_process_leave',
      businessId: request.businessId,
      content: '您发起的 请假流程 已办结: 已通过',
    });
  });

  it('cannot be pointed elsewhere by a client writing one', async () => {
    expectOk(
      await t.post(`${SYS}/message/submit`, admin, {
        content: 'pointed',
        taskId: '1',
        processInstanceId: '2',
        businessTable: 'blade_user',
        businessId: '3',
      }),
    );
    const row = await t.services.db
      .selectFrom('blade_message')
      .selectAll()
      .where('user_id', '=', adminId)
      .where('content', '=', 'pointed')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ task_id: null, process_instance_id: null, business_table: '', business_id: null });
  });
});

describe('demo data', () => {
  it('gives every seeded role a person, so a leave over 3 days goes from 张三 via 李四 to 王人事', async () => {
    expect(await seedDemo(t.services.db)).toEqual(['zhangsan', 'lisi', 'wangrs', 'zhaocw', 'qianzong']);
    expect(await seedDemo(t.services.db)).toEqual([]);
    const login = async (account: string): Promise<Person> => {
      const user = await t.services.db
        .selectFrom('blade_user')
        .select('id')
        .where('account', '=', account)
        .where('tenant_id', '=', '000000')
        .executeTakeFirstOrThrow();
      return { id: String(user.id), account, token: await t.tokenOf(account, DEMO_PASSWORD) };
    };
    const [zhangsan, lisi, wangrs] = [await login('zhangsan'), await login('lisi'), await login('wangrs')];
    const request = await leaveRequest(t, zhangsan, lisi, 5);
    expectOk(await complete(t, lisi, (await taskOf(t, lisi, request.processInstanceId)).taskId, true));
    const [task] = (await claimable(t, wangrs)).filter((r) => r.processInstanceId === request.processInstanceId);
    expect(task).toMatchObject({ taskName: '人事审批', startUserName: '张三' });
    expectOk(await complete(t, wangrs, task.taskId, true));
    expect(await sentRow(zhangsan, request.processInstanceId)).toMatchObject({ processResult: 'approved' });
  });
});
