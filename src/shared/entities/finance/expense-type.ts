import type { FieldDef } from '../define.ts';

/**
 * 费用类型 (`expense_type`): what a claim is for, and what an expense budget line links to. A module of its own: the
 * budget's lines take it without loading the claims' definition, whose imports lead back to the budget entities.
 */
export const EXPENSE_TYPE_FIELD = {
  type: 'string',
  max: 32,
  bizDict: 'expense_type',
  list: true,
  form: true,
  filter: true,
  export: true,
  label: { zh: '费用类型', en: 'Expense type' },
} satisfies FieldDef;
