// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { guard, pageTitle, type GuardInput } from '../../../src/desktop/router/guard.ts';

const menuRoute = { label: '参数管理', labelEn: 'Parameters', meta: {} };
const input = (over: Partial<GuardInput>): GuardInput => ({
  path: '/system/param/index',
  fullPath: '/system/param/index',
  token: 'jwt',
  storedToken: 'jwt',
  isLock: false,
  lockPage: '/lock',
  route: menuRoute,
  ...over,
});

describe('route guard (spec §2)', () => {
  it('sends every route but the lock page to the lock page while the screen is locked', () => {
    expect(guard(input({ isLock: true }))).toEqual({ action: 'redirect', to: '/lock' });
    expect(guard(input({ isLock: true, path: '/login', fullPath: '/login' }))).toEqual({
      action: 'redirect',
      to: '/lock',
    });
    expect(
      guard(
        input({ isLock: true, path: '/lock', fullPath: '/lock', route: { meta: { isAuth: false, isTab: false } } }),
      ),
    ).toEqual({ action: 'pass' });
  });

  it('sends /login to / while logged in', () => {
    expect(
      guard(
        input({ path: '/login', fullPath: '/login', route: { label: '登录', meta: { isAuth: false, isTab: false } } }),
      ),
    ).toEqual({ action: 'redirect', to: '/' });
  });

  it('logs out locally and goes to /login when the stored token is empty', () => {
    expect(guard(input({ storedToken: '' }))).toEqual({ action: 'logout', to: '/login' });
  });

  it('passes and adds a tab with the label, path and query of the route', () => {
    expect(guard(input({ fullPath: '/system/param/index?x=1', query: { x: '1' } }))).toEqual({
      action: 'pass',
      tab: { label: '参数管理', labelEn: 'Parameters', value: '/system/param/index?x=1', query: { x: '1' }, meta: {} },
    });
  });

  it('adds no tab when meta isTab is false, or the label or path is missing', () => {
    expect(guard(input({ route: { label: '控制台', meta: { isTab: false } } }))).toEqual({ action: 'pass' });
    expect(guard(input({ route: { meta: {} } }))).toEqual({ action: 'pass' });
    expect(guard(input({ route: undefined }))).toEqual({ action: 'pass' });
    expect(guard(input({ fullPath: '' }))).toEqual({ action: 'pass' });
  });

  it('without a token lets routes with meta isAuth false pass and sends the others to /login', () => {
    expect(
      guard(
        input({
          token: undefined,
          path: '/login',
          fullPath: '/login',
          route: { meta: { isAuth: false, isTab: false } },
        }),
      ),
    ).toEqual({ action: 'pass' });
    expect(
      guard(input({ token: '', path: '/404', fullPath: '/404', route: { meta: { isAuth: false, isTab: false } } })),
    ).toEqual({ action: 'pass' });
    expect(guard(input({ token: undefined }))).toEqual({ action: 'redirect', to: '/login' });
    expect(guard(input({ token: undefined, route: undefined, path: '/nowhere' }))).toEqual({
      action: 'redirect',
      to: '/login',
    });
  });

  it('ignores a lock left behind without a token', () => {
    expect(guard(input({ token: undefined, isLock: true }))).toEqual({ action: 'redirect', to: '/login' });
  });

  it('titles the page after the tab label', () => {
    expect(pageTitle('参数管理', 'ERP 系统')).toBe('参数管理 - ERP 系统');
    expect(pageTitle(undefined, 'ERP 系统')).toBe('ERP 系统');
  });
});
