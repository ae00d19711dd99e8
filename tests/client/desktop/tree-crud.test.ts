// @vitest-environment happy-dom
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { CrudPage } from '../../../src/desktop/components/crud/CrudPage.tsx';
import { dept } from '../../../src/shared/entities/system/dept.ts';
import { menu } from '../../../src/shared/entities/system/menu.ts';
import { role } from '../../../src/shared/entities/system/role.ts';
import { buttons, fakeServer, ok, type Handler, useFakeServer } from './fake-server.ts';
import { findRow, lastDialog, renderDesktop, toolbarButton } from './render.tsx';

const { serve, calls, reset } = fakeServer();
const SYS = '/api/blade-system';

useFakeServer({ reset });

/** The table row showing `text`. */
const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;
/** The open dialog's form item labelled `label`. */
const formItem = (dialog: HTMLElement, label: string) =>
  within(dialog).getByText(label, { selector: 'label' }).closest('.ant-form-item') as HTMLElement;

const depts = {
  roots: [
    {
      id: '1',
      parentId: '0',
      deptName: '总公司',
      fullName: '总公司全称',
      deptCategory: 1,
      deptCategoryName: '公司',
      sort: 1,
      hasChildren: true,
    },
    {
      id: '2',
      parentId: '0',
      deptName: '分公司',
      fullName: '分公司全称',
      deptCategory: 1,
      deptCategoryName: '公司',
      sort: 2,
      hasChildren: false,
    },
  ],
  '1': [
    {
      id: '11',
      parentId: '1',
      deptName: '研发部',
      fullName: '研发部全称',
      deptCategory: 2,
      deptCategoryName: '部门',
      sort: 1,
      hasChildren: false,
    },
  ],
} as const;
const deptTree = [
  {
    id: '1',
    parentId: '0',
    title: '总公司',
    key: '1',
    value: '1',
    hasChildren: true,
    children: [{ id: '11', parentId: '1', title: '研发部', key: '11', value: '11', hasChildren: false }],
  },
  { id: '2', parentId: '0', title: '分公司', key: '2', value: '2', hasChildren: false },
];

function renderDepts(extra: Record<string, Handler> = {}) {
  serve({
    'GET /api/blade-system/menu/buttons': () => ok(buttons('dept')),
    [`GET ${SYS}/dept/lazy-list`]: ({ params }) => {
      const filtered = Object.keys(params).some((key) => key !== 'parentId');
      if (filtered) return ok(depts['1']);
      return ok(String(params.parentId) === '0' ? depts.roots : (depts[String(params.parentId) as '1'] ?? []));
    },
    [`GET ${SYS}/dept/tree`]: () => ok(deptTree),
    [`GET ${SYS}/dict/dictionary`]: () =>
      ok([
        { dictKey: '1', dictValue: '公司' },
        { dictKey: '2', dictValue: '部门' },
      ]),
    ...extra,
  });
  return renderDesktop(createElement(CrudPage, { entity: dept, options: { lazy: true } }), '/system/dept/index');
}

describe('a lazy tree table (departments)', () => {
  it('lists the first level from lazy-list?parentId=0, unpaged, and loads a level when its row is expanded', async () => {
    renderDepts();
    expect(await screen.findByText('总公司')).toBeVisible();
    expect(screen.getByText('分公司')).toBeVisible();
    expect(calls('GET', `${SYS}/dept/lazy-list`)[0].params).toEqual({ parentId: 0 });
    expect(calls('GET', `${SYS}/dept/list`)).toHaveLength(0);
    expect(document.querySelector('.ant-pagination')).toBeNull();
    expect(screen.queryByText('研发部')).toBeNull();

    // Only the row with children can be expanded.
    expect(within(rowOf('分公司')).queryByRole('button', { name: '展开行' })).toBeNull();
    fireEvent.click(within(rowOf('总公司')).getByRole('button', { name: '展开行' }));
    expect(await screen.findByText('研发部')).toBeVisible();
    expect(calls('GET', `${SYS}/dept/lazy-list`).map((c) => c.params.parentId)).toContain('1');
    // The child is nested one level down.
    expect(rowOf('研发部').className).toContain('ant-table-row-level-1');
    // The fold icon goes with the name, after the selection box and the index.
    expect(rowOf('总公司').querySelector('td:nth-child(3) .ant-table-row-expand-icon')).toBeInTheDocument();
    expect(rowOf('总公司').querySelector('td:nth-child(3)')!.textContent).toContain('总公司');
  });

  it('searches with the filters on lazy-list and shows the rows the server returns', async () => {
    renderDepts();
    await screen.findByText('总公司');
    fireEvent.change(screen.getByPlaceholderText('请输入机构名称'), { target: { value: '研发' } });
    fireEvent.click(screen.getByRole('button', { name: /搜索/ }));
    expect(await screen.findByText('研发部')).toBeVisible();
    await waitFor(() => expect(screen.queryByText('总公司')).toBeNull());
    expect(calls('GET', `${SYS}/dept/lazy-list`).at(-1)!.params).toEqual({ deptName: '研发', parentId: 0 });
  });

  it('adds a child under a row: 新增子项 opens the add dialog with that parent picked in the tree select', async () => {
    renderDepts({ [`POST ${SYS}/dept/submit`]: ({ body }) => ok({ ...body, id: '12' }) });
    // Row buttons follow the permissions, which may arrive after the rows.
    fireEvent.click(await within(await findRow('总公司')).findByRole('button', { name: '新增子项' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('新增')).toBeInTheDocument();
    const parent = formItem(dialog, '上级机构');
    await waitFor(() => expect(within(parent).getByText('总公司')).toBeInTheDocument());
    fireEvent.change(within(dialog).getByPlaceholderText('请输入机构名称'), { target: { value: '测试部' } });
    fireEvent.change(within(dialog).getByPlaceholderText('请输入机构全称'), { target: { value: '测试部全称' } });
    fireEvent.change(within(dialog).getByPlaceholderText('请输入排序'), { target: { value: '3' } });
    // A new department starts as 部门 (the category SpringBlade's clients, which send none, get).
    expect(within(formItem(dialog, '机构类型')).getByTitle('部门')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(calls('POST', `${SYS}/dept/submit`)).toHaveLength(1));
    expect(calls('POST', `${SYS}/dept/submit`)[0].body).toMatchObject({
      parentId: '1',
      deptName: '测试部',
      fullName: '测试部全称',
      sort: 3,
      deptCategory: 2,
    });
    // The parent opens to show its new child.
    await waitFor(() => expect(calls('GET', `${SYS}/dept/lazy-list`).map((c) => c.params.parentId)).toContain('1'));
  });

  it('moves a row to the root when its parent is cleared, and never offers the row itself as its parent', async () => {
    renderDepts({
      [`GET ${SYS}/dept/detail`]: () => ok({ ...depts['1'][0] }),
      [`POST ${SYS}/dept/submit`]: ({ body }) => ok(body),
    });
    await screen.findByText('总公司');
    fireEvent.click(within(rowOf('总公司')).getByRole('button', { name: '展开行' }));
    fireEvent.click(await within(await findRow('研发部')).findByRole('button', { name: '修改' }));
    const dialog = await screen.findByRole('dialog');
    const parent = await waitFor(() => {
      const item = formItem(dialog, '上级机构');
      expect(within(item).getByText('总公司')).toBeInTheDocument();
      return item;
    });
    fireEvent.mouseDown(within(parent).getByRole('combobox'));
    fireEvent.change(within(parent).getByRole('combobox'), { target: { value: '研发' } });
    const self = await waitFor(() => {
      const node = [...document.querySelectorAll('.ant-select-tree-treenode')].find((n) => n.textContent === '研发部');
      expect(node).toBeInTheDocument();
      return node!;
    });
    expect(self.className).toContain('ant-select-tree-treenode-disabled');
    fireEvent.mouseDown(parent.querySelector('.ant-select-clear') as HTMLElement);
    fireEvent.click(parent.querySelector('.ant-select-clear') as HTMLElement);
    fireEvent.click(within(dialog).getByRole('button', { name: '修改' }));
    await waitFor(() => expect(calls('POST', `${SYS}/dept/submit`)).toHaveLength(1));
    expect(calls('POST', `${SYS}/dept/submit`)[0].body).toMatchObject({ id: '11', parentId: '0', deptName: '研发部' });
  });
});

const menus = [
  {
    id: '1',
    parentId: '0',
    name: '系统管理',
    nameEn: 'System',
    code: 'system',
    path: '/system',
    source: 'iconfont iconicon_setting',
    sort: 1,
    category: 1,
    categoryName: '菜单',
    hasChildren: true,
  },
];
const menuLevel = [
  {
    id: '11',
    parentId: '1',
    name: '参数管理',
    nameEn: 'Parameters',
    code: 'param',
    path: '/system/param',
    source: '',
    sort: 1,
    category: 1,
    categoryName: '菜单',
    hasChildren: true,
  },
];
const buttonLevel = [
  {
    id: '111',
    parentId: '11',
    name: '新增参数',
    nameEn: 'Add',
    code: 'param_add',
    path: '',
    source: 'plus',
    sort: 1,
    category: 2,
    categoryName: '按钮',
    hasChildren: false,
  },
];

describe('the menu tree table', () => {
  function renderMenus(extra: Record<string, Handler> = {}) {
    serve({
      'GET /api/blade-system/menu/buttons': () => ok(buttons('menu')),
      [`GET ${SYS}/menu/lazy-list`]: ({ params }) =>
        ok({ 0: menus, 1: menuLevel, 11: buttonLevel }[String(params.parentId) as '0'] ?? []),
      [`GET ${SYS}/menu/tree`]: () =>
        ok([
          {
            id: '1',
            parentId: '0',
            title: '系统管理',
            titleEn: 'System',
            key: '1',
            value: '1',
            hasChildren: true,
            children: [
              {
                id: '11',
                parentId: '1',
                title: '参数管理',
                titleEn: 'Parameters',
                key: '11',
                value: '11',
                hasChildren: false,
              },
            ],
          },
        ]),
      [`GET ${SYS}/dict/dictionary`]: ({ params }) =>
        ok(
          {
            menu_category: [
              { dictKey: '1', dictValue: '菜单' },
              { dictKey: '2', dictValue: '按钮' },
            ],
            button_func: [{ dictKey: '1', dictValue: '工具栏' }],
            yes_no: [
              { dictKey: '1', dictValue: '否' },
              { dictKey: '2', dictValue: '是' },
            ],
          }[String(params.code)] ?? [],
        ),
      ...extra,
    });
    return renderDesktop(createElement(CrudPage, { entity: menu, options: { lazy: true } }), '/system/menu/index');
  }

  it('shows menus and their buttons level by level; a button has no 新增子项', async () => {
    renderMenus();
    await screen.findByText('系统管理');
    fireEvent.click(within(rowOf('系统管理')).getByRole('button', { name: '展开行' }));
    await screen.findByText('参数管理');
    fireEvent.click(within(rowOf('参数管理')).getByRole('button', { name: '展开行' }));
    expect(await screen.findByText('新增参数')).toBeVisible();
    expect(rowOf('新增参数').className).toContain('ant-table-row-level-2');
    expect(within(rowOf('参数管理')).getByRole('button', { name: '新增子项' })).toBeVisible();
    expect(within(rowOf('新增参数')).queryByRole('button', { name: '新增子项' })).toBeNull();
    expect(within(rowOf('新增参数')).getByRole('button', { name: '修改' })).toBeVisible();
  });

  it('has the form of the definition with the parent menu picker titled in English on the English console', async () => {
    await i18next.changeLanguage('en');
    renderMenus();
    fireEvent.click(await within(await findRow('系统管理')).findByRole('button', { name: 'Add child' }));
    const dialog = await screen.findByRole('dialog');
    const parent = formItem(dialog, 'Parent menu');
    await waitFor(() => expect(within(parent).getByText('System')).toBeInTheDocument());
    for (const label of ['Name', 'Code', 'Icon', 'Type', 'Button function', 'New window', 'Sort']) {
      expect(formItem(dialog, label)).toBeInTheDocument();
    }
  });
});

describe('a whole tree table (roles)', () => {
  it('lists the unpaged tree from list with nested rows and deletes the ticked rows of any level', async () => {
    serve({
      'GET /api/blade-system/menu/buttons': () => ok(buttons('role')),
      [`GET ${SYS}/role/list`]: () =>
        ok([
          {
            id: '1',
            parentId: '0',
            roleName: '超级管理员',
            roleAlias: 'administrator',
            sort: 1,
            hasChildren: true,
            children: [
              { id: '2', parentId: '1', roleName: '普通用户', roleAlias: 'user', sort: 1, hasChildren: false },
            ],
          },
        ]),
      [`POST ${SYS}/role/remove`]: () => ok(null),
    });
    renderDesktop(createElement(CrudPage, { entity: role }), '/authority/role/index');
    await screen.findByText('超级管理员');
    expect(calls('GET', `${SYS}/role/list`)[0].params).toEqual({});
    expect(document.querySelector('.ant-pagination')).toBeNull();
    fireEvent.click(within(rowOf('超级管理员')).getByRole('button', { name: '展开行' }));
    expect(await screen.findByText('普通用户')).toBeVisible();
    fireEvent.click(within(rowOf('普通用户')).getByRole('checkbox'));
    fireEvent.click(within(rowOf('超级管理员')).getByRole('checkbox'));
    fireEvent.click(await toolbarButton(/删除/));
    fireEvent.click(within(await lastDialog()).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(calls('POST', `${SYS}/role/remove`)).toHaveLength(1));
    expect(
      String(calls('POST', `${SYS}/role/remove`)[0].params.ids)
        .split(',')
        .sort(),
    ).toEqual(['1', '2']);
  });
});
