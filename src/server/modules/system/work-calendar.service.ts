import { sql } from 'kysely';
import {
  calendarDaysBetween,
  DAY_TYPE,
  MAX_LEAVE_CALENDAR_DAYS,
  workingDays,
  type WorkCalendar,
} from '../../../shared/calendar/working-days.ts';
import type { LocalText } from '../../../shared/i18n/server-messages.ts';
import type { Db } from '../../db/connect.ts';
import { failWith } from '../../platform/errors.ts';
import type { EntityHooks } from '../../platform/entity/service.ts';

export const WORK_CALENDAR_MESSAGES = {
  dayType: { zh: '请选择日期类型', en: 'Please select the day type' },
  year: { zh: '请输入正确的年份', en: 'Please enter a valid year' },
  tooLong: { zh: '请假时长不能超过 {name} 天', en: 'A leave cannot be longer than {name} days' },
} satisfies Record<string, LocalText>;

const DAY_TYPES = new Set<number>(Object.values(DAY_TYPE));

/** A calendar day's type is one of the dictionary's three. */
export const workCalendarHooks = (): EntityHooks => ({
  async beforeWrite(_trx, _user, values) {
    if (values.day_type !== undefined && !DAY_TYPES.has(Number(values.day_type)))
      throw failWith(WORK_CALENDAR_MESSAGES.dayType);
  },
});

/** The tenant's calendar rows from `first` to `last` (`yyyy-MM-dd`), as day types by date. */
export async function tenantCalendar(
  db: Db,
  tenantId: string,
  first: string,
  last: string,
): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('blade_work_calendar')
    .select([sql<string>`to_char(calendar_date, 'YYYY-MM-DD')`.as('date'), 'day_type'])
    .where('tenant_id', '=', tenantId)
    .where('is_deleted', '=', 0)
    .where('calendar_date', '>=', sql<string>`cast(${first} as date)`)
    .where('calendar_date', '<=', sql<string>`cast(${last} as date)`)
    .orderBy('calendar_date')
    .execute();
  return new Map(rows.map((row) => [row.date, Number(row.day_type)]));
}

/** The leave's working days by the tenant's calendar: the figure the form shows and the leave process decides on. */
export async function leaveDaysOf(db: Db, tenantId: string, startTime: string, endTime: string): Promise<number> {
  if (calendarDaysBetween(startTime, endTime) > MAX_LEAVE_CALENDAR_DAYS)
    throw failWith(WORK_CALENDAR_MESSAGES.tooLong, { name: MAX_LEAVE_CALENDAR_DAYS });
  const calendar: WorkCalendar = await tenantCalendar(db, tenantId, startTime.slice(0, 10), endTime.slice(0, 10));
  return workingDays(startTime, endTime, calendar);
}
