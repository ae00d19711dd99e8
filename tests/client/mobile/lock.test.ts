// @vitest-environment happy-dom
import { createElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderMobile, signIn } from './render.tsx';

vi.mock('../../../src/client/api/message.ts', () => ({
  MESSAGE_UNREAD: 0,
  fetchMessages: vi.fn(async () => ({ records: [], total: 0, size: 20, current: 1, pages: 0 })),
  fetchUnreadCount: vi.fn(async () => 0),
  markRead: vi.fn(),
  markAllRead: vi.fn(),
}));
vi.mock('../../../src/client/api/system.ts', () => ({
  fetchTenantInfo: vi.fn(async () => ({})),
  fetchDemoAccounts: vi.fn(async () => ({ tenantId: '000000', accounts: [] })),
}));
vi.mock('../../../src/mobile/pages/warehouse/warehouse-api.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../src/mobile/pages/warehouse/warehouse-api.ts')>()),
  fetchMovements: vi.fn(async () => ({ records: [], total: 0, size: 20, current: 1, pages: 0 })),
}));
vi.mock('../../../src/client/api/flow.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../src/client/api/flow.ts')>()),
  fetchTodoList: vi.fn(async () => ({ records: [], total: 0, size: 10, current: 1, pages: 0 })),
  fetchClaimList: vi.fn(async () => ({ records: [], total: 0, size: 10, current: 1, pages: 0 })),
  fetchFlowCategories: vi.fn(async () => []),
}));

const { session } = await import('../../../src/client/session.ts');
const { MobileRoutes } = await import('../../../src/mobile/MobileApp.tsx');
const flowApi = await import('../../../src/client/api/flow.ts');

const type = (placeholder: string, value: string) =>
  fireEvent.change(screen.getByPlaceholderText(placeholder), { target: { value } });

beforeEach(() => signIn());
afterEach(() => {
  cleanup();
  session.localLogout();
  vi.clearAllMocks();
});

describe('phone lock', () => {
  it('requires a lock password, locks with it, refuses a wrong one and unlocks with the right one', async () => {
    renderMobile(createElement(MobileRoutes), '/lock-screen');
    expect(await screen.findByText('设置锁屏密码')).toBeVisible();

    fireEvent.click(screen.getByRole('button', { name: '设置并锁屏' }));
    expect(await screen.findByText('锁屏密码不能为空')).toBeVisible();
    expect(session.get().isLock).toBe(false);

    type('请输入锁屏密码', 'secret');
    fireEvent.click(screen.getByRole('button', { name: '设置并锁屏' }));
    expect(await screen.findByRole('button', { name: '解锁' })).toBeVisible();
    expect(session.get()).toMatchObject({ isLock: true, lockPasswd: 'secret' });
    expect(sessionStorage.getItem('saber-isLock')).not.toBeNull();
    expect(screen.getByText('管理员')).toBeVisible();

    type('请输入锁屏密码解锁', 'wrong');
    fireEvent.click(screen.getByRole('button', { name: '解锁' }));
    expect((await screen.findByRole('alert')).textContent).toBe('锁屏密码错误,请重新输入');
    expect(session.get().isLock).toBe(true);

    type('请输入锁屏密码解锁', 'secret');
    fireEvent.click(screen.getByRole('button', { name: '解锁' }));
    await waitFor(() => expect(session.get().isLock).toBe(false));
    await waitFor(() => expect(flowApi.fetchTodoList).toHaveBeenCalled());
    expect(screen.queryByRole('button', { name: '解锁' })).toBeNull();
  });

  it('locks at once when a lock password is already set', async () => {
    session.setLockPassword('secret');
    renderMobile(createElement(MobileRoutes), '/lock-screen');
    fireEvent.click(await screen.findByRole('button', { name: '立即锁屏' }));
    expect(await screen.findByRole('button', { name: '解锁' })).toBeVisible();
    expect(session.get().isLock).toBe(true);
  });

  it('sends every route of a locked session to the lock page, and /login while signed in to the tabs', async () => {
    session.setLockPassword('secret');
    session.lock();
    renderMobile(createElement(MobileRoutes), '/messages');
    expect(await screen.findByRole('button', { name: '解锁' })).toBeVisible();
    cleanup();

    session.unlock('secret');
    renderMobile(createElement(MobileRoutes), '/login');
    await waitFor(() => expect(flowApi.fetchTodoList).toHaveBeenCalled());
    expect(screen.getAllByText('审批').length).toBeGreaterThan(0);
  });

  it('sends a session without a token to /login', async () => {
    session.localLogout();
    renderMobile(createElement(MobileRoutes), '/messages');
    expect(await screen.findByRole('button', { name: '登录' })).toBeVisible();
  });
});
