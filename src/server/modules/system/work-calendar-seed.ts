import { sql, type Insertable } from 'kysely';
import { datesBetween, DAY_TYPE } from '../../../shared/calendar/working-days.ts';
import { formatDateTime } from '../../../shared/contract/time.ts';
import type { Db } from '../../db/connect.ts';
import type { BladeWorkCalendar } from '../../db/schema.ts';
import { nextId } from '../../platform/ids.ts';
import { insertRows } from '../../db/insert-rows.ts';

/**
 * The work calendar every tenant starts with: the weekends of a year, and the public holidays (节假日) and adjusted
 * working days (调休上班) of the mainland China arrangement. A tenant's year is seeded once (when it has no row of
 * that year, removed ones included), so an administrator's changes survive restarts.
 */

interface Holiday {
  name: string;
  /** first and last day off (MM-DD), both included */
  off: [string, string];
  /** weekend days worked instead (MM-DD) */
  work?: string[];
}

interface YearArrangement {
  source: string;
  holidays: Holiday[];
}

/** By year. Add a year when the State Council's notice (国务院办公厅关于 YYYY 年部分节假日安排的通知) is out. */
const ARRANGEMENTS: Record<number, YearArrangement> = {
  2026: {
    source: '国办发明电〔2025〕7号',
    holidays: [
      { name: '元旦', off: ['01-01', '01-03'], work: ['01-04'] },
      { name: '春节', off: ['02-15', '02-23'], work: ['02-14', '02-28'] },
      { name: '清明节', off: ['04-04', '04-06'] },
      { name: '劳动节', off: ['05-01', '05-05'], work: ['05-09'] },
      { name: '端午节', off: ['06-19', '06-21'] },
      { name: '中秋节', off: ['09-25', '09-27'] },
      { name: '国庆节', off: ['10-01', '10-07'], work: ['09-20', '10-10'] },
    ],
  },
  // The statutory days of 《全国年节及纪念日放假办法》 (lunar dates converted); the notice with the year's 补休 and
  // 调休 was not out when this was written: the administrator adds it in the work calendar screen.
  2027: {
    source: '法定节假日;补休与调休以国务院办公厅通知为准',
    holidays: [
      { name: '元旦', off: ['01-01', '01-01'] },
      { name: '春节', off: ['02-05', '02-08'] },
      { name: '清明节', off: ['04-05', '04-05'] },
      { name: '劳动节', off: ['05-01', '05-02'] },
      { name: '端午节', off: ['06-09', '06-09'] },
      { name: '中秋节', off: ['09-15', '09-15'] },
      { name: '国庆节', off: ['10-01', '10-03'] },
    ],
  },
};

interface CalendarDay {
  dayType: number;
  dayName: string;
  remark: string;
}

/** The seeded days of a year by date: weekends, then the holidays over them, then the worked weekend days. */
export function seedCalendarDays(year: number): Map<string, CalendarDay> {
  const days = new Map<string, CalendarDay>();
  for (const date of datesBetween(`${year}-01-01`, `${year}-12-31`)) {
    const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
    if (weekday === 0 || weekday === 6) days.set(date, { dayType: DAY_TYPE.restday, dayName: '周末', remark: '' });
  }
  const arrangement = ARRANGEMENTS[year];
  for (const holiday of arrangement?.holidays ?? []) {
    for (const date of datesBetween(`${year}-${holiday.off[0]}`, `${year}-${holiday.off[1]}`)) {
      days.set(date, { dayType: DAY_TYPE.holiday, dayName: holiday.name, remark: arrangement!.source });
    }
    for (const day of holiday.work ?? []) {
      days.set(`${year}-${day}`, {
        dayType: DAY_TYPE.workday,
        dayName: `${holiday.name}调休上班`,
        remark: arrangement!.source,
      });
    }
  }
  return days;
}

/** The years a fresh calendar covers: the current and the next one (in the contract's zone). */
export function calendarYears(now = new Date()): number[] {
  const year = Number(formatDateTime(now).slice(0, 4));
  return [year, year + 1];
}

/** Seeds the years each tenant (live tenants when none are named) has no row of yet. */
export async function seedWorkCalendars(
  trx: Db,
  years: number[] = calendarYears(),
  tenantIds?: string[],
): Promise<void> {
  const tenants =
    tenantIds ??
    (await trx.selectFrom('blade_tenant').select('tenant_id').where('is_deleted', '=', 0).execute()).map(
      (t) => t.tenant_id,
    );
  if (tenants.length === 0) return;
  // A probe of the day index per tenant and year: grouping every row of thousands of tenants reads millions.
  const seeded = await sql<{ tenant_id: string; year: number }>`select t.tenant_id, y.year
    from unnest(cast(${tenants} as text[])) as t(tenant_id) cross join unnest(cast(${years} as int[])) as y(year)
    where exists (select 1 from blade_work_calendar c where c.tenant_id = t.tenant_id and c.is_deleted = 0
      and c.calendar_date >= make_date(y.year, 1, 1) and c.calendar_date < make_date(y.year + 1, 1, 1))`.execute(trx);
  const done = new Set(seeded.rows.map((row) => `${row.tenant_id}:${Number(row.year)}`));
  const now = formatDateTime();
  const rows: Insertable<BladeWorkCalendar>[] = [];
  for (const year of years) {
    const days = seedCalendarDays(year);
    for (const tenantId of tenants) {
      if (done.has(`${tenantId}:${year}`)) continue;
      for (const [date, day] of days) {
        rows.push({
          id: nextId(),
          tenant_id: tenantId,
          calendar_date: date,
          day_type: day.dayType,
          day_name: day.dayName,
          remark: day.remark,
          create_time: now,
          update_time: now,
          status: 1,
          is_deleted: 0,
        });
      }
    }
  }
  await insertRows(trx, 'blade_work_calendar', rows);
}
