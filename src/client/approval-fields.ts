import type { ApprovableDef } from '../shared/entities/approvals.ts';
import { requiredText, textKey, type FieldDef } from '../shared/entities/define.ts';
import type { LocalText } from '../shared/i18n/server-messages.ts';

/**
 * What the desktop and the phone read of an approvable entity's definition: its form fields in order, the period a
 * `period-start` / `period-end` pair makes, and the rows of its read-only views.
 */
export interface NamedField {
  name: string;
  field: FieldDef;
}

/** The request's form fields, in definition order. */
export const formFieldsOf = (entity: ApprovableDef): NamedField[] =>
  Object.entries(entity.fields)
    .filter(([, field]) => field.form && field.type !== 'attachments')
    .map(([name, field]) => ({ name, field }));

/** Its attachments fields: files, not values, shown by each client's own component beside the form's fields. */
export const attachmentFieldsOf = (entity: ApprovableDef): NamedField[] =>
  Object.entries(entity.fields)
    .filter(([, field]) => field.type === 'attachments')
    .map(([name, field]) => ({ name, field }));

/** The period of a form (a leave's start and end), if it has one. */
export function periodOf(entity: ApprovableDef): { start: string; end: string } | undefined {
  const fields = formFieldsOf(entity);
  const start = fields.find((f) => f.field.control === 'period-start')?.name;
  const end = fields.find((f) => f.field.control === 'period-end')?.name;
  return start && end ? { start, end } : undefined;
}

/** The message of a required field left blank, as the server words it. */
export const requiredMessage = (field: FieldDef): LocalText | undefined =>
  field.required ? requiredText(field) : undefined;

/** A period's start or end: picked as a date and a half day. */
export const isPeriod = (field: FieldDef) => field.control === 'period-start' || field.control === 'period-end';

/** The edge a period field is: a start takes 上午 by default, an end 下午. */
export const edgeOf = (field: FieldDef): 'start' | 'end' => (field.control === 'period-end' ? 'end' : 'start');

/** Sent as the field's value: everything but what the server computes (a leave's days). */
export const isSent = (field: FieldDef) => field.control !== 'leave-days';

/** One row of a card or a detail: a field, or a period shown as `from ~ to`. */
export type ViewRow = { label: LocalText } & ({ field: NamedField } | { from: NamedField; to: NamedField });

const named = (entity: ApprovableDef, name: string): NamedField => ({ name, field: entity.fields[name] });

/**
 * What a read-only view shows of a field: a reference's or a company's name, a dictionary item's (the server joins
 * them in), else the value.
 */
export const shownValue = ({ name, field }: NamedField, record: Record<string, unknown>): unknown =>
  record[textKey(name, field)];

/** What a card shows of a request (the definition's `summary`). */
export const summaryRowsOf = (entity: ApprovableDef): ViewRow[] =>
  entity.approval.summary.map((item) =>
    typeof item === 'string'
      ? { label: entity.fields[item].label, field: named(entity, item) }
      : { label: item.label, from: named(entity, item.from), to: named(entity, item.to) },
  );

/** Every field of a request, read-only: its summary fields first (a period as its two fields), then the others. */
export function detailFieldsOf(entity: ApprovableDef): NamedField[] {
  const first = entity.approval.summary.flatMap((item) => (typeof item === 'string' ? [item] : [item.from, item.to]));
  const rest = formFieldsOf(entity)
    .map((f) => f.name)
    .filter((name) => !first.includes(name));
  return [...first, ...rest].map((name) => named(entity, name));
}

/** An alert a request raises (a claim 超预算): its field's label and the amount it holds, as the server sent it. */
export interface RequestAlert {
  name: string;
  label: LocalText;
  amount: string;
}

/** The definition's `alerts` that hold an amount on this request (blank or zero: nothing to say). */
export function alertsOf(entity: ApprovableDef, record: Readonly<Record<string, unknown>>): RequestAlert[] {
  return (entity.approval.alerts ?? []).flatMap((name) => {
    const value = record[name];
    if (value === null || value === undefined || String(value).trim() === '' || !Number(value)) return [];
    return [{ name, label: entity.fields[name].label, amount: String(value) }];
  });
}
