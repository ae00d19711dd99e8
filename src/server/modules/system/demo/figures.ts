import { formatDateTime } from '../../../../shared/contract/time.ts';
import { SEED } from '../install.ts';

/** Figures every module's demo shares, so budgets, plans and statistics of one company agree month by month. */

/** A month's share of a year's output or budget: a short February (Spring Festival), a strong year end. */
export const DEMO_SEASON = [1.0, 0.6, 1.05, 1.0, 1.0, 0.95, 0.9, 0.95, 1.05, 1.0, 1.1, 1.2];

/** A stable figure in [0, 1) from a text and a month: the same demo figures on every run. */
export function demoNoise(text: string, month: number): number {
  let hash = month * 2654435761;
  for (const char of text) hash = Math.imul(hash ^ char.charCodeAt(0), 16777619);
  return ((hash >>> 0) % 1000) / 1000;
}

/** The base columns of a demo row: written now by the administrator, live. */
export const demoAudit = () => {
  const now = formatDateTime();
  return {
    create_user: SEED.userAdmin,
    create_dept: SEED.deptRoot,
    create_time: now,
    update_user: SEED.userAdmin,
    update_time: now,
    status: 1,
    is_deleted: 0,
  };
};
