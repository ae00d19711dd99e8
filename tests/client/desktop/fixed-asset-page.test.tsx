// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import FixedAssetPage from '../../../src/desktop/pages/finance/FixedAssetPage.tsx';
import { depreciationByCategoryOption } from '../../../src/desktop/components/charts/chart-options.ts';
import { buttonsOf, fakeServer, ok, page, refuse, useFakeServer, type Handler } from './fake-server.ts';
import { findRow, lastDialog, renderDesktop, toolbarButton } from './render.tsx';

/** 固定资产台账: the chart by category above the cards, 计提折旧 behind its button, a card's records in its dialog. */
const server = fakeServer();
const errors: string[] = [];
useFakeServer(server, errors);
const API = '/api/blade-system/fixedledger';

const CARD = {
  id: '11',
  assetCode: 'FA-1010-0001',
  assetName: '闭式四点压力机',
  assetCategory: '2',
  assetCategoryName: '机器设备',
  orgId: '1010',
  orgName: '常州布雷德',
  startUseDate: '2016-06-18',
  originalValue: 3860000,
  salvageRate: 0.05,
  usefulLifeMonths: 120,
  depreciationMethod: '1',
  depreciationMethodName: '年限平均法',
  monthlyDepreciation: 30558.33,
  accumulatedDepreciation: 1833500,
  impairment: 0,
  netValue: 2026500,
  assetStatus: '5',
  assetStatusName: '报废',
  stopMonth: '2026-08',
};
const STAT = [
  {
    assetCategory: '2',
    assetCategoryName: '机器设备',
    count: 1,
    originalValue: 3860000,
    accumulatedDepreciation: 1833500,
    netValue: 2026500,
    monthlyDepreciation: 0,
  },
];
const RECORDS = [
  {
    id: 'r2',
    period: '2026-08',
    amount: 30558.33,
    accumulated: 1833500,
    netValue: 2026500,
    createTime: '2026-08-28 18:00:00',
  },
];

/** The company of the open select's options (the search bar's list shows it too). */
const companyOption = async () =>
  (await screen.findAllByTitle('常州布雷德')).filter((e) => e.classList.contains('ant-select-item-option')).at(-1)!;

function serve(codes: string[], extra: Record<string, Handler> = {}) {
  server.serve({
    'GET /api/blade-system/menu/buttons': () => ok(buttonsOf(codes)),
    'GET /api/blade-system/dept/company-select': () => ok([{ value: '1010', label: '常州布雷德' }]),
    'GET /api/blade-system/dict-biz/dictionary': ({ params }) =>
      ok(
        params.code === 'depreciation_method'
          ? [
              { id: 'm1', dictKey: '1', dictValue: '年限平均法', remark: 'en:Straight-line', sort: 1 },
              { id: 'm2', dictKey: '2', dictValue: '双倍余额递减法', remark: 'en:Double-declining balance', sort: 2 },
            ]
          : [],
      ),
    'GET /api/blade-system/dict/dictionary': () => ok([]),
    'GET /api/blade-system/dept/tree': () => ok([]),
    'GET /api/blade-system/device/picker': () => page([]),
    [`GET ${API}/list`]: () => page([CARD]),
    [`GET ${API}/detail`]: () => ok(CARD),
    [`GET ${API}/category-stat`]: () => ok(STAT),
    [`GET ${API}/depreciations`]: () => ok(RECORDS),
    ...extra,
  });
}

describe('the fixed-asset screen', () => {
  it('lists the cards with their status and stop month, and the chart’s figures for the list’s search', async () => {
    serve(['fixedledger_view']);
    renderDesktop(<FixedAssetPage />);
    const row = await findRow('闭式四点压力机');
    expect(within(row).getByText('报废 2026-08').closest('.ant-tag')).toBeInTheDocument();
    await waitFor(() => expect(server.calls('GET', `${API}/category-stat`).length).toBeGreaterThan(0));
    // No 计提折旧 without its button.
    expect(screen.queryByRole('button', { name: /计提折旧/ })).toBeNull();
  });

  it('takes the depreciation figures typed only under the methods that enter them', async () => {
    serve(['fixedledger_view', 'fixedledger_add']);
    renderDesktop(<FixedAssetPage />);
    await findRow('闭式四点压力机');
    fireEvent.click(await toolbarButton(/新增/));
    const dialog = await lastDialog();
    const monthly = await within(dialog).findByLabelText('月折旧额');
    // The straight line (the default method): the server's figures.
    await waitFor(() => expect(monthly).toBeDisabled());
    expect(within(dialog).getByLabelText('累计折旧')).toBeDisabled();
    fireEvent.mouseDown(within(dialog).getByLabelText('折旧方法'));
    fireEvent.click(await screen.findByTitle('双倍余额递减法'));
    await waitFor(() => expect(monthly).toBeEnabled());
    expect(within(dialog).getByLabelText('累计折旧')).toBeEnabled();
  });

  it('shows a card’s depreciation records in its dialog', async () => {
    serve(['fixedledger_view']);
    renderDesktop(<FixedAssetPage />);
    fireEvent.click(within(await findRow('闭式四点压力机')).getByRole('button', { name: '查看' }));
    const dialog = await lastDialog();
    await within(dialog).findByText('折旧记录');
    expect(await within(dialog).findByText('30,558.33')).toBeInTheDocument();
    expect(server.calls('GET', `${API}/depreciations`)[0].params).toMatchObject({ assetId: '11' });
  });

  it('runs 计提折旧 for the company and month picked, and keeps the dialog on a refusal', async () => {
    let runs = 0;
    serve(['fixedledger_view', 'fixedledger_depreciate'], {
      [`POST ${API}/depreciate`]: ({ body }) =>
        ++runs === 1
          ? ok({ orgId: '1010', period: (body as { period: string }).period, assets: 12, amount: 86000 })
          : refuse('2026-11的折旧已计提，没有需要补提的资产'),
    });
    renderDesktop(<FixedAssetPage />);
    await findRow('闭式四点压力机');
    fireEvent.click(await toolbarButton(/计提折旧/));
    let dialog = await lastDialog();
    fireEvent.mouseDown(within(dialog).getByRole('combobox'));
    fireEvent.click(await companyOption());
    fireEvent.click(within(dialog).getAllByRole('button', { name: '计提折旧' }).at(-1)!);
    await waitFor(() => expect(server.calls('POST', `${API}/depreciate`)).toHaveLength(1));
    expect(server.calls('POST', `${API}/depreciate`)[0].body).toMatchObject({
      orgId: '1010',
      period: expect.stringMatching(/^\d{4}-\d\d$/),
    });
    await waitFor(() => expect(screen.queryAllByRole('dialog')).toHaveLength(0));
    fireEvent.click(await toolbarButton(/计提折旧/));
    dialog = await lastDialog();
    fireEvent.mouseDown(within(dialog).getByRole('combobox'));
    fireEvent.click(await companyOption());
    fireEvent.click(within(dialog).getAllByRole('button', { name: '计提折旧' }).at(-1)!);
    await waitFor(() => expect(server.calls('POST', `${API}/depreciate`)).toHaveLength(2));
    await waitFor(() => expect(errors).toEqual(['2026-11的折旧已计提，没有需要补提的资产']));
    expect(await lastDialog()).toBe(dialog);
  });
});

describe('the chart by category', () => {
  it('splits each category’s cost into accumulated depreciation and net value, with this month’s on its own axis', () => {
    const look = {
      lang: 'zh' as const,
      title: '各类别折旧情况',
      names: { accumulated: '累计折旧', net: '净值', month: '本月折旧' },
      colors: { accumulated: 'orange', net: 'blue', month: 'red' },
    };
    expect(depreciationByCategoryOption([], look)).toBeUndefined();
    const option = depreciationByCategoryOption(STAT, look)!;
    expect(option.xAxis).toMatchObject({ data: ['机器设备'] });
    expect(option.series).toMatchObject([
      { type: 'bar', stack: 'cost', data: [1833500] },
      { type: 'bar', stack: 'cost', data: [2026500] },
      { type: 'line', yAxisIndex: 1, data: [0] },
    ]);
  });
});
