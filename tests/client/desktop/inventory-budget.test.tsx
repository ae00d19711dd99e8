// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { inventoryBudgetScreens } from '../../../src/desktop/pages/budget/inventory-screens.ts';
import { buttonsOf, fakeServer, ok, page, useFakeServer, type Handler } from './fake-server.ts';
import { findRow, lastDialog, renderDesktop, toolbar } from './render.tsx';

/**
 * 存货预算 and 存货预算汇总 (budget.md §5.5, §6): rows from statlist, the 合计 from totalstat, zero rows hidden by the
 * switch, writes through batchsave / batchupdate / batchcopy and no delete; the summary's groupings.
 */
const server = fakeServer();
const errors: string[] = [];
useFakeServer(server, errors);
const API = '/api/blade-system/inventorybudget';
const THIS_YEAR = new Date().getFullYear();

const months = (prefix: string, values: number[]) =>
  Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`${prefix}${i + 1}`, values[i] ?? 0]));
const row = (id: string, productNo: string, amounts: number[], actuals: number[]) => ({
  id,
  year: THIS_YEAR,
  orgId: '1010',
  orgName: '常州布雷德',
  customerName: '上汽大众',
  project: 'ID.4',
  productNo,
  productName: `${productNo} 名称`,
  unit: '元',
  productId: null,
  remark: '',
  ...months('amount', amounts),
  ...months('actual', actuals),
  totalAmount: amounts.reduce((a, b) => a + b, 0),
  totalActual: actuals.reduce((a, b) => a + b, 0),
  totalFinish: 0.9,
  avgAmount: 83.33,
  avgActual: 900,
});
const ROWS = [row('1', 'INV-1', [1000], [900]), row('2', 'INV-ZERO', [], [])];
const TOTAL = {
  ...months('amount', [1000]),
  ...months('actual', [900]),
  totalAmount: 1000,
  totalActual: 900,
  rowCount: 2,
};
const CODES = ['inventorybudget_add', 'inventorybudget_edit', 'inventorybudget_view', 'inventorybudget_batchcopy'];

function serve(codes: string[], extra: Record<string, Handler> = {}) {
  server.serve({
    'GET /api/blade-system/menu/buttons': () => ok(buttonsOf(codes)),
    'GET /api/blade-system/dept/company-select': () => ok([{ value: '1010', label: '常州布雷德' }]),
    'GET /api/blade-system/dict-biz/dictionary': () => ok([]),
    // The part picker of the form (关联物料).
    'GET /api/blade-system/product/picker': () => page([]),
    [`GET ${API}/statlist`]: () => page(ROWS),
    [`GET ${API}/totalstat`]: () => ok(TOTAL),
    ...extra,
  });
}
async function renderScreen(path: string) {
  const Screen = inventoryBudgetScreens[path];
  await Screen.preload();
  return renderDesktop(<Screen />);
}
const cell = (id: string, field: string) =>
  document.querySelector<HTMLElement>(`[data-row="${id}"][data-cell="${field}"]`)!;
const input = () => document.querySelector<HTMLInputElement>('.tenon-grid input.ant-input-number-input')!;
const totalCells = () => [...document.querySelectorAll('.tenon-grid-total td')].map((td) => td.textContent);

describe('the inventory budget screen', () => {
  it('shows the product rows of statlist with the 合计 of totalstat, zero rows hidden until the switch is off', async () => {
    serve(CODES);
    await renderScreen('/budget/inventorybudget');
    await screen.findByText('INV-1');
    expect(server.calls('GET', `${API}/statlist`)[0].params).toMatchObject({ current: 1, size: 10 });
    expect(server.calls('GET', `${API}/totalstat`)).toHaveLength(1);
    const headers = [...document.querySelectorAll('.ant-table-thead th')].map((th) => th.textContent);
    expect(headers.filter((h) => ['公司', '客户', '项目', '产品零件号', '产品名称', '单位'].includes(h ?? ''))).toEqual(
      ['公司', '客户', '项目', '产品零件号', '产品名称', '单位'],
    );
    expect(headers).toEqual(expect.arrayContaining(['预算合计', '实际合计', '完成率', '月均预算', '月均实际']));
    expect(headers).not.toContain('1月完成率');
    // The 合计: totalstat's sums, the completion from them; no monthly averages of a total.
    expect(totalCells().slice(-6)).toEqual(['1,000.00', '900.00', '90.00%', '', '', '']);
    expect(screen.queryByText('INV-ZERO')).toBeNull();
    fireEvent.click(within(toolbar()).getByRole('switch', { name: '隐藏全零行' }));
    expect(await screen.findByText('INV-ZERO')).toBeVisible();
    // Nothing is deleted here.
    expect(within(toolbar()).queryByRole('button', { name: /删除/ })).toBeNull();
    expect(
      within(await findRow('INV-1'))
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['查看', '修改']);
  });

  it('saves an edited month through batchupdate, a row of its id and the cell', async () => {
    serve(CODES, { [`POST ${API}/batchupdate`]: () => ok({ updated: 1 }) });
    await renderScreen('/budget/inventorybudget');
    await screen.findByText('INV-1');
    fireEvent.click(cell('1', 'amount2'));
    fireEvent.change(input(), { target: { value: '150' } });
    fireEvent.keyDown(input(), { key: 'Enter' });
    await waitFor(() => expect(server.calls('POST', `${API}/batchupdate`)).toHaveLength(1));
    expect(server.calls('POST', `${API}/batchupdate`)[0].body).toEqual([{ id: '1', amount2: 150 }]);
    // The rows are read again for the saved totals.
    await waitFor(() => expect(server.calls('GET', `${API}/statlist`).length).toBeGreaterThan(1));
    expect(server.calls('POST', `${API}/submit`)).toHaveLength(0);
  });

  it('adds a row through batchsave as an array of one', async () => {
    serve(CODES, { [`POST ${API}/batchsave`]: () => ok({ saved: 1 }) });
    await renderScreen('/budget/inventorybudget');
    await screen.findByText('INV-1');
    fireEvent.click(within(toolbar()).getByRole('button', { name: /新增/ }));
    const dialog = await lastDialog();
    const company = within(dialog).getByText('公司', { selector: 'label' }).closest('.ant-form-item') as HTMLElement;
    fireEvent.mouseDown(within(company).getByRole('combobox'));
    fireEvent.click(await screen.findByText('常州布雷德', { selector: '.ant-select-item-option-content' }));
    for (const [placeholder, value] of [
      ['请输入产品零件号', 'INV-NEW'],
      ['请输入产品名称', '后盖'],
      ['请输入项目', 'VW316'],
      ['请输入单位', '元'],
    ])
      fireEvent.change(within(dialog).getByPlaceholderText(placeholder), { target: { value } });
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(server.calls('POST', `${API}/batchsave`)).toHaveLength(1));
    const added = server.calls('POST', `${API}/batchsave`)[0].body as unknown as Array<Record<string, unknown>>;
    expect(added).toHaveLength(1);
    expect(added[0]).toMatchObject({ year: THIS_YEAR, orgId: '1010', productNo: 'INV-NEW', project: 'VW316' });
    expect(added[0].id).toBeUndefined();
    expect(errors).toEqual([]);
  });

  it('edits a row in the dialog through batchupdate, opened on the listed row with its key locked', async () => {
    serve(CODES, { [`POST ${API}/batchupdate`]: () => ok({ updated: 1 }) });
    await renderScreen('/budget/inventorybudget');
    fireEvent.click(within(await findRow('INV-1')).getByRole('button', { name: '修改' }));
    const edit = await lastDialog();
    expect(((await within(edit).findByDisplayValue('INV-1')) as HTMLInputElement).disabled).toBe(true);
    fireEvent.change(within(edit).getByPlaceholderText('请输入产品名称'), { target: { value: '前门 改' } });
    fireEvent.click(within(edit).getByRole('button', { name: '修改' }));
    await waitFor(() => expect(server.calls('POST', `${API}/batchupdate`)).toHaveLength(1));
    expect(server.calls('POST', `${API}/batchupdate`)[0].body).toEqual([
      expect.objectContaining({ id: '1', productNo: 'INV-1', productName: '前门 改' }),
    ]);
    expect(server.calls('GET', `${API}/detail`)).toHaveLength(0);
    expect(errors).toEqual([]);
  });

  it('searches by the bare filter names of statlist and totalstat', async () => {
    serve(CODES);
    await renderScreen('/budget/inventorybudget');
    await screen.findByText('INV-1');
    fireEvent.change(screen.getByPlaceholderText('年度'), { target: { value: '2031' } });
    fireEvent.click(screen.getByRole('button', { name: /搜索/ }));
    await waitFor(() => expect(server.calls('GET', `${API}/statlist`).at(-1)!.params).toMatchObject({ year: 2031 }));
    expect(server.calls('GET', `${API}/statlist`).at(-1)!.params).not.toHaveProperty('year_equal');
    await waitFor(() => expect(server.calls('GET', `${API}/totalstat`).at(-1)!.params).toEqual({ year: 2031 }));
  });

  it('copies a year to the next through batchcopy, with inventorybudget_batchcopy', async () => {
    serve(CODES, { [`POST ${API}/batchcopy`]: () => ok({ copied: 2, skipped: 1 }) });
    await renderScreen('/budget/inventorybudget');
    await screen.findByText('INV-1');
    fireEvent.click(within(toolbar()).getByRole('button', { name: /复制到下一年/ }));
    fireEvent.click(within(await lastDialog()).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(server.calls('POST', `${API}/batchcopy`)).toHaveLength(1));
    expect(server.calls('POST', `${API}/batchcopy`)[0].body).toEqual({ year: THIS_YEAR });
  });

  it('offers neither add, edit, cells nor copy to a viewer', async () => {
    serve(['inventorybudget_view']);
    await renderScreen('/budget/inventorybudget');
    await screen.findByText('INV-1');
    expect(within(toolbar()).queryByRole('button', { name: /新增|复制到下一年/ })).toBeNull();
    expect(cell('1', 'amount1').className).not.toContain('is-editable');
    expect(
      within(await findRow('INV-1'))
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['查看']);
  });
});

describe('the inventory budget summary screen', () => {
  const group = (groupKey: string, groupName: string, amount: number) => ({
    groupKey,
    groupName,
    ...months('amount', [amount]),
    ...months('actual', [amount / 2]),
    ...months('finish', [0.5]),
    totalAmount: amount,
    totalActual: amount / 2,
    totalFinish: 0.5,
  });

  it('sums by company first and by what is chosen, numbered, the TOTAL row at the bottom, nothing to edit', async () => {
    serve(['inventorybudgetstat'], {
      [`GET ${API}/statlist`]: ({ params }) =>
        ok(
          params.groupBy === 'customer'
            ? [group('一汽大众', '一汽大众', 300), group('TOTAL', '合计', 300)]
            : [group('1010', '常州布雷德', 100), group('1020', '苏州布雷德', 200), group('TOTAL', '合计', 300)],
        ),
    });
    await renderScreen('/budget/inventorybudgetstat');
    const first = await findRow('常州布雷德');
    expect(server.calls('GET', `${API}/statlist`)[0].params).toEqual({ year: THIS_YEAR, groupBy: 'org' });
    expect([...first.querySelectorAll('td')].slice(0, 5).map((td) => td.textContent)).toEqual([
      '1',
      '1010',
      '常州布雷德',
      '100.00',
      '50.00',
    ]);
    expect(totalCells()[0]).toBe('合计');
    expect(totalCells().slice(-3)).toEqual(['300.00', '150.00', '50.00%']);
    expect(document.querySelector('.tenon-grid .is-editable')).toBeNull();
    expect(document.querySelector('.tenon-grid .ant-checkbox')).toBeNull();

    fireEvent.mouseDown(screen.getByRole('combobox', { name: '汇总方式' }));
    fireEvent.click(await screen.findByText('按客户', { selector: '.ant-select-item-option-content' }));
    fireEvent.click(screen.getByRole('button', { name: /搜索/ }));
    // Its key and its name: a customer is both.
    expect(await screen.findAllByText('一汽大众')).toHaveLength(2);
    expect(server.calls('GET', `${API}/statlist`).at(-1)!.params).toEqual({ year: THIS_YEAR, groupBy: 'customer' });
  });
});
