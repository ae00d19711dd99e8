// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { session } from '../../../src/client/session.ts';
import IframePage from '../../../src/desktop/pages/IframePage.tsx';
import { menuNode } from '../support/menu-node.ts';
import { fakeServer, ok, useFakeServer } from './fake-server.ts';
import { renderDesktop } from './render.tsx';

const { serve, reset } = fakeServer();
useFakeServer({ reset });

const DESIGNER = 'http://localhost:8108/ureport/designer?blade-auth=bearer ${token}';

function open(code: string) {
  serve({
    'GET /api/blade-system/menu/routes': () =>
      ok([menuNode({ id: 'report_setting', name: '报表配置', path: DESIGNER })]),
  });
  return renderDesktop(
    <Routes>
      <Route path="/myiframe/:routerPath" element={<IframePage />} />
    </Routes>,
    `/myiframe/${code}`,
  );
}

describe('an external page of the menu', () => {
  // happy-dom loads no iframe page: framing an allowed address is not checked here.
  it('that asks for the token is not opened: the page says why, and the token is nowhere on it', async () => {
    const { container } = open('report_setting');
    await screen.findByText('该页面要求把登录令牌放进网址,控制台不会这样打开它:请在菜单管理中修改它的地址');
    expect(screen.getByText('报表配置')).toBeVisible();
    expect(container.querySelector('iframe')).toBeNull();
    expect(session.get().token).not.toBe('');
    expect(container.innerHTML).not.toContain(session.get().token);
  });
});
