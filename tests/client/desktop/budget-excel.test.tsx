// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { downloadFile } from '../../../src/client/download.ts';
import { budgetSituation } from '../../../src/shared/entities/budget/budget-situation.ts';
import { BudgetRowPage } from '../../../src/desktop/pages/budget/BudgetRowPage.tsx';
import { buttonsOf, fakeServer, ok, page, useFakeServer } from './fake-server.ts';
import { lastDialog, renderDesktop, toolbar } from './render.tsx';

// Saving a blob is the download helper's business: here only what the screen asks it for.
vi.mock('../../../src/client/download.ts', async (original) => ({
  ...(await original<typeof import('../../../src/client/download.ts')>()),
  downloadFile: vi.fn(async () => undefined),
}));

/** The budget grids' 导入 / 导出 (issue 14): shown by the session's codes, the export sent the grid's filters. */
const server = fakeServer();
useFakeServer(server, [], () => vi.mocked(downloadFile).mockClear());
const API = '/api/blade-system/budgetsituation';

function renderLabourScreen(codes: string[]) {
  server.serve({
    'GET /api/blade-system/menu/buttons': () => ok(buttonsOf(codes)),
    'GET /api/blade-system/dept/company-select': () => ok([{ value: '1010', label: '常州布雷德' }]),
    'GET /api/blade-system/dict-biz/dictionary': () => ok([]),
    [`GET ${API}/page`]: () => page([]),
  });
  // The labour screen: budget situation rows of budget type 2 (fill-screens.ts).
  renderDesktop(<BudgetRowPage entity={budgetSituation} fixed={{ budgetType_equal: '2' }} />);
}
/** The search bar's item holding a label. */
const searchItem = (label: HTMLElement) => label.closest('.ant-form-item') as HTMLElement;
const toolbarNames = () =>
  within(toolbar())
    .queryAllByRole('button')
    .map((button) => button.textContent);

describe('the budget grid toolbar', () => {
  it('exports what the search selects, the screen’s fixed filter included, for holders of the export code', async () => {
    renderLabourScreen(['budgetsituation_export', 'budgetsituation_import']);
    await waitFor(() => expect(toolbarNames()).toEqual(expect.arrayContaining(['导入', '导出'])));
    fireEvent.change(screen.getByPlaceholderText('请输入科目名称'), { target: { value: '薪酬' } });
    fireEvent.click(screen.getByRole('button', { name: /搜索/ }));
    await waitFor(() => expect(server.calls('GET', `${API}/page`).at(-1)!.params).toMatchObject({ title: '薪酬' }));

    fireEvent.click(within(toolbar()).getByRole('button', { name: /导出/ }));
    fireEvent.click(within(await lastDialog()).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(downloadFile).toHaveBeenCalledTimes(1));
    expect(vi.mocked(downloadFile).mock.calls[0]).toEqual([
      `${API}/export-budgetsituation`,
      { title: '薪酬', budgetType_equal: '2' },
    ]);
  });

  it('sends a searched month range with the export, which the server narrows to it as the grid does', async () => {
    server.serve({
      'GET /api/blade-system/menu/buttons': () => ok(buttonsOf(['budgetsituation_export'])),
      'GET /api/blade-system/dict-biz/dictionary': () => ok([]),
      'GET /api/blade-system/dept/company-select': () => ok([]),
      [`GET ${API}/page`]: () => page([]),
      [`GET ${API}/stat`]: () => ok({}),
    });
    renderDesktop(<BudgetRowPage entity={budgetSituation} stat dimension />);
    const range = searchItem(await screen.findByText('月份区间', { selector: 'label' }));
    const [from, to] = within(range).getAllByRole('textbox');
    for (const [input, month] of [
      [from, '2026-02'],
      [to, '2026-04'],
    ] as const) {
      fireEvent.mouseDown(input);
      fireEvent.change(input, { target: { value: month } });
      fireEvent.keyDown(input, { key: 'Enter' });
    }
    fireEvent.click(screen.getByRole('button', { name: /搜索/ }));
    await waitFor(() =>
      expect(server.calls('GET', `${API}/page`).at(-1)!.params).toMatchObject({ searchMonth: '2026-02,2026-04' }),
    );

    fireEvent.click(within(toolbar()).getByRole('button', { name: /导出/ }));
    fireEvent.click(within(await lastDialog()).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(downloadFile).toHaveBeenCalledTimes(1));
    expect(vi.mocked(downloadFile).mock.calls[0]).toEqual([
      `${API}/export-budgetsituation`,
      { searchMonth: '2026-02,2026-04' },
    ]);
  });

  it('shows neither button without the codes', async () => {
    renderLabourScreen(['budgetsituation_add']);
    await waitFor(() => expect(toolbarNames()).toContain('新增'));
    expect(toolbarNames()).not.toContain('导入');
    expect(toolbarNames()).not.toContain('导出');
  });
});
