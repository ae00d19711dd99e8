// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router-dom';
import type { MenuNode } from '../../../src/client/api/system.ts';
import MenuPage from '../../../src/desktop/pages/MenuPage.tsx';
import { menuNode } from '../support/menu-node.ts';
import { setStore } from '../../../src/client/storage.ts';
import { buttonsOf, fakeServer, ok, useFakeServer } from './fake-server.ts';
import { renderDesktop } from './render.tsx';

const { serve, reset, calls } = fakeServer();
useFakeServer({ reset });

const work = menuNode({
  id: 'work',
  path: '/work',
  children: [menuNode({ id: 'work_todo', path: '/work/todo' }), menuNode({ id: 'work_claim', path: '/work/claim' })],
});

/** Where the router is now, beside the catch-all page (the target routes render nothing else). */
function Address() {
  const { pathname, search } = useLocation();
  return <output aria-label="address">{`${pathname}${search}`}</output>;
}
const address = () => screen.getByRole('status', { name: 'address' }).textContent;

function open(path: string, menus: MenuNode[] = [work]) {
  serve({ 'GET /api/blade-system/menu/routes': () => ok(menus) });
  return renderDesktop(
    <>
      <Routes>
        <Route path="/wel/index" element={null} />
        <Route path="/404" element={null} />
        <Route path="/work/process/:business/handle/:taskId/:processInstanceId/:businessId" element={null} />
        <Route path="*" element={<MenuPage />} />
      </Routes>
      <Address />
    </>,
    path,
  );
}

describe('a phone path opened on the desktop', () => {
  it('the approvals tab goes to the home page', async () => {
    open('/approvals');
    await waitFor(() => expect(address()).toBe('/wel/index'));
  });

  it('a task opens its handle page', async () => {
    open('/approvals/leave/handle/t1/p1/b1');
    await waitFor(() => expect(address()).toBe('/work/process/leave/handle/t1/p1/b1'));
  });

  it('a segment opens the work list when the user has its menu', async () => {
    open('/approvals?tab=claim');
    await waitFor(() => expect(address()).toBe('/work/claim/index'));
  });

  it('goes home when the equivalent is a menu this user does not have', async () => {
    open('/messages');
    await waitFor(() => expect(address()).toBe('/wel/index'));
  });

  it('a path neither layout knows goes to /404', async () => {
    open('/no/such/page');
    await waitFor(() => expect(address()).toBe('/404'));
  });
});

describe('a path the kept menus do not have', () => {
  it('reads the menus and buttons again before calling it not found (a menu published since)', async () => {
    // The menus and buttons of an earlier visit, kept for a fast start: the new screen is not among them.
    setStore('menuAll', [work]);
    setStore('permission', {});
    const published = menuNode({
      id: 'work',
      path: '/work',
      children: [menuNode({ id: 'work_todo', path: '/work/todo' }), menuNode({ id: 'work_done', path: '/work/done' })],
    });
    serve({
      'GET /api/blade-system/menu/routes': () => ok([published]),
      'GET /api/blade-system/menu/buttons': () => ok(buttonsOf(['work_done_view'])),
    });
    setStore('permission', {});
    renderDesktop(
      <>
        <Routes>
          <Route path="/404" element={null} />
          <Route path="*" element={<MenuPage />} />
        </Routes>
        <Address />
      </>,
      '/work/done/index',
    );
    await waitFor(() => expect(calls('GET', '/api/blade-system/menu/buttons')).toHaveLength(1));
    await waitFor(() => expect(calls('GET', '/api/blade-system/menu/routes').length).toBeGreaterThan(0));
    expect(address()).toBe('/work/done/index');
  });
});
