import { fail } from './errors.ts';
import { isId } from './ids.ts';
import type { Param } from './route-schemas.ts';

/** Query parameters of a module's own routes, read as the contract reads them. */

/** One parameter's text: the last of a repeated key, trimmed; blank is undefined. */
export function textParam(value: Param | undefined, max = 64): string | undefined {
  const last = Array.isArray(value) ? value[value.length - 1] : value;
  if (last === undefined || last === null || last === '') return undefined;
  const text = String(last).trim();
  return text ? text.slice(0, max) : undefined;
}

/** A required id parameter, else the contract's message naming it. */
export function idParam(value: Param | undefined, name: string): string {
  const text = textParam(value);
  if (text === undefined) throw fail('missingParam', { name });
  if (!isId(text)) throw fail('paramType', { name });
  return text;
}
