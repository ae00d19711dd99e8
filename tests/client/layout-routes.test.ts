import { describe, expect, it } from 'vitest';
import { equivalentPath, isDesktopPath } from '../../src/client/layout-routes.ts';
import { menuNode } from './support/menu-node.ts';

const split = (url: string): [string, string] => {
  const at = url.indexOf('?');
  return at < 0 ? [url, ''] : [url.slice(0, at), url.slice(at)];
};
const toPhone = (url: string) => equivalentPath('phone', ...split(url));
const toDesktop = (url: string) => equivalentPath('desktop', ...split(url));

describe('a desktop path on the phone', () => {
  it('is the phone page showing the same task, request, message list or user', () => {
    expect(toPhone('/wel/index')).toBe('/approvals');
    expect(toPhone('/work/process/leave/handle/t1/p1/b1')).toBe('/approvals/leave/handle/t1/p1/b1');
    expect(toPhone('/work/process/finance/detail/p%2F1/b1')).toBe('/approvals/finance/detail/p%2F1/b1');
    expect(toPhone('/work/process/leave/form/leave%3A1%3A9')).toBe('/approvals/leave/form/leave%3A1%3A9');
    expect(toPhone('/work/todo/index')).toBe('/approvals');
    expect(toPhone('/work/claim/index')).toBe('/approvals?tab=claim');
    expect(toPhone('/work/send/index')).toBe('/approvals?tab=mine');
    expect(toPhone('/desk/message/index')).toBe('/messages');
    expect(toPhone('/warehouse/inventorylog/index')).toBe('/inventory-logs');
    expect(toPhone('/info/index')).toBe('/me');
  });

  it('has no row for a screen the phone lacks; an unknown business goes to its page, which says not found', () => {
    expect(toPhone('/system/user/index')).toBeUndefined();
    expect(toPhone('/work/process/other/handle/t1/p1/b1')).toBe('/approvals/other/handle/t1/p1/b1');
    expect(toPhone('/work/process/Other/handle/t1/p1/b1')).toBeUndefined();
    expect(toPhone('/work/process/leave/handle/t1/p1')).toBeUndefined();
  });
});

describe('a phone path on the desktop', () => {
  it('is the desktop page showing the same thing, the homes being each other', () => {
    expect(toDesktop('/approvals')).toBe('/wel/index');
    expect(toDesktop('/approvals?tab=todo')).toBe('/wel/index');
    expect(toDesktop('/approvals?tab=claim')).toBe('/work/claim/index');
    expect(toDesktop('/approvals?tab=mine')).toBe('/work/send/index');
    expect(toDesktop('/approvals/leave/handle/t1/p1/b1')).toBe('/work/process/leave/handle/t1/p1/b1');
    expect(toDesktop('/approvals/finance/detail/p1/b1?task=t1')).toBe('/work/process/finance/detail/p1/b1');
    expect(toDesktop('/approvals/finance/form/fin%3A1')).toBe('/work/process/finance/form/fin%3A1');
    expect(toDesktop('/messages')).toBe('/desk/message/index');
    expect(toDesktop('/inventory-logs')).toBe('/warehouse/inventorylog/index');
    expect(toDesktop('/me')).toBe('/info/index');
    expect(toDesktop('/lock-screen')).toBe('/wel/index');
  });

  it('sends a task still to claim to the claim list, and a process without a business page to its list', () => {
    expect(toDesktop('/approvals/leave/handle/t1/p1/b1?claim=1')).toBe('/work/claim/index');
    expect(toDesktop('/approvals/process/handle/t1/p1/-')).toBe('/work/todo/index');
    expect(toDesktop('/approvals/process/detail/p1/-')).toBe('/work/send/index');
  });

  it('has no row for a path the phone does not have', () => {
    expect(toDesktop('/approvals/leave/handle/t1')).toBeUndefined();
    expect(toDesktop('/no/such/page')).toBeUndefined();
    expect(toDesktop('/messages/1')).toBeUndefined();
  });

  it('comes back to where it was after a round trip through the other layout', () => {
    for (const phone of [
      '/approvals',
      '/approvals?tab=claim',
      '/approvals?tab=mine',
      '/approvals/leave/handle/t/p/b',
      '/approvals/finance/detail/p/b',
      '/approvals/leave/form/d',
      '/messages',
      '/inventory-logs',
      '/me',
    ]) {
      expect(toPhone(toDesktop(phone)!)).toBe(phone);
    }
  });
});

describe('whether the desktop has a screen at a path', () => {
  const menus = [
    menuNode({
      id: 'system',
      path: '/system',
      children: [menuNode({ id: 'user', path: '/system/user' }), menuNode({ id: 'post', path: '/system/post/' })],
    }),
    menuNode({ id: 'doc', path: 'http://localhost/doc', isOpen: 2 }),
  ];

  it('knows its own screens without menus', () => {
    for (const path of [
      '/wel',
      '/wel/index',
      '/wel/dashboard',
      '/info/index',
      '/dict-vertical/index',
      '/myiframe/grafana',
      '/work/process/leave/detail/p/b',
      '/404',
    ]) {
      expect(isDesktopPath(path, []), path).toBe(true);
    }
  });

  it('knows the routes of the session menus and their bare leaf paths, not parents or unknown paths', () => {
    expect(isDesktopPath('/system/user/index', menus)).toBe(true);
    expect(isDesktopPath('/system/user', menus)).toBe(true);
    expect(isDesktopPath('/system/post/index', menus)).toBe(true);
    expect(isDesktopPath('/system', menus)).toBe(false);
    expect(isDesktopPath('/system/dept/index', menus)).toBe(false);
    expect(isDesktopPath('/no/such/page', menus)).toBe(false);
    expect(isDesktopPath('/work/process/other1/detail/p/b', menus)).toBe(false);
  });
});
