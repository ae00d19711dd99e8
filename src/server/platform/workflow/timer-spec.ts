import type { TimerSpec } from './graph.ts';
import { DEFAULT_TIME_ZONE, instantOfWallClock } from '../../../shared/contract/time.ts';

/**
 * A timer event's time (docs/workflow-engine.md): ISO 8601 as Flowable and Camunda read it — a duration (`PT48H`,
 * `P1DT12H`), a date (`2026-12-01T09:00:00+08:00`; without an offset, in the tenant's zone) or a cycle (`R3/PT10M`,
 * `R/PT1H`, `R2/2026-12-01T09:00:00/P1D`).
 * Cron cycles are refused, and so is a cycle shorter than a minute: a timer is a job in the database, not a clock tick.
 */

/** The shortest cycle a model may ask for. */
export const MIN_CYCLE_MS = 60_000;

const DURATION = /^P(?:(\d+)Y)?(?:(\d+)M)?(?:(\d+)W)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d+)?)S)?)?$/;

interface Duration {
  years: number;
  months: number;
  /** days, hours, minutes and seconds, in milliseconds */
  ms: number;
}

function duration(text: string): Duration | undefined {
  const m = DURATION.exec(text.trim());
  if (!m || text.trim() === 'P' || text.trim().endsWith('T')) return undefined;
  const n = (i: number) => Number(m[i] ?? 0);
  return {
    years: n(1),
    months: n(2),
    ms: ((n(3) * 7 + n(4)) * 24 * 3600 + n(5) * 3600 + n(6) * 60 + n(7)) * 1000,
  };
}

function plus(from: Date, d: Duration): Date {
  const at = new Date(from.getTime());
  if (d.years || d.months) at.setUTCMonth(at.getUTCMonth() + d.years * 12 + d.months);
  return new Date(at.getTime() + d.ms);
}

const isEmpty = (d: Duration) => !d.years && !d.months && !d.ms;

const DATE = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}:\d{2})(?::(\d{2})(\.\d+)?)?)?(Z|[+-]\d{2}:?\d{2})?$/;

/**
 * A date as ISO 8601 writes it. One without an offset (`2026-12-01T09:00:00`) is a wall-clock time of `timeZone` (the
 * instance's tenant's), as the console shows and takes every time, not of wherever the server runs.
 */
function date(text: string, timeZone: string): Date | undefined {
  const m = DATE.exec(text.trim());
  if (!m) return undefined;
  const [, day, minutes = '00:00', seconds = '00', fraction = '', offset] = m;
  const at = offset
    ? new Date(text.trim())
    : new Date(instantOfWallClock(`${day} ${minutes}:${seconds}`, timeZone).getTime() + Number(`0${fraction}`) * 1000);
  if (Number.isNaN(at.getTime()) || !validWallClock(day, minutes, seconds)) return undefined;
  return at;
}

/** A real calendar day and time of day (2026-02-30 and 24:61 are not). */
function validWallClock(day: string, minutes: string, seconds: string): boolean {
  const [y, mo, d] = day.split('-').map(Number);
  const [h, mi] = minutes.split(':').map(Number);
  const check = new Date(Date.UTC(y, mo - 1, d));
  return check.getUTCMonth() === mo - 1 && check.getUTCDate() === d && h < 24 && mi < 60 && Number(seconds) < 60;
}

/** A cycle's parts: its repetitions (-1: for ever), its start date if written, its interval. */
interface Cycle {
  repeat: number;
  start?: Date;
  every: Duration;
}

function cycle(text: string, timeZone: string): Cycle | string {
  const parts = text.trim().split('/');
  const r = /^R(\d*)$/.exec(parts[0] ?? '');
  if (!r) {
    return /^\S+(\s+\S+){4,6}$/.test(text.trim())
      ? 'cron cycles are not supported, write an ISO 8601 cycle (R/PT1H)'
      : `"${text}" is not an ISO 8601 cycle (R3/PT10M)`;
  }
  const repeat = r[1] === '' ? -1 : Number(r[1]);
  let start: Date | undefined;
  let every: Duration | undefined;
  if (parts.length === 2) every = duration(parts[1]);
  else if (parts.length === 3) {
    start = date(parts[1], timeZone);
    every = duration(parts[2]);
    if (!start) return `"${parts[1]}" is not an ISO 8601 date`;
  }
  if (!every || isEmpty(every)) return `"${text}" is not an ISO 8601 cycle (R3/PT10M)`;
  const length = plus(new Date(0), every).getTime();
  if (length < MIN_CYCLE_MS) return `a cycle shorter than a minute is refused ("${text}")`;
  if (repeat === 0) return `"${text}" repeats nothing`;
  return { repeat, start, every };
}

/**
 * When a timer is armed, and the zone its dates without an offset are read in: the instance's tenant's (a start
 * timer's, its definition's tenant's).
 */
export interface TimerClock {
  now: Date;
  timeZone: string;
}

/** The clock of a step taken now in `timeZone` (the contract's zone when no tenant's is known). */
export const clockNow = (timeZone = DEFAULT_TIME_ZONE): TimerClock => ({ now: new Date(), timeZone });

/** Why a timer's written time cannot be used, or undefined when it can (whatever the zone its dates are read in). */
export function timerProblem(spec: TimerSpec, text = spec.text, timeZone = DEFAULT_TIME_ZONE): string | undefined {
  if (spec.kind === 'duration') {
    return duration(text) ? undefined : `"${text}" is not an ISO 8601 duration (PT48H)`;
  }
  if (spec.kind === 'date') return date(text, timeZone) ? undefined : `"${text}" is not an ISO 8601 date`;
  const parsed = cycle(text, timeZone);
  return typeof parsed === 'string' ? parsed : undefined;
}

/** When a timer armed `now` first fires, and how many firings are left after it (-1: for ever; 0: that one only). */
export function firstDue(spec: TimerSpec, text: string, { now, timeZone }: TimerClock): { due: Date; left: number } {
  const problem = timerProblem(spec, text, timeZone);
  if (problem) throw new Error(problem);
  if (spec.kind === 'duration') return { due: plus(now, duration(text)!), left: 0 };
  if (spec.kind === 'date') return { due: date(text, timeZone)!, left: 0 };
  const { repeat, start, every } = cycle(text, timeZone) as Cycle;
  const due = start && start.getTime() > now.getTime() ? start : plus(now, every);
  return { due, left: repeat < 0 ? -1 : repeat - 1 };
}

/** A cycle's next firing after one at `firedAt` (from then, not from its due time: after downtime it fires once). */
export function nextDue(text: string, firedAt: Date): Date {
  // Only its interval counts here: its start date, in whatever zone, is behind it.
  const parsed = cycle(text, DEFAULT_TIME_ZONE);
  if (typeof parsed === 'string') throw new Error(parsed);
  return plus(firedAt, parsed.every);
}
