// @vitest-environment happy-dom
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import TopMenuPage from '../../../src/desktop/pages/system/TopMenuPage.tsx';
import TenantPage from '../../../src/desktop/pages/system/TenantPage.tsx';
import { buttons, fakeServer, ok, page, refuse, type Handler, useFakeServer } from './fake-server.ts';
import { findRow, renderDesktop, toolbar, toolbarButton } from './render.tsx';

const { serve, calls, reset } = fakeServer();
const errors: string[] = [];

useFakeServer({ reset }, errors);

/** The open dialog with this title. */
const dialogTitled = async (title: string) => {
  const dialog = await screen.findByRole('dialog');
  expect(within(dialog).getByText(title)).toBeInTheDocument();
  return dialog;
};
/** The dialog is closing: happy-dom fires no animation events, so antd's leave motion never ends and removes it. */
const waitClosed = () =>
  waitFor(() => {
    const modal = document.querySelector('.ant-modal');
    expect(!modal || modal.classList.contains('ant-zoom-leave')).toBe(true);
  });

const TOP = '/api/blade-system/topmenu';
const topTree = [
  {
    id: '1',
    parentId: '0',
    title: '系统管理',
    titleEn: 'System',
    key: '1',
    value: '1',
    hasChildren: true,
    children: [
      { id: '11', parentId: '1', title: '用户管理', titleEn: 'Users', key: '11', value: '11', hasChildren: false },
      { id: '12', parentId: '1', title: '岗位管理', titleEn: 'Posts', key: '12', value: '12', hasChildren: false },
    ],
  },
  { id: '2', parentId: '0', title: '工作台', titleEn: 'Desk', key: '2', value: '2', hasChildren: false },
];

/** `own`: the screen's codes besides the four standard ones. */
function renderTopMenus(extra: Record<string, Handler> = {}, own = ['topmenu_setting']) {
  serve({
    'GET /api/blade-system/menu/buttons': () => ok(buttons('topmenu', own)),
    [`GET ${TOP}/list`]: () => page([{ id: '5', name: '业务', code: 'biz', source: '', sort: 1 }]),
    'GET /api/blade-system/menu/grant-top-tree': () => ok({ menu: topTree }),
    // Stored: the parent and one child.
    'GET /api/blade-system/menu/top-tree-keys': () => ok({ menu: ['1', '11'] }),
    ...extra,
  });
  return renderDesktop(createElement(TopMenuPage), '/system/topmenu/index');
}

/** The tree node's checkbox state by its title. */
const checkState = (dialog: HTMLElement, title: string) => {
  const node = within(dialog).getByText(title).closest('.ant-tree-treenode')!;
  const box = node.querySelector('.ant-tree-checkbox')!;
  if (box.classList.contains('ant-tree-checkbox-checked')) return 'checked';
  return box.classList.contains('ant-tree-checkbox-indeterminate') ? 'half' : 'none';
};

/** Clicks the row's 菜单配置. */
async function openSetting(label = '菜单配置') {
  fireEvent.click(await within(await findRow('业务')).findByRole('button', { name: label }));
}

describe('the top menu screen: 菜单配置', () => {
  it('shows the row button only with topmenu_setting', async () => {
    renderTopMenus({}, []);
    const row = await findRow('业务');
    await within(row).findByRole('button', { name: '修改' });
    expect(within(row).queryByRole('button', { name: '菜单配置' })).toBeNull();
  });

  it('ticks the stored menus (a parent with some children half-checked) and saves checked plus half-checked ids', async () => {
    renderTopMenus({ [`POST ${TOP}/grant`]: () => ok(null) });
    await openSetting();
    const dialog = await dialogTitled('下级菜单配置');
    await within(dialog).findByText('用户管理');
    expect(calls('GET', '/api/blade-system/menu/top-tree-keys')[0].params).toEqual({ topMenuIds: '5' });
    expect(checkState(dialog, '用户管理')).toBe('checked');
    expect(checkState(dialog, '岗位管理')).toBe('none');
    expect(checkState(dialog, '系统管理')).toBe('half');
    expect(checkState(dialog, '工作台')).toBe('none');

    fireEvent.click(within(dialog).getByText('工作台'));
    await waitFor(() => expect(checkState(dialog, '工作台')).toBe('checked'));
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(calls('POST', `${TOP}/grant`)).toHaveLength(1));
    const { topMenuIds, menuIds } = calls('POST', `${TOP}/grant`)[0].body as {
      topMenuIds: string[];
      menuIds: string[];
    };
    expect(topMenuIds).toEqual(['5']);
    expect([...menuIds].sort()).toEqual(['1', '11', '2']);
    expect(await screen.findByText('操作成功!')).toBeInTheDocument();
    await waitClosed();
  });

  it('sends every child and the parent when the parent is ticked', async () => {
    renderTopMenus({
      [`POST ${TOP}/grant`]: () => ok(null),
      'GET /api/blade-system/menu/top-tree-keys': () => ok({ menu: [] }),
    });
    await openSetting();
    const dialog = await dialogTitled('下级菜单配置');
    fireEvent.click(await within(dialog).findByText('系统管理'));
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(calls('POST', `${TOP}/grant`)).toHaveLength(1));
    expect([...(calls('POST', `${TOP}/grant`)[0].body!.menuIds as string[])].sort()).toEqual(['1', '11', '12']);
  });

  it('keeps the dialog open when the server refuses', async () => {
    renderTopMenus({ [`POST ${TOP}/grant`]: () => refuse('数据不存在或无权访问') });
    await openSetting();
    const dialog = await dialogTitled('下级菜单配置');
    await within(dialog).findByText('用户管理');
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(errors).toEqual(['数据不存在或无权访问']));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(checkState(dialog, '用户管理')).toBe('checked');
  });

  it('shows the English menu titles in English', async () => {
    await i18next.changeLanguage('en');
    renderTopMenus();
    await openSetting('Menu settings');
    const dialog = await dialogTitled('Sub-menu settings');
    expect(await within(dialog).findByText('Users')).toBeInTheDocument();
    expect(within(dialog).getByText('System')).toBeInTheDocument();
    expect(within(dialog).queryByText('用户管理')).toBeNull();
  });
});

const TENANT = '/api/blade-system/tenant';
const tenants = [
  {
    id: '101',
    tenantId: '100001',
    tenantName: '一号租户',
    linkman: '张三',
    contactNumber: '13800000001',
    accountNumber: 3,
    expireTime: '2030-01-01 00:00:00',
    datasourceId: null,
    packageId: '7',
  },
  {
    id: '102',
    tenantId: '100002',
    tenantName: '二号租户',
    linkman: '李四',
    contactNumber: '13800000002',
    accountNumber: -1,
    expireTime: null,
    datasourceId: null,
    packageId: null,
  },
];
const TENANT_OWN = ['tenant_setting', 'tenant_datasource', 'tenant_package'];

/** `own`: the screen's codes besides the four standard ones. */
function renderTenants(extra: Record<string, Handler> = {}, own = TENANT_OWN) {
  serve({
    'GET /api/blade-system/menu/buttons': () => ok(buttons('tenant', own)),
    [`GET ${TENANT}/list`]: () => page(tenants),
    [`GET ${TENANT}/detail`]: ({ params }) => ok(tenants.find((r) => r.id === params.id) ?? null),
    ...extra,
  });
  return renderDesktop(createElement(TenantPage), '/system/tenant/index');
}
/** Ticks the list rows by index (0 = the first record). */
const tick = (...rows: number[]) => {
  const boxes = screen.getAllByRole('checkbox');
  for (const row of rows) fireEvent.click(boxes[row + 1]);
};
/** The list and the session's buttons are in. */
const loaded = async () => {
  await screen.findByText('一号租户');
  await toolbarButton(/授权配置$/);
};

describe('the tenant screen: its own buttons', () => {
  it('shows each button by its code and asks for a ticked tenant first', async () => {
    renderTenants({}, ['tenant_setting']);
    await loaded();
    expect(within(toolbar()).queryByRole('button', { name: /迁移租户$/ })).toBeNull();
    expect(within(toolbar()).queryByRole('button', { name: /产品包$/ })).toBeNull();
    fireEvent.click(await toolbarButton(/授权配置$/));
    expect(await screen.findByText('请选择至少一条数据')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('授权配置 sets the quota and expiry of every ticked tenant; blank expiry is sent blank', async () => {
    renderTenants({ [`POST ${TENANT}/setting`]: () => ok(null) });
    await loaded();
    tick(0, 1);
    fireEvent.click(await toolbarButton(/授权配置$/));
    const dialog = await dialogTitled('授权配置');
    const quota = within(dialog).getByPlaceholderText('-1 或留空表示不限');
    fireEvent.change(quota, { target: { value: '5' } });
    fireEvent.blur(quota);
    const listCalls = calls('GET', `${TENANT}/list`).length;
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(calls('POST', `${TENANT}/setting`)).toHaveLength(1));
    expect(calls('POST', `${TENANT}/setting`)[0].params).toEqual({ ids: '101,102', accountNumber: 5, expireTime: '' });
    expect(calls('GET', `${TENANT}/detail`)).toHaveLength(0);
    expect(await screen.findByText('操作成功!')).toBeInTheDocument();
    await waitClosed();
    await waitFor(() => expect(calls('GET', `${TENANT}/list`).length).toBeGreaterThan(listCalls));
  });

  it('授权配置 of one tenant shows its values and keeps the dialog open on a refusal', async () => {
    renderTenants({ [`POST ${TENANT}/setting`]: () => refuse('数据不存在或无权访问') });
    await loaded();
    tick(0);
    fireEvent.click(await toolbarButton(/授权配置$/));
    const dialog = await dialogTitled('授权配置');
    await waitFor(() =>
      expect((within(dialog).getByPlaceholderText('-1 或留空表示不限') as HTMLInputElement).value).toBe('3'),
    );
    expect((within(dialog).getByPlaceholderText('留空表示永不过期') as HTMLInputElement).value).toBe(
      '2030-01-01 00:00:00',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(errors).toEqual(['数据不存在或无权访问']));
    expect(calls('POST', `${TENANT}/setting`)[0].params).toEqual({
      ids: '101',
      accountNumber: 3,
      expireTime: '2030-01-01 00:00:00',
    });
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  // 迁移租户 (which replaced the 数据源 binding) is tested in tenant-move.test.tsx; here, that it takes one tenant.
  it('迁移租户 takes one tenant', async () => {
    renderTenants();
    await loaded();
    tick(0, 1);
    fireEvent.click(await toolbarButton(/迁移租户$/));
    expect(await screen.findByText('只能选择一条数据')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('产品包 shows the current package and binds another; a refusal keeps it open', async () => {
    let refusing = true;
    renderTenants({
      [`GET ${TENANT}/package-detail`]: () => ok({ id: '7', packageName: '基础版' }),
      'GET /api/blade-system/tenant-package/select': () =>
        ok([
          { id: '7', packageName: '基础版' },
          { id: '8', packageName: '专业版' },
        ]),
      [`POST ${TENANT}/package-setting`]: () => (refusing ? refuse('产品包不存在') : ok(null)),
    });
    await loaded();
    tick(0);
    fireEvent.click(await toolbarButton(/产品包$/));
    const dialog = await dialogTitled('产品包');
    expect(calls('GET', `${TENANT}/package-detail`)[0].params).toEqual({ tenantId: '101' });
    expect(await within(dialog).findByText('基础版')).toBeInTheDocument();
    fireEvent.mouseDown(within(dialog).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('专业版'));
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(errors).toEqual(['产品包不存在']));
    expect(calls('POST', `${TENANT}/package-setting`)[0].params).toEqual({ tenantId: '100001', packageId: '8' });
    expect(screen.getByRole('dialog')).toBeInTheDocument();

    refusing = false;
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('操作成功!')).toBeInTheDocument();
    await waitClosed();
  });
});
