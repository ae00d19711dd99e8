import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calendarYears, seedWorkCalendars } from '../../src/server/modules/system/work-calendar-seed.ts';
import { expectError, expectOk, startApp, type TestApp } from '../support/app.ts';
import { createRole, createTenant, createUser } from '../support/factories.ts';
import { claimable, complete, definitionOf, LEAVE, staff, taskOf, WORK, type Person } from './flow.support.ts';

const CALENDAR = '/api/blade-system/work-calendar';

let t: TestApp;
let admin: string;
let people: Awaited<ReturnType<typeof staff>>;

beforeAll(async () => {
  t = await startApp();
  admin = await t.tokenOf();
  people = await staff(t, 'cal');
  // Tenant 000000's calendar for February 2031 (no seeded year): two holidays and a worked Saturday (调休).
  for (const day of [
    { calendarDate: '2031-02-04', dayType: 3, dayName: '测试节' },
    { calendarDate: '2031-02-05', dayType: 3, dayName: '测试节' },
    { calendarDate: '2031-02-08', dayType: 1, dayName: '测试节调休上班' },
  ])
    expectOk(await t.post(`${CALENDAR}/submit`, admin, day));
});
afterAll(() => t?.stop());

/** Starts a leave of `who` from `startTime` to `endTime`; returns the request's detail as the approver sees it. */
async function leave(who: Person, startTime: string, endTime: string, extra: Record<string, unknown> = {}) {
  const processDefinitionId = await definitionOf(t, who.token, 'Leave');
  expectOk(
    await t.post(`${LEAVE}/start-process`, who.token, {
      processDefinitionId,
      startTime,
      endTime,
      reason: '探亲',
      taskUser: people.manager.id,
      ...extra,
    }),
  );
  const sent = expectOk(await t.get(`${WORK}/send-list`, who.token)).records[0] as {
    processInstanceId: string;
    businessId: string;
  };
  const detail = expectOk(await t.get(`${LEAVE}/detail?businessId=${sent.businessId}`, people.manager.token));
  return { ...sent, detail };
}
const hrWaits = async (instanceId: string) =>
  (await claimable(t, people.hr1)).some((r) => r.processInstanceId === instanceId);

describe('the work calendar screen (/base/workcalendar)', () => {
  it('keeps one row a date per tenant, with the day types of its dictionary and the spec-style messages', async () => {
    expectError(
      await t.post(`${CALENDAR}/submit`, admin, { calendarDate: '2031-02-04', dayType: 2 }),
      400,
      '该日期已在工作日历中',
    );
    expectError(await t.post(`${CALENDAR}/submit`, admin, { dayType: 2 }), 400, '请选择日期');
    expectError(
      await t.post(`${CALENDAR}/submit`, admin, { calendarDate: '2031-02-30', dayType: 2 }),
      400,
      '日期格式不正确',
    );
    expectError(
      await t.post(`${CALENDAR}/submit`, admin, { calendarDate: '2031-03-01', dayType: 7 }),
      400,
      '请选择日期类型',
    );
    const page = expectOk(await t.get(`${CALENDAR}/list?calendarDate=2031-02-08`, admin));
    expect(page.records).toEqual([
      expect.objectContaining({
        calendarDate: '2031-02-08',
        dayType: 1,
        dayTypeName: '工作日',
        dayName: '测试节调休上班',
      }),
    ]);
  });

  it("gives every signed-in user his own tenant's calendar of a year, and nothing of another tenant", async () => {
    const year = expectOk(await t.get(`${CALENDAR}/year?year=2031`, people.applicant.token));
    expect(year).toEqual([
      { calendarDate: '2031-02-04', dayType: 3 },
      { calendarDate: '2031-02-05', dayType: 3 },
      { calendarDate: '2031-02-08', dayType: 1 },
    ]);
    await createTenant(t, '771001');
    await createUser(t, {
      tenantId: '771001',
      account: 'cal_out',
      password: 'pw',
      roleId: await createRole(t, '771001', 'staff'),
    });
    expect(expectOk(await t.get(`${CALENDAR}/year?year=2031`, await t.tokenOf('cal_out', 'pw', '771001')))).toEqual([]);
    for (const year of ['20x1', '0000', '12345', ''])
      expectError(await t.get(`${CALENDAR}/year?year=${year}`, people.applicant.token), 400);
    expectError(await t.get(`${CALENDAR}/year?year=0000`, people.applicant.token), 400, '请输入正确的年份');
  });

  it('is seeded for every tenant with the current and the next year, once', async () => {
    const [thisYear, nextYear] = calendarYears();
    for (const year of [thisYear, nextYear]) {
      const days = expectOk(await t.get(`${CALENDAR}/year?year=${year}`, admin)) as Array<{ dayType: number }>;
      expect(days.filter((d) => d.dayType !== 1).length, `${year}`).toBeGreaterThanOrEqual(100);
    }
    // A removed row stays removed when the seed runs again.
    const first = expectOk(await t.get(`${CALENDAR}/list?size=1`, admin)).records[0] as {
      id: string;
      calendarDate: string;
    };
    expectOk(await t.post(`${CALENDAR}/remove?ids=${first.id}`, admin));
    await seedWorkCalendars(t.services.db);
    const again = expectOk(await t.get(`${CALENDAR}/list?calendarDate=${first.calendarDate}`, admin));
    expect(again.records).toEqual([]);
  });
});

describe('leave days: working days by the tenant calendar, counted by the server', () => {
  it('counts half days and leaves out weekends and holidays, whatever days the client sends', async () => {
    // Monday 09:00 to Friday 18:00 with Tuesday and Wednesday off: 3 days (5 calendar days, 4 by whole days between).
    const week = await leave(people.applicant, '2031-02-03 09:00:00', '2031-02-07 18:00:00', { days: 0 });
    expect(week.detail).toMatchObject({ days: 3, startTime: '2031-02-03 09:00:00', endTime: '2031-02-07 18:00:00' });
    // Monday afternoon to Thursday evening: 3.5.
    const halves = await leave(people.applicant, '2031-02-10 13:00:00', '2031-02-13 18:00:00');
    expect(halves.detail.days).toBe(3.5);
    // Friday morning to Monday noon over the worked Saturday: 1 + 1 + 0.5.
    const weekend = await leave(people.applicant, '2031-02-07 09:00:00', '2031-02-10 12:00:00');
    expect(weekend.detail.days).toBe(2.5);
  });

  it('decides "over 3 days" on the server\'s figure: 3 days without HR, 3.5 days with HR', async () => {
    const three = await leave(people.applicant, '2031-02-03 09:00:00', '2031-02-07 18:00:00', { days: 9 });
    expectOk(
      await complete(t, people.manager, (await taskOf(t, people.manager, three.processInstanceId)).taskId, true),
    );
    expect(expectOk(await t.get(`${LEAVE}/detail?businessId=${three.businessId}`, people.applicant.token)).status).toBe(
      3,
    );
    expect(await hrWaits(three.processInstanceId)).toBe(false);

    const more = await leave(people.applicant, '2031-02-10 13:00:00', '2031-02-13 18:00:00', { days: 1 });
    expectOk(
      await complete(t, people.manager, (await taskOf(t, people.manager, more.processInstanceId)).taskId, true, {
        variables: { days: 1 },
      }),
    );
    expect(await hrWaits(more.processInstanceId)).toBe(true);
  });

  it("counts an adjusted request again: a resubmitted longer leave goes to HR, a starter's days variable is ignored", async () => {
    const request = await leave(people.applicant, '2031-02-03 09:00:00', '2031-02-07 18:00:00');
    expectOk(
      await complete(t, people.manager, (await taskOf(t, people.manager, request.processInstanceId)).taskId, false),
    );
    const adjust = await taskOf(t, people.applicant, request.processInstanceId);
    expectOk(
      await t.post(`${LEAVE}/start-process`, people.applicant.token, {
        id: request.businessId,
        startTime: '2031-02-03 09:00:00',
        endTime: '2031-02-10 12:00:00',
        reason: '探亲',
        days: 1,
      }),
    );
    expect(expectOk(await t.get(`${LEAVE}/detail?businessId=${request.businessId}`, people.applicant.token)).days).toBe(
      4.5,
    );
    expectOk(await complete(t, people.applicant, adjust.taskId, true, { variables: { days: 1 } }));
    expectOk(
      await complete(t, people.manager, (await taskOf(t, people.manager, request.processInstanceId)).taskId, true),
    );
    expect(await hrWaits(request.processInstanceId)).toBe(true);
  });

  it('refuses a period without a working day and one longer than a year, with the reason', async () => {
    const processDefinitionId = await definitionOf(t, people.applicant.token, 'Leave');
    const start = (startTime: string, endTime: string) =>
      t.post(`${LEAVE}/start-process`, people.applicant.token, {
        processDefinitionId,
        startTime,
        endTime,
        reason: 'x',
        taskUser: people.manager.id,
      });
    expectError(await start('2031-02-04 09:00:00', '2031-02-05 18:00:00'), 400, '所选时间内没有工作日, 无需请假');
    expectError(await start('2031-02-09 09:00:00', '2031-02-09 18:00:00'), 400, '所选时间内没有工作日, 无需请假');
    expectError(await start('2031-01-01 09:00:00', '2032-01-05 18:00:00'), 400, '请假时长不能超过 366 天');
    const inEnglish = await t.post(
      `${LEAVE}/start-process`,
      people.applicant.token,
      {
        processDefinitionId,
        startTime: '2031-02-09 09:00:00',
        endTime: '2031-02-09 18:00:00',
        reason: 'x',
        taskUser: people.manager.id,
      },
      { 'accept-language': 'en' },
    );
    expectError(inEnglish, 400, 'The period has no working day to take leave for');
  });

  it('counts the seeded 2026 Spring Festival: a worked Saturday in, nine days off out', async () => {
    await seedWorkCalendars(t.services.db, [2026]); // already there when the tests run in 2025 or 2026
    const festival = await leave(people.applicant, '2026-02-13 09:00:00', '2026-02-24 12:00:00');
    expect(festival.detail.days).toBe(2.5);
  });
});
