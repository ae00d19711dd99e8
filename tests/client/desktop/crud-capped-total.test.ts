// @vitest-environment happy-dom
import { createElement } from 'react';
import { expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { inventoryLog } from '../../../src/shared/entities/warehouse/inventory-log.ts';
import { CrudPage } from '../../../src/desktop/components/crud/CrudPage.tsx';
import { buttons, fakeServer, ok, useFakeServer } from './fake-server.ts';
import { renderDesktop } from './render.tsx';

/** Past the server's count cap the pager says 10,000+ and the footer's Σ waits for the user to ask for it. */
const { serve, calls, reset } = fakeServer();
const errors: string[] = [];
useFakeServer({ reset }, errors);
const LIST = '/api/blade-system/inventorylog/list';

const rows = Array.from({ length: 10 }, (_, i) => ({
  id: String(5000 + i),
  logNo: `RK20261126${String(i).padStart(4, '0')}`,
  bizType: '101',
  bizTypeName: '采购入库',
  bizDate: '2026-11-26',
  productNo: `WP00000${i}`,
  qty: 1,
  amount: 2,
  handleStatus: '1',
  handleStatusName: '已处理',
}));

it('shows 共 10000+ 条 with 精确计数, and 计算合计 in the footer; either asks for exactTotal=1', async () => {
  serve({
    'GET /api/blade-system/menu/buttons': () => ok(buttons('inventorylog')),
    [`GET ${LIST}`]: (request) =>
      request.params.exactTotal === '1'
        ? ok({ records: rows, total: 123456, size: 10, current: 1, pages: 12346, sumAmount: 246912 })
        : ok({ records: rows, total: 10000, size: 10, current: 1, pages: 1000, totalCapped: true, sumAmount: null }),
  });
  renderDesktop(createElement(CrudPage, { entity: inventoryLog }), '/warehouse/inventorylog');
  expect(await screen.findByText('共 10000+ 条')).toBeVisible();
  expect(screen.getByRole('button', { name: '计算合计' })).toBeVisible();
  fireEvent.click(screen.getByRole('button', { name: '精确计数' }));
  expect(await screen.findByText('共 123456 条')).toBeVisible();
  expect(screen.getByText('246,912.00')).toBeVisible();
  expect(screen.queryByRole('button', { name: '计算合计' })).toBeNull();
  await waitFor(() => expect(calls('GET', LIST).at(-1)!.params).toMatchObject({ exactTotal: '1' }));
});
