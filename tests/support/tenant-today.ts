import { formatDateTime } from '../../src/shared/contract/time.ts';

/**
 * Today as the demo data and the server see it: in the tenant's zone (Asia/Shanghai by default), not the test
 * machine's. Around midnight there (16:00 UTC) the two differ by a day, at a month's end by a month.
 */
export function tenantToday(): { year: number; month: number; day: number; date: string } {
  const date = formatDateTime().slice(0, 10);
  return { year: Number(date.slice(0, 4)), month: Number(date.slice(5, 7)), day: Number(date.slice(8, 10)), date };
}
