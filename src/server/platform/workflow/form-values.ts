import type { LocalText } from '../../../shared/i18n/server-messages.ts';
import { convertField, defaultOf, isBlank, type FormField } from '../../../shared/flow/form-fields.ts';
import { failWith } from '../errors.ts';
/** Process variables (flow-runtime.ts's Variables, spelt here: that file imports this one). */
type Variables = Record<string, unknown>;

/**
 * A start form's or a task form's values checked against its declared fields (shared/flow/form-fields.ts): what is
 * given is converted to its field's type, a refusal is a 400 naming the field in the user's language, and nothing
 * is started or completed then.
 */

export const FORM_MESSAGES = {
  required: { zh: '请填写「{name}」', en: 'Please fill in "{name}"' },
  type: { zh: '「{name}」须为{label}', en: '"{name}" must be {label}' },
  option: { zh: '「{name}」须为可选项之一', en: '"{name}" must be one of its options' },
  undeclared: {
    zh: '表单没有这些字段, 不能设置: {name}',
    en: 'The form does not declare these fields, they cannot be set: {name}',
  },
  readOnly: { zh: '这些字段只读, 不能修改: {name}', en: 'These fields are read-only and cannot be changed: {name}' },
  notYours: {
    zh: '这些是申请的变量, 只有发起人可以修改: {name}',
    en: "These are the request's variables, only its starter may change them: {name}",
  },
  businessForm: {
    zh: '该流程须从其业务申请单发起: {name}',
    en: 'This process starts from its business request form: {name}',
  },
} satisfies Record<string, LocalText>;

const TYPE_NAMES: Record<FormField['type'], LocalText> = {
  string: { zh: '文本', en: 'a text' },
  long: { zh: '整数', en: 'a whole number' },
  double: { zh: '数字', en: 'a number' },
  boolean: { zh: '是或否', en: 'true or false' },
  date: { zh: '日期 (yyyy-MM-dd)', en: 'a date (yyyy-MM-dd)' },
  enum: { zh: '可选项之一', en: 'one of its options' },
};

/** Variables the platform sets itself or a handler may always name (the next approver). */
const ALWAYS_ACCEPTED = new Set(['taskUser']);

const label = (field: FormField) => field.name || field.id;

/** One field's value: converted, its default when blank, or a refusal naming it. */
function valueOf(field: FormField, given: unknown, required: boolean): unknown {
  const { value, problem } = convertField(field, given);
  if (problem === 'option') throw failWith(FORM_MESSAGES.option, { name: label(field) });
  if (problem) throw failWith(FORM_MESSAGES.type, { name: label(field), label: TYPE_NAMES[field.type] });
  const result = value ?? (isBlank(given) ? defaultOf(field) : undefined);
  if (result === undefined && required) throw failWith(FORM_MESSAGES.required, { name: label(field) });
  return result;
}

function refuseUndeclared(fields: FormField[], given: Variables) {
  const declared = new Set(fields.map((f) => f.variable));
  const undeclared = Object.keys(given).filter((key) => !declared.has(key) && !ALWAYS_ACCEPTED.has(key));
  if (undeclared.length) throw failWith(FORM_MESSAGES.undeclared, { name: undeclared.join(', ') });
}

/**
 * A start form's variables: every writable field's value converted (required ones given or defaulted), nothing the
 * form does not declare. Read-only fields keep their defaults.
 */
export function startFormValues(fields: FormField[], given: Variables): Variables {
  refuseUndeclared(fields, given);
  const readOnly = fields.filter((f) => !f.writable && Object.hasOwn(given, f.variable) && !isBlank(given[f.variable]));
  if (readOnly.length) throw failWith(FORM_MESSAGES.readOnly, { name: readOnly.map(label).join(', ') });
  const values: Variables = Object.hasOwn(given, 'taskUser') ? { taskUser: given.taskUser } : {};
  for (const field of fields) {
    const value = valueOf(field, given[field.variable], field.required && field.writable);
    if (value !== undefined) values[field.variable] = value;
  }
  return values;
}

/**
 * A task form's values, set by whoever handles the task: its writable fields (required ones given each time, as a
 * submitted form gives them), converted; a default fills only a variable not set yet. A read-only field changed, or
 * one the form does not declare, is refused, not dropped.
 */
export function taskFormValues(fields: FormField[], given: Variables, previous: Variables): Variables {
  refuseUndeclared(fields, given);
  const changed = (f: FormField) =>
    Object.hasOwn(given, f.variable) &&
    !isBlank(given[f.variable]) &&
    String(given[f.variable]) !== String(previous[f.variable]);
  const readOnly = fields.filter((f) => !f.writable && changed(f));
  if (readOnly.length) throw failWith(FORM_MESSAGES.readOnly, { name: readOnly.map(label).join(', ') });
  const values: Variables = Object.hasOwn(given, 'taskUser') ? { taskUser: given.taskUser } : {};
  for (const field of fields.filter((f) => f.writable)) {
    const value = valueOf(field, given[field.variable], field.required);
    if (value === undefined) continue;
    if (isBlank(given[field.variable]) && Object.hasOwn(previous, field.variable)) continue;
    values[field.variable] = value;
  }
  return values;
}
