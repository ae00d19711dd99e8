import { describe, expect, it } from 'vitest';
import {
  addDays,
  calendarDaysBetween,
  DAY_TYPE,
  halfOf,
  isWorkingDay,
  leaveTime,
  workingDays,
  yearsBetween,
  type WorkCalendar,
} from '../../src/shared/calendar/working-days.ts';
import { canonicalTimeZone, formatDateTime } from '../../src/shared/contract/time.ts';
import { seedCalendarDays } from '../../src/server/modules/system/work-calendar-seed.ts';

const none: WorkCalendar = new Map();
/** The 2026 calendar every tenant is seeded with (State Council notice 国办发明电〔2025〕7号). */
const cn2026: WorkCalendar = new Map([...seedCalendarDays(2026)].map(([date, day]) => [date, day.dayType]));

describe('working days of a leave (the one count of desktop, phone and server)', () => {
  it('counts Monday to Friday when the calendar lists no day of the period', () => {
    // Monday 2031-02-03 09:00 to Friday 18:00: five days; to the next Monday 18:00: six (the weekend does not count).
    expect(workingDays('2031-02-03 09:00:00', '2031-02-07 18:00:00', none)).toBe(5);
    expect(workingDays('2031-02-03 09:00:00', '2031-02-10 18:00:00', none)).toBe(6);
    expect(workingDays('2031-02-08 09:00:00', '2031-02-09 18:00:00', none)).toBe(0);
  });

  it('counts half days: a morning, an afternoon, and a start or end at noon', () => {
    expect(workingDays(leaveTime('2031-02-03', 'am', 'start'), leaveTime('2031-02-03', 'am', 'end'), none)).toBe(0.5);
    expect(workingDays(leaveTime('2031-02-03', 'pm', 'start'), leaveTime('2031-02-03', 'pm', 'end'), none)).toBe(0.5);
    expect(workingDays(leaveTime('2031-02-03', 'pm', 'start'), leaveTime('2031-02-06', 'pm', 'end'), none)).toBe(3.5);
    expect(workingDays(leaveTime('2031-02-03', 'am', 'start'), leaveTime('2031-02-04', 'am', 'end'), none)).toBe(1.5);
    // A time inside a half takes that half; the lunch break and the night take nothing.
    expect(workingDays('2031-02-03 10:30:00', '2031-02-03 15:00:00', none)).toBe(1);
    expect(workingDays('2031-02-03 12:00:00', '2031-02-03 13:00:00', none)).toBe(0);
    expect(workingDays('2031-02-03 18:00:00', '2031-02-04 09:00:00', none)).toBe(0);
  });

  it('takes holidays and adjusted working days (调休) from the calendar, the 2026 Spring Festival for one', () => {
    // Friday 13th, Saturday 14th worked (调休), 15th-23rd off, the morning of Tuesday 24th.
    expect(workingDays('2026-02-13 09:00:00', '2026-02-24 12:00:00', cn2026)).toBe(2.5);
    expect(isWorkingDay('2026-02-14', cn2026)).toBe(true);
    expect(isWorkingDay('2026-02-16', cn2026)).toBe(false);
    // National Day: 28-30 September, 1-7 October off, Thursday 8th, Friday 9th and Saturday 10th (调休) worked.
    expect(workingDays('2026-09-28 09:00:00', '2026-10-11 18:00:00', cn2026)).toBe(6);
    // A calendar row wins over the weekday, both ways.
    const calendar: WorkCalendar = new Map([
      ['2031-02-04', DAY_TYPE.holiday],
      ['2031-02-08', DAY_TYPE.workday],
    ]);
    expect(workingDays('2031-02-03 09:00:00', '2031-02-08 18:00:00', calendar)).toBe(5);
  });

  it('is 0 for an empty or reversed period', () => {
    expect(workingDays('2031-02-03 09:00:00', '2031-02-03 09:00:00', none)).toBe(0);
    expect(workingDays('2031-02-05 09:00:00', '2031-02-03 09:00:00', none)).toBe(0);
  });

  it('reads a saved time back as its half day, and names the years and calendar days a period spans', () => {
    expect(halfOf('2031-02-03 09:00:00', 'start')).toBe('am');
    expect(halfOf('2031-02-03 13:00:00', 'start')).toBe('pm');
    expect(halfOf('2031-02-03 12:00:00', 'end')).toBe('am');
    expect(halfOf('2031-02-03 18:00:00', 'end')).toBe('pm');
    expect(yearsBetween('2030-12-30 09:00:00', '2031-01-02 18:00:00')).toEqual([2030, 2031]);
    expect(calendarDaysBetween('2030-12-30 09:00:00', '2031-01-02 18:00:00')).toBe(4);
    expect(addDays('2031-02-28', 1)).toBe('2031-03-01');
  });
});

describe('the seeded calendar of a year', () => {
  it('has the weekends, the holidays and the worked weekend days of the State Council notice', () => {
    const days = seedCalendarDays(2026);
    expect(days.get('2026-03-07')).toEqual({ dayType: DAY_TYPE.restday, dayName: '周末', remark: '' });
    expect(days.get('2026-02-16')).toMatchObject({ dayType: DAY_TYPE.holiday, dayName: '春节' });
    expect(days.get('2026-01-04')).toMatchObject({ dayType: DAY_TYPE.workday, dayName: '元旦调休上班' });
    expect(days.get('2026-10-10')).toMatchObject({ dayType: DAY_TYPE.workday, dayName: '国庆节调休上班' });
    expect(days.has('2026-03-09')).toBe(false); // an ordinary Monday
    // 104 weekend days, less the 6 worked, plus the 19 holidays on weekdays.
    expect([...days.values()].filter((d) => d.dayType !== DAY_TYPE.workday)).toHaveLength(104 - 6 + 19);
  });

  it('has at least the weekends of a year without an arrangement', () => {
    const days = seedCalendarDays(2041); // starts on a Tuesday, 365 days: 52 weekends
    expect(days.size).toBe(104);
    expect([...days.values()].every((d) => d.dayType === DAY_TYPE.restday)).toBe(true);
  });
});

describe('time zones', () => {
  it('accepts IANA names in their canonical spelling and refuses offsets and abbreviations', () => {
    expect(canonicalTimeZone('Asia/Shanghai')).toBe('Asia/Shanghai');
    expect(canonicalTimeZone(' asia/tokyo ')).toBe('Asia/Tokyo');
    expect(canonicalTimeZone('UTC')).toBe('UTC');
    expect(canonicalTimeZone('Europe/Berlin')).toBe('Europe/Berlin');
    for (const bad of ['Mars/Olympus', '+08:00', 'GMT+8', 'CST', 'EST', '', 'Asia/', '../etc'])
      expect(canonicalTimeZone(bad), bad).toBeUndefined();
  });

  it('writes an instant as the wall clock of a zone', () => {
    const instant = new Date(Date.UTC(2026, 10, 24, 0, 43, 5));
    expect(formatDateTime(instant, 'Asia/Shanghai')).toBe('2026-11-24 08:43:05');
    expect(formatDateTime(instant, 'UTC')).toBe('2026-11-24 00:43:05');
    expect(formatDateTime(instant, 'America/New_York')).toBe('2026-11-23 19:43:05');
  });
});
