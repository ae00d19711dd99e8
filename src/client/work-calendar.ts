import { useQueries } from '@tanstack/react-query';
import { halfOf, leaveTime, workingDays, yearsBetween } from '../shared/calendar/working-days.ts';
import { getData } from './http.ts';
import { t } from './i18n.ts';

/** A day of the tenant's work calendar that differs from Monday-Friday work. */
export interface CalendarDay { calendarDate: string; dayType: number }

export const fetchCalendarYear = (year: number) => getData<CalendarDay[]>('/api/blade-system/work-calendar/year', { year });

/**
 * A leave's working days while it is being filled in, counted as the server will count them (the same function over
 * the tenant's calendar, loaded a year at a time); undefined while the calendar loads or the period is incomplete.
 */
export function useLeaveDays(startTime: string | undefined, endTime: string | undefined): number | undefined {
  const complete = Boolean(startTime && endTime && endTime > startTime);
  const years = complete ? yearsBetween(startTime!, endTime!) : [];
  const calendars = useQueries({
    queries: years.map((year) => ({ queryKey: ['work-calendar', year], queryFn: () => fetchCalendarYear(year), staleTime: 10 * 60_000 })),
  });
  if (!complete || calendars.some((query) => !query.data)) return undefined;
  const calendar = new Map(calendars.flatMap((query) => query.data!.map((day) => [day.calendarDate, day.dayType] as const)));
  return workingDays(startTime!, endTime!, calendar);
}

/** A leave's start or end for people: `2026-03-02 上午` when it is a half day's edge, else the time to the minute. */
export function leaveTimeText(time: string, edge: 'start' | 'end'): string {
  const date = time.slice(0, 10);
  const half = halfOf(time, edge);
  return leaveTime(date, half, edge) === time ? `${date} ${t(`flow.process.${half}`)}` : time.slice(0, 16);
}
