// @vitest-environment happy-dom
import { createElement } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { setNotifier } from '../../../src/client/notify.ts';
import { session } from '../../../src/client/session.ts';
import RegionPage from '../../../src/desktop/pages/base/RegionPage.tsx';
import { buttonsOf, fakeServer, ok, type Handler } from './fake-server.ts';
import { renderDesktop, signIn } from './render.tsx';

const server = fakeServer();
const { calls, reset } = server;
const REGION = '/api/blade-system/region';
const node = (code: string, parentId: string, title: string, hasChildren: boolean) => ({
  id: code,
  parentId,
  title,
  value: code,
  key: code,
  hasChildren,
});
const levels: Record<string, unknown[]> = {
  '00': [node('11', '00', '北京市', true), node('12', '00', '天津市', true)],
  11: [node('1101', '11', '市辖区', false)],
};
const records: Record<string, Record<string, unknown>> = {
  11: { code: '11', parentCode: '00', parentName: '', name: '北京市', regionLevel: 1, sort: 0, remark: '' },
  1101: { code: '1101', parentCode: '11', parentName: '北京市', name: '市辖区', regionLevel: 2, sort: 0, remark: '' },
};
const LEVEL_NAMES = ['国家', '省份/直辖市', '地市', '区县', '乡镇', '村委'];

let buttons: string[] = [];
const errors: string[] = [];

function serve(extra: Record<string, Handler> = {}) {
  server.serve({
    'GET /api/blade-system/menu/buttons': () => ok(buttonsOf(buttons)),
    'GET /api/blade-system/dict/dictionary': () =>
      ok(LEVEL_NAMES.map((value, key) => ({ dictKey: String(key), dictValue: value }))),
    [`GET ${REGION}/lazy-tree`]: ({ params }) => ok(levels[String(params.parentCode)] ?? []),
    [`GET ${REGION}/detail`]: ({ params }) => ok(records[String(params.code)] ?? null),
    ...extra,
  });
}
const field = (id: string) => document.querySelector<HTMLInputElement>(`#${id}`)!;
const treeNode = (title: string) => screen.getByText(title).closest('.ant-tree-treenode') as HTMLElement;

beforeEach(() => {
  reset();
  errors.length = 0;
  buttons = ['region_add', 'region_delete'];
  setNotifier({ error: (text) => errors.push(text), success: () => undefined });
  signIn();
});
afterEach(() => {
  cleanup();
  session.localLogout();
});

describe('the region screen', () => {
  it('shows the provinces below 00 and loads a level when a node opens', async () => {
    serve();
    renderDesktop(createElement(RegionPage), '/base/region');
    expect(await screen.findByText('北京市')).toBeVisible();
    expect(screen.getByText('天津市')).toBeVisible();
    expect(calls('GET', `${REGION}/lazy-tree`)[0].params).toEqual({ parentCode: '00' });
    expect(screen.getByText('请在左侧选择区划')).toBeVisible();
    fireEvent.click(treeNode('北京市').querySelector('.ant-tree-switcher')!);
    expect(await screen.findByText('市辖区')).toBeVisible();
    expect(calls('GET', `${REGION}/lazy-tree`).map((r) => r.params.parentCode)).toContain('11');
  });

  it('shows the selected division in the form, with its code and parent locked', async () => {
    serve();
    renderDesktop(createElement(RegionPage), '/base/region');
    fireEvent.click(await screen.findByText('北京市'));
    await waitFor(() => expect(field('name')?.value).toBe('北京市'));
    expect(calls('GET', `${REGION}/detail`)[0].params).toEqual({ code: '11' });
    expect(field('code').value).toBe('11');
    expect(field('code').disabled).toBe(true);
    expect(field('parentCode').disabled).toBe(true);
    expect(field('name').disabled).toBe(false);
    expect(await screen.findByText('省份/直辖市')).toBeVisible();
  });

  it('adds a child with the parent code prefilled and read-only, and reloads the level', async () => {
    serve({ [`POST ${REGION}/submit`]: ({ body }) => ok({ ...body, parentName: '北京市', regionLevel: 2 }) });
    renderDesktop(createElement(RegionPage), '/base/region');
    fireEvent.click(await screen.findByText('北京市'));
    await waitFor(() => expect(field('name')?.value).toBe('北京市'));
    fireEvent.click(screen.getByRole('button', { name: /新增下级/ }));
    expect(await screen.findByText('新增下级区划')).toBeVisible();
    expect(field('parentCode').value).toBe('11');
    expect(field('parentCode').disabled).toBe(true);
    expect(field('parentName').value).toBe('北京市');
    expect(field('code').value).toBe('11');
    expect(field('code').disabled).toBe(false);
    fireEvent.change(field('code'), { target: { value: '1199' } });
    fireEvent.change(field('name'), { target: { value: '测试市' } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(calls('POST', `${REGION}/submit`)).toHaveLength(1));
    expect(calls('POST', `${REGION}/submit`)[0].body).toEqual({
      parentCode: '11',
      code: '1199',
      name: '测试市',
      sort: 0,
      remark: '',
    });
    expect(await screen.findByText('新增成功')).toBeInTheDocument();
    await waitFor(() =>
      expect(calls('GET', `${REGION}/lazy-tree`).filter((r) => r.params.parentCode === '11').length).toBeGreaterThan(0),
    );
  });

  it('requires the name before saving', async () => {
    serve();
    renderDesktop(createElement(RegionPage), '/base/region');
    fireEvent.click(await screen.findByText('北京市'));
    await waitFor(() => expect(field('name')?.value).toBe('北京市'));
    fireEvent.click(screen.getByRole('button', { name: /新增下级/ }));
    await screen.findByText('新增下级区划');
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('请输入区划名称')).toBeInTheDocument();
    expect(calls('POST', `${REGION}/submit`)).toHaveLength(0);
  });

  it('asks 确定将选择数据删除? and removes the division by its code', async () => {
    serve({ [`POST ${REGION}/remove`]: () => ok(null) });
    renderDesktop(createElement(RegionPage), '/base/region');
    fireEvent.click(await screen.findByText('北京市'));
    await waitFor(() => expect(field('name')?.value).toBe('北京市'));
    fireEvent.click(screen.getByRole('button', { name: /删除/ }));
    expect(await screen.findByText('确定将选择数据删除?')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    await waitFor(() => expect(calls('POST', `${REGION}/remove`)).toHaveLength(1));
    expect(calls('POST', `${REGION}/remove`)[0].params).toEqual({ id: '11' });
    expect(await screen.findByText('删除成功')).toBeInTheDocument();
    expect(await screen.findByText('请在左侧选择区划')).toBeInTheDocument();
  });

  it('shows no add, delete or save without the codes, and a read-only form', async () => {
    buttons = [];
    serve();
    renderDesktop(createElement(RegionPage), '/base/region');
    fireEvent.click(await screen.findByText('北京市'));
    await waitFor(() => expect(field('name')?.value).toBe('北京市'));
    expect(screen.queryByRole('button', { name: /新增下级/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /删除/ })).toBeNull();
    expect(screen.queryByRole('button', { name: '保存' })).toBeNull();
    expect(field('name').disabled).toBe(true);
  });
});
