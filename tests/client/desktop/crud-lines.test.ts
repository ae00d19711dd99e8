// @vitest-environment happy-dom
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { CrudPage } from '../../../src/desktop/components/crud/CrudPage.tsx';
import { testDoc } from '../../support/document-fixture.ts';
import { buttons, fakeServer, ok, page, type Handler, useFakeServer } from './fake-server.ts';
import { findRow, renderDesktop, toolbarButton } from './render.tsx';

const { serve, calls, reset } = fakeServer();
const errors: string[] = [];
useFakeServer({ reset }, errors);

const DOC = '/api/blade-desk/test-doc';
const POSTS = { '21': '仓管', '22': '记账员', '23': '采购员' };
const doc = {
  id: '1',
  docNo: 'D-1',
  deptId: '',
  deptName: '',
  items: [
    { id: '11', docId: '1', postId: '21', postName: '仓管', qty: 2, sort: 1 },
    { id: '12', docId: '1', postId: '22', postName: '记账员', qty: 3, sort: 2 },
  ],
};

function renderDocs(extra: Record<string, Handler> = {}) {
  serve({
    'GET /api/blade-system/menu/buttons': () => ok(buttons('test_doc')),
    [`GET ${DOC}/list`]: () => page([doc], 1),
    [`GET ${DOC}/detail`]: () => ok(doc),
    [`POST ${DOC}/submit`]: ({ body }) => ok(body),
    'GET /api/blade-system/dept/tree': () => ok([]),
    'GET /api/blade-system/post/picker': ({ params }) => {
      const ids = typeof params.ids === 'string' ? params.ids.split(',') : Object.keys(POSTS);
      const records = Object.entries(POSTS)
        .filter(([id, title]) => ids.includes(id) && title.includes(String(params.keyword ?? '')))
        .map(([id, title]) => ({ id, title }));
      return page(records, records.length);
    },
    ...extra,
  });
  return renderDesktop(createElement(CrudPage, { entity: testDoc }), '/test/doc');
}

const qtyInputs = (dialog: HTMLElement) => within(dialog).getAllByPlaceholderText('请输入数量') as HTMLInputElement[];

describe('the lines of a document in its dialog', () => {
  it('shows the loaded lines with their picked names and saves the edited array in one submit', async () => {
    renderDocs();
    fireEvent.click(await within(await findRow('D-1')).findByRole('button', { name: '修改' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('明细')).toBeInTheDocument();
    await waitFor(() => expect(qtyInputs(dialog).map((i) => i.value)).toEqual(['2', '3']));
    expect(await within(dialog).findByText('仓管')).toBeInTheDocument();
    expect(await within(dialog).findByText('记账员')).toBeInTheDocument();

    // Delete the first line, change the second, add a third.
    fireEvent.click(within(dialog).getAllByRole('button', { name: '删除' })[0]);
    await waitFor(() => expect(qtyInputs(dialog)).toHaveLength(1));
    fireEvent.change(qtyInputs(dialog)[0], { target: { value: '5' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '添加一行' }));
    await waitFor(() => expect(qtyInputs(dialog)).toHaveLength(2));
    fireEvent.change(qtyInputs(dialog)[1], { target: { value: '7' } });

    // The new line has no post yet: the line's own rule refuses it before anything is sent.
    fireEvent.click(within(dialog).getByRole('button', { name: '修改' }));
    expect(await within(dialog).findByText('请选择岗位')).toBeInTheDocument();
    expect(calls('POST', `${DOC}/submit`)).toHaveLength(0);

    // Pick it with the post search.
    const selects = dialog.querySelectorAll('.tenon-lines-table .ant-select');
    fireEvent.mouseDown(selects[1].querySelector('.ant-select-selector, .ant-select-content') ?? selects[1]);
    fireEvent.click(await screen.findByTitle('采购员'));
    fireEvent.click(within(dialog).getByRole('button', { name: '修改' }));
    await waitFor(() => expect(calls('POST', `${DOC}/submit`)).toHaveLength(1));
    expect(calls('POST', `${DOC}/submit`)[0].body).toMatchObject({
      id: '1',
      docNo: 'D-1',
      items: [
        { id: '12', postId: '22', qty: 5, sort: 2 },
        { postId: '23', qty: 7, sort: 0 },
      ],
    });
    expect((calls('POST', `${DOC}/submit`)[0].body as { items: Array<{ id?: string }> }).items[1].id).toBeUndefined();
  });

  it('adds a document with no lines as an empty array', async () => {
    renderDocs();
    fireEvent.click(await toolbarButton(/新增/));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByPlaceholderText('请输入单据编号'), { target: { value: 'D-9' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(calls('POST', `${DOC}/submit`)).toHaveLength(1));
    expect(calls('POST', `${DOC}/submit`)[0].body).toEqual({ docNo: 'D-9', items: [] });
  });
});
