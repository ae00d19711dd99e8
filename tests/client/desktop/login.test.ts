// @vitest-environment happy-dom
import { createElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';

const tenant = vi.hoisted(() => ({
  info: {} as { tenantId?: string; tenantName?: string },
  demo: [] as Array<{ account: string; realName: string; password: string }>,
}));
vi.mock('../../../src/client/api/system.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../src/client/api/system.ts')>()),
  fetchTenantInfo: vi.fn(async () => tenant.info),
  fetchDemoAccounts: vi.fn(async () => ({ tenantId: '000000', accounts: tenant.demo })),
  fetchRoutes: vi.fn(async () => []),
  fetchButtons: vi.fn(async () => []),
}));
vi.mock('../../../src/client/auth.ts', () => ({ login: vi.fn(), fetchCaptcha: vi.fn() }));

const auth = await import('../../../src/client/auth.ts');
const { ApiFailure } = await import('../../../src/client/http.ts');
const system = await import('../../../src/client/api/system.ts');
const { default: LoginPage } = await import('../../../src/desktop/pages/LoginPage.tsx');
const { renderDesktop, userInfo } = await import('./render.tsx');

const page = createElement(
  Routes,
  null,
  createElement(Route, { path: '/login', element: createElement(LoginPage) }),
  createElement(Route, { path: '/wel/index', element: createElement('p', null, 'shell') }),
);
const type = (placeholder: string, value: string) =>
  fireEvent.change(screen.getByPlaceholderText(placeholder), { target: { value } });

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
  tenant.info = {};
  tenant.demo = [];
});

describe('desktop login page', () => {
  it('says which field is missing on submit and as a field is emptied again, and sends nothing until all are filled', async () => {
    vi.mocked(auth.login).mockRejectedValueOnce(new Error('用户名或密码错误'));
    renderDesktop(page, '/login');
    type('租户编号', '');
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    for (const text of ['请输入租户编号', '请输入账号', '请输入密码'])
      expect(await screen.findByText(text)).toBeVisible();
    expect(screen.getByPlaceholderText('账号').getAttribute('aria-invalid')).toBe('true');
    type('租户编号', '000000');
    type('账号', 'admin');
    await waitFor(() => expect(screen.queryByText('请输入账号')).toBeNull());
    type('账号', ' ');
    expect(await screen.findByText('请输入账号')).toBeInTheDocument();
    expect(auth.login).not.toHaveBeenCalled();
    type('账号', 'admin');
    type('密码', 'secret');
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    await waitFor(() =>
      expect(auth.login).toHaveBeenCalledWith(
        expect.objectContaining({ tenantId: '000000', username: 'admin', password: 'secret' }),
      ),
    );
  });

  it('asks for the tenant (default 000000), keeps the form on failure and forgets the password', async () => {
    vi.mocked(auth.login).mockRejectedValueOnce(new Error('用户名或密码错误'));
    renderDesktop(page, '/login');
    expect((screen.getByPlaceholderText('租户编号') as HTMLInputElement).value).toBe('000000');
    type('账号', 'admin');
    type('密码', 'wrong');
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    await waitFor(() =>
      expect(auth.login).toHaveBeenCalledWith(
        expect.objectContaining({ tenantId: '000000', username: 'admin', password: 'wrong' }),
      ),
    );
    await waitFor(() => expect((screen.getByPlaceholderText('密码') as HTMLInputElement).value).toBe(''));
    expect((screen.getByPlaceholderText('账号') as HTMLInputElement).value).toBe('admin');
    expect(screen.queryByText('shell')).toBeNull();
  });

  it('hides the tenant field when the host resolves a tenant, shows its name, and loads menus before the shell', async () => {
    tenant.info = { tenantId: '100001', tenantName: '华东制造' };
    vi.mocked(auth.login).mockResolvedValueOnce(userInfo);
    renderDesktop(page, '/login');
    expect(await screen.findByText('华东制造')).toBeVisible();
    expect(screen.queryByPlaceholderText('租户编号')).toBeNull();
    type('账号', 'admin');
    type('密码', 'admin');
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    expect(await screen.findByText('shell')).toBeVisible();
    expect(auth.login).toHaveBeenCalledWith(expect.objectContaining({ tenantId: '100001' }));
    expect(system.fetchRoutes).toHaveBeenCalled();
    expect(system.fetchButtons).toHaveBeenCalled();
  });

  it('lists the demo accounts the server names, a click filling the form; none outside a demo', async () => {
    tenant.demo = [{ account: 'zhangsan', realName: '张三', password: '123456' }];
    renderDesktop(page, '/login');
    fireEvent.click(await screen.findByRole('button', { name: /张三/ }));
    expect((screen.getByPlaceholderText('账号') as HTMLInputElement).value).toBe('zhangsan');
    expect((screen.getByPlaceholderText('密码') as HTMLInputElement).value).toBe('123456');
    cleanup();
    tenant.demo = [];
    renderDesktop(page, '/login');
    await waitFor(() => expect(system.fetchDemoAccounts).toHaveBeenCalledTimes(2));
    expect(screen.queryByText(/演示账号/)).toBeNull();
  });

  it('shows the code step alone after a password that wants the second factor; 返回登录 brings the rest back', async () => {
    tenant.demo = [{ account: 'zhangsan', realName: '张三', password: '123456' }];
    const answer = { error: 'mfa_required', mfa_token: 'a'.repeat(32), msg: '请输入两步验证码' };
    const response = { data: answer, status: 400 } as ConstructorParameters<typeof ApiFailure>[2];
    vi.mocked(auth.login).mockRejectedValueOnce(new ApiFailure(400, answer.msg, response));
    renderDesktop(page, '/login');
    fireEvent.click(await screen.findByRole('button', { name: /张三/ }));
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    expect(await screen.findByRole('textbox', { name: '验证码' })).toBeVisible();
    expect(screen.queryByText(/演示账号/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '返回登录' }));
    expect(await screen.findByRole('button', { name: /张三/ })).toBeVisible();
  });
});
