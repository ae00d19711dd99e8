/**
 * The approvable entities' kinds (`approval.kind` in their definitions, derived in approvals.ts), for the route
 * patterns both layouts read before their login form: importing approvals.ts there would put every definition on the
 * login page's way. tests/architecture/modules.test.ts keeps the two equal (still a hand list: to be replaced by a
 * `:kind` route parameter checked when the page loads).
 */
export const APPROVAL_KINDS = ['leave', 'finance', 'expense', 'budgetfill'] as const;

/** Its kinds as one regular-expression alternative (`leave|finance`), for the route patterns. */
export const APPROVAL_KIND_PATTERN = APPROVAL_KINDS.join('|');
