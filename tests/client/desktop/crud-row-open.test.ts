// @vitest-environment happy-dom
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { retention } from '../../../src/shared/entities/budget/retention.ts';
import { financeStat } from '../../../src/shared/entities/finance/finance-stat.ts';
import { CrudPage } from '../../../src/desktop/components/crud/CrudPage.tsx';
import type { CrudOptions } from '../../../src/desktop/components/crud/fields.ts';
import { buttons, buttonsOf, fakeServer, ok, page, type Handler, useFakeServer } from './fake-server.ts';
import { findRow, lastDialog, renderDesktop, toolbarButton } from './render.tsx';

/**
 * What a screen changes about the shared page beyond its definition: the group management fee's table without a
 * menu column (rows opened by double-click, deleted from the toolbar), and the year to date a list answers beside
 * its page.
 */
const { serve, calls, reset } = fakeServer();
const errors: string[] = [];
useFakeServer({ reset }, errors);
const SYS = '/api/blade-system';
const RETENTION = `${SYS}/retention`;
const OPTIONS: CrudOptions = { hideRowActions: true, openOnDoubleClick: true };

const rate = {
  id: '8001',
  year: 2026,
  deptId: '301',
  deptName: '车身系统事业部',
  orgId: '1010',
  orgName: '常州布雷德',
  totalAmount: 0.015,
  feeBase: '1',
  feeBaseName: '营业收入',
  feeAmount: 540000,
  remark: '',
};

function renderRates(codes: ReturnType<typeof buttons>, extra: Record<string, Handler> = {}) {
  serve({
    'GET /api/blade-system/menu/buttons': () => ok(codes),
    [`GET ${RETENTION}/list`]: () => page([rate]),
    [`GET ${RETENTION}/detail`]: () => ok(rate),
    [`GET ${SYS}/dept/business-unit-select`]: () =>
      ok([
        { value: '301', label: '车身系统事业部' },
        { value: '302', label: '内外饰事业部' },
      ]),
    [`GET ${SYS}/dept/company-select`]: () => ok([{ value: '1010', label: '常州布雷德' }]),
    [`GET ${SYS}/dict-biz/dictionary`]: () =>
      ok([
        { dictKey: '1', dictValue: '营业收入', remark: 'en:Revenue' },
        { dictKey: '2', dictValue: '利润总额', remark: 'en:Total profit' },
      ]),
    ...extra,
  });
  return renderDesktop(createElement(CrudPage, { entity: retention, options: OPTIONS }), '/budget/retention');
}

describe('a table without a menu column', () => {
  it('lists the rate as a percentage and the fee, with no 操作 column; a double-click opens the row to edit', async () => {
    renderRates(buttons('retention'), { [`POST ${RETENTION}/submit`]: (request) => ok({ ...rate, ...request.body }) });
    const row = await findRow('车身系统事业部');
    expect(within(row).getByText('1.50%')).toBeInTheDocument();
    expect(within(row).getByText('540,000.00')).toBeInTheDocument();
    expect(within(row).queryByRole('button')).toBeNull();
    expect(screen.queryByText('操作')).toBeNull();
    fireEvent.doubleClick(row);
    const dialog = await screen.findByRole('dialog');
    const percent = (await within(dialog).findByRole('spinbutton', { name: '管理费比例' })) as HTMLInputElement;
    await waitFor(() => expect(percent.value).toBe('1.5'));
    // The business unit is picked from the units below the business-unit parent, by name.
    expect(await within(dialog).findByText('车身系统事业部')).toBeInTheDocument();
    fireEvent.change(percent, { target: { value: '2.25' } });
    fireEvent.blur(percent);
    fireEvent.click(within(dialog).getByRole('button', { name: '修改' }));
    await waitFor(() => expect(calls('POST', `${RETENTION}/submit`)).toHaveLength(1));
    expect(calls('POST', `${RETENTION}/submit`)[0].body).toMatchObject({
      id: '8001',
      deptId: '301',
      totalAmount: '0.0225',
    });
    expect(errors).toEqual([]);
  });

  it('adds from the toolbar and deletes the selected rows from it, asking first', async () => {
    renderRates(buttons('retention'), { [`POST ${RETENTION}/remove`]: () => ok(null) });
    await findRow('车身系统事业部');
    expect(await toolbarButton(/新增/)).toBeInTheDocument();
    fireEvent.click(await toolbarButton(/删除/));
    expect(await screen.findByText('请选择至少一条数据')).toBeInTheDocument();
    fireEvent.click(screen.getAllByRole('checkbox')[1]);
    fireEvent.click(await toolbarButton(/删除/));
    expect(await screen.findByText('确定将选择数据删除?')).toBeInTheDocument();
    fireEvent.click(within(await lastDialog()).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(calls('POST', `${RETENTION}/remove`)).toHaveLength(1));
    expect(calls('POST', `${RETENTION}/remove`)[0].params).toEqual({ ids: '8001' });
  });

  it('opens the row read-only on a double-click for a reader who may not edit', async () => {
    renderRates(buttonsOf(['retention_view']));
    fireEvent.doubleClick(await findRow('车身系统事业部'));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('管理费比例')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: '修改' })).toBeNull();
    expect(screen.queryByRole('button', { name: /新增/ })).toBeNull();
  });
});

describe('the row a list answers beside its page', () => {
  const month = {
    id: '9001',
    orgId: '1010',
    orgName: '常州布雷德',
    year: 2026,
    month: 3,
    revenue: 300,
    cost: 200,
    grossProfit: 100,
    grossMargin: 0.333333,
  };
  const render = (ytd?: Record<string, unknown>) => {
    serve({
      'GET /api/blade-system/menu/buttons': () => ok(buttons('financestat')),
      [`GET ${SYS}/financestat/list`]: () =>
        ok({ records: [month], total: 1, size: 10, current: 1, pages: 1, ...(ytd ? { ytd } : {}) }),
      [`GET ${SYS}/dept/company-select`]: () => ok([{ value: '1010', label: '常州布雷德' }]),
    });
    return renderDesktop(createElement(CrudPage, { entity: financeStat }), '/finance/financestat');
  };

  it('shows the year to date under the table, in the columns’ formats', async () => {
    render({ revenue: 600, cost: 410, grossProfit: 190, grossMargin: 0.316667, netMargin: null });
    const label = await screen.findByText('本年累计');
    const summary = label.closest('tr') as HTMLElement;
    expect(within(summary).getByText('600.00')).toBeVisible();
    expect(within(summary).getByText('31.67%')).toBeVisible();
    expect(within(summary).getByText('-')).toBeVisible();
  });

  it('shows none when the list answers none', async () => {
    render();
    await findRow('常州布雷德');
    expect(screen.queryByText('本年累计')).toBeNull();
  });
});
