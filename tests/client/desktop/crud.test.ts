// @vitest-environment happy-dom
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { param } from '../../../src/shared/entities/system/param.ts';
import { tenantPackage } from '../../../src/shared/entities/system/tenant-package.ts';
import dayjs from 'dayjs';
import { CrudPage } from '../../../src/desktop/components/crud/CrudPage.tsx';
import { fieldsForMode, filterFields, filterQuery, formFields } from '../../../src/desktop/components/crud/fields.ts';
import { buttons, fakeServer, ok, page, type Handler, useFakeServer } from './fake-server.ts';
import { duplicateIds, findRow, lastDialog, renderDesktop, toolbarButton } from './render.tsx';

const { serve, calls, reset } = fakeServer();
const errors: string[] = [];

const paramRows = Array.from({ length: 10 }, (_, i) => ({
  id: String(1000 + i),
  paramName: `参数${i}`,
  paramKey: `key.${i}`,
  paramValue: `value ${i}`,
  remark: '',
  createTime: '2024-01-01 00:00:00',
}));
const PARAM = '/api/blade-system/param';

useFakeServer({ reset }, errors);

function renderParams(extra: Record<string, Handler> = {}) {
  serve({
    'GET /api/blade-system/menu/buttons': () => ok(buttons('param')),
    [`GET ${PARAM}/list`]: () => page(paramRows, 25),
    ...extra,
  });
  return renderDesktop(createElement(CrudPage, { entity: param }), '/system/param/index');
}

describe('the shared CRUD page on the param screen', () => {
  it('lists the server rows from page 1 with 10 a page, labels from the definition', async () => {
    renderParams();
    expect(await screen.findByText('参数3')).toBeInTheDocument();
    expect(screen.getByText('key.9')).toBeInTheDocument();
    expect(screen.getAllByText('参数名称').length).toBeGreaterThan(0);
    expect(screen.getAllByText('序号').length).toBeGreaterThan(0);
    expect(screen.getByText('共 25 条')).toBeInTheDocument();
    expect(calls('GET', `${PARAM}/list`)[0].params).toMatchObject({ current: 1, size: 10 });
  });

  it('checks the required fields on blur with the spec messages', async () => {
    renderParams();
    fireEvent.click(await toolbarButton(/新增/));
    const dialog = await screen.findByRole('dialog');
    for (const placeholder of ['请输入参数名称', '请输入参数键名', '请输入参数键值']) {
      fireEvent.blur(within(dialog).getByPlaceholderText(placeholder));
    }
    expect(await within(dialog).findByText('请输入参数名称')).toBeInTheDocument();
    expect(await within(dialog).findByText('请输入参数键名')).toBeInTheDocument();
    expect(await within(dialog).findByText('请输入参数键值')).toBeInTheDocument();
  });

  it('warns 请选择至少一条数据 on a bulk delete with nothing selected, and sends nothing', async () => {
    renderParams();
    await screen.findByText('参数0');
    fireEvent.click(await toolbarButton(/删除/));
    expect(await screen.findByText('请选择至少一条数据')).toBeInTheDocument();
    expect(calls('POST', `${PARAM}/remove`)).toHaveLength(0);
  });

  it('asks 确定将选择数据删除? and removes the selected ids comma-joined', async () => {
    renderParams({ [`POST ${PARAM}/remove`]: () => ok(null) });
    await screen.findByText('参数0');
    const boxes = screen.getAllByRole('checkbox');
    fireEvent.click(boxes[1]);
    fireEvent.click(boxes[2]);
    fireEvent.click(await toolbarButton(/删除/));
    expect(await screen.findByText('确定将选择数据删除?')).toBeInTheDocument();
    const confirm = await lastDialog();
    expect(within(confirm).getByRole('button', { name: '取消' })).toBeInTheDocument();
    fireEvent.click(within(confirm).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(calls('POST', `${PARAM}/remove`)).toHaveLength(1));
    expect(calls('POST', `${PARAM}/remove`)[0].params).toEqual({ ids: '1000,1001' });
    expect(await screen.findByText('删除成功')).toBeInTheDocument();
    await waitFor(() => expect(calls('GET', `${PARAM}/list`).length).toBeGreaterThan(1));
  });

  it('keeps the dialog open with its values when the save fails', async () => {
    renderParams({
      [`POST ${PARAM}/submit`]: () => [400, { code: 400, success: false, data: null, msg: '参数键名已存在' }],
    });
    fireEvent.click(await toolbarButton(/新增/));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByPlaceholderText('请输入参数名称'), { target: { value: '站点名称' } });
    fireEvent.change(within(dialog).getByPlaceholderText('请输入参数键名'), { target: { value: 'site.name' } });
    fireEvent.change(within(dialog).getByPlaceholderText('请输入参数键值'), { target: { value: 'Tenon' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(errors).toEqual(['参数键名已存在']));
    expect(calls('POST', `${PARAM}/submit`)[0].body).toMatchObject({
      paramName: '站点名称',
      paramKey: 'site.name',
      paramValue: 'Tenon',
    });
    expect(calls('POST', `${PARAM}/submit`)[0].body).not.toHaveProperty('id');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect((within(dialog).getByPlaceholderText('请输入参数键名') as HTMLInputElement).value).toBe('site.name');
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: '保存' }).className).not.toContain('ant-btn-loading'),
    );
  });

  it('saves an edit of the loaded record with its id and says 修改成功', async () => {
    renderParams({
      [`GET ${PARAM}/detail`]: ({ params }) => ok(paramRows.find((r) => r.id === params.id)),
      [`POST ${PARAM}/submit`]: ({ body }) => ok(body),
    });
    // Row buttons follow the permissions, which may arrive after the rows.
    fireEvent.click(await within(await findRow('参数1')).findByRole('button', { name: '修改' }));
    const dialog = await screen.findByRole('dialog');
    const key = await within(dialog).findByPlaceholderText('请输入参数键名');
    expect((key as HTMLInputElement).value).toBe('key.1');
    fireEvent.click(within(dialog).getByRole('button', { name: '修改' }));
    expect(await screen.findByText('修改成功')).toBeInTheDocument();
    expect(calls('POST', `${PARAM}/submit`)[0].body).toEqual({
      id: '1001',
      paramName: '参数1',
      paramKey: 'key.1',
      paramValue: 'value 1',
      remark: '',
    });
  });

  it('gives the search bar and the dialog their own input ids: a dialog label names the dialog input', async () => {
    renderParams();
    await screen.findByText('参数0');
    fireEvent.click(await toolbarButton(/新增/));
    const dialog = await screen.findByRole('dialog');
    expect(duplicateIds()).toEqual([]);
    const label = within(dialog).getByText('参数名称', { selector: 'label' });
    const input = document.getElementById(label.getAttribute('for')!);
    expect(dialog.contains(input)).toBe(true);
    expect(input!.getAttribute('placeholder')).toBe('请输入参数名称');
  });

  it('goes back to page 1 when searching', async () => {
    renderParams();
    await screen.findByText('参数0');
    fireEvent.click(screen.getByTitle('2'));
    await waitFor(() => expect(calls('GET', `${PARAM}/list`).at(-1)!.params).toMatchObject({ current: 2 }));
    fireEvent.click(screen.getByRole('button', { name: /搜索/ }));
    await waitFor(() => expect(calls('GET', `${PARAM}/list`).at(-1)!.params).toMatchObject({ current: 1, size: 10 }));
  });

  it('asks the server again when 搜索 is pressed with the same search (rows may have been written since)', async () => {
    renderParams();
    await screen.findByText('参数0');
    const before = calls('GET', `${PARAM}/list`).length;
    fireEvent.click(screen.getByRole('button', { name: /搜索/ }));
    await waitFor(() => expect(calls('GET', `${PARAM}/list`)).toHaveLength(before + 1));
    fireEvent.click(screen.getByRole('button', { name: /搜索/ }));
    await waitFor(() => expect(calls('GET', `${PARAM}/list`)).toHaveLength(before + 2));
  });
});

const PACKAGE = '/api/blade-system/tenant-package';
const menuTree = [
  {
    id: '1',
    parentId: '0',
    title: '系统管理',
    titleEn: 'System',
    key: '1',
    value: '1',
    children: [
      { id: '11', parentId: '1', title: '参数管理', titleEn: 'Parameters', key: '11', value: '11' },
      { id: '12', parentId: '1', title: '岗位管理', titleEn: 'Posts', key: '12', value: '12' },
    ],
  },
];

function renderPackages(extra: Record<string, Handler> = {}) {
  serve({
    'GET /api/blade-system/menu/buttons': () => ok(buttons('tenantpackage')),
    'GET /api/blade-system/menu/grant-tree': () => ok({ menu: menuTree, dataScope: [], apiScope: [] }),
    [`GET ${PACKAGE}/list`]: () => page([{ id: '7', packageName: '基础版', menuId: '11,12', remark: '' }]),
    ...extra,
  });
  return renderDesktop(
    createElement(CrudPage, { entity: tenantPackage, options: { dialogWidth: 600, hideView: true } }),
  );
}

describe('the shared CRUD page on the tenant package screen', () => {
  it('has no view action and a 600 wide dialog that requires a name and menus', async () => {
    renderPackages();
    const row = await findRow('基础版');
    await within(row).findByRole('button', { name: '修改' });
    expect(within(row).queryByRole('button', { name: '查看' })).toBeNull();
    fireEvent.click(await toolbarButton(/新增/));
    const dialog = await screen.findByRole('dialog');
    expect((document.querySelector('.ant-modal') as HTMLElement).style.width).toBe('600px');
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await within(dialog).findByText('请输入产品包名称')).toBeInTheDocument();
    expect(await within(dialog).findByText('请选择菜单')).toBeInTheDocument();
    expect(calls('POST', `${PACKAGE}/submit`)).toHaveLength(0);
  });

  it('sends the checked menus comma-joined', async () => {
    renderPackages({ [`POST ${PACKAGE}/submit`]: ({ body }) => ok({ ...body, id: '8' }) });
    fireEvent.click(await toolbarButton(/新增/));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByPlaceholderText('请输入产品包名称'), { target: { value: '专业版' } });
    await waitFor(() => expect(calls('GET', '/api/blade-system/menu/grant-tree')).toHaveLength(1));
    fireEvent.mouseDown(within(dialog).getByRole('combobox'));
    fireEvent.click(await screen.findByText('系统管理'));
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(calls('POST', `${PACKAGE}/submit`)).toHaveLength(1));
    const { menuId, packageName } = calls('POST', `${PACKAGE}/submit`)[0].body!;
    expect(packageName).toBe('专业版');
    expect(String(menuId).split(',').sort()).toEqual(['1', '11', '12']);
    expect(await screen.findByText('新增成功')).toBeInTheDocument();
  });

  it('loads the menu ids of a package split and sends them back joined', async () => {
    renderPackages({
      [`GET ${PACKAGE}/detail`]: () => ok({ id: '7', packageName: '基础版', menuId: '11,12', remark: '' }),
      [`POST ${PACKAGE}/submit`]: ({ body }) => ok(body),
    });
    fireEvent.click(await within(await findRow('基础版')).findByRole('button', { name: '修改' }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByPlaceholderText('请输入产品包名称');
    await waitFor(() => expect(calls('GET', '/api/blade-system/menu/grant-tree')).toHaveLength(1));
    fireEvent.click(within(dialog).getByRole('button', { name: '修改' }));
    await waitFor(() => expect(calls('POST', `${PACKAGE}/submit`)).toHaveLength(1));
    expect(calls('POST', `${PACKAGE}/submit`)[0].body).toEqual({
      id: '7',
      packageName: '基础版',
      menuId: '11,12',
      remark: '',
    });
  });
});

describe('the search bar query', () => {
  it('sends filter fields by their bare keys and the creation range as createTime_dategt / createTime_datelt', () => {
    const range = [dayjs('2024-03-01 10:00:00'), dayjs('2024-03-31 08:00:00')];
    expect(
      filterQuery(filterFields(tenantPackage), { packageName: ' 基础 ', remark: 'ignored', createTimeRange: range }),
    ).toEqual({
      packageName: '基础',
      createTime_dategt: '2024-03-01 00:00:00',
      createTime_datelt: '2024-03-31 23:59:59',
    });
    expect(filterQuery(filterFields(tenantPackage), { packageName: '', createTimeRange: null })).toEqual({});
  });

  it('searches the typed name from page 1', async () => {
    renderPackages();
    await screen.findByText('基础版');
    fireEvent.change(screen.getByPlaceholderText('请输入产品包名称'), { target: { value: '专业' } });
    fireEvent.click(screen.getByRole('button', { name: /搜索/ }));
    await waitFor(() =>
      expect(calls('GET', `${PACKAGE}/list`).at(-1)!.params).toEqual({ current: 1, size: 10, packageName: '专业' }),
    );
  });
});

describe("a screen's own parameters and buttons", () => {
  it('sends the fixed query, shows own row and toolbar buttons by permission and hands them the ticked rows', async () => {
    const clicked: string[] = [];
    serve({
      'GET /api/blade-system/menu/buttons': () => ok(buttons('param', ['param_special'])),
      [`GET ${PARAM}/list`]: () => page(paramRows, 10),
    });
    renderDesktop(
      createElement(CrudPage, {
        entity: param,
        options: {
          query: { deptId: '42' },
          rowActions: [
            {
              key: 'special',
              permission: 'param_special',
              label: 'common.ok',
              onClick: (record) => clicked.push(`row:${record.id}`),
            },
            {
              key: 'hidden',
              permission: 'param_missing',
              label: 'common.cancel',
              onClick: () => clicked.push('never'),
            },
          ],
          toolbar: ({ selected }) =>
            createElement(
              'button',
              { type: 'button', onClick: () => clicked.push(`bar:${selected.join(',')}`) },
              '自有按钮',
            ),
        },
      }),
      '/system/param/index',
    );
    await screen.findByText('参数3');
    expect(calls('GET', `${PARAM}/list`)[0].params).toMatchObject({ current: 1, size: 10, deptId: '42' });
    await waitFor(() => expect(screen.getAllByRole('button', { name: '确定' })).toHaveLength(10));
    expect(screen.queryAllByRole('button', { name: '取消' })).toHaveLength(0);
    fireEvent.click(screen.getAllByRole('button', { name: '确定' })[2]);
    fireEvent.click(screen.getAllByRole('checkbox')[2]);
    fireEvent.click(screen.getByRole('button', { name: '自有按钮' }));
    expect(clicked).toEqual(['row:1002', 'bar:1001']);
  });
});

describe('secret fields by dialog mode', () => {
  it('types a user password on add only, and lets a data source password be replaced (optional) on edit', async () => {
    const { user } = await import('../../../src/shared/entities/system/user.ts');
    const { datasource } = await import('../../../src/shared/entities/develop/datasource.ts');
    const names = (fields: Array<{ name: string }>) => fields.map((f) => f.name);
    expect(names(fieldsForMode(formFields(user), 'add'))).toContain('password');
    expect(names(fieldsForMode(formFields(user), 'edit'))).not.toContain('password');
    const edit = fieldsForMode(formFields(datasource), 'edit').find((f) => f.name === 'password');
    expect(edit?.required).toBeUndefined();
    expect(fieldsForMode(formFields(datasource), 'add').find((f) => f.name === 'password')?.required).toBeDefined();
  });
});

describe('a row tone of the definition (rowTone)', () => {
  it('marks the rows whose field holds the value, and only those', async () => {
    serve({
      'GET /api/blade-system/menu/buttons': () => ok(buttons('param')),
      [`GET ${PARAM}/list`]: () => page(paramRows, 10),
    });
    const toned = { ...param, rowTone: { field: 'paramKey', value: 'key.3', tone: 'danger' as const } };
    renderDesktop(createElement(CrudPage, { entity: toned }), '/system/param/index');
    const row = (await screen.findByText('参数3')).closest('tr')!;
    expect(row.className).toContain('tenon-crud-row-danger');
    const others = screen.getByText('参数4').closest('tr')!;
    expect(others.className).not.toContain('tenon-crud-row-');
  });
});
