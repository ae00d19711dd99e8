import { PLAN_STATUS } from '../../../shared/entities/production/prodplane.ts';
import type { LocalText } from '../../../shared/i18n/server-messages.ts';
import { failWith } from '../../platform/errors.ts';

/**
 * The plan's status machine (domain/production.md § prodplane), checked on the server on every write:
 * 0 草稿 editable; 0 → 1 已下达 and 1 → 0 only with `prodplane_release`; a released plan takes only actual output and
 * remarks; 1 → 2 已关闭 (with the edit right: the domain names no other); a closed plan takes nothing and stays.
 */
export const PLAN_MESSAGES = {
  closed: { zh: '已关闭的计划不能修改', en: 'A closed plan cannot be changed' },
  closedRemove: { zh: '已关闭的计划不能删除', en: 'A closed plan cannot be deleted' },
  release: {
    zh: '没有下达权限，不能下达或撤回计划',
    en: 'Only users with the release permission may release a plan or take it back to draft',
  },
  closeDraft: { zh: '草稿计划须先下达才能关闭', en: 'A draft plan must be released before it is closed' },
  // Like an approved budget (budget.md §5.2): the plan side and its dimensions are fixed, actuals keep coming in.
  released: {
    zh: '已下达的计划只能修改实际数量和备注',
    en: 'A released plan only takes actual output and remarks',
  },
} satisfies Record<string, LocalText>;

/** Columns a released plan still takes (the status itself goes by the transition rules). */
const OPEN_WHEN_RELEASED = /^(actual\d+|remark|plan_status|update_user|update_time)$/;

type Row = Record<string, unknown>;

/** Numeric columns: `100` sent and `'100.00'` stored are the same value. */
const NUMERIC = /^(amount\d+|actual\d+|year|status|\w+_id)$/;

function same(column: string, a: unknown, b: unknown): boolean {
  const blank = (v: unknown) => v === null || v === undefined || v === '';
  if (blank(a) || blank(b)) return blank(a) && blank(b);
  return NUMERIC.test(column) ? Number(a) === Number(b) : String(a) === String(b);
}

/**
 * Refuses a write the plan's status does not allow. `values`: the columns being written; `before`: the saved row
 * (none on insert, which starts from draft); `canRelease`: the caller holds `prodplane_release`.
 */
export function checkPlanWrite(values: Row, before: Row | undefined, canRelease: boolean): void {
  const from = before ? String(before.plan_status) : PLAN_STATUS.draft;
  const to = values.plan_status === undefined ? from : String(values.plan_status);
  if (from === PLAN_STATUS.closed) throw failWith(PLAN_MESSAGES.closed);
  if (from !== to) {
    const releasing = from === PLAN_STATUS.draft && to === PLAN_STATUS.released;
    const reopening = from === PLAN_STATUS.released && to === PLAN_STATUS.draft;
    if ((releasing || reopening) && !canRelease) throw failWith(PLAN_MESSAGES.release);
    if (from === PLAN_STATUS.draft && to === PLAN_STATUS.closed) throw failWith(PLAN_MESSAGES.closeDraft);
  }
  // Taken back to draft, the plan is editable again in the same save.
  if (before && from === PLAN_STATUS.released && to !== PLAN_STATUS.draft) {
    const changed = Object.keys(values).filter((c) => !OPEN_WHEN_RELEASED.test(c) && !same(c, values[c], before[c]));
    if (changed.length) throw failWith(PLAN_MESSAGES.released);
  }
}

/** Month values sent blank are saved as 0 (budget.md §2: "empty is saved as 0"). */
export function blankMonthsAsZero(input: Row): Row {
  const body = { ...input };
  for (const key of Object.keys(body))
    if (/^(amount|actual)([1-9]|1[0-2])$/.test(key) && (body[key] === '' || body[key] === null)) body[key] = 0;
  return body;
}
