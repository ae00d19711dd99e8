// @vitest-environment happy-dom
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TenantMove } from '../../../src/shared/contract/api/system.schemas.ts';
import TenantPage from '../../../src/desktop/pages/system/TenantPage.tsx';
import { buttons, fakeServer, ok, page, refuse, type Handler, useFakeServer } from './fake-server.ts';
import { findRow, lastDialog, renderDesktop, toolbarButton } from './render.tsx';

/** 租户管理's 迁移租户 (TenantMoveDialog.tsx) against a fake server: the form, the confirmation, the progress. */
const TENANT = '/api/blade-system/tenant';
const { serve, calls, reset } = fakeServer();
const errors: string[] = [];
useFakeServer({ reset }, errors);

const tenant = (
  id: string,
  tenantId: string,
  tenantName: string,
  datasourceId: string | null,
  datasourceName = '',
) => ({
  id,
  tenantId,
  tenantName,
  linkman: '张三',
  contactNumber: '13800000000',
  accountNumber: -1,
  expireTime: '',
  datasourceId,
  datasourceName,
  packageId: null,
});
const rows = [tenant('1', '100001', '一号租户', null), tenant('2', '100002', '二号租户', '7', '二号库')];
const move = (state: TenantMove['state'], changes: Partial<TenantMove> = {}): TenantMove => ({
  id: '900',
  tenantId: '100001',
  fromSource: null,
  toSource: '7',
  state,
  pausedMs: null,
  error: '',
  startedAt: '2026-12-01 10:00:00',
  endedAt: state === 'done' || state === 'failed' ? '2026-12-01 10:00:09' : null,
  ...changes,
});

function renderTenants(handlers: Record<string, Handler> = {}) {
  serve({
    'GET /api/blade-system/menu/buttons': () => ok(buttons('tenant', ['tenant_datasource'])),
    [`GET ${TENANT}/list`]: () => page(rows),
    [`GET ${TENANT}/detail`]: ({ params }) => ok(rows.find((row) => row.id === params.id)),
    'GET /api/blade-develop/datasource/select': () => ok([{ id: '7', name: '二号库' }]),
    [`GET ${TENANT}/move-status`]: () => ok(null),
    ...handlers,
  });
  return renderDesktop(createElement(TenantPage), '/system/tenant/index');
}

/** Ticks the tenant's row and opens 迁移租户, once it shows the tenant's move or the form. */
async function openMove(name: string) {
  fireEvent.click(within(await findRow(name)).getByRole('checkbox'));
  fireEvent.click(await toolbarButton(/迁移租户/));
  const dialog = await lastDialog();
  await waitFor(() => expect(dialog.querySelector('.ant-skeleton')).toBeNull());
  return dialog;
}

async function pickTarget(dialog: HTMLElement, option: string) {
  fireEvent.mouseDown(within(dialog).getByRole('combobox'));
  const options = await screen.findAllByText(option, { selector: '.ant-select-item-option-content' });
  fireEvent.click(options.at(-1)!);
}

describe('迁移租户 on the tenant screen', () => {
  it("shows each tenant's database in the list: its data source, or 主库", async () => {
    renderTenants();
    expect(within(await findRow('二号租户')).getByText('二号库')).toBeInTheDocument();
    expect(within(await findRow('一号租户')).getByText('主库')).toBeInTheDocument();
  });

  it('moves after a confirmation saying what a move does, then follows it to 完成 and its pause', async () => {
    let reads = 0;
    renderTenants({
      [`POST ${TENANT}/move`]: () => ok(move('copying')),
      [`GET ${TENANT}/move-status`]: () => {
        reads += 1;
        // Before the move: none yet. Then one read copying, then done.
        if (calls('POST', `${TENANT}/move`).length === 0) return ok(null);
        return ok(reads < 3 ? move('copying') : move('done', { pausedMs: 420 }));
      },
    });
    const dialog = await openMove('一号租户');
    expect(await within(dialog).findByText('当前位置')).toBeInTheDocument();
    expect(within(dialog).getByText('主库')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await within(dialog).findByText('请选择目标数据库', { selector: '.ant-form-item-explain-error' }));
    await pickTarget(dialog, '二号库');
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));

    const confirm = (
      await screen.findByText('将租户「一号租户」迁移到「二号库」?', { selector: '.ant-modal-confirm-title' })
    ).closest('.ant-modal') as HTMLElement;
    expect(within(confirm).getByText(/复制到目标数据库.*切换时暂停其写入几秒钟/)).toBeInTheDocument();
    expect(calls('POST', `${TENANT}/move`)).toHaveLength(0);
    fireEvent.click(within(confirm).getByRole('button', { name: '确定' }));

    await waitFor(() => expect(calls('POST', `${TENANT}/move`)).toHaveLength(1));
    expect(calls('POST', `${TENANT}/move`)[0].params).toEqual({ tenantId: '100001', datasourceId: '7' });
    expect(await within(dialog).findByText('复制中')).toBeInTheDocument();
    expect(within(dialog).getByText('主库 → 二号库')).toBeInTheDocument();
    const listReads = calls('GET', `${TENANT}/list`).length;
    expect(await within(dialog).findByText('完成', {}, { timeout: 5_000 })).toBeInTheDocument();
    expect(within(dialog).getByText('420 毫秒')).toBeInTheDocument();
    // 租户, 迁移, 状态, 写入暂停: no row for the blank error.
    expect(dialog.querySelectorAll('.ant-descriptions-row')).toHaveLength(4);
    // The list reads the tenant's new data source; the dialog stays open on the result.
    await waitFor(() => expect(calls('GET', `${TENANT}/list`).length).toBeGreaterThan(listReads));
    const footer = dialog.querySelector('.ant-modal-footer') as HTMLElement;
    expect(
      within(footer)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['关闭']);
    expect(within(dialog).queryByRole('combobox')).toBeNull();
  });

  it('opens on the progress of a move already running, and shows a rolled-back one with its error', async () => {
    let state: TenantMove['state'] = 'cutover';
    renderTenants({
      [`GET ${TENANT}/move-status`]: () =>
        ok(move(state, state === 'failed' ? { error: 'the copy differs from the source: blade_post 3/2' } : {})),
    });
    const dialog = await openMove('一号租户');
    expect(await within(dialog).findByText('切换中')).toBeInTheDocument();
    expect(within(dialog).queryByRole('combobox')).toBeNull();
    state = 'failed';
    expect(await within(dialog).findByText('已回滚', {}, { timeout: 5_000 })).toBeInTheDocument();
    expect(within(dialog).getByText('the copy differs from the source: blade_post 3/2')).toBeInTheDocument();
  });

  it('offers a new move once the last one ended, and not the database the tenant is on', async () => {
    renderTenants({ [`GET ${TENANT}/move-status`]: () => ok(move('done', { tenantId: '100002' })) });
    const dialog = await openMove('二号租户');
    expect(await within(dialog).findByText('当前位置')).toBeInTheDocument();
    fireEvent.mouseDown(within(dialog).getByRole('combobox'));
    const options = await screen.findAllByText(/./, { selector: '.ant-select-item-option-content' });
    expect(options.map((option) => option.textContent)).toEqual(['主库']);
  });

  it('leaves a refusal to the toast of every error and keeps the form', async () => {
    const refusal = '租户数据源需要主库为 PostgreSQL (DATABASE_URL)';
    renderTenants({ [`POST ${TENANT}/move`]: () => refuse(refusal) });
    const dialog = await openMove('一号租户');
    await pickTarget(dialog, '二号库');
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    const confirm = (await screen.findByText(/迁移到「二号库」/, { selector: '.ant-modal-confirm-title' })).closest(
      '.ant-modal',
    ) as HTMLElement;
    fireEvent.click(within(confirm).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(errors).toEqual([refusal]));
    expect(within(dialog).getByRole('combobox')).toBeInTheDocument();
    expect(within(dialog).queryByText('复制中')).toBeNull();
  });
});
