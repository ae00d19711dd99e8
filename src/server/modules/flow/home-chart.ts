import { addDays } from '../../../shared/calendar/working-days.ts';
import { formatDateTime } from '../../../shared/contract/time.ts';
import type { HomeChartSource } from '../../platform/module.ts';
import { workflowOf } from '../../platform/workflow/index.ts';

const WEEKS = 8;

/** The Monday of the week of `date` (yyyy-MM-dd). */
const mondayOf = (date: string) => addDays(date, -((new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7));

/**
 * 首页 (issue 36), the approvers' chart: the tasks the caller completed in each of the last 8 weeks (weeks from
 * Monday, the tenant's days). Whoever has approved anything in them is an approver here: no code guards it, and a
 * caller who has not sees no chart.
 */
export const approvalHomeChart: HomeChartSource = {
  chart: async (services, user) => {
    const weeks = Array.from({ length: WEEKS }, (_, i) =>
      addDays(mondayOf(formatDateTime().slice(0, 10)), 7 * (i + 1 - WEEKS)),
    );
    const days = await workflowOf(services).doneByDay(user, weeks[0]);
    if (days.length === 0) return undefined;
    const counts = new Map<string, number>();
    for (const { day, count } of days) counts.set(mondayOf(day), (counts.get(mondayOf(day)) ?? 0) + count);
    return {
      key: 'flow-approvals',
      kind: 'line',
      labels: weeks,
      series: [{ key: 'approvals', values: weeks.map((week) => counts.get(week) ?? 0) }],
    };
  },
};
