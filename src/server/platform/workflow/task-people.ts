import { TASK_USER_PREFIX } from '../../../shared/flow/types.ts';
import { ExpressionError } from './expression.ts';

/** Normalises a user reference to the engine convention: `123` and `taskUser_123` are the same user. */
export function taskUserOf(value: unknown): string {
  const text = String(value ?? '').trim();
  if (!text) return '';
  return /^\d+$/.test(text) ? `${TASK_USER_PREFIX}${text}` : text;
}

/** A resolved assignee / candidate list: user ids or names, as text, a number or a list of them. */
export const splitNames = (value: unknown, what: string): string[] => {
  const list = Array.isArray(value) ? value : value == null ? [] : String(value).split(',');
  for (const item of [value, ...list]) {
    if (item != null && !Array.isArray(item) && typeof item !== 'string' && typeof item !== 'number') {
      throw new ExpressionError(`${what} must name users or groups, got ${JSON.stringify(item)}`);
    }
  }
  return [...new Set(list.map((item) => String(item ?? '').trim()).filter(Boolean))];
};
