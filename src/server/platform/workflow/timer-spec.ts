import type { TimerSpec } from './graph.ts';

/**
 * A timer event's time (docs/workflow-engine.md): ISO 8601 as Flowable and Camunda read it — a duration (`PT48H`,
 * `P1DT12H`), a date (`2026-12-01T09:00:00+08:00`) or a cycle (`R3/PT10M`, `R/PT1H`, `R2/2026-12-01T09:00:00/P1D`).
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

function date(text: string): Date | undefined {
  if (!/^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?)?(Z|[+-]\d{2}:?\d{2})?$/.test(text.trim()))
    return undefined;
  const at = new Date(text.trim());
  return Number.isNaN(at.getTime()) ? undefined : at;
}

/** A cycle's parts: its repetitions (-1: for ever), its start date if written, its interval. */
interface Cycle {
  repeat: number;
  start?: Date;
  every: Duration;
}

function cycle(text: string): Cycle | string {
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
    start = date(parts[1]);
    every = duration(parts[2]);
    if (!start) return `"${parts[1]}" is not an ISO 8601 date`;
  }
  if (!every || isEmpty(every)) return `"${text}" is not an ISO 8601 cycle (R3/PT10M)`;
  const length = plus(new Date(0), every).getTime();
  if (length < MIN_CYCLE_MS) return `a cycle shorter than a minute is refused ("${text}")`;
  if (repeat === 0) return `"${text}" repeats nothing`;
  return { repeat, start, every };
}

/** Why a timer's written time cannot be used, or undefined when it can. */
export function timerProblem(spec: TimerSpec, text = spec.text): string | undefined {
  if (spec.kind === 'duration') {
    return duration(text) ? undefined : `"${text}" is not an ISO 8601 duration (PT48H)`;
  }
  if (spec.kind === 'date') return date(text) ? undefined : `"${text}" is not an ISO 8601 date`;
  const parsed = cycle(text);
  return typeof parsed === 'string' ? parsed : undefined;
}

/** When a timer armed `now` first fires, and how many firings are left after it (-1: for ever; 0: that one only). */
export function firstDue(spec: TimerSpec, text: string, now: Date): { due: Date; left: number } {
  const problem = timerProblem(spec, text);
  if (problem) throw new Error(problem);
  if (spec.kind === 'duration') return { due: plus(now, duration(text)!), left: 0 };
  if (spec.kind === 'date') return { due: date(text)!, left: 0 };
  const { repeat, start, every } = cycle(text) as Cycle;
  const due = start && start.getTime() > now.getTime() ? start : plus(now, every);
  return { due, left: repeat < 0 ? -1 : repeat - 1 };
}

/** A cycle's next firing after one at `firedAt` (from then, not from its due time: after downtime it fires once). */
export function nextDue(text: string, firedAt: Date): Date {
  const parsed = cycle(text);
  if (typeof parsed === 'string') throw new Error(parsed);
  return plus(firedAt, parsed.every);
}
