// @vitest-environment happy-dom
import { createElement } from 'react';
import { expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { productIntroduce } from '../../../src/shared/entities/production/product-introduce.ts';
import { CrudPage } from '../../../src/desktop/components/crud/CrudPage.tsx';
import { buttonsOf, fakeServer, ok, useFakeServer } from './fake-server.ts';
import { renderDesktop } from './render.tsx';

/** A definition's partial edit (`edits`): a project manager's 更新阶段 lists and submits, nothing else. */
const { serve, calls, reset } = fakeServer();
const errors: string[] = [];
useFakeServer({ reset }, errors);
const BASE = '/api/blade-system/productintroduce';

const row = {
  id: '7001',
  introduceNo: 'NPI20260001',
  customerId: '11',
  customerName: '一汽-大众汽车有限公司',
  project: 'VW316 前门',
  productNo: 'NEW-001',
  productName: '前门内板加强件',
  orgId: '1010',
  orgName: '常州布雷德',
  stage: '2',
  stageName: '定点',
  introduceStatus: '1',
  introduceStatusName: '进行中',
  ppapDate: '2026-09-01',
  sopDate: null,
  managerId: '31',
  managerName: '周海涛',
  progress: 0.25,
  remark: '',
  // He manages this one (the server marks the rows he answers for).
  stageMine: true,
};
/** Another manager's project: listed, but not his to update. */
const theirs = {
  ...row,
  id: '7002',
  introduceNo: 'NPI20260002',
  managerId: '32',
  managerName: '李工',
  stageMine: false,
};

it('shows 更新阶段 to a holder of the button alone: the name fields locked, the stage fields sent to /stage', async () => {
  serve({
    'GET /api/blade-system/menu/buttons': () => ok(buttonsOf(['productintroduce_stage'])),
    [`GET ${BASE}/list`]: () => ok({ records: [row, theirs], total: 2, size: 10, current: 1, pages: 1 }),
    'GET /api/blade-system/customer/picker': () => ok({ records: [], total: 0, size: 10, current: 1, pages: 0 }),
    'GET /api/blade-system/dept/company-select': () => ok([]),
    'GET /api/blade-system/dict-biz/dictionary': (request) =>
      ok(
        request.params.code === 'npi_stage'
          ? [
              { dictKey: '2', dictValue: '定点' },
              { dictKey: '5', dictValue: 'PPAP' },
            ]
          : [{ dictKey: '1', dictValue: '进行中' }],
      ),
    [`GET ${BASE}/detail`]: () => ok(row),
    [`POST ${BASE}/stage`]: (request) => ok({ ...row, ...request.body }),
  });
  renderDesktop(createElement(CrudPage, { entity: productIntroduce }), '/production/productintroduce');
  const update = await screen.findByRole('button', { name: '更新阶段' });
  // On his own project alone: the server would refuse another manager's.
  await screen.findByText('NPI20260002');
  expect(screen.getAllByRole('button', { name: '更新阶段' })).toHaveLength(1);
  // Neither add nor edit nor delete for him.
  expect(screen.queryByRole('button', { name: /新\s*增/ })).toBeNull();
  expect(screen.queryByRole('button', { name: /修\s*改/ })).toBeNull();
  fireEvent.click(update);
  const dialog = await screen.findByRole('dialog');
  expect(within(dialog).getByText('更新阶段')).toBeInTheDocument();
  const project = await within(dialog).findByLabelText('项目');
  expect((project as HTMLInputElement).disabled).toBe(true);
  // Fields outside the edit are not in the form at all.
  expect(within(dialog).queryByLabelText('客户')).toBeNull();
  expect(within(dialog).queryByLabelText('目标单价')).toBeNull();
  fireEvent.change(within(dialog).getByLabelText('备注'), { target: { value: 'PPAP 文件包已提交' } });
  fireEvent.click(within(dialog).getByRole('button', { name: /修\s*改/ }));
  await waitFor(() => expect(calls('POST', `${BASE}/stage`)).toHaveLength(1));
  const sent = calls('POST', `${BASE}/stage`)[0].body!;
  expect(sent).toMatchObject({ id: '7001', stage: '2', ppapDate: '2026-09-01', remark: 'PPAP 文件包已提交' });
  expect(sent).not.toHaveProperty('project');
  expect(sent).not.toHaveProperty('customerId');
  expect(calls('POST', `${BASE}/submit`)).toHaveLength(0);
  expect(errors).toEqual([]);
});
