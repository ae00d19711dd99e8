/**
 * Working days of a period by a tenant's work calendar (blade_work_calendar): the one count the leave form on the
 * desktop and the phone shows and the server stores and hands to the leave process (`days`, "over 3 days").
 *
 * A day is a working day when its calendar row says 工作日 (an adjusted working Saturday, 调休), not one when the row
 * says 休息日 or 节假日, and without a row when it falls Monday to Friday. A working day has two halves (Chinese HR
 * practice: leave is taken by the morning or the afternoon); every half the period overlaps counts 0.5 day.
 */

/** Kinds of day in the work calendar (dictionary `work_day_type`). */
export const DAY_TYPE = { workday: 1, restday: 2, holiday: 3 } as const;

export type DayHalf = 'am' | 'pm';

/** Office hours of the two halves: a leave starts at a half's start and ends at a half's end. */
export const WORK_HALVES: ReadonlyArray<{ half: DayHalf; start: string; end: string }> = [
  { half: 'am', start: '09:00:00', end: '12:00:00' },
  { half: 'pm', start: '13:00:00', end: '18:00:00' },
];

/** A period longer than this is refused: no leave runs past a year, and the count walks every day. */
export const MAX_LEAVE_CALENDAR_DAYS = 366;

/** Day types by date (`yyyy-MM-dd`): the calendar rows of the period; a date without a row goes by its weekday. */
export type WorkCalendar = ReadonlyMap<string, number>;

const DAY_MS = 86_400_000;
const utcOf = (date: string) => Date.parse(`${date}T00:00:00Z`);
const dateOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export function isWorkingDay(date: string, calendar: WorkCalendar): boolean {
  const type = calendar.get(date);
  if (type !== undefined) return type === DAY_TYPE.workday;
  const weekday = new Date(utcOf(date)).getUTCDay();
  return weekday !== 0 && weekday !== 6;
}

/** The date `days` days after `date` (`yyyy-MM-dd`). */
export const addDays = (date: string, days: number) => dateOf(utcOf(date) + days * DAY_MS);

/** Every date from `first` to `last` (`yyyy-MM-dd`), both included. */
export function datesBetween(first: string, last: string): string[] {
  const dates: string[] = [];
  for (let ms = utcOf(first), end = utcOf(last); ms <= end; ms += DAY_MS) dates.push(dateOf(ms));
  return dates;
}

/** Calendar days the period touches (both ends included): what MAX_LEAVE_CALENDAR_DAYS limits. */
export const calendarDaysBetween = (startTime: string, endTime: string) =>
  Math.round((utcOf(endTime.slice(0, 10)) - utcOf(startTime.slice(0, 10))) / DAY_MS) + 1;

/**
 * Working days from `startTime` to `endTime` (`yyyy-MM-dd HH:mm:ss`, the tenant's wall clock), in half days:
 * 2026-02-13 09:00 to 2026-02-24 12:00 over the 2026 Spring Festival is 2.5 (Friday, Saturday the 14th worked
 * as 调休, the morning of the 24th).
 */
export function workingDays(startTime: string, endTime: string, calendar: WorkCalendar): number {
  if (!(endTime > startTime)) return 0;
  let halves = 0;
  for (const date of datesBetween(startTime.slice(0, 10), endTime.slice(0, 10))) {
    if (!isWorkingDay(date, calendar)) continue;
    for (const { start, end } of WORK_HALVES) {
      if (startTime < `${date} ${end}` && endTime > `${date} ${start}`) halves += 1;
    }
  }
  return halves / 2;
}

/** The wall-clock time a leave starts (`start`) or ends (`end`) at on a date and half. */
export function leaveTime(date: string, half: DayHalf, edge: 'start' | 'end'): string {
  const hours = WORK_HALVES.find((h) => h.half === half)!;
  return `${date} ${edge === 'start' ? hours.start : hours.end}`;
}

/**
 * The half a saved time falls in, read back into the form: a start before noon takes the morning, an end after 13:00
 * the afternoon.
 */
export function halfOf(time: string, edge: 'start' | 'end'): DayHalf {
  const clock = time.slice(11, 19) || '00:00:00';
  return edge === 'start' ? (clock < WORK_HALVES[0].end ? 'am' : 'pm') : clock <= WORK_HALVES[1].start ? 'am' : 'pm';
}

/** The calendar years a period spans: the client loads the tenant's calendar a year at a time. */
export function yearsBetween(startTime: string, endTime: string): number[] {
  const first = Number(startTime.slice(0, 4));
  const last = Math.max(first, Number(endTime.slice(0, 4)));
  return Array.from({ length: Math.min(last - first, 2) + 1 }, (_, i) => first + i);
}
