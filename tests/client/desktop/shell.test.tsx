// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { session } from '../../../src/client/session.ts';
import { removeStore } from '../../../src/client/storage.ts';
import { SideMenu } from '../../../src/desktop/layout/SideMenu.tsx';
import { TabBar } from '../../../src/desktop/layout/TabBar.tsx';
import { ClockTenant } from '../../../src/desktop/layout/top/ClockTenant.tsx';
import { MenuSearch } from '../../../src/desktop/layout/top/MenuSearch.tsx';
import { ThemePicker } from '../../../src/desktop/layout/top/ThemePicker.tsx';
import { tabStore } from '../../../src/desktop/tabs/tab-store.ts';
import { themeStore } from '../../../src/desktop/theme/theme-store.ts';
import { menuNode } from '../support/menu-node.ts';
import { fakeServer, ok, refuse, useFakeServer } from './fake-server.ts';
import { lastDialog, renderDesktop, userInfo } from './render.tsx';

const { serve, calls, reset } = fakeServer();
useFakeServer({ reset });
afterEach(() => {
  themeStore.setTheme('default');
  removeStore('themeName');
  tabStore.reset();
});

const menus = [
  menuNode({
    id: 'system',
    name: '系统管理',
    path: '/system',
    children: [
      menuNode({ id: 'user', name: '用户管理', path: '/system/user' }),
      menuNode({ id: 'param', name: '参数管理', path: '/system/param' }),
    ],
  }),
  menuNode({
    id: 'work',
    name: '我的事务',
    path: '/work',
    children: [
      menuNode({ id: 'todo', name: '待办事务', path: '/work/todo' }),
      menuNode({ id: 'start', name: '发起事务', path: '/work/start' }),
    ],
  }),
  menuNode({
    id: 'desk',
    name: '工作台',
    path: '/desk',
    children: [menuNode({ id: 'notice', name: '通知公告', path: '/desk/notice' })],
  }),
];
const serveMenus = (extra = {}) => serve({ 'GET /api/blade-system/menu/routes': () => ok(menus), ...extra });

/** A dialog closing: happy-dom runs no animations, so antd leaves it in its leave state. */
const closing = (dialog: HTMLElement) =>
  waitFor(() => {
    const modal = dialog.closest('.ant-modal');
    expect(!modal || !modal.isConnected || modal.classList.contains('ant-zoom-leave')).toBe(true);
  });

describe('the top bar tenant', () => {
  it("names the session's tenant when the host is bound to none", async () => {
    session.signedIn({ ...userInfo, tenant_name: '管理组' });
    serve({ 'GET /api/blade-system/tenant/info': () => ok({}) });
    renderDesktop(<ClockTenant />);
    await waitFor(() => expect(calls('GET', '/api/blade-system/tenant/info')).toHaveLength(1));
    expect(await screen.findByText('管理组')).toBeVisible();
    expect(screen.queryByText('000000')).toBeNull();
  });

  it("names the host's tenant, and shows the id of a session stored before names were sent", async () => {
    serve({
      'GET /api/blade-system/tenant/info': () => ok({ tenantId: '000000', tenantName: '集团总部', domain: 'x' }),
    });
    const { unmount } = renderDesktop(<ClockTenant />);
    expect(await screen.findByText('集团总部')).toBeVisible();
    unmount();
    serve({ 'GET /api/blade-system/tenant/info': () => ok({}) });
    renderDesktop(<ClockTenant />);
    await waitFor(() => expect(calls('GET', '/api/blade-system/tenant/info').length).toBeGreaterThan(1));
    expect(await screen.findByText('000000')).toBeVisible();
  });
});

describe('the sidebar', () => {
  const submenu = (name: string) => screen.getByText(name).closest('[role=menuitem]') as HTMLElement;

  it('keeps one branch open: opening a submenu closes the other', async () => {
    serveMenus();
    renderDesktop(<SideMenu topMenuId="" collapsed={false} dark />, '/wel/index');
    await screen.findByText('系统管理');
    fireEvent.click(submenu('系统管理'));
    await waitFor(() => expect(submenu('系统管理').getAttribute('aria-expanded')).toBe('true'));
    fireEvent.click(submenu('我的事务'));
    await waitFor(() => expect(submenu('我的事务').getAttribute('aria-expanded')).toBe('true'));
    expect(submenu('系统管理').getAttribute('aria-expanded')).toBe('false');
    // Closing the open one leaves none open.
    fireEvent.click(submenu('我的事务'));
    await waitFor(() => expect(submenu('我的事务').getAttribute('aria-expanded')).toBe('false'));
    expect(submenu('系统管理').getAttribute('aria-expanded')).toBe('false');
  });

  it('opens the branch of the screen on show, and only that one', async () => {
    serveMenus();
    renderDesktop(<SideMenu topMenuId="" collapsed={false} dark />, '/work/todo/index');
    await waitFor(() => expect(submenu('我的事务').getAttribute('aria-expanded')).toBe('true'));
    expect(submenu('系统管理').getAttribute('aria-expanded')).toBe('false');
    expect(submenu('工作台').getAttribute('aria-expanded')).toBe('false');
  });
});

describe('the menu search', () => {
  async function search(text: string) {
    fireEvent.click(screen.getByRole('button', { name: /搜索菜单/ }));
    const dialog = await lastDialog();
    fireEvent.change(within(dialog).getByRole('textbox', { name: '搜索菜单' }), { target: { value: text } });
    return dialog;
  }
  /** The options' names, with the highlighted part in brackets. */
  const shown = (dialog: HTMLElement) =>
    within(dialog)
      .queryAllByRole('option')
      .map((option) => {
        const name = option.querySelector('.tenon-search-name')!;
        return Array.from(name.childNodes)
          .map((node) => (node.nodeName === 'MARK' ? `[${node.textContent}]` : node.textContent))
          .join('');
      });

  it('finds a name holding the text anywhere, the match highlighted', async () => {
    serveMenus();
    renderDesktop(<MenuSearch compact={false} />);
    const dialog = await search('管理');
    await waitFor(() => expect(shown(dialog)).toEqual(['用户[管理]', '参数[管理]']));
  });

  it('finds names by pinyin initials and by full pinyin, highlighted', async () => {
    serveMenus();
    renderDesktop(<MenuSearch compact={false} />);
    const dialog = await search('gl');
    await waitFor(() => expect(shown(dialog)).toEqual(['用户[管理]', '参数[管理]']));
    fireEvent.change(within(dialog).getByRole('textbox', { name: '搜索菜单' }), { target: { value: 'guanli' } });
    await waitFor(() => expect(shown(dialog)).toEqual(['用户[管理]', '参数[管理]']));
    fireEvent.change(within(dialog).getByRole('textbox', { name: '搜索菜单' }), { target: { value: 'dbsw' } });
    await waitFor(() => expect(shown(dialog)).toEqual(['[待办事务]']));
    fireEvent.change(within(dialog).getByRole('textbox', { name: '搜索菜单' }), { target: { value: 'xyz' } });
    expect(await within(dialog).findByText('没有匹配的菜单')).toBeInTheDocument();
  });
});

describe('the theme picker', () => {
  it('closes once a theme is picked, and the theme applies', async () => {
    renderDesktop(<ThemePicker />);
    fireEvent.click(screen.getByRole('button', { name: '主题' }));
    const dialog = await lastDialog();
    fireEvent.click(within(dialog).getByRole('button', { name: /暗黑/ }));
    await closing(dialog);
    expect(themeStore.get().themeKey).toBe('dark');
  });
});

describe('the tab menu', () => {
  it('清除缓存 asks, clears the server caches and everything the console fetched, and says 清除完毕', async () => {
    serve({ 'GET /api/blade-auth/oauth/clear-cache': () => ({ success: 'true', msg: 'success' }) });
    tabStore.enter({ label: '参数管理', value: '/system/param/index' });
    const { queryClient } = renderDesktop(<TabBar background="#fff" />, '/system/param/index');
    queryClient.setQueryData(['desktop', 'routes', ''], menus);

    fireEvent.contextMenu(await screen.findByText('参数管理'));
    fireEvent.click(await screen.findByRole('menuitem', { name: '清除缓存' }));
    const confirm = await lastDialog();
    expect(within(confirm).getByText('确定清除缓存?')).toBeInTheDocument();
    expect(calls('GET', '/api/blade-auth/oauth/clear-cache')).toHaveLength(0);
    fireEvent.click(within(confirm).getByRole('button', { name: '确定' }));

    expect(await screen.findByText('清除完毕')).toBeInTheDocument();
    expect(calls('GET', '/api/blade-auth/oauth/clear-cache')).toHaveLength(1);
    expect(queryClient.getQueryState(['desktop', 'routes', ''])?.isInvalidated).toBe(true);
  });

  it("清除缓存 of a user the server's caches are not for re-reads the console's data only, without an error", async () => {
    serve({ 'GET /api/blade-auth/oauth/clear-cache': () => refuse('请求被拒绝', 403) });
    tabStore.enter({ label: '参数管理', value: '/system/param/index' });
    const { queryClient } = renderDesktop(<TabBar background="#fff" />, '/system/param/index');
    queryClient.setQueryData(['desktop', 'routes', ''], menus);

    fireEvent.contextMenu(await screen.findByText('参数管理'));
    fireEvent.click(await screen.findByRole('menuitem', { name: '清除缓存' }));
    fireEvent.click(within(await lastDialog()).getByRole('button', { name: '确定' }));

    expect(await screen.findByText('清除完毕')).toBeInTheDocument();
    expect(screen.queryByText('请求被拒绝')).toBeNull();
    expect(queryClient.getQueryState(['desktop', 'routes', ''])?.isInvalidated).toBe(true);
  });
});
