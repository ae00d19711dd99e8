// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { budgetFillScreens } from '../../../src/desktop/pages/budget/fill-screens.ts';
import { buttonsOf, fakeServer, ok, page, useFakeServer, type Sent } from './fake-server.ts';
import { renderDesktop } from './render.tsx';

/**
 * The post variant in the grid (budget.md §1.2): a labour row's caption cell is its post, picked in place as in the
 * dialog; the row is saved with the post and shows the name the server gave it. Closed rows and other budget types show
 * their caption as text.
 */
const server = fakeServer();
const errors: string[] = [];
useFakeServer(server, errors);
const SYS = '/api/blade-system';
const POSTS = [
  { id: '11', title: '总经理' },
  { id: '12', title: '项目经理' },
  { id: '13', title: '财务总监' },
];

const line = (id: string, values: Record<string, unknown>) => ({
  id,
  year: 2026,
  orgId: '1010',
  orgName: '常州布雷德',
  subject: '660201',
  budgetType: '2',
  budgetTypeName: '人工预算',
  approveStatus: '0',
  ...Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`amount${i + 1}`, 100])),
  ...values,
});

/** The screen's rows as the server holds them: a submit changes them as the server does (title from the post). */
function serve(entity: 'budgetsituation' | 'budgetfill', rows: Array<Record<string, unknown>>) {
  const api = `${SYS}/${entity}`;
  server.serve({
    'GET /api/blade-system/menu/buttons': () => ok(buttonsOf([`${entity}_edit`])),
    'GET /api/blade-system/dept/company-select': () => ok([]),
    'GET /api/blade-system/dict-biz/dictionary': () => ok([]),
    // The search bar's department and account pickers.
    'GET /api/blade-system/dept/tree': () => ok([]),
    'GET /api/blade-system/subject/tree': () => ok([]),
    'GET /api/blade-system/post/picker': ({ params }) =>
      page(params.ids ? POSTS.filter((post) => String(params.ids).split(',').includes(post.id)) : POSTS),
    [`GET ${api}/${entity === 'budgetfill' ? 'list' : 'page'}`]: () => page(rows),
    [`GET ${api}/stat`]: () => ok({}),
    [`POST ${api}/submit`]: ({ body }: Sent) => {
      const at = rows.findIndex((row) => row.id === body!.id);
      const post = POSTS.find((p) => p.id === body!.postId)!;
      rows[at] = { ...rows[at], ...body, title: post.title };
      return ok(rows[at]);
    },
  });
}
async function renderScreen(path: string) {
  const Screen = budgetFillScreens[path];
  await Screen.preload();
  return renderDesktop(<Screen />);
}
const rowOf = async (id: string) => {
  await waitFor(() => expect(document.querySelector(`tr[data-row-key="${id}"]`)).not.toBeNull());
  return document.querySelector<HTMLElement>(`tr[data-row-key="${id}"]`)!;
};
/** The post a row's caption select shows. */
const shownPost = (row: HTMLElement) => row.querySelector('.ant-select-content')?.getAttribute('title');

describe('the labour grid', () => {
  it('picks a draft row’s post in its caption cell, saving the post and showing the name the server gave', async () => {
    serve('budgetsituation', [
      line('1', { postId: '11', title: '总经理' }),
      line('2', { postId: '12', title: '项目经理', approveStatus: '2' }),
    ]);
    await renderScreen('/budget/labourbudget');
    const draft = await rowOf('1');
    await waitFor(() => expect(shownPost(draft)).toBe('总经理'));
    // Approved: the budget side, the post with it, is frozen.
    const approved = await rowOf('2');
    expect(within(approved).queryByRole('combobox')).toBeNull();
    expect(within(approved).getByText('项目经理')).toBeDefined();

    fireEvent.mouseDown(within(draft).getByRole('combobox'));
    fireEvent.click(await screen.findByText('财务总监', { selector: '.ant-select-item-option-content' }));
    await waitFor(() => expect(server.calls('POST', `${SYS}/budgetsituation/submit`)).toHaveLength(1));
    expect(server.calls('POST', `${SYS}/budgetsituation/submit`)[0].body).toEqual({ id: '1', postId: '13' });
    await waitFor(() => expect(shownPost(draft)).toBe('财务总监'));
    expect(errors).toEqual([]);
  });

  it('shows other budget types’ captions and submitted lines’ as text in the fill-in grid', async () => {
    serve('budgetfill', [
      line('1', { postId: '11', title: '总经理' }),
      line('2', { postId: '12', title: '项目经理', approveStatus: '1' }),
      line('3', { budgetType: '1', subject: '660202', title: '管理费用-办公费' }),
    ]);
    await renderScreen('/budget/budgetfill');
    await waitFor(async () => expect(shownPost(await rowOf('1'))).toBe('总经理'));
    for (const [id, title] of [
      ['2', '项目经理'],
      ['3', '管理费用-办公费'],
    ]) {
      const row = await rowOf(id);
      expect(within(row).queryByRole('combobox')).toBeNull();
      expect(within(row).getByText(title)).toBeDefined();
    }
  });
});
