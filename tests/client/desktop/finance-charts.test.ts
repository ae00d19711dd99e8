import { describe, expect, it } from 'vitest';
import {
  AGING_FIELDS,
  agingOption,
  cashOption,
  profitOption,
} from '../../../src/desktop/components/charts/finance-chart-options.ts';

/** What the finance charts of issue 35 draw, from their endpoints' figures (the figures: tests/server). */
type Series = Array<{ type: string; name: string; stack?: string; data: unknown[] }>;

describe('the finance charts’ options', () => {
  it('draws each company’s revenue and cost bars and net-profit line over every month either has', () => {
    expect(
      profitOption([], { lang: 'zh', title: 't', names: { revenue: '收入', cost: '成本', netProfit: '净利润' } }),
    ).toBe(undefined);
    const option = profitOption(
      [
        { orgId: '1010', orgName: '常州', period: '2036-01', revenue: 100, cost: 60, netProfit: 30 },
        { orgId: '1010', orgName: '常州', period: '2036-02', revenue: 200, cost: 150, netProfit: 40 },
        { orgId: '1020', orgName: '苏州', period: '2036-02', revenue: 50, cost: 40, netProfit: 9 },
      ],
      { lang: 'zh', title: 't', names: { revenue: '收入', cost: '成本', netProfit: '净利润' } },
    )!;
    expect((option.xAxis as { data: string[] }).data).toEqual(['2036-01', '2036-02']);
    const series = option.series as Series;
    expect(series.map((s) => [s.type, s.name, s.data])).toEqual([
      ['bar', '常州 收入', [100, 200]],
      ['bar', '常州 成本', [60, 150]],
      ['line', '常州 净利润', [30, 40]],
      // A month a company has no figures for is a gap, not a 0.
      ['bar', '苏州 收入', [null, 50]],
      ['bar', '苏州 成本', [null, 40]],
      ['line', '苏州 净利润', [null, 9]],
    ]);
  });

  it('stacks a month’s receivables by bucket, not yet due first, and draws nothing without any', () => {
    const names = Object.fromEntries(AGING_FIELDS.map((field) => [field, field])) as Record<
      (typeof AGING_FIELDS)[number],
      string
    >;
    const month = (statMonth: string, notDueAmount: number, overdueOver365: number) => ({
      statMonth,
      notDueAmount,
      overdue1to30: 0,
      overdue31to60: 0,
      overdue61to90: 0,
      overdue91to180: 0,
      overdue181to365: 0,
      overdueOver365,
    });
    expect(agingOption([month('2033-01', 0, 0)], { lang: 'zh', title: 't', names })).toBeUndefined();
    const series = agingOption([month('2033-01', 100, 20), month('2033-02', 90, 25)], {
      lang: 'zh',
      title: 't',
      names,
    })!.series as Series;
    expect(series.map((s) => s.name)).toEqual([...AGING_FIELDS]);
    expect(series.every((s) => s.type === 'bar' && s.stack === 'aging')).toBe(true);
    expect(series[0].data).toEqual([100, 90]);
    expect(series[6].data).toEqual([20, 25]);
  });

  it('draws receipts and payments as bars a month and the net as a line', () => {
    const look = {
      lang: 'en' as const,
      title: 'Cash',
      names: { receipts: 'Receipts', payments: 'Payments', net: 'Net' },
      colors: { receipts: 'green', payments: 'red', net: 'blue' },
    };
    expect(cashOption([], look)).toBeUndefined();
    const series = cashOption(
      [
        { period: '2032-01', receipts: 500.5, payments: 200.25, net: 300.25 },
        { period: '2032-02', receipts: 1000, payments: 300, net: 700 },
      ],
      look,
    )!.series as Series;
    expect(series.map((s) => [s.type, s.name, s.data])).toEqual([
      ['bar', 'Receipts', [500.5, 1000]],
      ['bar', 'Payments', [200.25, 300]],
      ['line', 'Net', [300.25, 700]],
    ]);
  });
});
