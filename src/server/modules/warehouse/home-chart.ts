import { sql } from 'kysely';
import { addDays } from '../../../shared/calendar/working-days.ts';
import { formatDateTime } from '../../../shared/contract/time.ts';
import { INVENTORYLOG_HANDLE, inventoryLog } from '../../../shared/entities/warehouse/inventory-log.ts';
import type { HomeChartSource } from '../../platform/module.ts';

const DAYS = 30;

/**
 * 首页 (issue 36), the warehouse's chart: receipts and issues of the last 30 days (the tenant's days), counted by
 * business date over the movements the caller's data scope shows. The warehouse keepers' alone: who may post them.
 */
export const movementHomeChart: HomeChartSource = {
  permission: INVENTORYLOG_HANDLE,
  chart: async (services, user) => {
    const today = formatDateTime().slice(0, 10);
    const first = addDays(today, 1 - DAYS);
    const matching = await services.entities
      .get(inventoryLog.name)!
      .matchingRows(user, { bizDate_datege: first, bizDate_datele: today });
    const rows = (await matching
      .select(sql<string>`to_char(biz_date, 'YYYY-MM-DD')`.as('day'))
      .select(sql<string>`count(*) filter (where direction > 0)`.as('receipts'))
      .select(sql<string>`count(*) filter (where direction < 0)`.as('issues'))
      .groupBy('biz_date')
      .execute()) as Array<{ day: string; receipts: string | number; issues: string | number }>;
    if (rows.length === 0) return undefined;
    const byDay = new Map(rows.map((row) => [row.day, row]));
    const days = Array.from({ length: DAYS }, (_, i) => addDays(first, i));
    return {
      key: 'warehouse-movements',
      kind: 'bar',
      labels: days,
      series: [
        { key: 'receipts', values: days.map((day) => Number(byDay.get(day)?.receipts ?? 0)) },
        { key: 'issues', values: days.map((day) => Number(byDay.get(day)?.issues ?? 0)) },
      ],
    };
  },
};
