// @vitest-environment happy-dom
import { createElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';

vi.mock('../../../src/client/api/system.ts', async (original) => ({
  ...(await original<typeof import('../../../src/client/api/system.ts')>()),
  fetchDeptSelect: vi.fn(async () => [{ id: '10', deptName: '研发部' }]),
  fetchRoleSelect: vi.fn(async () => [{ id: '20', roleName: '管理员' }]),
}));
vi.mock('../../../src/client/auth.ts', () => ({
  refreshToken: vi.fn(async () => ({})),
  logout: vi.fn(async () => undefined),
}));

const auth = await import('../../../src/client/auth.ts');
const { session } = await import('../../../src/client/session.ts');
const { default: SwitchDeptDialog } = await import('../../../src/desktop/layout/top/SwitchDeptDialog.tsx');
const { LockButton } = await import('../../../src/desktop/layout/top/LockButton.tsx');
const { renderDesktop, signIn, userInfo } = await import('./render.tsx');

afterEach(() => {
  cleanup();
  session.localLogout();
  vi.clearAllMocks();
});

describe('switch department dialog', () => {
  it('requires a department and a role (请选择部门 / 请选择角色)', async () => {
    session.signedIn({ ...userInfo, dept_id: '', role_id: '' });
    renderDesktop(createElement(SwitchDeptDialog, { open: true, onClose: () => undefined }));
    fireEvent.click(await screen.findByRole('button', { name: '提交' }));
    expect(await screen.findByText('请选择部门')).toBeInTheDocument();
    expect(await screen.findByText('请选择角色')).toBeInTheDocument();
    expect(auth.refreshToken).not.toHaveBeenCalled();
  });

  it('refreshes the token as the chosen department and role', async () => {
    session.signedIn({ ...userInfo, dept_id: '10', role_id: '20' });
    const onClose = vi.fn();
    renderDesktop(createElement(SwitchDeptDialog, { open: true, onClose }));
    await screen.findByText('研发部');
    fireEvent.click(screen.getByRole('button', { name: '提交' }));
    await waitFor(() => expect(auth.refreshToken).toHaveBeenCalledWith({ deptId: '10', roleId: '20' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });
});

describe('lock button', () => {
  it('asks for a lock password first (锁屏密码不能为空), then locks and keeps the password', async () => {
    signIn();
    renderDesktop(createElement(LockButton), '/wel/index');
    fireEvent.click(screen.getByRole('button', { name: '锁屏' }));
    fireEvent.click(await screen.findByRole('button', { name: '确定' }));
    expect(await screen.findByText('锁屏密码不能为空')).toBeInTheDocument();
    expect(session.get().isLock).toBe(false);

    fireEvent.change(screen.getByPlaceholderText('请输入锁屏密码'), { target: { value: 'secret' } });
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    await waitFor(() => expect(session.get().isLock).toBe(true));
    expect(session.get().lockPasswd).toBe('secret');
  });

  it('locks at once when a lock password exists', () => {
    signIn();
    session.setLockPassword('secret');
    renderDesktop(createElement(LockButton), '/wel/index');
    fireEvent.click(screen.getByRole('button', { name: '锁屏' }));
    expect(session.get().isLock).toBe(true);
    expect(screen.queryByText('设置锁屏密码')).toBeNull();
  });
});
