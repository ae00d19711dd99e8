// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import ProdplanePage from '../../../src/desktop/pages/production/ProdplanePage.tsx';
import { buttonsOf, fakeServer, ok, page, refuse, useFakeServer, type Handler } from './fake-server.ts';
import { renderDesktop } from './render.tsx';

/** 生产计划: the plans in the monthly grid, what each status leaves open, the status buttons and the search. */
const server = fakeServer();
const errors: string[] = [];
useFakeServer(server, errors);
const API = '/api/blade-system/prodplane';

const plan = (id: string, productNo: string, planStatus: string, extra: Record<string, unknown> = {}) => ({
  id,
  year: 2026,
  orgId: '1010',
  orgName: '常州布雷德',
  productNo,
  productName: `${productNo} 名称`,
  customerName: '一汽大众',
  project: 'VW316',
  unit: '件',
  planStatus,
  planStatusName: { 0: '草稿', 1: '已下达', 2: '已关闭' }[planStatus],
  amount1: 100,
  actual1: 90,
  totalAmount: 100,
  totalActual: 90,
  totalFinish: 0.9,
  ...extra,
});
const ROWS = [plan('1', 'P-DRAFT', '0'), plan('2', 'P-REL', '1'), plan('3', 'P-CLOSED', '2')];

const CRUD = ['prodplane_add', 'prodplane_edit', 'prodplane_delete', 'prodplane_view'];
function serve(codes: string[], extra: Record<string, Handler> = {}) {
  server.serve({
    'GET /api/blade-system/menu/buttons': () => ok(buttonsOf(codes)),
    'GET /api/blade-system/dept/company-select': () => ok([{ value: '1010', label: '常州布雷德' }]),
    'GET /api/blade-system/dict-biz/dictionary': () => ok([]),
    [`GET ${API}/list`]: () => page(ROWS),
    ...extra,
  });
}
const cell = (row: string, field: string) =>
  document.querySelector<HTMLElement>(`[data-row="${row}"][data-cell="${field}"]`)!;
const input = () => document.querySelector<HTMLInputElement>('.tenon-grid input.ant-input-number-input')!;
const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr') as HTMLElement;

describe('the production plan screen', () => {
  it('opens the plan cells of a draft, only the actuals of a released plan, nothing of a closed one', async () => {
    serve([...CRUD, 'prodplane_release']);
    renderDesktop(<ProdplanePage />);
    await screen.findByText('P-DRAFT');
    expect(cell('1', 'amount1').className).toContain('is-editable');
    expect(cell('1', 'actual1').className).toContain('is-editable');
    expect(cell('2', 'amount1').className).not.toContain('is-editable');
    expect(cell('2', 'actual1').className).toContain('is-editable');
    expect(cell('3', 'amount1').className).not.toContain('is-editable');
    expect(cell('3', 'actual1').className).not.toContain('is-editable');
    // The status buttons each status offers; a closed plan can be viewed only.
    const names = async (text: string) =>
      within(await rowOf(text))
        .getAllByRole('button')
        .map((b) => b.textContent);
    expect(await names('P-DRAFT')).toEqual(['查看', '修改', '下达', '删除']);
    expect(await names('P-REL')).toEqual(['查看', '修改', '撤回', '关闭', '删除']);
    expect(await names('P-CLOSED')).toEqual(['查看']);
  });

  it('offers neither release nor withdraw without prodplane_release, nor editing without prodplane_edit', async () => {
    serve(['prodplane_view']);
    renderDesktop(<ProdplanePage />);
    expect(
      within(await rowOf('P-DRAFT'))
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['查看']);
    expect(
      within(await rowOf('P-REL'))
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['查看']);
    expect(cell('1', 'amount1').className).not.toContain('is-editable');
    expect(cell('2', 'actual1').className).not.toContain('is-editable');
  });

  it("saves an edited month through submit with the row's id; a refusal shows the message and the old value", async () => {
    let refusing = false;
    serve(CRUD, {
      [`POST ${API}/submit`]: ({ body }) =>
        refusing
          ? refuse('已下达的计划只能修改实际数量和备注')
          : ok({ ...ROWS[0], ...body, totalAmount: 250, totalFinish: 0.36 }),
    });
    renderDesktop(<ProdplanePage />);
    await screen.findByText('P-DRAFT');
    fireEvent.click(cell('1', 'amount2'));
    fireEvent.change(input(), { target: { value: '150' } });
    fireEvent.keyDown(input(), { key: 'Enter' });
    await waitFor(() => expect(server.calls('POST', `${API}/submit`)).toHaveLength(1));
    expect(server.calls('POST', `${API}/submit`)[0].body).toEqual({ id: '1', amount2: 150 });
    await waitFor(() => expect(cell('1', 'amount2').textContent).toBe('150.00'));
    refusing = true;
    fireEvent.click(cell('1', 'amount1'));
    fireEvent.change(input(), { target: { value: '7' } });
    fireEvent.keyDown(input(), { key: 'Enter' });
    await waitFor(() => expect(errors).toEqual(['已下达的计划只能修改实际数量和备注']));
    await waitFor(() => expect(cell('1', 'amount1').textContent).toBe('100.00'));
  });

  it('releases a draft after a confirmation, by its status alone', async () => {
    serve([...CRUD, 'prodplane_release'], { [`POST ${API}/submit`]: ({ body }) => ok({ ...ROWS[0], ...body }) });
    renderDesktop(<ProdplanePage />);
    fireEvent.click(within(await rowOf('P-DRAFT')).getByRole('button', { name: '下达' }));
    const confirm = (await screen.findAllByRole('dialog')).at(-1)!;
    expect(confirm.textContent).toContain('确定下达该计划');
    fireEvent.click(within(confirm).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(server.calls('POST', `${API}/submit`)).toHaveLength(1));
    expect(server.calls('POST', `${API}/submit`)[0].body).toEqual({ id: '1', planStatus: '1' });
  });
});
