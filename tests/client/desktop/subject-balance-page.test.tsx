// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import SubjectBalancePage from '../../../src/desktop/pages/finance/SubjectBalancePage.tsx';
import { buttonsOf, fakeServer, ok, useFakeServer, type Handler } from './fake-server.ts';
import { findRow, lastDialog, renderDesktop, toolbar } from './render.tsx';

/** 科目余额表: the red hint of an unbalanced list, and 生成余额 overwriting only the differing rows ticked. */
const server = fakeServer();
const errors: string[] = [];
useFakeServer(server, errors);
const API = '/api/blade-system/subjectbalance';

const row = (id: string, subjectCode: string, subjectName: string, figures: Record<string, number>) => ({
  id,
  orgId: '1010',
  orgName: '常州布雷德',
  year: 2031,
  month: 3,
  subjectCode,
  subjectName,
  openingDebit: 0,
  openingCredit: 0,
  periodDebit: 0,
  periodCredit: 0,
  ytdDebit: 0,
  ytdCredit: 0,
  closingDebit: 0,
  closingCredit: 0,
  ...figures,
});
const ROWS = [
  row('1', '100201', '工商银行', { openingDebit: 500, closingDebit: 500 }),
  row('2', '2202', '应付账款', { openingCredit: 400, closingCredit: 400 }),
];
const listOf = (sums: Record<string, number>) =>
  ok({ records: ROWS, total: ROWS.length, size: 10, current: 1, pages: 1, ...sums });
const BALANCED = { sumOpeningDebit: 500, sumOpeningCredit: 500, sumClosingDebit: 500, sumClosingCredit: 500 };
const figures = (debit: number, credit: number, closing: number) => ({
  openingDebit: 0,
  openingCredit: 0,
  periodDebit: debit,
  periodCredit: credit,
  closingDebit: closing > 0 ? closing : 0,
  closingCredit: closing < 0 ? -closing : 0,
});
const CHECK = [
  {
    subjectCode: '660202',
    subjectName: '办公费',
    stored: figures(1325.5, 0, 1325.5),
    books: figures(45.5, 0, 45.5),
    difference: figures(1280, 0, 1280),
    differs: true,
  },
  {
    subjectCode: '1122',
    subjectName: '应收账款',
    stored: figures(100, 0, 100),
    books: figures(100, 0, 100),
    difference: figures(0, 0, 0),
    differs: false,
  },
];

function serve(codes: string[], list: Handler, extra: Record<string, Handler> = {}) {
  server.serve({
    'GET /api/blade-system/menu/buttons': () => ok(buttonsOf(codes)),
    'GET /api/blade-system/dept/company-select': () => ok([{ value: '1010', label: '常州布雷德' }]),
    // The form's account picker, warmed up while the list shows.
    'GET /api/blade-system/subject/tree': () => ok([]),
    [`GET ${API}/list`]: list,
    ...extra,
  });
}

describe('the trial balance screen', () => {
  it('says in red when the totals of debits and credits differ', async () => {
    serve(['subjectbalance_view'], () => listOf({ ...BALANCED, sumClosingCredit: 400 }));
    renderDesktop(<SubjectBalancePage />);
    const hint = await within(toolbar()).findByRole('alert');
    expect(hint.textContent).toBe('借贷不平衡：期末借方合计 500.00，贷方合计 400.00');
  });

  it('shows no hint while the totals agree', async () => {
    serve(['subjectbalance_view'], () => listOf(BALANCED));
    renderDesktop(<SubjectBalancePage />);
    await findRow('工商银行');
    expect(screen.queryAllByRole('alert').filter((node) => node.textContent?.includes('借贷不平衡'))).toEqual([]);
  });

  it('generates the period, overwriting only the differing row ticked', async () => {
    const generated: Handler = () => ok({ inserted: 0, updated: 1, kept: 0 });
    serve(['subjectbalance_view', 'subjectbalance_generate'], () => listOf(BALANCED), {
      [`GET ${API}/check`]: () => ok(CHECK),
      [`POST ${API}/generate`]: generated,
    });
    renderDesktop(<SubjectBalancePage />);
    await findRow('工商银行');
    fireEvent.click(within(toolbar()).getByRole('button', { name: /生成余额/ }));
    // The period it opens on is compared at once.
    const dialog = await lastDialog();
    const office = (await within(dialog).findByText('办公费')).closest('tr') as HTMLElement;
    expect(within(office).getByText('不一致')).toBeInTheDocument();
    expect(within(dialog).getByText('1 个科目与账簿不一致')).toBeInTheDocument();
    // An agreeing row cannot be ticked.
    const receivables = within(dialog).getByText('应收账款').closest('tr') as HTMLElement;
    expect(within(receivables).getByRole('checkbox')).toBeDisabled();
    fireEvent.click(within(office).getByRole('checkbox'));
    fireEvent.click(within(dialog).getByRole('button', { name: /生成余额/ }));
    await waitFor(() => expect(server.calls('POST', `${API}/generate`)).toHaveLength(1));
    expect(server.calls('POST', `${API}/generate`)[0].body).toMatchObject({
      // The tenant's one company and this year's last closed month, as the dialog opened on them.
      orgId: '1010',
      year: new Date().getFullYear(),
      month: Math.max(new Date().getMonth(), 1),
      overwrite: '660202',
    });
    expect(errors).toEqual([]);
  });

  it('offers the comparison without 生成余额 to a reader without the button', async () => {
    serve(['subjectbalance_view'], () => listOf(BALANCED), { [`GET ${API}/check`]: () => ok(CHECK) });
    renderDesktop(<SubjectBalancePage />);
    await findRow('工商银行');
    expect(within(toolbar()).queryByRole('button', { name: /生成余额/ })).toBeNull();
    fireEvent.click(within(toolbar()).getByRole('button', { name: /账表核对/ }));
    const dialog = await lastDialog();
    await within(dialog).findByText('办公费');
    expect(within(dialog).queryAllByRole('checkbox')).toEqual([]);
  });

  it('shows the level-1 view in place of the rows, and goes back to them', async () => {
    const leaf = (subjectCode: string, subjectName: string, openingDebit: number, openingCredit: number) => ({
      subjectCode,
      subjectName,
      openingDebit,
      openingCredit,
      periodDebit: 0,
      periodCredit: 0,
      ytdDebit: 0,
      ytdCredit: 0,
      closingDebit: openingDebit,
      closingCredit: openingCredit,
    });
    serve(['subjectbalance_view'], () => listOf(BALANCED), {
      [`GET ${API}/summary`]: () =>
        ok([
          {
            ...leaf('1002', '银行存款', 2800, 0),
            children: [leaf('100201', '工商银行', 2900, 0), leaf('100202', '招商银行', 0, 100)],
          },
        ]),
    });
    renderDesktop(<SubjectBalancePage />);
    await findRow('工商银行');
    fireEvent.click(within(toolbar()).getByRole('button', { name: /总账科目汇总/ }));
    const bank = (await screen.findByText('银行存款')).closest('tr') as HTMLElement;
    expect(within(bank).getAllByText('2,800.00')).toHaveLength(2);
    expect(server.calls('GET', `${API}/summary`)[0].params).toMatchObject({ orgId: '1010' });
    // Another period on 搜索.
    fireEvent.change(screen.getByRole('spinbutton', { name: /期间/ }), { target: { value: '3' } });
    fireEvent.click(screen.getByRole('button', { name: /搜\s*索/ }));
    await waitFor(() => expect(server.calls('GET', `${API}/summary`).at(-1)!.params).toMatchObject({ month: 3 }));
    fireEvent.click(screen.getByRole('button', { name: /返回明细/ }));
    await findRow('工商银行');
  });
});
