// @vitest-environment happy-dom
import { createElement } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { setNotifier } from '../../../src/client/notify.ts';
import { session } from '../../../src/client/session.ts';
import InfoPage from '../../../src/desktop/pages/InfoPage.tsx';
import { avatarProblem } from '../../../src/desktop/pages/info-rules.ts';
import { phoneProblem } from '../../../src/shared/entities/system/user.ts';
import { fakeServer, ok } from './fake-server.ts';
import { renderDesktop, signIn } from './render.tsx';

const USER = '/api/blade-system/user';
const { serve, sent, reset } = fakeServer();
const profile = {
  id: '1',
  account: 'admin',
  name: 'admin',
  realName: '管理员',
  phone: '13800138000',
  email: 'a@b.cn',
  avatar: '',
};
const calls = (url: string) => sent.filter((r) => r.url === url);

beforeEach(() => {
  reset();
  setNotifier({ error: () => undefined, success: () => undefined });
  signIn();
  serve({
    [`GET ${USER}/info`]: () => ok(profile),
    [`POST ${USER}/update-info`]: () => ok(null),
    [`POST ${USER}/update-password`]: () => ok(null),
  });
});
afterEach(() => {
  cleanup();
  session.localLogout();
});

const field = (id: string) => document.querySelector<HTMLInputElement>(`#${id}`)!;
const type = (id: string, value: string) => fireEvent.change(field(id), { target: { value } });

describe('rules', () => {
  it('checks the phone in the spec order (the one rule of the server, the user dialog and this page)', () => {
    expect(phoneProblem('', true)?.zh).toBe('手机号码不能为空');
    expect(phoneProblem('', false)).toBeUndefined();
    expect(phoneProblem('1380013', false)?.zh).toBe('手机号码长度不为11位');
    expect(phoneProblem('1380013800', true)?.zh).toBe('手机号码长度不为11位');
    expect(phoneProblem('12800138000', true)?.zh).toBe('手机号码格式不正确');
    expect(phoneProblem('13800138000', true)).toBeUndefined();
  });
  it('accepts jpg/png avatars up to 500 KB', () => {
    expect(avatarProblem({ type: 'image/gif', size: 10 })).toBe('avatarType');
    expect(avatarProblem({ type: 'image/png', size: 500 * 1024 + 1 })).toBe('avatarSize');
    expect(avatarProblem({ type: 'image/jpeg', size: 500 * 1024 })).toBeUndefined();
  });
});

describe('InfoPage', () => {
  it('saves a new avatar and name while the stored phone predates the rule (the seed once had 22233322)', async () => {
    serve({
      [`GET ${USER}/info`]: () => ok({ ...profile, phone: '22233322' }),
      [`POST ${USER}/update-info`]: () => ok(null),
    });
    renderDesktop(createElement(InfoPage), '/info/index');
    await waitFor(() => expect(field('phone')?.value).toBe('22233322'));
    type('realName', '新名字');
    fireEvent.click(screen.getAllByRole('button', { name: '提交' })[0]);
    await waitFor(() => expect(calls(`${USER}/update-info`)).toHaveLength(1));
    expect(calls(`${USER}/update-info`)[0].body).toMatchObject({ realName: '新名字', phone: '22233322' });
    // Changed, the number must follow the rule.
    type('phone', '2223332');
    expect(await screen.findByText('手机号码长度不为11位')).toBeInTheDocument();
  });

  it('loads the profile, shows the three phone messages and saves through update-info', async () => {
    renderDesktop(createElement(InfoPage), '/info/index');
    await waitFor(() => expect(field('phone')?.value).toBe('13800138000'));
    expect(field('realName').value).toBe('管理员');

    type('phone', '');
    expect(await screen.findByText('手机号码不能为空')).toBeInTheDocument();
    type('phone', '138');
    expect(await screen.findByText('手机号码长度不为11位')).toBeInTheDocument();
    type('phone', '12345678901');
    expect(await screen.findByText('手机号码格式不正确')).toBeInTheDocument();
    fireEvent.click(screen.getAllByRole('button', { name: '提交' })[0]);

    type('phone', '13900139000');
    await waitFor(() => expect(screen.queryByText('手机号码格式不正确')).toBeNull());
    fireEvent.click(screen.getAllByRole('button', { name: '提交' })[0]);
    await waitFor(() => expect(calls(`${USER}/update-info`)).toHaveLength(1));
    // The first save carries the corrected phone: the submit with the bad one sent nothing.
    expect(calls(`${USER}/update-info`)[0].body).toMatchObject({
      phone: '13900139000',
      realName: '管理员',
      name: 'admin',
      email: 'a@b.cn',
    });
  });

  it('checks the password confirmation and sends update-password with the passwords in the body, none in the URL', async () => {
    renderDesktop(createElement(InfoPage), '/info/index');
    fireEvent.click(await screen.findByRole('tab', { name: '修改密码' }));
    await waitFor(() => expect(field('oldPassword')).toBeInTheDocument());
    type('oldPassword', 'old-pw');
    type('newPassword', 'new-pw-1');
    type('newPassword1', 'new-pw-2');
    expect(await screen.findByText('请输入正确的确认密码!')).toBeInTheDocument();
    const submit = () => fireEvent.click(screen.getAllByRole('button', { name: '提交' }).at(-1)!);
    submit();

    type('newPassword1', 'new-pw-1');
    await waitFor(() => expect(screen.queryByText('请输入正确的确认密码!')).toBeNull());
    submit();
    await waitFor(() => expect(calls(`${USER}/update-password`)).toHaveLength(1));
    // The first request carries the matching confirmation: the submit with the mismatch sent nothing.
    expect(calls(`${USER}/update-password`)[0].body).toEqual({
      oldPassword: 'old-pw',
      newPassword: 'new-pw-1',
      newPassword1: 'new-pw-1',
    });
    expect(calls(`${USER}/update-password`)[0].params).toEqual({});
  });
});
