/**
 * A process's start form and a user task's form, as its model declares them (`flowable:formProperty` /
 * `activiti:formProperty`, `camunda:formField`): read by the server's compiler (compile-model.ts), shown by the desktop
 * and the phone, and checked by the server when a process starts or a task completes. One reading of a value for both
 * sides, so the screen refuses what the server would refuse.
 */

export const FORM_FIELD_TYPES = ['string', 'long', 'double', 'boolean', 'date', 'enum'] as const;
export type FormFieldType = (typeof FORM_FIELD_TYPES)[number];

export interface FormOption {
  id: string;
  name: string;
}

export interface FormField {
  /** The field's id, as the model names it. */
  id: string;
  /** The variable it reads and writes (`flowable:variable`, a `${name}` expression, else its id). */
  variable: string;
  /** Its label (`name` / `label`); the id when the model gives none. */
  name: string;
  type: FormFieldType;
  required: boolean;
  /** `readable="false"`: not shown (nor read back). */
  readable: boolean;
  /** `writable="false"`: shown, never set by the form. */
  writable: boolean;
  /** An enum's items (`flowable:value` / `camunda:value`). */
  options: FormOption[];
  /** `default` / `defaultValue`, as written (an expression is not evaluated: shown as is only when it is none). */
  defaultValue?: string;
  /** A date's pattern as the model writes it (Java's `dd-MM-yyyy`): informative, values travel as `yyyy-MM-dd`. */
  datePattern?: string;
}

/** Why a value does not fit its field. */
export type FieldProblem = 'required' | 'type' | 'option';

const DATE = /^(\d{4})-(\d{2})-(\d{2})(?:[ T]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;

/** A calendar day `yyyy-MM-dd` (a date-time's day part), or undefined. */
function dayOf(text: string): string | undefined {
  const match = DATE.exec(text.trim());
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return undefined;
  return `${match[1]}-${match[2]}-${match[3]}`;
}

/** Nothing given: absent, null or a blank text. */
export const isBlank = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/**
 * A given value converted to its field's type: long → an integer, double → a number, boolean → true/false, date →
 * `yyyy-MM-dd`, enum → one of its items' ids, string → text. Blank gives `{ value: undefined }` (the caller decides
 * about required fields and defaults).
 */
export function convertField(field: FormField, raw: unknown): { value?: unknown; problem?: FieldProblem } {
  if (isBlank(raw)) return {};
  const text = typeof raw === 'string' ? raw.trim() : raw;
  switch (field.type) {
    case 'string':
      return typeof text === 'string' || typeof text === 'number' || typeof text === 'boolean'
        ? { value: String(text) }
        : { problem: 'type' };
    case 'long': {
      const n =
        typeof text === 'number' ? text : typeof text === 'string' && /^[+-]?\d+$/.test(text) ? Number(text) : NaN;
      return Number.isSafeInteger(n) ? { value: n } : { problem: 'type' };
    }
    case 'double': {
      const n =
        typeof text === 'number'
          ? text
          : typeof text === 'string' && /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(text)
            ? Number(text)
            : NaN;
      return Number.isFinite(n) ? { value: n } : { problem: 'type' };
    }
    case 'boolean':
      if (text === true || text === 'true') return { value: true };
      if (text === false || text === 'false') return { value: false };
      return { problem: 'type' };
    case 'date': {
      const day = typeof text === 'string' ? dayOf(text) : undefined;
      return day ? { value: day } : { problem: 'type' };
    }
    case 'enum': {
      const id = typeof text === 'string' || typeof text === 'number' || typeof text === 'boolean' ? String(text) : '';
      return field.options.some((o) => o.id === id) ? { value: id } : { problem: 'option' };
    }
  }
}

/** A field's default, converted (a default that is an expression, or does not fit, is none). */
export function defaultOf(field: FormField): unknown {
  if (field.defaultValue === undefined || /[$#]\{/.test(field.defaultValue)) return undefined;
  return convertField(field, field.defaultValue).value;
}
