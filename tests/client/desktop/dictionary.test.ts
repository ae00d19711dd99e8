// @vitest-environment happy-dom
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { rulesOf } from '../../../src/desktop/components/crud/fields.ts';
import { DictionaryPage, type DictionaryLayout } from '../../../src/desktop/pages/system/DictionaryPage.tsx';
import type { EntityDef } from '../../../src/shared/entities/define.ts';
import { dict, dictBiz } from '../../../src/shared/entities/system/dict.ts';
import { buttons, fakeServer, ok, page, type Handler, useFakeServer } from './fake-server.ts';
import { duplicateIds, renderDesktop } from './render.tsx';

const { serve, calls, reset } = fakeServer();
const DICT = '/api/blade-system/dict';

useFakeServer({ reset });

const parents = [
  {
    id: '100',
    parentId: '0',
    code: 'color',
    dictKey: '-1',
    dictValue: '颜色',
    sort: 1,
    isSealed: 0,
    remark: '颜色备注',
  },
  { id: '200', parentId: '0', code: 'size', dictKey: '-1', dictValue: '尺码', sort: 2, isSealed: 1, remark: '' },
];
const colorItems = [
  {
    id: '101',
    parentId: '100',
    code: 'color',
    dictKey: 'red',
    dictValue: '红',
    sort: 1,
    isSealed: 0,
    remark: '',
    hasChildren: true,
    children: [
      {
        id: '103',
        parentId: '101',
        code: 'color',
        dictKey: 'dark-red',
        dictValue: '暗红',
        sort: 1,
        isSealed: 0,
        remark: '',
        hasChildren: false,
      },
    ],
  },
  {
    id: '102',
    parentId: '100',
    code: 'color',
    dictKey: 'blue',
    dictValue: '蓝',
    sort: 2,
    isSealed: 0,
    remark: '',
    hasChildren: false,
  },
];
const pickerTree = [
  {
    id: '100',
    parentId: '0',
    title: '颜色',
    key: '100',
    value: '100',
    hasChildren: true,
    children: [
      {
        id: '101',
        parentId: '100',
        title: '红',
        key: '101',
        value: '101',
        hasChildren: true,
        children: [{ id: '103', parentId: '101', title: '暗红', key: '103', value: '103', hasChildren: false }],
      },
      { id: '102', parentId: '100', title: '蓝', key: '102', value: '102', hasChildren: false },
    ],
  },
  { id: '200', parentId: '0', title: '尺码', key: '200', value: '200', hasChildren: false },
];

function renderPair(
  layout: DictionaryLayout = 'horizontal',
  entity: EntityDef = dict,
  extra: Record<string, Handler> = {},
) {
  const base = `/api/blade-system/${entity.name}`;
  serve({
    'GET /api/blade-system/menu/buttons': () => ok(buttons(entity.code)),
    [`GET ${base}/parent-list`]: () => page(parents),
    [`GET ${base}/child-list`]: ({ params }) => ok(params.parentId === '100' ? colorItems : []),
    [`GET ${base}/tree`]: () => ok(pickerTree),
    ...extra,
  });
  return renderDesktop(createElement(DictionaryPage, { entity, layout }), '/dict-horizontal/index');
}

/** The two tables: dictionaries first, items second. */
const tables = () => [...document.querySelectorAll('.tenon-crud')] as HTMLElement[];
const rowOf = (scope: HTMLElement, text: string) => within(scope).getByText(text).closest('tr') as HTMLElement;
const headers = (scope: HTMLElement) => [...scope.querySelectorAll('thead th')].map((th) => th.textContent ?? '');
const formItem = (dialog: HTMLElement, label: string) =>
  within(dialog).getByText(label, { selector: 'label' }).closest('.ant-form-item') as HTMLElement;
const inputOf = (dialog: HTMLElement, label: string) =>
  formItem(dialog, label).querySelector('input') as HTMLInputElement;

async function pickColor() {
  await screen.findByText('颜色');
  fireEvent.click(rowOf(tables()[0], '颜色'));
  await within(tables()[1]).findByText('红');
}

describe('the dictionary pair', () => {
  it('pages the top-level dictionaries with index, selection and view, without their key and remark columns', async () => {
    renderPair();
    await screen.findByText('颜色');
    expect(calls('GET', `${DICT}/parent-list`)[0].params).toEqual({ current: 1, size: 10 });
    const [list, items] = tables();
    const titles = headers(list);
    expect(titles).toEqual(expect.arrayContaining(['序号', '字典编号', '字典名称', '字典排序', '封存', '操作']));
    expect(titles).not.toContain('字典键值');
    expect(titles).not.toContain('字典备注');
    expect(within(list).queryByText('颜色备注')).toBeNull();
    expect(within(rowOf(list, '尺码')).getByText('是')).toBeInTheDocument();
    expect(within(rowOf(list, '颜色')).getByRole('checkbox')).toBeInTheDocument();
    expect(within(rowOf(list, '颜色')).getByRole('button', { name: '查看' })).toBeInTheDocument();
    expect(within(list).getByText('共 2 条')).toBeInTheDocument();
    // Search buttons span 10 of 24 (spec §9).
    expect(
      within(list).getByRole('button', { name: /搜索/ }).closest('.ant-form-item')!.parentElement!.className,
    ).toContain('ant-col-10');
    // Nothing picked yet: no item request, a hint instead.
    expect(within(items).getByText('请先在字典列表中选择一个字典')).toBeInTheDocument();
    expect(calls('GET', `${DICT}/child-list`)).toHaveLength(0);
  });

  it('lists the items of the clicked dictionary as a tree with index, selection and view', async () => {
    renderPair();
    await pickColor();
    expect(calls('GET', `${DICT}/child-list`)[0].params).toEqual({ parentId: '100' });
    const items = tables()[1];
    expect(within(items).getByText('字典项:颜色')).toBeInTheDocument();
    expect(headers(items)).toEqual(expect.arrayContaining(['序号', '字典名称', '字典键值', '操作']));
    expect(headers(items)).not.toContain('字典编号'); // the dictionary's code is in the title
    expect(within(items).getByText('blue')).toBeInTheDocument();
    expect(within(rowOf(items, '红')).getByRole('checkbox')).toBeInTheDocument();
    expect(within(rowOf(items, '红')).getByRole('button', { name: '查看' })).toBeInTheDocument();
    expect(items.querySelector('.ant-pagination')).toBeNull();
    fireEvent.click(within(rowOf(items, '红')).getByRole('button', { name: '展开行' }));
    expect(rowOf(items, '暗红').className).toContain('ant-table-row-level-1');
    expect(rowOf(tables()[0], '颜色').className).toContain('tenon-crud-row-active');

    // Another dictionary: its items, from a fresh request.
    fireEvent.click(rowOf(tables()[0], '尺码'));
    await waitFor(() => expect(calls('GET', `${DICT}/child-list`).at(-1)!.params).toEqual({ parentId: '200' }));
    await waitFor(() => expect(within(tables()[1]).queryByText('红')).toBeNull());
    expect(within(tables()[1]).getByText('字典项:尺码')).toBeInTheDocument();
  });

  it('checks a new dictionary with the spec messages in an 880 dialog that a click outside does not close', async () => {
    renderPair();
    await screen.findByText('颜色');
    fireEvent.click(within(tables()[0]).getByRole('button', { name: /新增/ }));
    const dialog = await screen.findByRole('dialog');
    expect((document.querySelector('.ant-modal') as HTMLElement).style.width).toBe('880px');
    expect(within(dialog).queryByText('字典键值')).toBeNull();
    expect(within(dialog).queryByText('上级字典')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    for (const text of ['请输入字典编号', '请输入字典名称', '请输入字典排序'])
      expect(await within(dialog).findByText(text)).toBeInTheDocument();
    expect(calls('POST', `${DICT}/submit`)).toHaveLength(0);
    // A click on the mask, as a pointer makes it (the dialog closes on a click whose press began on the mask), does
    // not close it: a closing dialog would take its leave class within the click.
    const mask = document.querySelector('.ant-modal-wrap') as HTMLElement;
    fireEvent.mouseDown(mask);
    fireEvent.mouseUp(mask);
    fireEvent.click(mask);
    expect(document.querySelector('.ant-modal')!.classList.contains('ant-zoom-leave')).toBe(false);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('keeps every input id unique with both search bars and an item dialog on the page', async () => {
    renderPair();
    await pickColor();
    fireEvent.click(
      within(tables()[1].querySelector('.tenon-crud-toolbar') as HTMLElement).getByRole('button', { name: /新增/ }),
    );
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByPlaceholderText('请输入字典键值');
    expect(duplicateIds()).toEqual([]);
  });

  it('sends a new dictionary with sealed 0 by default, and 1 when switched on', async () => {
    renderPair('horizontal', dict, { [`POST ${DICT}/submit`]: ({ body }) => ok({ ...body, id: '300' }) });
    await screen.findByText('颜色');
    fireEvent.click(within(tables()[0]).getByRole('button', { name: /新增/ }));
    const dialog = await screen.findByRole('dialog');
    const sealed = within(formItem(dialog, '封存')).getByRole('switch');
    expect(sealed.getAttribute('aria-checked')).toBe('false');
    fireEvent.change(within(dialog).getByPlaceholderText('请输入字典编号'), { target: { value: 'shape' } });
    fireEvent.change(within(dialog).getByPlaceholderText('请输入字典名称'), { target: { value: '形状' } });
    fireEvent.change(within(dialog).getByPlaceholderText('请输入字典排序'), { target: { value: '3' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(calls('POST', `${DICT}/submit`)).toHaveLength(1));
    expect(calls('POST', `${DICT}/submit`)[0].body).toEqual({ code: 'shape', dictValue: '形状', sort: 3, isSealed: 0 });
    cleanup();

    renderPair('horizontal', dict, { [`POST ${DICT}/submit`]: ({ body }) => ok({ ...body, id: '301' }) });
    await screen.findByText('颜色');
    fireEvent.click(within(tables()[0]).getByRole('button', { name: /新增/ }));
    const again = await screen.findByRole('dialog');
    fireEvent.change(within(again).getByPlaceholderText('请输入字典编号'), { target: { value: 'sealed' } });
    fireEvent.change(within(again).getByPlaceholderText('请输入字典名称'), { target: { value: '封存的' } });
    fireEvent.change(within(again).getByPlaceholderText('请输入字典排序'), { target: { value: '4' } });
    fireEvent.click(within(formItem(again, '封存')).getByRole('switch'));
    fireEvent.click(within(again).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(calls('POST', `${DICT}/submit`)).toHaveLength(2));
    expect(calls('POST', `${DICT}/submit`)[1].body).toMatchObject({ code: 'sealed', isSealed: 1 });
  });

  it('adds an item with the dictionary as its fixed parent and code, checking the item messages', async () => {
    renderPair('horizontal', dict, { [`POST ${DICT}/submit`]: ({ body }) => ok({ ...body, id: '104' }) });
    await pickColor();
    fireEvent.click(within(tables()[1]).getByRole('button', { name: /新增$/ }));
    const dialog = await screen.findByRole('dialog');
    expect((document.querySelectorAll('.ant-modal')[0] as HTMLElement).style.width).toBe('880px');
    const parent = formItem(dialog, '上级字典');
    await waitFor(() => expect(within(parent).getByText('颜色')).toBeInTheDocument());
    expect(parent.querySelector('.ant-select-disabled')).toBeInTheDocument();
    expect(inputOf(dialog, '字典编号').value).toBe('color');
    expect(inputOf(dialog, '字典编号').disabled).toBe(true);
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    for (const text of ['请输入字典键值', '请输入字典名称', '请输入字典排序'])
      expect(await within(dialog).findByText(text)).toBeInTheDocument();
    expect(within(dialog).queryByText('请输入字典编号')).toBeNull();

    fireEvent.change(within(dialog).getByPlaceholderText('请输入字典键值'), { target: { value: 'green' } });
    fireEvent.change(within(dialog).getByPlaceholderText('请输入字典名称'), { target: { value: '绿' } });
    fireEvent.change(within(dialog).getByPlaceholderText('请输入字典排序'), { target: { value: '3' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(calls('POST', `${DICT}/submit`)).toHaveLength(1));
    expect(calls('POST', `${DICT}/submit`)[0].body).toMatchObject({
      parentId: '100',
      code: 'color',
      dictKey: 'green',
      dictValue: '绿',
      sort: 3,
      isSealed: 0,
    });
    await waitFor(() => expect(calls('GET', `${DICT}/child-list`).length).toBeGreaterThan(1));
  });

  it('adds a child item under an item, and keeps the parent fixed when editing', async () => {
    renderPair('horizontal', dict, {
      [`GET ${DICT}/detail`]: () => ok(colorItems[1]),
      [`POST ${DICT}/submit`]: ({ body }) => ok(body),
    });
    await pickColor();
    fireEvent.click(within(rowOf(tables()[1], '蓝')).getByRole('button', { name: '新增子项' }));
    let dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(within(formItem(dialog, '上级字典')).getByText('蓝')).toBeInTheDocument());
    expect(formItem(dialog, '上级字典').querySelector('.ant-select-disabled')).toBeInTheDocument();
    expect(inputOf(dialog, '字典编号').value).toBe('color');
    cleanup();

    renderPair('horizontal', dict, {
      [`GET ${DICT}/detail`]: () => ok(colorItems[1]),
      [`POST ${DICT}/submit`]: ({ body }) => ok(body),
    });
    await pickColor();
    fireEvent.click(within(rowOf(tables()[1], '蓝')).getByRole('button', { name: '修改' }));
    dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(within(formItem(dialog, '上级字典')).getByText('颜色')).toBeInTheDocument());
    expect(formItem(dialog, '上级字典').querySelector('.ant-select-disabled')).toBeInTheDocument();
    expect(inputOf(dialog, '字典编号').disabled).toBe(true);
    expect(inputOf(dialog, '字典键值').disabled).toBe(false);
  });

  it("hides the dictionaries' sort column in the stacked pair, but keeps it in their form and in the items", async () => {
    renderPair('vertical');
    await pickColor();
    const [list, items] = tables();
    expect(headers(list)).not.toContain('字典排序');
    expect(headers(items)).toContain('字典排序');
    // Stacked: the items below the dictionaries.
    expect(list.compareDocumentPosition(items) & Node.DOCUMENT_POSITION_FOLLOWING).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    );
    expect(document.querySelector('.tenon-dict-pair.is-vertical')).toBeInTheDocument();
    fireEvent.click(within(list).getByRole('button', { name: /新增/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByPlaceholderText('请输入字典排序')).toBeInTheDocument();
  });

  it('shows the sort column side by side, and business dictionaries use dict-biz', async () => {
    renderPair('horizontal', dictBiz);
    await pickColor();
    expect(headers(tables()[0])).toContain('字典排序');
    expect(document.querySelector('.tenon-dict-pair.is-horizontal')).toBeInTheDocument();
    expect(calls('GET', '/api/blade-system/dict-biz/parent-list')).toHaveLength(1);
    expect(calls('GET', '/api/blade-system/dict-biz/child-list')[0].params).toEqual({ parentId: '100' });
    expect(calls('GET', `${DICT}/parent-list`)).toHaveLength(0);
  });

  it('words every dictionary message of spec §5', () => {
    const t = i18next.t.bind(i18next);
    const messages = Object.values(dict.fields).flatMap((field) =>
      rulesOf(field, 'zh', t).map((rule) => ('message' in rule ? String(rule.message) : '')),
    );
    for (const text of ['请输入字典编号', '请输入字典名称', '请输入字典排序', '请选择封存', '请输入字典键值'])
      expect(messages).toContain(text);
    // The parent picker's prompt (optional: an empty parent is a new dictionary).
    expect(t('crud.select', { label: dict.tree!.parentLabel.zh })).toBe('请选择上级字典');
  });
});
