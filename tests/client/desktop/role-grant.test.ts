// @vitest-environment happy-dom
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { Route, Routes, useLocation } from 'react-router-dom';
import RolePage from '../../../src/desktop/pages/authority/RolePage.tsx';
import { grantedKeys, leafKeys, type CheckNode } from '../../../src/desktop/pages/authority/grant-tree.ts';
import { buttons, fakeServer, ok, refuse, type Handler, useFakeServer } from './fake-server.ts';
import { renderDesktop } from './render.tsx';

const SYS = '/api/blade-system';
const { serve, calls, reset } = fakeServer();
const errors: string[] = [];

const roles = [
  {
    id: '1',
    parentId: '0',
    roleName: '超级管理员',
    roleAlias: 'administrator',
    sort: 1,
    children: [{ id: '2', parentId: '1', roleName: '人事专员', roleAlias: 'hr', sort: 1 }],
  },
  { id: '3', parentId: '0', roleName: '普通用户', roleAlias: 'user', sort: 2 },
];
const node = (id: string, title: string, titleEn: string, parentId: string, children?: unknown[]) => ({
  id,
  parentId,
  title,
  titleEn,
  key: id,
  value: id,
  hasChildren: Boolean(children),
  ...(children ? { children } : {}),
});
const grantTree = {
  menu: [
    node('1', '系统管理', 'System', '0', [
      node('11', '参数管理', 'Parameters', '1', [node('111', '新增', 'Add', '11'), node('112', '修改', 'Edit', '11')]),
      node('12', '岗位管理', 'Posts', '1'),
    ]),
    node('2', '工作台', 'Desk', '0', [node('21', '通知公告', 'Notices', '2')]),
  ],
  dataScope: [
    node('11', '参数管理', 'Parameters', '0', [
      node('901', '本人可见', 'Own', '11'),
      node('902', '所在机构可见', 'Own dept', '11'),
    ]),
  ],
  apiScope: [node('12', '岗位管理', 'Posts', '0', [node('801', '岗位接口', 'Post API', '12')])],
};

useFakeServer({ reset }, errors);

function renderRoles(extra: Record<string, Handler> = {}) {
  serve({
    [`GET ${SYS}/menu/buttons`]: () => ok(buttons('role')),
    [`GET ${SYS}/menu/routes`]: () => ok([]),
    [`GET ${SYS}/role/list`]: () => ok(roles),
    [`GET ${SYS}/menu/grant-tree`]: () => ok(grantTree),
    [`GET ${SYS}/menu/role-tree-keys`]: () => ok({ menu: ['1', '11', '111'], dataScope: ['902'], apiScope: [] }),
    [`POST ${SYS}/role/grant`]: () => ok(null),
    ...extra,
  });
  return renderDesktop(createElement(RolePage), '/authority/role/index');
}

/** Ticks table rows by their role names. */
async function tick(...names: string[]) {
  await screen.findByText(names[0]);
  for (const name of names) {
    const row = screen.getByText(name).closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByRole('checkbox'));
  }
}

async function openGrant() {
  fireEvent.click(screen.getByRole('button', { name: /权限设置/ }));
  return screen.findByRole('dialog');
}

/** happy-dom runs no animations: a closed dialog stays in its leave state. */
const closing = (dialog: HTMLElement) => !dialog.isConnected || /ant-zoom-leave/.test(dialog.className);
/** A tree node of the dialog's open tab by its title. */
const treeNode = (dialog: HTMLElement, title: string) =>
  within(dialog.querySelector('[role=tabpanel][aria-hidden=false]') as HTMLElement)
    .getByText(title)
    .closest('[role=treeitem]') as HTMLElement;
/** true, false or mixed (half-checked). */
const checked = (dialog: HTMLElement, title: string) => treeNode(dialog, title).getAttribute('aria-checked');
const expand = (dialog: HTMLElement, title: string) =>
  fireEvent.click(treeNode(dialog, title).querySelector('.ant-tree-switcher')!);
const checkbox = (dialog: HTMLElement, title: string) =>
  treeNode(dialog, title).querySelector('.ant-tree-checkbox') as HTMLElement;

describe('the role grant dialog', () => {
  it('warns 请选择至少一条数据 with no role ticked and asks the server nothing', async () => {
    renderRoles();
    await screen.findByText('超级管理员');
    fireEvent.click(screen.getByRole('button', { name: /权限设置/ }));
    expect(await screen.findByText('请选择至少一条数据')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls('GET', `${SYS}/menu/role-tree-keys`)).toHaveLength(0);
  });

  it('shows the grant trees ticked with what the role holds: a held parent only by its held children', async () => {
    renderRoles();
    await tick('普通用户');
    const dialog = await openGrant();
    expect(within(dialog).getByText('角色权限配置')).toBeInTheDocument();
    await within(dialog).findByText('系统管理');
    expect(within(dialog).getByRole('tab', { name: '菜单权限' })).toBeInTheDocument();
    expect(within(dialog).getByRole('tab', { name: '数据权限' })).toBeInTheDocument();
    expect(within(dialog).getByRole('tab', { name: '接口权限' })).toBeInTheDocument();
    expect(calls('GET', `${SYS}/menu/role-tree-keys`)[0].params).toEqual({ roleIds: '3' });
    // 系统管理 and 参数管理 are held, but only one of 参数管理's buttons: both parents are half-checked.
    expect(checked(dialog, '系统管理')).toBe('mixed');
    expand(dialog, '系统管理');
    expect(checked(dialog, '参数管理')).toBe('mixed');
    expect(checked(dialog, '岗位管理')).toBe('false');
    expect(checked(dialog, '工作台')).toBe('false');
    fireEvent.click(within(dialog).getByRole('tab', { name: '数据权限' }));
    expand(dialog, '参数管理');
    expect(checked(dialog, '所在机构可见')).toBe('true');
    expect(checked(dialog, '本人可见')).toBe('false');
  });

  it('sends the checked and half-checked menus and the checked scope rows, then closes with 操作成功', async () => {
    renderRoles();
    await tick('超级管理员', '普通用户');
    const dialog = await openGrant();
    await within(dialog).findByText('系统管理');
    expect(calls('GET', `${SYS}/menu/role-tree-keys`)[0].params).toEqual({ roleIds: '1,3' });
    expand(dialog, '系统管理');
    fireEvent.click(checkbox(dialog, '岗位管理'));
    fireEvent.click(checkbox(dialog, '工作台'));
    fireEvent.click(within(dialog).getByRole('tab', { name: '接口权限' }));
    fireEvent.click(checkbox(dialog, '岗位管理'));
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(calls('POST', `${SYS}/role/grant`)).toHaveLength(1));
    const body = calls('POST', `${SYS}/role/grant`)[0].body!;
    expect(body.roleIds).toEqual(['1', '3']);
    expect([...(body.menuIds as string[])].sort()).toEqual(['1', '11', '111', '12', '2', '21']);
    expect(body.dataScopeIds).toEqual(['902']);
    // The scope tree's inner node is a menu, not a scope: only the scope row goes.
    expect(body.apiScopeIds).toEqual(['801']);
    expect(await screen.findByText('操作成功!')).toBeInTheDocument();
    await waitFor(() => expect(closing(dialog)).toBe(true));
  });

  it('keeps the dialog open when the server refuses the grant', async () => {
    renderRoles({ [`POST ${SYS}/role/grant`]: () => refuse('当前操作没有权限', 403) });
    await tick('普通用户');
    const dialog = await openGrant();
    await within(dialog).findByText('系统管理');
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(errors).toEqual(['当前操作没有权限']));
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: '确定' }).className).not.toContain('ant-btn-loading'),
    );
    expect(closing(dialog)).toBe(false);
  });

  it('says where scopes are made when there are none to grant, with the way there for a user whose menus hold it', async () => {
    const scopeMenus = [
      {
        id: '9',
        parentId: '0',
        code: 'authority',
        name: '权限管理',
        nameEn: 'Authority',
        path: '/authority',
        source: '',
        isOpen: 1,
        children: [
          {
            id: '91',
            parentId: '9',
            code: 'datascope',
            name: '数据权限',
            nameEn: 'Data scopes',
            path: '/authority/datascope',
            source: '',
            isOpen: 1,
          },
        ],
      },
    ];
    serve({
      [`GET ${SYS}/menu/buttons`]: () => ok(buttons('role')),
      [`GET ${SYS}/menu/routes`]: () => ok(scopeMenus),
      [`GET ${SYS}/role/list`]: () => ok(roles),
      [`GET ${SYS}/menu/grant-tree`]: () => ok({ ...grantTree, dataScope: [], apiScope: [] }),
      [`GET ${SYS}/menu/role-tree-keys`]: () => ok({ menu: [], dataScope: [], apiScope: [] }),
    });
    function Location() {
      return createElement('output', null, useLocation().pathname);
    }
    renderDesktop(
      createElement(
        'div',
        null,
        createElement(
          Routes,
          null,
          createElement(Route, { path: '/authority/role/index', element: createElement(RolePage) }),
          createElement(Route, { path: '*', element: null }),
        ),
        createElement(Location),
      ),
      '/authority/role/index',
    );
    await tick('普通用户');
    const dialog = await openGrant();
    await within(dialog).findByText('系统管理');
    fireEvent.click(within(dialog).getByRole('tab', { name: '接口权限' }));
    // The API scope screen is not among this user's menus: the hint only.
    expect(
      await within(dialog).findByText(
        '还没有可分配的接口权限。接口权限按菜单配置，请先在「接口权限」中为菜单新建规则。',
      ),
    ).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: '前往接口权限' })).toBeNull();
    fireEvent.click(within(dialog).getByRole('tab', { name: '数据权限' }));
    expect(
      await within(dialog).findByText(
        '还没有可分配的数据权限。数据权限按菜单配置，请先在「数据权限」中为菜单新建规则。',
      ),
    ).toBeInTheDocument();
    fireEvent.click(await within(dialog).findByRole('button', { name: '前往数据权限' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('/authority/datascope/index'));
    await waitFor(() => expect(closing(dialog)).toBe(true));
  });

  it('shows the English titles of the tree in English', async () => {
    await i18next.changeLanguage('en');
    renderRoles();
    await tick('普通用户');
    fireEvent.click(screen.getByRole('button', { name: /Permissions/ }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('System')).toBeInTheDocument();
    expect(within(dialog).getByText('Desk')).toBeInTheDocument();
    expect(within(dialog).getByRole('tab', { name: 'Data scopes' })).toBeInTheDocument();
  });
});

describe('what a grant sends', () => {
  const tree: CheckNode[] = [
    {
      key: 'a',
      title: 'A',
      children: [
        { key: 'a1', title: 'A1' },
        { key: 'a2', title: 'A2', children: [{ key: 'a21', title: 'A21' }] },
      ],
    },
    { key: 'b', title: 'B' },
  ];
  it('grants a menu when any leaf below it is checked; scope trees send only their leaves', () => {
    expect(leafKeys(tree)).toEqual(new Set(['a1', 'a21', 'b']));
    expect(grantedKeys(tree, ['a21'], true).sort()).toEqual(['a', 'a2', 'a21']);
    expect(grantedKeys(tree, ['a21'], false)).toEqual(['a21']);
    expect(grantedKeys(tree, [], true)).toEqual([]);
  });
});
