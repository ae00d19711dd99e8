// @vitest-environment happy-dom
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { CrudPage } from '../../../src/desktop/components/crud/CrudPage.tsx';
import { defineEntity } from '../../../src/shared/entities/define.ts';
import { buttons, fakeServer, ok, page, useFakeServer } from './fake-server.ts';
import { findRow, renderDesktop, toolbarButton } from './render.tsx';

/** A business dictionary field of several keys (`multiple`): a multi-select whose keys travel as one comma list. */
const ledger = defineEntity({
  name: 'test-ledger',
  service: 'blade-desk',
  table: 'test_ledger',
  label: { zh: '测试科目', en: 'Test ledger' },
  code: 'test_ledger',
  tenant: true,
  audit: false,
  fields: {
    name: { type: 'string', max: 32, list: true, form: true, label: { zh: '名称', en: 'Name' } },
    auxTypes: {
      type: 'string',
      max: 128,
      bizDict: 'aux_type',
      multiple: true,
      list: true,
      form: true,
      filter: true,
      label: { zh: '辅助核算', en: 'Auxiliary dimensions' },
    },
  },
  defaultSort: [['name', 'asc']],
});

const { serve, calls, reset } = fakeServer();
const errors: string[] = [];
useFakeServer({ reset }, errors);
const API = '/api/blade-desk/test-ledger';
const ROW = { id: '7', name: '应收账款', auxTypes: 'customer,dept', auxTypesName: '客户,部门' };

function renderLedger() {
  serve({
    'GET /api/blade-system/menu/buttons': () => ok(buttons('test_ledger')),
    'GET /api/blade-system/dict-biz/dictionary': () =>
      ok([
        { dictKey: 'customer', dictValue: '客户' },
        { dictKey: 'supplier', dictValue: '供应商' },
        { dictKey: 'dept', dictValue: '部门' },
      ]),
    [`GET ${API}/list`]: () => page([ROW]),
    [`GET ${API}/detail`]: () => ok(ROW),
    [`POST ${API}/submit`]: ({ body }) => ok(body),
  });
  return renderDesktop(createElement(CrudPage, { entity: ledger }), '/desk/ledger/index');
}

/** The form item labelled `label`, once the dialog has loaded its record. */
const item = async (dialog: HTMLElement, label: string) =>
  (await within(dialog).findByText(label, { selector: 'label' })).closest('.ant-form-item') as HTMLElement;
const pick = async (field: HTMLElement, label: string) => {
  fireEvent.mouseDown(within(field).getByRole('combobox'));
  fireEvent.click(await screen.findByText(label, { selector: '.ant-select-item-option-content' }));
};

describe('a dictionary field of several keys on the shared CRUD page', () => {
  it('lists the names and sends two picked keys as one comma list', async () => {
    renderLedger();
    expect(within(await findRow('应收账款')).getByText('客户,部门')).toBeVisible();
    fireEvent.click(await toolbarButton(/新增/));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByPlaceholderText('请输入名称'), { target: { value: '应付账款' } });
    const aux = await item(dialog, '辅助核算');
    expect(aux.querySelector('.ant-select-multiple')).not.toBeNull();
    await pick(aux, '供应商');
    await pick(aux, '部门');
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(calls('POST', `${API}/submit`)).toHaveLength(1));
    expect(calls('POST', `${API}/submit`)[0].body).toMatchObject({ name: '应付账款', auxTypes: 'supplier,dept' });
    expect(errors).toEqual([]);
  });

  it('searches by one key of the list: a single select in the search bar', async () => {
    renderLedger();
    await findRow('应收账款');
    const search = document.querySelector('.tenon-crud-search') as HTMLElement;
    const aux = (await within(search).findByText('辅助核算', { selector: 'label' })).closest(
      '.ant-form-item',
    ) as HTMLElement;
    expect(aux.querySelector('.ant-select-multiple')).toBeNull();
    await pick(aux, '部门');
    fireEvent.click(within(search).getByRole('button', { name: /搜索/ }));
    await waitFor(() => expect(calls('GET', `${API}/list`).at(-1)!.params).toMatchObject({ auxTypes: 'dept' }));
  });

  it('reads a stored list back as its picked items and sends it again as a list', async () => {
    renderLedger();
    fireEvent.click(await within(await findRow('应收账款')).findByRole('button', { name: '修改' }));
    const dialog = await screen.findByRole('dialog');
    const aux = await item(dialog, '辅助核算');
    await waitFor(() =>
      expect([...aux.querySelectorAll('.ant-select-selection-item-content')].map((tag) => tag.textContent)).toEqual([
        '客户',
        '部门',
      ]),
    );
    await pick(aux, '供应商');
    fireEvent.click(within(dialog).getByRole('button', { name: '修改' }));
    await waitFor(() => expect(calls('POST', `${API}/submit`)).toHaveLength(1));
    expect(calls('POST', `${API}/submit`)[0].body).toMatchObject({ id: '7', auxTypes: 'customer,dept,supplier' });
  });
});
