// @vitest-environment happy-dom
import { createElement } from 'react';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { md5 } from 'js-md5';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { http } from '../../../src/client/http.ts';
import { setNotifier } from '../../../src/client/notify.ts';
import { session } from '../../../src/client/session.ts';
import { LoginPage } from '../../../src/mobile/pages/LoginPage.tsx';
import { LOGIN_OPTIONS_URL } from '../../../src/shared/contract/api/online-user.ts';
import { SOCIAL_SOURCES_URL } from '../../../src/shared/contract/api/social.ts';
import { renderMobile } from './render.tsx';

let tenantInfo: Record<string, string> = {};
/** Tenants whose 验证码模式 is on (login-options). */
let captchaTenants: string[] = [];
let demoAccounts: Array<{ account: string; realName: string; password: string }> = [];
const tokenCalls: InternalAxiosRequestConfig[] = [];
const adapter: AxiosAdapter = async (config) => {
  const reply = (status: number, data: unknown) => ({ status, data, statusText: '', headers: {}, config });
  if (config.url === '/api/blade-system/tenant/info')
    return reply(200, { code: 200, success: true, data: tenantInfo, msg: '' });
  if (config.url === LOGIN_OPTIONS_URL) {
    const captchaMode = captchaTenants.includes(String(config.params?.tenantId));
    return reply(200, { code: 200, success: true, data: { captchaMode }, msg: '' });
  }
  if (config.url === '/api/blade-auth/oauth/captcha')
    return reply(200, { key: 'k-1', image: 'data:image/png;base64,iVBORw0KGgo=' });
  // The tenant's social login providers: none here (phone-social-login.spec.ts shows them).
  if (config.url === SOCIAL_SOURCES_URL) return reply(200, { code: 200, success: true, data: [], msg: '' });
  if (config.url === '/api/blade-system/tenant/demo-accounts')
    return reply(200, { code: 200, success: true, data: { tenantId: '000000', accounts: demoAccounts }, msg: '' });
  tokenCalls.push(config);
  return reply(400, {
    error_code: 400,
    error: 'invalid_grant',
    error_description: '用户名或密码错误',
    code: 400,
    success: false,
    msg: '用户名或密码错误',
    data: null,
  });
};
const notified = vi.fn();

beforeEach(() => {
  session.localLogout();
  tenantInfo = {};
  captchaTenants = [];
  demoAccounts = [];
  tokenCalls.length = 0;
  http.defaults.adapter = adapter;
  setNotifier({ error: notified, success: notified });
});
afterEach(() => {
  cleanup();
  notified.mockReset();
});

const type = (placeholder: string, value: string) =>
  fireEvent.change(screen.getByPlaceholderText(placeholder), { target: { value } });

describe('phone login', () => {
  it('asks for the account and password, with the tenant id 000000 by default', async () => {
    renderMobile(createElement(LoginPage), '/login');
    expect((screen.getByPlaceholderText('请输入租户编号') as HTMLInputElement).value).toBe('000000');
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    expect(await screen.findByText('请输入账号')).toBeVisible();
    expect(screen.getByText('请输入密码')).toBeVisible();
    expect(tokenCalls).toHaveLength(0);
  });

  it('shows the captcha for a tenant in captcha mode and logs in with it (the server refuses it without)', async () => {
    captchaTenants = ['200002'];
    renderMobile(createElement(LoginPage), '/login');
    expect(screen.queryByPlaceholderText('请输入验证码')).toBeNull();
    type('请输入租户编号', '200002');
    const code = await screen.findByPlaceholderText('请输入验证码');
    type('请输入账号', 'admin');
    type('请输入密码', 'admin');
    fireEvent.change(code, { target: { value: 'ab12c' } });
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    await waitFor(() => expect(tokenCalls).toHaveLength(1));
    expect(Object.fromEntries(new URLSearchParams(String(tokenCalls[0].data)))).toMatchObject({
      tenantId: '200002',
      grant_type: 'captcha',
    });
    expect(tokenCalls[0].headers['Captcha-Key']).toBe('k-1');
    expect(tokenCalls[0].headers['Captcha-Code']).toBe('ab12c');
  });

  it('hides the tenant id when the host resolves a tenant, sends the md5 password and shows a failure once', async () => {
    tenantInfo = { tenantId: '100001', tenantName: '江南制造' };
    renderMobile(createElement(LoginPage), '/login');
    expect(await screen.findByText('江南制造')).toBeVisible();
    expect(screen.queryByPlaceholderText('请输入租户编号')).toBeNull();

    type('请输入账号', 'admin');
    type('请输入密码', 'admin');
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    await waitFor(() => expect(tokenCalls).toHaveLength(1));
    // In a form body, never in the URL.
    expect(tokenCalls[0].params).toBeUndefined();
    expect(Object.fromEntries(new URLSearchParams(String(tokenCalls[0].data)))).toMatchObject({
      tenantId: '100001',
      username: 'admin',
      password: md5('admin'),
      grant_type: 'password',
    });
    await waitFor(() => expect(notified).toHaveBeenCalledWith('用户名或密码错误'));
    // The button stops spinning once the page has handled the failure: every message it shows is out by then.
    await waitFor(() =>
      expect((screen.getByRole('button', { name: '登录' }) as HTMLButtonElement).disabled).toBe(false),
    );
    expect(notified).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('用户名或密码错误')).toBeNull();
    expect(session.get().token).toBe('');
  });

  it('lists the demo accounts the server names, a tap filling the form', async () => {
    demoAccounts = [
      { account: 'admin', realName: '管理员', password: 'admin' },
      { account: 'zhangsan', realName: '张三', password: '123456' },
    ];
    renderMobile(createElement(LoginPage), '/login');
    fireEvent.click(await screen.findByRole('button', { name: /张三/ }));
    expect((screen.getByPlaceholderText('请输入账号') as HTMLInputElement).value).toBe('zhangsan');
    expect((screen.getByPlaceholderText('请输入密码') as HTMLInputElement).value).toBe('123456');
    expect((screen.getByPlaceholderText('请输入租户编号') as HTMLInputElement).value).toBe('000000');
    expect(screen.getByRole('button', { name: /管理员/ }).textContent).toContain('admin / admin');
  });
});
