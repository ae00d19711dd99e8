import { useQueries } from '@tanstack/react-query';
import {
  addDays,
  datesBetween,
  halfOf,
  isWorkingDay,
  leaveTime,
  workingDays,
  yearsBetween,
  type WorkCalendar,
} from '../shared/calendar/working-days.ts';
import { formatDateTime } from '../shared/contract/time.ts';
import { getData } from './http.ts';
import { WORK_CALENDAR_YEAR_URL } from '../shared/contract/api/system.ts';
import type { CalendarDay } from '../shared/contract/api/system.schemas.ts';
import { t } from './i18n.ts';

export type { CalendarDay };

export const fetchCalendarYear = (year: number) => getData<CalendarDay[]>(WORK_CALENDAR_YEAR_URL, { year });

/** The tenant's calendar of these years, once every one of them is loaded. */
function useCalendar(years: number[]): WorkCalendar | undefined {
  const calendars = useQueries({
    queries: years.map((year) => ({
      queryKey: ['work-calendar', year],
      queryFn: () => fetchCalendarYear(year),
      staleTime: 10 * 60_000,
    })),
  });
  if (calendars.some((query) => !query.data)) return undefined;
  return new Map(calendars.flatMap((query) => query.data!.map((day) => [day.calendarDate, day.dayType] as const)));
}

/**
 * A leave's working days while it is being filled in, counted as the server will count them (the same function over
 * the tenant's calendar, loaded a year at a time); undefined while the calendar loads or the period is incomplete.
 */
export function useLeaveDays(startTime: string | undefined, endTime: string | undefined): number | undefined {
  const complete = Boolean(startTime && endTime && endTime > startTime);
  const calendar = useCalendar(complete ? yearsBetween(startTime!, endTime!) : []);
  return complete && calendar ? workingDays(startTime!, endTime!, calendar) : undefined;
}

/**
 * The first working day after today in the tenant's zone and calendar (tomorrow until the calendar is there, or
 * when `enabled` is false: a form that has no dates).
 */
export function useNextWorkingDay(enabled = true): string {
  const tomorrow = addDays(formatDateTime().slice(0, 10), 1);
  const year = Number(tomorrow.slice(0, 4));
  const calendar = useCalendar(enabled ? [year, year + 1] : []);
  return (
    (calendar && datesBetween(tomorrow, `${year + 1}-12-31`).find((date) => isWorkingDay(date, calendar))) || tomorrow
  );
}

/** A leave's start or end for people: `2026-03-02 上午` when it is a half day's edge, else the time to the minute. */
export function leaveTimeText(time: string, edge: 'start' | 'end'): string {
  const date = time.slice(0, 10);
  const half = halfOf(time, edge);
  return leaveTime(date, half, edge) === time ? `${date} ${t(`flow.process.${half}`)}` : time.slice(0, 16);
}
