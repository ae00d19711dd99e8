// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { budgetFillScreens } from '../../../src/desktop/pages/budget/fill-screens.ts';
import { buttonsOf, fakeServer, ok, useFakeServer } from './fake-server.ts';
import { renderDesktop, toolbar } from './render.tsx';

/**
 * 费用预算执行 (budget.md §5.3, §6): the monthly grid of a department's expense rows with their department, expense type
 * and the year's claims; the 合计 row and the chart are the list's `sum` over every filtered row, never the page's.
 */
const server = fakeServer();
const errors: string[] = [];
useFakeServer(server, errors);
const API = '/api/blade-system/expensesituation';

const months = (prefix: string, values: number[]) =>
  Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`${prefix}${i + 1}`, values[i] ?? 0]));
const ROW = {
  id: '1',
  year: 2026,
  orgId: '1010',
  orgName: '常州布雷德',
  deptId: '7',
  deptName: '常州布雷德',
  subject: '660203',
  title: '管理费用-差旅费',
  expenseType: '1',
  expenseTypeName: '差旅费',
  ...months('amount', [100]),
  ...months('actual', [80]),
  totalAmount: 100,
  totalActual: 80,
  totalFinish: 0.8,
  claimTotal: 4321.5,
};
// Two rows filtered, one on the page: the sum is every filtered row's.
const SUM = {
  ...months('amount', [400, 100]),
  ...months('actual', [50, 140]),
  finish1: 0.125,
  finish2: 1.4,
  totalAmount: 500,
  totalActual: 190,
  totalFinish: 0.38,
  rowCount: 2,
};

function serve() {
  server.serve({
    'GET /api/blade-system/menu/buttons': () => ok(buttonsOf(['expensesituation_edit', 'expensesituation_export'])),
    'GET /api/blade-system/dept/company-select': () => ok([]),
    'GET /api/blade-system/dict-biz/dictionary': () => ok([]),
    'GET /api/blade-system/dept/tree': () => ok([]),
    'GET /api/blade-system/subject/tree': () => ok([]),
    [`GET ${API}/page`]: () => ok({ records: [ROW], total: 2, size: 10, current: 1, pages: 1, sum: SUM }),
  });
}
async function renderScreen() {
  const Screen = budgetFillScreens['/budget/expensesituation'];
  await Screen.preload();
  return renderDesktop(<Screen />);
}
const totalCells = () => [...document.querySelectorAll('.tenon-grid-total td')].map((td) => td.textContent);

describe('the expense situation screen', () => {
  it('shows the rows with their department, type and claims, and the 合计 of the list’s sum', async () => {
    serve();
    await renderScreen();
    await screen.findByText('管理费用-差旅费');
    const headers = [...document.querySelectorAll('.ant-table-thead th')].map((th) => th.textContent);
    expect(headers).toEqual(expect.arrayContaining(['费用科目', '部门', '费用类型', '全年合计', '已报销金额']));
    expect(screen.getByText('4,321.50')).toBeDefined();
    await waitFor(() => expect(totalCells()).toContain('合计'));
    const total = totalCells();
    // January of every filtered row (400, not the page's 100), its completion, the year's; no claims summed.
    expect(total.slice(total.indexOf('合计') + 4, total.indexOf('合计') + 7)).toEqual(['400.00', '50.00', '12.50%']);
    expect(total).toEqual(expect.arrayContaining(['500.00', '190.00', '38.00%']));
    expect(total.at(-2)).toBe('');
    // No stat route: the list answers it.
    expect(server.sent.filter((request) => request.url.endsWith('/stat'))).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('charts the list’s sum of every filtered row', async () => {
    serve();
    await renderScreen();
    await screen.findByText('管理费用-差旅费');
    const pages = () => server.calls('GET', `${API}/page`);
    const before = pages().length;
    fireEvent.click(within(toolbar()).getByRole('button', { name: /图表/ }));
    await waitFor(() => expect(pages().length).toBe(before + 1));
    expect(pages().at(-1)!.params).toMatchObject({ current: 1, size: 1 });
  });
});
