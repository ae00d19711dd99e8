// @vitest-environment happy-dom
import { createElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Form, Input } from 'antd';
import i18next from 'i18next';
import { setNotifier } from '../../../src/client/notify.ts';
import { session } from '../../../src/client/session.ts';
import { downloadFile } from '../../../src/client/download.ts';
import { user } from '../../../src/shared/entities/system/user.ts';
import { ReferencePicker } from '../../../src/desktop/components/ReferencePicker.tsx';
import { rulesOf } from '../../../src/desktop/components/crud/fields.ts';
import UserPage from '../../../src/desktop/pages/system/UserPage.tsx';
import { buttons, fakeServer, ok, page, refuse, type Handler } from './fake-server.ts';
import { lastDialog, renderDesktop, signIn, toolbarButton } from './render.tsx';

// Saving a blob is the download helper's business: here only what the screen asks it for.
vi.mock('../../../src/client/download.ts', async (original) => ({
  ...(await original<typeof import('../../../src/client/download.ts')>()),
  downloadFile: vi.fn(async () => undefined),
}));

const SYS = '/api/blade-system';
const USER = `${SYS}/user`;
const { serve, calls, reset } = fakeServer();
const errors: string[] = [];

const users = Array.from({ length: 10 }, (_, i) => ({
  id: String(101 + i),
  account: `user${i}`,
  realName: `用户${i}`,
  name: `u${i}`,
  phone: '',
  sex: 1,
  sexName: '男',
  userType: 1,
  userTypeName: 'WEB',
  roleId: i === 0 ? '2' : '3',
  deptId: '10',
  createTime: '2024-01-01 00:00:00',
}));
const treeNode = (id: string, title: string, parentId: string, hasChildren = false, children?: unknown[]) => ({
  id,
  parentId,
  title,
  key: id,
  value: id,
  hasChildren,
  ...(children ? { children } : {}),
});
const roleTree = [
  treeNode('1', '超级管理员', '0', true, [treeNode('2', '人事专员', '1')]),
  treeNode('3', '普通用户', '0'),
];

beforeEach(() => {
  reset();
  errors.length = 0;
  vi.mocked(downloadFile).mockClear();
  setNotifier({ error: (text) => errors.push(text), success: () => undefined });
  signIn();
});
afterEach(() => {
  cleanup();
  session.localLogout();
});

function renderUsers(extra: Record<string, Handler> = {}) {
  serve({
    [`GET ${SYS}/menu/buttons`]: () =>
      ok(buttons('user', ['user_role', 'user_reset', 'user_unlock', 'user_import', 'user_export'])),
    [`GET ${SYS}/dict/dictionary`]: () => ok([]),
    [`GET ${SYS}/dept/lazy-tree`]: ({ params }) =>
      ok(
        String(params.parentId) === '0'
          ? [treeNode('10', '布雷德科技', '0', true)]
          : [treeNode('11', '常州布雷德', '10'), treeNode('12', '苏州布雷德', '10')],
      ),
    [`GET ${USER}/list`]: () => page(users, 25),
    [`GET ${SYS}/role/tree`]: () => ok(roleTree),
    [`GET ${USER}/detail`]: ({ params }) => ok(users.find((u) => u.id === params.id)),
    [`POST ${USER}/grant`]: () => ok(null),
    [`POST ${USER}/reset-password`]: () => ok(null),
    [`POST ${USER}/unlock`]: ({ params }) => (params.userIds ? ok(null) : refuse('请至少选择一个用户')),
    ...extra,
  });
  return renderDesktop(createElement(UserPage), '/system/user/index');
}

const lists = () => calls('GET', `${USER}/list`);
async function tick(...accounts: string[]) {
  await screen.findByText(accounts[0]);
  for (const account of accounts)
    fireEvent.click(within(screen.getByText(account).closest('tr') as HTMLElement).getByRole('checkbox'));
}
/** The 确定 of the confirmation just opened. */
const confirmOk = async () => within(await lastDialog()).getByRole('button', { name: '确定' });
/** happy-dom runs no animations: a closed dialog stays in its leave state. */
const closing = (dialog: HTMLElement) => !dialog.isConnected || /ant-zoom-leave/.test(dialog.className);

describe('the user screen: departments', () => {
  it('lists the users of a clicked department from page 1, and all users when it is clicked again', async () => {
    renderUsers();
    const dept = await screen.findByText('布雷德科技');
    await screen.findByText('user3');
    expect(lists()[0].params).toEqual({ current: 1, size: 10 });
    fireEvent.click(screen.getByTitle('2'));
    await waitFor(() => expect(lists().at(-1)!.params).toMatchObject({ current: 2 }));

    fireEvent.click(dept);
    await waitFor(() => expect(lists().at(-1)!.params).toEqual({ current: 1, size: 10, deptId: '10' }));
    fireEvent.click(screen.getByText('布雷德科技'));
    await waitFor(() => expect(lists().at(-1)!.params).toEqual({ current: 1, size: 10 }));
  });

  it("loads a department's children when it is opened", async () => {
    renderUsers();
    const dept = await screen.findByText('布雷德科技');
    fireEvent.click(dept.closest('[role=treeitem]')!.querySelector('.ant-tree-switcher')!);
    fireEvent.click(await screen.findByText('常州布雷德'));
    expect(calls('GET', `${SYS}/dept/lazy-tree`).map((r) => String(r.params.parentId))).toEqual(['0', '10']);
    await waitFor(() => expect(lists().at(-1)!.params).toEqual({ current: 1, size: 10, deptId: '11' }));
  });
});

describe('the user screen: roles, passwords, locks', () => {
  it('configures the roles of the ticked users: one user starts from his roles', async () => {
    renderUsers();
    await screen.findByText('user0');
    fireEvent.click(await toolbarButton(/角色配置/));
    expect(await screen.findByText('请选择至少一条数据')).toBeInTheDocument();

    await tick('user0');
    fireEvent.click(await toolbarButton(/角色配置/));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText('普通用户');
    expect(within(dialog).getByText('用户角色配置')).toBeInTheDocument();
    const item = (title: string) => within(dialog).getByText(title).closest('[role=treeitem]') as HTMLElement;
    expect(item('人事专员').getAttribute('aria-checked')).toBe('true');
    // Roles are ticked one by one: the parent does not take its children along.
    fireEvent.click(item('超级管理员').querySelector('.ant-tree-checkbox')!);
    expect(item('人事专员').getAttribute('aria-checked')).toBe('true');
    fireEvent.click(item('人事专员').querySelector('.ant-tree-checkbox')!);
    fireEvent.click(item('普通用户').querySelector('.ant-tree-checkbox')!);
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(calls('POST', `${USER}/grant`)).toHaveLength(1));
    expect(calls('POST', `${USER}/grant`)[0].params).toEqual({ userIds: '101', roleIds: '1,3' });
    expect(await screen.findByText('操作成功!')).toBeInTheDocument();
    await waitFor(() => expect(closing(dialog)).toBe(true));
  });

  it('sends every ticked user to user/grant', async () => {
    renderUsers();
    await tick('user1', 'user2');
    fireEvent.click(await toolbarButton(/角色配置/));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(
      (await within(dialog).findByText('普通用户')).closest('[role=treeitem]')!.querySelector('.ant-tree-checkbox')!,
    );
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(calls('POST', `${USER}/grant`)).toHaveLength(1));
    expect(calls('POST', `${USER}/grant`)[0].params).toEqual({ userIds: '102,103', roleIds: '3' });
    expect(calls('GET', `${USER}/detail`)).toHaveLength(0);
  });

  it('resets the passwords of the ticked users after a confirmation; none ticked: 请选择至少一条数据', async () => {
    renderUsers();
    await screen.findByText('user0');
    fireEvent.click(await toolbarButton(/密码重置/));
    expect(await screen.findByText('请选择至少一条数据')).toBeInTheDocument();
    expect(screen.queryByText('确定将选择账号密码重置为初始密码?')).toBeNull();

    await tick('user0', 'user4');
    fireEvent.click(await toolbarButton(/密码重置/));
    expect(await screen.findByText('确定将选择账号密码重置为初始密码?')).toBeInTheDocument();
    fireEvent.click(await confirmOk());
    await waitFor(() => expect(calls('POST', `${USER}/reset-password`)).toHaveLength(1));
    expect(calls('POST', `${USER}/reset-password`)[0].params).toEqual({ userIds: '101,105' });
    expect(await screen.findByText('操作成功!')).toBeInTheDocument();
  });

  it('unlocks the ticked users; with none ticked the server says why', async () => {
    renderUsers();
    await screen.findByText('user0');
    fireEvent.click(await toolbarButton(/账号解封/));
    fireEvent.click(await confirmOk());
    await waitFor(() => expect(errors).toEqual(['请至少选择一个用户']));

    await tick('user2');
    fireEvent.click(await toolbarButton(/账号解封/));
    expect((await screen.findAllByText('确定将选择账号解封?')).length).toBeGreaterThan(0);
    fireEvent.click(await confirmOk());
    await waitFor(() => expect(calls('POST', `${USER}/unlock`)).toHaveLength(2));
    expect(calls('POST', `${USER}/unlock`)[1].params).toEqual({ userIds: '103' });
  });
});

describe('the user screen: Excel', () => {
  it('uploads the picked file with 数据覆盖 and lists the rows the server refused', async () => {
    renderUsers({
      [`POST ${USER}/import-user`]: () => refuse('第2行: 请输入登录账号; 第3行: 当前账号已被使用!'),
    });
    await screen.findByText('user0');
    fireEvent.click(await toolbarButton(/导入/));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('用户数据导入')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: '导入' }));
    expect(await screen.findByText('请选择要导入的文件')).toBeInTheDocument();

    const file = new File(['xlsx'], 'users.xlsx', {
      type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    });
    fireEvent.change(dialog.querySelector('input[type=file]')!, { target: { files: [file] } });
    expect(await within(dialog).findByText('users.xlsx')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('switch', { name: '数据覆盖' }));
    fireEvent.click(within(dialog).getByRole('button', { name: '导入' }));
    await waitFor(() => expect(calls('POST', `${USER}/import-user`)).toHaveLength(1));
    const form = calls('POST', `${USER}/import-user`)[0].form!;
    expect(form.get('isCovered')).toBe('1');
    expect((form.get('file') as File).name).toBe('users.xlsx');
    expect(await within(dialog).findByText('第2行: 请输入登录账号')).toBeInTheDocument();
    expect(within(dialog).getByText('第3行: 当前账号已被使用!')).toBeInTheDocument();
    expect(closing(dialog)).toBe(false);

    fireEvent.click(within(dialog).getByRole('button', { name: /点击下载/ }));
    expect(downloadFile).toHaveBeenCalledWith(`${USER}/export-template`);
  });

  it('imports a good file, closes and lists again', async () => {
    renderUsers({ [`POST ${USER}/import-user`]: () => ok(null) });
    await screen.findByText('user0');
    const before = lists().length;
    fireEvent.click(await toolbarButton(/导入/));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(dialog.querySelector('input[type=file]')!, {
      target: { files: [new File(['xlsx'], 'users.xlsx')] },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: '导入' }));
    expect(await screen.findByText('操作成功!')).toBeInTheDocument();
    expect(calls('POST', `${USER}/import-user`)[0].form!.get('isCovered')).toBe('0');
    await waitFor(() => expect(closing(dialog)).toBe(true));
    await waitFor(() => expect(lists().length).toBeGreaterThan(before));
  });

  it('asks 是否导出用户数据? and downloads export-user for the picked department', async () => {
    renderUsers();
    fireEvent.click(await screen.findByText('布雷德科技'));
    await waitFor(() => expect(lists().at(-1)!.params).toMatchObject({ deptId: '10' }));
    fireEvent.click(await toolbarButton(/导出/));
    expect(await screen.findByText('是否导出用户数据?')).toBeInTheDocument();
    expect(downloadFile).not.toHaveBeenCalled();
    fireEvent.click(await confirmOk());
    await waitFor(() => expect(downloadFile).toHaveBeenCalledTimes(1));
    expect(vi.mocked(downloadFile).mock.calls[0]).toEqual([`${USER}/export-user`, { deptId: '10' }]);
  });
});

describe('the user form pickers', () => {
  it('picks several roles from the role tree and keeps them comma-joined', async () => {
    serve({ [`GET ${SYS}/role/tree`]: () => ok(roleTree) });
    const values: unknown[] = [];
    renderDesktop(
      createElement(
        Form,
        {
          initialValues: { roleId: '3' },
          onValuesChange: (_: unknown, all: unknown) => values.push((all as { roleId?: string }).roleId),
        },
        createElement(
          Form.Item,
          { name: 'roleId', label: '所属角色' },
          createElement(ReferencePicker, { field: user.fields.roleId, lang: 'zh' }),
        ),
      ),
    );
    await waitFor(() => expect(calls('GET', `${SYS}/role/tree`)).toHaveLength(1));
    fireEvent.mouseDown(screen.getByRole('combobox'));
    fireEvent.click(await screen.findByText('人事专员'));
    await waitFor(() => expect(values.at(-1)).toBe('3,2'));
  });

  it('searches the posts on the server (post/picker) and keeps the picked id', async () => {
    const posts = [
      { id: '7', title: '总经理' },
      { id: '8', title: '人事经理' },
    ];
    serve({
      [`GET ${SYS}/post/picker`]: ({ params }) =>
        page(
          posts.filter((p) => p.title.includes(String(params.keyword ?? ''))),
          2,
        ),
    });
    const values: unknown[] = [];
    renderDesktop(
      createElement(
        Form,
        { onValuesChange: (_: unknown, all: unknown) => values.push((all as { postId?: string }).postId) },
        createElement(
          Form.Item,
          { name: 'postId', label: '所属岗位' },
          createElement(ReferencePicker, { field: user.fields.postId, lang: 'zh' }),
        ),
      ),
    );
    await waitFor(() => expect(calls('GET', `${SYS}/post/picker`)).toHaveLength(1));
    fireEvent.mouseDown(screen.getByRole('combobox'));
    fireEvent.change(screen.getByRole('combobox'), { target: { value: '人事' } });
    await waitFor(() => expect(calls('GET', `${SYS}/post/picker`).at(-1)!.params).toMatchObject({ keyword: '人事' }));
    fireEvent.click(await screen.findByText('人事经理'));
    await waitFor(() => expect(values.at(-1)).toBe('8'));
  });
});

describe('the user form phone rule (the profile page and the server use the same one)', () => {
  const phoneForm = (stored?: string) =>
    renderDesktop(
      createElement(
        Form,
        { initialValues: { phone: stored ?? '' } },
        createElement(
          Form.Item,
          {
            name: 'phone',
            label: '手机号码',
            rules: rulesOf(user.fields.phone, 'zh', i18next.t, stored),
            validateTrigger: 'onChange',
          },
          createElement(Input),
        ),
      ),
    );
  const typePhone = (value: string) => fireEvent.change(screen.getByLabelText('手机号码'), { target: { value } });

  it('says the length before the format', async () => {
    phoneForm();
    typePhone('1380013');
    expect(await screen.findByText('手机号码长度不为11位')).toBeInTheDocument();
    expect(screen.queryByText('手机号码格式不正确')).toBeNull();
    typePhone('12345678901');
    expect(await screen.findByText('手机号码格式不正确')).toBeInTheDocument();
  });

  it('lets a number stored before the rule stay as it is', async () => {
    phoneForm('22233322');
    typePhone('2223332');
    expect(await screen.findByText('手机号码长度不为11位')).toBeInTheDocument();
    typePhone('22233322');
    await waitFor(() => expect(screen.queryByText('手机号码长度不为11位')).toBeNull());
  });
});
