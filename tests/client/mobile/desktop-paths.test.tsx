// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { useLocation } from 'react-router-dom';
import { renderMobile, signIn } from './render.tsx';

vi.mock('../../../src/client/api/message.ts', () => ({
  MESSAGE_UNREAD: 0,
  fetchMessages: vi.fn(async () => ({ records: [], total: 0, size: 20, current: 1, pages: 0 })),
  fetchUnreadCount: vi.fn(async () => 0),
  markRead: vi.fn(),
  markAllRead: vi.fn(),
}));
vi.mock('../../../src/client/api/system.ts', async () => {
  const { menuNode } = await import('../support/menu-node.ts');
  return {
    fetchTenantInfo: vi.fn(async () => ({})),
    fetchDemoAccounts: vi.fn(async () => ({ tenantId: '000000', accounts: [] })),
    fetchRoutes: vi.fn(async () => [
      menuNode({
        id: '1',
        code: 'system',
        name: '系统管理',
        nameEn: 'System',
        path: '/system',
        children: [
          menuNode({ id: '2', parentId: '1', code: 'user', name: '用户管理', nameEn: 'Users', path: '/system/user' }),
        ],
      }),
    ]),
  };
});
vi.mock('../../../src/mobile/pages/warehouse/warehouse-api.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../src/mobile/pages/warehouse/warehouse-api.ts')>()),
  fetchMovements: vi.fn(async () => ({ records: [], total: 0, size: 20, current: 1, pages: 0 })),
}));
vi.mock('../../../src/client/api/flow.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../src/client/api/flow.ts')>()),
  fetchTodoList: vi.fn(async () => ({ records: [], total: 0, size: 10, current: 1, pages: 0 })),
  fetchClaimList: vi.fn(async () => ({ records: [], total: 0, size: 10, current: 1, pages: 0 })),
  fetchSendList: vi.fn(async () => ({ records: [], total: 0, size: 10, current: 1, pages: 0 })),
  fetchFlowCategories: vi.fn(async () => []),
  fetchLeaveDetail: vi.fn(async () => null),
  fetchHistoryFlowList: vi.fn(async () => []),
}));

const { session } = await import('../../../src/client/session.ts');
const { MobileRoutes } = await import('../../../src/mobile/MobileApp.tsx');
const systemApi = await import('../../../src/client/api/system.ts');

/** Where the router is now. */
function Address() {
  const { pathname, search } = useLocation();
  return <output aria-label="address">{`${pathname}${search}`}</output>;
}
const address = () => screen.getByRole('status', { name: 'address' }).textContent;
const open = (path: string) =>
  renderMobile(
    <>
      <MobileRoutes />
      <Address />
    </>,
    path,
  );

beforeEach(() => signIn());
afterEach(() => {
  cleanup();
  session.localLogout();
  vi.clearAllMocks();
});

describe('a desktop path opened on the phone', () => {
  it('the desktop home goes to the approvals tab', async () => {
    open('/wel/index');
    await waitFor(() => expect(address()).toBe('/approvals'));
    expect(await screen.findByRole('tab', { name: /待办/ })).toBeVisible();
  });

  it('a request opens its phone page, the claim list its segment', async () => {
    open('/work/process/leave/detail/p1/b1');
    await waitFor(() => expect(address()).toBe('/approvals/leave/detail/p1/b1'));
    cleanup();
    open('/work/claim/index');
    await waitFor(() => expect(address()).toBe('/approvals?tab=claim'));
  });

  it('a console screen the phone has no page for goes home, once the menus say it is one', async () => {
    open('/system/user/index');
    await waitFor(() => expect(address()).toBe('/approvals'));
    expect(systemApi.fetchRoutes).toHaveBeenCalledTimes(1);
  });

  it('a path neither layout knows shows 404, with the way back', async () => {
    open('/no/such/page');
    await waitFor(() => expect(address()).toBe('/404'));
    expect(await screen.findByText('抱歉,您访问的页面不存在')).toBeVisible();
    screen.getByRole('button', { name: '返回首页' }).click();
    await waitFor(() => expect(address()).toBe('/approvals'));
  });

  it('a desktop screen of its own goes home without waiting for the menus', async () => {
    // The menus never answer: only the tab bar asks for them (which tabs the user holds).
    vi.mocked(systemApi.fetchRoutes).mockImplementationOnce(() => new Promise(() => undefined));
    open('/wel/dashboard');
    await waitFor(() => expect(address()).toBe('/approvals'));
  });
});
