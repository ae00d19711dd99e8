import type { FlowCategory, FlowProcess } from '../../../client/api/flow.ts';
import { EXPENSE_EDITABLE, EXPENSE_STATUS } from '../../../shared/entities/finance/expense.ts';
import type { WireRecord } from '../../components/crud/fields.ts';

/** What a claim's row offers, by its state (domain/finance.md § expense; the server holds the same rules). */

/** A draft or a rejected claim: its claimant edits, deletes and sends it. */
export const isEditable = (claim: WireRecord) => EXPENSE_EDITABLE.includes(String(claim.expenseStatus));

/** An approved claim: finance pays it. */
export const isPayable = (claim: WireRecord) => String(claim.expenseStatus) === EXPENSE_STATUS.approved;

/** The status tag's colour: waiting blue, approved green, rejected red, paid as settled. */
export const STATUS_COLOURS: Readonly<Record<string, string>> = {
  [EXPENSE_STATUS.draft]: 'default',
  [EXPENSE_STATUS.running]: 'processing',
  [EXPENSE_STATUS.approved]: 'success',
  [EXPENSE_STATUS.rejected]: 'error',
  [EXPENSE_STATUS.paid]: 'cyan',
};

/** The `flow` category whose processes a kind's rows go through (its dictionary remark names the kind: finance). */
export const categoryOf = (categories: readonly FlowCategory[] | undefined, kind: string): string | undefined =>
  categories?.find((item) => item.remark.trim() === kind)?.dictKey;

/**
 * What the send dialog starts with: the process the claim went through before if it is still offered, else the
 * first one; the approver it was sent to before.
 */
export function sendDefaults(
  processes: readonly FlowProcess[],
  claim: WireRecord,
): { processDefinitionId?: string; taskUser?: string } {
  const before = String(claim.processDefinitionId ?? '');
  const process = processes.find((p) => p.id === before) ?? processes[0];
  const taskUser = String(claim.taskUser ?? '');
  return { processDefinitionId: process?.id, taskUser: taskUser || undefined };
}
