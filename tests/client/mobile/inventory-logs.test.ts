// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { createElement } from 'react';
import { AxiosError, type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Dialog } from 'antd-mobile';
import { Route, Routes } from 'react-router-dom';
import { ApiFailure, http } from '../../../src/client/http.ts';
import { setNotifier } from '../../../src/client/notify.ts';
import { InventoryLogsTab } from '../../../src/mobile/pages/warehouse/InventoryLogsTab.tsx';
import { MovementForm } from '../../../src/mobile/pages/warehouse/MovementForm.tsx';
import { MovementPage } from '../../../src/mobile/pages/warehouse/MovementPage.tsx';
import {
  enqueue,
  queuedMovements,
  removeQueued,
  sendQueue,
  type QueuedMovement,
} from '../../../src/mobile/pages/warehouse/movement-queue.ts';
import { loadMovementDefaults } from '../../../src/mobile/pages/warehouse/movement-defaults.ts';
import { renderMobile, signIn, userInfo } from './render.tsx';

const SYS = '/api/blade-system';
const OWNER = `${userInfo.tenant_id}:${userInfo.user_id}`;
type Answer = { status: number; data: unknown };
type Answerer = (config: InternalAxiosRequestConfig) => Answer | undefined;
const ok = (data: unknown): Answer => ({ status: 200, data: { code: 200, success: true, data, msg: '操作成功' } });
const page = (records: unknown[]) => ok({ records, total: records.length, size: 20, current: 1, pages: 1 });

const DICTIONARIES: Record<string, [string, string][]> = {
  inventory_biz_type: [
    ['101', '采购入库'],
    ['202', '生产领料'],
  ],
  warehouse: [['RM', '原材料库']],
};
// The real axios instance and its interceptors answer from these instead of a server.
let answer: Answerer = () => undefined;
const requests: { url: string; method: string; params: Record<string, unknown> }[] = [];
const adapter: AxiosAdapter = async (config) => {
  requests.push({ url: config.url ?? '', method: config.method ?? 'get', params: config.params ?? {} });
  const dictionary = DICTIONARIES[String(config.params?.code)];
  const found =
    answer(config) ??
    (config.url === `${SYS}/dict-biz/dictionary` && dictionary
      ? ok(dictionary.map(([dictKey, dictValue]) => ({ dictKey, dictValue, remark: '' })))
      : config.url === `${SYS}/dept/company-select`
        ? ok([{ value: 'T1010', label: '常州公司' }])
        : config.url === `${SYS}/menu/buttons`
          ? ok([{ id: '1', code: 'inventorylog_handle', category: 2, name: '处理' }])
          : { status: 404, data: { code: 404, success: false, data: null, msg: '404 没找到请求' } });
  return { ...found, statusText: '', headers: {}, config };
};
const notified = vi.fn();

const movement = (overrides: Record<string, unknown> = {}) => ({
  id: '11',
  logNo: 'RK202611260001',
  bizType: '101',
  bizTypeName: '采购入库',
  direction: 1,
  bizDate: '2026-11-26',
  orgId: 'T1010',
  orgName: '常州公司',
  warehouse: 'RM',
  warehouseName: '原材料库',
  location: 'A-01-03',
  productId: '42',
  productNo: 'P-100',
  productName: '前门铰链',
  unit: 'PCS',
  unitName: '件',
  batchNo: null,
  qty: 12,
  unitCost: 2.5,
  amount: 30,
  partnerName: null,
  sourceNo: null,
  remark: null,
  handleStatus: '0',
  handleStatusName: '待处理',
  handleTime: null,
  qtyAfter: null,
  createTime: '2026-11-26 09:00:00',
  ...overrides,
});

async function keepQueued(overrides: Partial<QueuedMovement> = {}) {
  await enqueue({
    clientKey: 'm-queued1',
    owner: OWNER,
    body: {
      bizType: '101',
      bizDate: '2026-11-25',
      orgId: 'T1010',
      warehouse: 'RM',
      location: '',
      productId: '42',
      batchNo: '',
      qty: '7',
      unitCost: '3',
      partnerName: '',
      sourceNo: '',
      remark: '',
      clientKey: 'm-queued1',
    },
    part: { productNo: 'P-100', productName: '前门铰链', unitName: '件' },
    ...overrides,
  });
}

beforeEach(() => {
  signIn();
  answer = () => undefined;
  requests.length = 0;
  http.defaults.adapter = adapter;
  setNotifier({ error: notified, success: notified });
});
afterEach(async () => {
  cleanup();
  Dialog.clear();
  notified.mockReset();
  vi.restoreAllMocks();
  for (const entry of await queuedMovements(OWNER)) await removeQueued(entry.clientKey);
});

describe('phone 出入库 tab', () => {
  it('says the module is not available when the server answers 404, without an error toast', async () => {
    renderMobile(createElement(InventoryLogsTab), '/inventory-logs');
    expect(await screen.findByText('该模块尚未开通')).toBeVisible();
    expect(notified).not.toHaveBeenCalled();
  });

  it('shows pending movements as cards: number, type, part, signed quantity with unit, warehouse, state', async () => {
    answer = (config) =>
      config.url === `${SYS}/inventorylog/list`
        ? page([
            movement(),
            movement({
              id: '12',
              logNo: 'CK202611260001',
              bizType: '202',
              bizTypeName: '生产领料',
              direction: -1,
              qty: 5,
            }),
          ])
        : undefined;
    renderMobile(createElement(InventoryLogsTab), '/inventory-logs');
    const receipt = (await screen.findByText('RK202611260001')).closest('.m-movement-card') as HTMLElement;
    expect(within(receipt).getByText('采购入库')).toBeVisible();
    expect(within(receipt).getByText('P-100 前门铰链')).toBeVisible();
    expect(within(receipt).getByText('+12 件')).toBeVisible();
    expect(within(receipt).getByText(/原材料库/)).toBeVisible();
    expect(within(receipt).getByText('待处理')).toBeVisible();
    const issue = screen.getByText('CK202611260001').closest('.m-movement-card') as HTMLElement;
    expect(within(issue).getByText('-5 件')).toBeVisible();
    expect(requests.find((r) => r.url === `${SYS}/inventorylog/list`)?.params).toEqual({
      current: 1,
      size: 20,
      handleStatus: '0',
    });
  });

  it('asks for handled movements of a type and warehouse from the address', async () => {
    answer = (config) => (config.url === `${SYS}/inventorylog/list` ? page([]) : undefined);
    renderMobile(createElement(InventoryLogsTab), '/inventory-logs?status=handled&type=202&warehouse=RM');
    expect(await screen.findByText('暂无数据')).toBeVisible();
    expect(requests.find((r) => r.url === `${SYS}/inventorylog/list`)?.params).toEqual({
      current: 1,
      size: 20,
      handleStatus: '1',
      bizType: '202',
      warehouse: 'RM',
    });
  });

  it('shows a queued movement on top as 待同步, and a refused one with the server message', async () => {
    await keepQueued();
    await keepQueued({ clientKey: 'm-queued2' });
    const [, second] = await queuedMovements(OWNER);
    await enqueue({ ...second!, body: { ...second!.body, qty: '9' } });
    // The first is refused, the network fails at the second.
    await sendQueue(OWNER, async (body) => {
      if (body.qty === '7') throw new ApiFailure(400, '请输入单价');
      throw new AxiosError('Network Error', 'ERR_NETWORK');
    });
    answer = (config) => (config.url === `${SYS}/inventorylog/list` ? page([movement()]) : undefined);
    renderMobile(createElement(InventoryLogsTab), '/inventory-logs');
    const queued = await screen.findByLabelText('待同步');
    const refused = within(queued).getByText('+7 件').closest('.m-movement-card') as HTMLElement;
    expect(within(refused).getByText('被拒绝')).toBeVisible();
    expect(within(refused).getByRole('alert').textContent).toBe('请输入单价');
    const waiting = within(queued).getByText('+9 件').closest('.m-movement-card') as HTMLElement;
    expect(within(waiting).getByText('待同步')).toBeVisible();
    expect(within(waiting).queryByRole('alert')).toBeNull();
    expect(await screen.findByText('RK202611260001')).toBeVisible();
  });
});

describe('a movement page', () => {
  const open = () =>
    renderMobile(
      createElement(Routes, null, createElement(Route, { path: '/m/:id', element: createElement(MovementPage) })),
      '/m/11',
    );

  it('posts a pending movement for a holder of inventorylog_handle', async () => {
    let posted: unknown;
    answer = (config) => {
      if (config.url === `${SYS}/inventorylog/detail`) return ok(movement());
      if (config.url === `${SYS}/inventorylog/handle`) {
        posted = config.params;
        return ok({ handled: 1 });
      }
      return undefined;
    };
    open();
    fireEvent.click(await screen.findByRole('button', { name: '过账' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: '过账' }));
    expect(await screen.findByText('已过账')).toBeVisible();
    expect(posted).toEqual({ ids: '11' });
  });

  it('offline, says posting needs the network instead of trying', async () => {
    answer = (config) => (config.url === `${SYS}/inventorylog/detail` ? ok(movement()) : undefined);
    open();
    const post = await screen.findByRole('button', { name: '过账' });
    vi.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(false);
    fireEvent.click(post);
    expect((await screen.findAllByText('过账需要联网')).length).toBeGreaterThan(0);
    expect(requests.some((r) => r.url === `${SYS}/inventorylog/handle`)).toBe(false);
  });

  it('has no 过账 on a handled movement', async () => {
    answer = (config) =>
      config.url === `${SYS}/inventorylog/detail`
        ? ok(movement({ handleStatus: '1', handleStatusName: '已处理', qtyAfter: 12 }))
        : undefined;
    const { container, queryClient } = open();
    expect(await screen.findByText('已处理')).toBeVisible();
    await waitFor(() => expect(queryClient.getQueryState(['mobile', 'permission'])?.status).toBe('success'));
    expect(within(container).queryByRole('button', { name: '过账' })).toBeNull();
  });

  it('has no 过账 for a user without inventorylog_handle', async () => {
    answer = (config) => {
      if (config.url === `${SYS}/inventorylog/detail`) return ok(movement());
      if (config.url !== `${SYS}/menu/buttons`) return undefined;
      return ok([{ id: '2', code: 'inventorylog_add', category: 2, name: '新增' }]);
    };
    const { container, queryClient } = open();
    expect(await screen.findByText('待处理')).toBeVisible();
    // The page has drawn with the user's permissions known.
    await waitFor(() => expect(queryClient.getQueryState(['mobile', 'permission'])?.status).toBe('success'));
    expect(within(container).queryByRole('button', { name: '过账' })).toBeNull();
  });
});

describe('the new-movement form', () => {
  it('says every missing field with the domain messages', async () => {
    renderMobile(createElement(MovementForm), '/inventory-logs/form');
    fireEvent.click(await screen.findByRole('button', { name: '提交' }));
    expect(await screen.findByText('请选择业务类型')).toBeVisible();
    expect(screen.getByText('请选择零件号')).toBeVisible();
    expect(screen.getByText('请输入数量')).toBeVisible();
    expect(screen.getByText('请选择仓库')).toBeVisible();
    expect(requests.some((r) => r.url === `${SYS}/inventorylog/submit`)).toBe(false);
  });

  it('finds a typed part by its number or customer part number exactly, else says 未找到该零件', async () => {
    answer = (config) =>
      config.url === `${SYS}/product/listpage`
        ? page([
            { id: '42', productNo: 'P-100', customerPartNo: 'VW-5G0', productName: '前门铰链', unitName: '件' },
            { id: '43', productNo: 'P-1000', customerPartNo: null, productName: '后门铰链', unitName: '件' },
          ])
        : config.url === `${SYS}/inventory/list`
          ? page([{ id: '1', warehouseName: '原材料库', batchNo: 'B1', location: null, qty: 30, availableQty: 25 }])
          : undefined;
    renderMobile(createElement(MovementForm), '/inventory-logs/form');
    const input = await screen.findByRole('textbox', { name: '零件号' });
    fireEvent.change(input, { target: { value: 'vw-5g0' } });
    fireEvent.blur(input);
    const found = await screen.findByLabelText('找到的零件');
    expect(found.textContent).toContain('P-100');
    expect(found.textContent).toContain('前门铰链');
    const stock = await screen.findByRole('region', { name: '当前库存' });
    expect(await within(stock).findByText(/可用 25 \/ 结存 30/)).toBeVisible();

    fireEvent.change(input, { target: { value: 'P-10' } });
    fireEvent.blur(input);
    expect(await screen.findByText('未找到该零件')).toBeVisible();
    expect(screen.queryByLabelText('找到的零件')).toBeNull();
  });

  it('saves and posts in one step for a holder of inventorylog_handle, then starts the next from the same choices', async () => {
    localStorage.clear();
    const sent: string[] = [];
    answer = (config) => {
      if (config.url === `${SYS}/product/listpage`)
        return page([{ id: '42', productNo: 'P-100', productName: '前门铰链', unitName: '件' }]);
      if (config.url === `${SYS}/inventory/list`) return page([]);
      if (config.url === `${SYS}/inventorylog/submit`) {
        sent.push(`submit ${JSON.parse(String(config.data)).qty}`);
        return ok(movement({ id: '77', logNo: 'CK202611260007', bizType: '202', direction: -1 }));
      }
      if (config.url === `${SYS}/inventorylog/handle`) {
        sent.push(`handle ${config.params.ids}`);
        return ok({ handled: 1 });
      }
      return undefined;
    };
    const { unmount } = renderMobile(createElement(MovementForm), '/inventory-logs/form');
    const part = await screen.findByRole('textbox', { name: '零件号' });
    fireEvent.change(part, { target: { value: 'P-100' } });
    fireEvent.blur(part);
    await screen.findByLabelText('找到的零件');
    fireEvent.change(screen.getByRole('textbox', { name: '数量' }), { target: { value: '5' } });
    fireEvent.click(await screen.findByRole('radio', { name: '生产领料' }));
    fireEvent.click(await screen.findByRole('radio', { name: '原材料库' }));
    // One company: chosen already.
    await waitFor(() =>
      expect(screen.getByRole('radio', { name: '常州公司' }).getAttribute('aria-checked')).toBe('true'),
    );
    fireEvent.click(screen.getByRole('button', { name: '提交并过账' }));

    const last = await screen.findByRole('status');
    await waitFor(() => expect(last.textContent).toContain('已过账'));
    expect(last.textContent).toContain('CK202611260007');
    expect(sent).toEqual(['submit 5', 'handle 77']);
    expect(document.querySelector('.adm-dialog')).toBeNull();
    // The next movement: part and quantity empty, the choices kept (and kept for this user on the device).
    expect((screen.getByRole('textbox', { name: '零件号' }) as HTMLInputElement).value).toBe('');
    expect((screen.getByRole('textbox', { name: '数量' }) as HTMLInputElement).value).toBe('');
    expect(screen.getByRole('radio', { name: '生产领料' }).getAttribute('aria-checked')).toBe('true');
    expect(loadMovementDefaults(OWNER)).toEqual({ bizType: '202', warehouse: 'RM', orgId: 'T1010' });
    expect(loadMovementDefaults('000000:someone-else')).toEqual({});

    unmount();
    renderMobile(createElement(MovementForm), '/inventory-logs/form');
    await waitFor(() =>
      expect(screen.getByRole('radio', { name: '生产领料' }).getAttribute('aria-checked')).toBe('true'),
    );
    expect((await screen.findByRole('radio', { name: '原材料库' })).getAttribute('aria-checked')).toBe('true');
  });

  it('offline, an edited refused movement stays queued under its key, without the refusal', async () => {
    await keepQueued();
    // The server's refusal, as the queue marks it.
    await sendQueue(OWNER, async () => {
      throw new ApiFailure(400, '客户端单据键已用于另一条出入库记录');
    });
    renderMobile(
      createElement(
        Routes,
        null,
        createElement(Route, { path: '/inventory-logs/form/:clientKey', element: createElement(MovementForm) }),
      ),
      '/inventory-logs/form/m-queued1',
    );
    expect(await screen.findByText(/客户端单据键已用于另一条出入库记录/)).toBeVisible();
    const qty = screen.getByRole('textbox', { name: '数量' });
    expect((qty as HTMLInputElement).value).toBe('7');
    fireEvent.change(qty, { target: { value: '8' } });
    vi.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(false);
    fireEvent.click(screen.getByRole('button', { name: '提交' }));
    await waitFor(async () => {
      const [kept] = await queuedMovements(OWNER);
      expect(kept).toMatchObject({ clientKey: 'm-queued1', body: { qty: '8', clientKey: 'm-queued1' } });
      expect(kept?.refusal).toBeUndefined();
    });
    expect(requests.some((r) => r.url === `${SYS}/inventorylog/submit`)).toBe(false);
  });

  it('keeps a movement whose request gets no answer in the queue', async () => {
    await keepQueued();
    http.defaults.adapter = async (config) => {
      if (config.url === `${SYS}/inventorylog/submit`) throw new AxiosError('Network Error', 'ERR_NETWORK');
      return adapter(config);
    };
    renderMobile(
      createElement(
        Routes,
        null,
        createElement(Route, { path: '/inventory-logs/form/:clientKey', element: createElement(MovementForm) }),
      ),
      '/inventory-logs/form/m-queued1',
    );
    fireEvent.click(await screen.findByRole('button', { name: '提交' }));
    expect(await screen.findByText('已保存在本机,联网后自动同步')).toBeVisible();
    expect(await queuedMovements(OWNER)).toHaveLength(1);
  });
});
