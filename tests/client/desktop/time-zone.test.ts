// @vitest-environment happy-dom
import { createElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { session } from '../../../src/client/session.ts';
import { ClockTenant } from '../../../src/desktop/layout/top/ClockTenant.tsx';
import TenantPage from '../../../src/desktop/pages/system/TenantPage.tsx';
import { buttons, fakeServer, ok, page, useFakeServer } from './fake-server.ts';
import { renderDesktop, toolbarButton, userInfo } from './render.tsx';

const { serve, calls, reset } = fakeServer();
const errors: string[] = [];
useFakeServer({ reset }, errors);
afterEach(() => {
  vi.useRealTimers();
});

/** 00:43 UTC on 24 November 2026: the browser under test may be in any zone (this machine's is UTC). */
const INSTANT = Date.UTC(2026, 10, 24, 0, 43, 5);

describe('the top bar clock', () => {
  const renderClock = () => {
    serve({ 'GET /api/blade-system/tenant/info': () => ok({}) });
    return renderDesktop(createElement(ClockTenant));
  };
  const clock = () => document.querySelector('.tenon-clock-time')!.textContent;

  it('runs in the tenant zone of the session, as the server writes dates, not in the browser zone', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(INSTANT);
    session.signedIn({ ...userInfo, time_zone: 'Asia/Shanghai' });
    renderClock();
    expect(clock()).toBe('2026-11-24 08:43:05');
  });

  it('follows another tenant zone', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(INSTANT);
    session.signedIn({ ...userInfo, time_zone: 'America/New_York' });
    renderClock();
    expect(clock()).toBe('2026-11-23 19:43:05');
  });

  it('uses the contract zone Asia/Shanghai for a session saved before tenants had zones', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(INSTANT);
    session.signedIn(userInfo);
    renderClock();
    expect(clock()).toBe('2026-11-24 08:43:05');
  });
});

describe('the tenant form: 时区', () => {
  const TENANT = '/api/blade-system/tenant';
  const rows = [
    {
      id: '101',
      tenantId: '100001',
      tenantName: '纽约分公司',
      linkman: '张三',
      contactNumber: '13800000001',
      accountNumber: -1,
      expireTime: '',
      timeZone: 'America/New_York',
    },
  ];
  const renderTenants = () => {
    serve({
      'GET /api/blade-system/menu/buttons': () => ok(buttons('tenant')),
      [`GET ${TENANT}/list`]: () => page(rows),
      [`GET ${TENANT}/detail`]: () => ok(rows[0]),
      [`POST ${TENANT}/submit`]: ({ body }) => ok({ ...body, id: '102', tenantId: '100002' }),
    });
    return renderDesktop(createElement(TenantPage), '/system/tenant/index');
  };
  const zoneItem = (dialog: HTMLElement) =>
    within(dialog).getByText('时区', { selector: 'label' }).closest('.ant-form-item') as HTMLElement;

  it('lists the zone, starts a new tenant in Asia/Shanghai and saves the IANA name picked from the list', async () => {
    renderTenants();
    expect(await screen.findByText('America/New_York')).toBeVisible();
    fireEvent.click(await toolbarButton(/新增/));
    const dialog = await screen.findByRole('dialog');
    const zone = zoneItem(dialog);
    expect(zone.textContent).toContain('Asia/Shanghai');
    fireEvent.change(within(dialog).getByPlaceholderText('请输入租户名称'), { target: { value: '东京分公司' } });
    fireEvent.change(within(dialog).getByPlaceholderText('请输入联系人'), { target: { value: '李四' } });
    fireEvent.change(within(dialog).getByPlaceholderText('请输入联系电话'), { target: { value: '13800000002' } });
    const search = within(zone).getByRole('combobox');
    fireEvent.mouseDown(search);
    fireEvent.change(search, { target: { value: 'Tokyo' } });
    fireEvent.click(await screen.findByText('Asia/Tokyo', { selector: '.ant-select-item-option-content' }));
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(calls('POST', `${TENANT}/submit`)).toHaveLength(1));
    expect(calls('POST', `${TENANT}/submit`)[0].body).toMatchObject({
      tenantName: '东京分公司',
      timeZone: 'Asia/Tokyo',
    });
  });
});
