import { formatDateTime } from '../../../shared/contract/time.ts';
import type { TimerClock } from './timer-spec.ts';
import { resolveText, type Scope } from './expression.ts';
import type { FlowNode } from './graph.ts';
import { EngineStepError } from './step-result.ts';

/**
 * A new user task's priority and due date, from its model (`flowable:priority`, `flowable:dueDate`, expressions or
 * literals) in the task's scope: the priority a whole number (50 when none is written, Flowable's default), the due
 * date an ISO date or date-time, or an ISO 8601 duration (`P2D`, `PT48H`) from now. Anything else refuses the step
 * naming the element and the attribute.
 */

export const DEFAULT_PRIORITY = 50;

const DURATION = /^P(?:(\d+)Y)?(?:(\d+)M)?(?:(\d+)W)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d+)?)S)?)?$/;
const DATE_TIME = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}:\d{2})(?::(\d{2}))?(?:\.\d+)?(Z|[+-]\d{2}:?\d{2})?)?$/;

export function scheduleOf(node: FlowNode, scope: Scope, clock: TimerClock): { priority: number; dueDate?: string } {
  const spec = node.userTask;
  let priority = DEFAULT_PRIORITY;
  if (spec?.priority) {
    const value = evaluate(node, 'priority', spec.priority, scope);
    const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() ? Number(value) : NaN;
    if (!Number.isInteger(n) || Math.abs(n) > 2 ** 31 - 1)
      throw new EngineStepError(`${node.id} (priority): "${String(value)}" is not a whole number`);
    priority = n;
  }
  if (!spec?.dueDate) return { priority };
  const value = evaluate(node, 'dueDate', spec.dueDate, scope);
  if (value === null || value === undefined || value === '') return { priority };
  const dueDate = dueOf(value, clock);
  if (!dueDate) throw new EngineStepError(`${node.id} (dueDate): "${String(value)}" is not a date or a duration`);
  return { priority, dueDate };
}

function evaluate(node: FlowNode, attribute: string, text: string, scope: Scope): unknown {
  try {
    return resolveText(text, scope);
  } catch (error) {
    throw new EngineStepError(`${node.id} (${attribute}): ${(error as Error).message}`);
  }
}

/** `yyyy-MM-dd HH:mm:ss` in the tenant's zone (the step's: a timer's step runs outside any request). */
function dueOf(value: unknown, { now, timeZone }: TimerClock): string | undefined {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : formatDateTime(value, timeZone);
  const text = String(value).trim();
  const duration = DURATION.exec(text);
  if (duration && text !== 'P' && !text.endsWith('T')) {
    const [years, months, weeks, days, hours, minutes, seconds] = duration.slice(1).map((n) => Number(n ?? 0));
    const due = new Date(now.getTime());
    due.setUTCFullYear(due.getUTCFullYear() + years, due.getUTCMonth() + months, due.getUTCDate() + weeks * 7 + days);
    due.setTime(due.getTime() + ((hours * 60 + minutes) * 60 + seconds) * 1000);
    return formatDateTime(due, timeZone);
  }
  const date = DATE_TIME.exec(text);
  if (!date) return undefined;
  // With a zone it is an instant; without, the tenant's wall-clock time as written.
  if (date[4]) {
    const instant = new Date(text.replace(' ', 'T'));
    return Number.isNaN(instant.getTime()) ? undefined : formatDateTime(instant, timeZone);
  }
  return `${date[1]} ${date[2] ?? '00:00'}:${date[3] ?? '00'}`;
}
