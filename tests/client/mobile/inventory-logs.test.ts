// @vitest-environment happy-dom
import { createElement } from 'react';
import { AxiosError, type AxiosAdapter } from 'axios';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { http } from '../../../src/client/http.ts';
import { setNotifier } from '../../../src/client/notify.ts';
import { InventoryLogsTab } from '../../../src/mobile/pages/modules/InventoryLogsTab.tsx';
import { renderMobile, signIn } from './render.tsx';

// The real axios instance and its interceptors answer from this table instead of a server.
type Answer = { status: number; data: unknown };
let answers: Record<string, Answer> = {};
const requested: string[] = [];
const adapter: AxiosAdapter = async (config) => {
  requested.push(config.url ?? '');
  const answer = answers[config.url ?? ''] ?? {
    status: 404,
    data: { code: 404, success: false, data: null, msg: '404 没找到请求' },
  };
  return { ...answer, statusText: '', headers: {}, config };
};
const notified = vi.fn();
const ok = (data: unknown): Answer => ({ status: 200, data: { code: 200, success: true, data, msg: '操作成功' } });
const page = (records: unknown[]) => ok({ records, total: records.length, size: 20, current: 1, pages: 1 });

beforeEach(() => {
  signIn();
  answers = {};
  requested.length = 0;
  http.defaults.adapter = adapter;
  setNotifier({ error: notified, success: notified });
});
afterEach(() => {
  cleanup();
  notified.mockReset();
});

describe('phone inventory-log tab (a module list)', () => {
  it('says the module is not available yet when the server answers 404, without an error toast', async () => {
    renderMobile(createElement(InventoryLogsTab), '/inventory-logs');
    expect(await screen.findByText('该模块尚未开通')).toBeTruthy();
    expect(requested).toEqual(['/api/blade-system/inventorylog/list']);
    expect(notified).not.toHaveBeenCalled();
    expect(screen.queryByText('加载失败')).toBeNull();
  });

  it('shows a failure with retry for other errors', async () => {
    answers['/api/blade-system/inventorylog/list'] = {
      status: 500,
      data: { code: 500, success: false, data: null, msg: '服务器开小差了' },
    };
    renderMobile(createElement(InventoryLogsTab), '/inventory-logs');
    expect(await screen.findByText('加载失败')).toBeTruthy();
    expect(screen.getByText('服务器开小差了')).toBeTruthy();
    expect(screen.getByRole('button', { name: '重试' })).toBeTruthy();
    expect(notified).not.toHaveBeenCalled();
  });

  it('offline with nothing loaded: says the network is missing instead of a failure', async () => {
    const onLine = vi.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(false);
    http.defaults.adapter = async () => {
      throw new AxiosError('Network Error', 'ERR_NETWORK');
    };
    try {
      renderMobile(createElement(InventoryLogsTab), '/inventory-logs');
      expect(await screen.findByText('网络异常,请检查网络连接')).toBeTruthy();
      expect(screen.queryByText('加载失败')).toBeNull();
    } finally {
      onLine.mockRestore();
    }
  });

  it('shows the first text fields of inventory logs as cards', async () => {
    answers['/api/blade-system/inventorylog/list'] = page([
      { id: '1', tenantId: '000000', goodsName: '螺丝 M3', warehouse: '一号仓', createTime: '2026-11-21 10:00:00' },
    ]);
    renderMobile(createElement(InventoryLogsTab), '/inventory-logs');
    expect(await screen.findByText('螺丝 M3')).toBeTruthy();
    expect(screen.getByText('一号仓')).toBeTruthy();
    expect(screen.queryByText('000000')).toBeNull();
  });
});
