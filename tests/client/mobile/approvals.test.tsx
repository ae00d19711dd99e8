// @vitest-environment happy-dom
import { AxiosError } from 'axios';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { onlineManager } from '@tanstack/react-query';
import { fakeServer, ok } from '../desktop/fake-server.ts';
import { at, card, flow, flowRoutes, history, renderApprovals, useApprovalsSetup } from './approvals-fixtures.ts';
import { UNDO_MS } from '../../../src/mobile/pages/approvals/pending-approvals.ts';

const server = fakeServer();
const notified = vi.fn();

const undoBar = () => document.querySelector<HTMLElement>('.m-undo-bar');
/** `text` once the list shows it. */
const textOf = async (text: string) => (await screen.findByText(text)).textContent!;
const completeBodies = () => server.calls('POST', '/api/blade-flow/work/complete-task').map((request) => request.body);

/** The browser going off or on line, as the page hears it. */
function setOnline(online: boolean) {
  vi.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(online);
  act(() => {
    onlineManager.setOnline(online);
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });
}

useApprovalsSetup(server, notified);
afterEach(() => {
  vi.useRealTimers();
});

describe('phone approvals: the lists', () => {
  it('lists my to-do tasks newest first with the key fields of their requests, ten a page, with the counts as badges', async () => {
    renderApprovals();
    const leave = await screen.findByText('回老家办事');
    const leaveCard = leave.closest('.adm-card') as HTMLElement;
    expect(within(leaveCard).getByText('请假流程')).toBeVisible();
    expect(within(leaveCard).getByText('张三')).toBeVisible();
    // The working days the server counted, not the hours between the two times.
    expect(within(leaveCard).getByText('3 天')).toBeVisible();
    expect(within(leaveCard).getByText('2026-11-23 上午 ~ 2026-11-25 下午')).toBeVisible();
    expect(within(leaveCard).getByText('审批人审批')).toBeVisible();
    expect(leaveCard.textContent).toContain('2026-11-21 10:30');

    const fundCard = card('采购服务器');
    expect(within(fundCard).getByText('资金审批流程')).toBeVisible();
    expect(within(fundCard).getByText('¥12,000.00')).toBeVisible();
    expect(within(fundCard).getByText('王五')).toBeVisible();
    // Newest first, as the server orders them.
    const cards = [...document.querySelectorAll('.m-flow-card')];
    expect(cards.indexOf(leaveCard)).toBeLessThan(cards.indexOf(fundCard));

    expect(server.calls('GET', '/api/blade-flow/work/todo-list')[0].params).toEqual({ current: 1, size: 10 });
    const tabs = document.querySelector('.m-toolbar') as HTMLElement;
    await waitFor(() =>
      expect([...tabs.querySelectorAll('.adm-badge-content')].map((b) => b.textContent)).toEqual(['2', '1']),
    );
  });

  it('loads the next ten while scrolling', async () => {
    const first = Array.from({ length: 10 }, (_, i) =>
      flow({
        taskId: `t${i}`,
        taskName: `第 ${i} 个任务`,
        processInstanceId: `p${i}`,
        businessTable: '',
        category: '9',
      }),
    );
    const second = [
      flow({ taskId: 't10', taskName: '第 10 个任务', processInstanceId: 'p10', businessTable: '', category: '9' }),
    ];
    server.serve(
      flowRoutes({
        'GET /api/blade-flow/work/todo-list': (request) =>
          ok({
            records: request.params.current === 2 ? second : first,
            total: 11,
            size: 10,
            current: request.params.current,
            pages: 2,
          }),
      }),
    );
    renderApprovals();
    // happy-dom lays nothing out: the list's end counts as in view once it has an offset parent.
    Object.defineProperty(HTMLElement.prototype, 'offsetParent', { configurable: true, get: () => document.body });
    try {
      expect(await screen.findByText('第 10 个任务')).toBeVisible();
      expect(server.calls('GET', '/api/blade-flow/work/todo-list').map((r) => r.params.current)).toEqual([1, 2]);
      expect(await screen.findByText('没有更多了')).toBeVisible();
    } finally {
      delete (HTMLElement.prototype as { offsetParent?: unknown }).offsetParent;
    }
  });

  it('shows the claimable tasks in their own segment, marked 待签收', async () => {
    renderApprovals();
    await screen.findByText('回老家办事');
    fireEvent.click(screen.getByText('待签'));
    expect(await screen.findByText('年假')).toBeVisible();
    expect(within(card('年假')).getByText('待签收')).toBeVisible();
    expect(at()).toBe('/approvals?tab=claim');
  });
});

describe('phone approvals: a task', () => {
  it('opens a task with its request read-only and the history', async () => {
    renderApprovals();
    fireEvent.click(await screen.findByText('回老家办事'));
    expect(at()).toBe('/approvals/leave/handle/101/501/901');
    const record = await screen.findByRole('region', { name: '申请内容' });
    expect(await within(record).findByText('回老家办事')).toBeVisible();
    expect(within(record).getByText('2026-11-23 上午')).toBeVisible();
    expect(within(record).getByText('审批中')).toBeVisible();
    const history = screen.getByRole('region', { name: '审批记录' });
    expect(await within(history).findByText('开始')).toBeVisible();
    expect(within(history).getByText('张三')).toBeVisible();
    expect(within(history).getByText(/进行中/)).toBeVisible();
    expect(server.calls('GET', '/api/blade-flow/process/history-flow-list')[0].params).toEqual({
      processInstanceId: '501',
    });
    // The tab bar gives way to the decision; transfer is not offered on the phone.
    expect(document.querySelector('.m-tab-bar')).toBeNull();
    expect(screen.getByRole('button', { name: '同意' })).toBeVisible();
    expect(screen.getByRole('button', { name: '驳回' })).toBeVisible();
    expect(screen.queryByRole('button', { name: '签收' })).toBeNull();
  });

  it('says a task handled since (an old message, another candidate) is done, and offers no decision', async () => {
    server.serve(
      flowRoutes({
        'GET /api/blade-flow/process/history-flow-list': (request) =>
          ok(
            history(String(request.params.processInstanceId)).map((row) =>
              row.taskId === '101' ? { ...row, endTime: '2026-11-21 11:00:00', comment: '同意' } : row,
            ),
          ),
      }),
    );
    renderApprovals();
    fireEvent.click(await screen.findByText('回老家办事'));
    expect(await screen.findByRole('note')).toHaveProperty('textContent', '任务已处理');
    expect(screen.queryByRole('button', { name: '同意' })).toBeNull();
    expect(screen.queryByRole('button', { name: '驳回' })).toBeNull();
  });

  it('approves in two taps from the list: 同意 on the task goes back with 撤销, and sends it with flag ok after the delay', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderApprovals();
    fireEvent.click(await screen.findByText('回老家办事'));
    fireEvent.click(await screen.findByRole('button', { name: '同意' }));
    await waitFor(() => expect(at()).toBe('/approvals'));
    expect(undoBar()?.textContent).toContain('已同意');
    // No confirmation, nothing sent yet, and the task is out of the list.
    expect(screen.queryByRole('dialog', { name: '同意' })).toBeNull();
    expect(completeBodies()).toEqual([]);
    await screen.findByText('采购服务器');
    expect(screen.queryByText('回老家办事')).toBeNull();
    act(() => vi.advanceTimersByTime(UNDO_MS));
    await waitFor(() =>
      expect(completeBodies()).toEqual([
        { taskId: '101', processInstanceId: '501', comment: '同意', pass: true, flag: 'ok' },
      ]),
    );
    // The list is asked again.
    await waitFor(() => expect(server.calls('GET', '/api/blade-flow/work/todo-list').length).toBeGreaterThan(1));
    await waitFor(() => expect(undoBar()).toBeNull());
  });

  it('approves from the card in one tap; 撤销 brings the task back and sends nothing', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderApprovals();
    await screen.findByText('回老家办事');
    fireEvent.click(await within(card('回老家办事')).findByRole('button', { name: '同意' }));
    expect(at()).toBe('/approvals');
    await waitFor(() => expect(screen.queryByText('回老家办事')).toBeNull());
    fireEvent.click(within(undoBar()!).getByRole('button', { name: '撤销' }));
    expect(await screen.findByText('回老家办事')).toBeVisible();
    expect(undoBar()).toBeNull();
    act(() => vi.advanceTimersByTime(UNDO_MS));
    expect(completeBodies()).toEqual([]);
  });

  it('rejects in two taps with the comment prefilled 驳回 and pass false', async () => {
    renderApprovals();
    fireEvent.click(await screen.findByText('采购服务器'));
    expect(await screen.findByText('¥12,000.00')).toBeInTheDocument();
    fireEvent.click(await screen.findByRole('button', { name: '驳回' }));
    const sheet = await screen.findByRole('dialog', { name: '驳回' });
    expect((within(sheet).getByLabelText('审批意见') as HTMLTextAreaElement).value).toBe('驳回');
    fireEvent.click(within(sheet).getByRole('button', { name: '确认' }));
    await waitFor(() =>
      expect(completeBodies()).toEqual([{ taskId: '102', processInstanceId: '502', comment: '驳回', pass: false }]),
    );
    expect(await screen.findByText('已驳回')).toBeInTheDocument();
  });

  it('says the server refusal of an approval, and the task is back in the list', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    server.serve(
      flowRoutes({
        'POST /api/blade-flow/work/complete-task': () => [
          400,
          { code: 400, success: false, data: null, msg: '任务已处理' },
        ],
      }),
    );
    renderApprovals();
    fireEvent.click(await within(card(await textOf('回老家办事'))).findByRole('button', { name: '同意' }));
    await waitFor(() => expect(screen.queryByText('回老家办事')).toBeNull());
    act(() => vi.advanceTimersByTime(UNDO_MS));
    await waitFor(() => expect(notified).toHaveBeenCalledWith('任务已处理'));
    expect(await screen.findByText('回老家办事')).toBeVisible();
  });

  it('says so when an approval got no answer (the network dropped), and the task is back', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    server.serve(
      flowRoutes({
        'POST /api/blade-flow/work/complete-task': () => {
          throw new AxiosError('Network Error', 'ERR_NETWORK');
        },
      }),
    );
    renderApprovals('/approvals/leave/handle/101/501/901');
    fireEvent.click(await screen.findByRole('button', { name: '同意' }));
    await waitFor(() => expect(at()).toBe('/approvals'));
    act(() => vi.advanceTimersByTime(UNDO_MS));
    expect(await screen.findByText('网络异常,请检查网络连接', { selector: '.adm-toast-main *' })).toBeVisible();
    expect(await screen.findByText('回老家办事')).toBeVisible();
  });

  it('takes a kind no definition declares for an unknown route (/404, which the phone answers with its home)', async () => {
    renderApprovals('/approvals/travel/handle/101/501/901');
    await waitFor(() => expect(at()).toBe('/approvals'));
  });

  it('claims a claimable task with 签收, after which it is an ordinary to-do task', async () => {
    renderApprovals('/approvals?tab=claim');
    fireEvent.click(await screen.findByText('年假'));
    expect(at()).toBe('/approvals/leave/handle/103/503/903?claim=1');
    fireEvent.click(await screen.findByRole('button', { name: '签收' }));
    await waitFor(() =>
      expect(server.calls('POST', '/api/blade-flow/work/claim-task').map((r) => r.params)).toEqual([{ taskId: '103' }]),
    );
    expect(await screen.findByText('签收事务成功')).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('button', { name: '签收' })).toBeNull());
    expect(at()).toBe('/approvals/leave/handle/103/503/903');
    expect(screen.getByRole('button', { name: '同意' })).toBeVisible();
  });

  it('approves a group task from its card: claimed first, then completed', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderApprovals('/approvals?tab=claim');
    fireEvent.click(await within(card(await textOf('年假'))).findByRole('button', { name: '同意' }));
    await waitFor(() => expect(screen.queryByText('年假')).toBeNull());
    act(() => vi.advanceTimersByTime(UNDO_MS));
    await waitFor(() =>
      expect(completeBodies()).toEqual([
        { taskId: '103', processInstanceId: '503', comment: '同意', pass: true, flag: 'ok' },
      ]),
    );
    expect(server.calls('POST', '/api/blade-flow/work/claim-task').map((r) => r.params)).toEqual([{ taskId: '103' }]);
    const [claim] = server.sent.filter((r) => r.url.endsWith('/claim-task') || r.url.endsWith('/complete-task'));
    expect(claim?.url).toContain('/claim-task');
  });

  it('offline: says approving needs the network and sends nothing', async () => {
    renderApprovals();
    fireEvent.click(await screen.findByText('回老家办事'));
    await screen.findByRole('region', { name: '申请内容' });
    // The decision bar comes once the history says the task still waits.
    await screen.findByRole('button', { name: '同意' });
    setOnline(false);
    // What was loaded stays, the banner and the bar say why nothing can be decided now.
    expect(screen.getByText('回老家办事')).toBeVisible();
    expect(screen.getByText('当前处于离线状态,显示的是最近一次加载的内容')).toBeVisible();
    expect(screen.getByRole('note').textContent).toBe('审批需要网络连接');

    fireEvent.click(screen.getByRole('button', { name: '同意' }));
    expect(await screen.findByText('审批需要网络连接', { selector: '.adm-toast-main *' })).toBeVisible();
    expect(screen.queryByRole('dialog', { name: '同意' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '驳回' }));
    expect(screen.queryByRole('dialog', { name: '驳回' })).toBeNull();
    expect(server.calls('POST', '/api/blade-flow/work/complete-task')).toEqual([]);
  });

  it('offline after the sheet opened: 确认 sends nothing either', async () => {
    renderApprovals('/approvals/finance/handle/102/502/902');
    fireEvent.click(await screen.findByRole('button', { name: '驳回' }));
    const sheet = await screen.findByRole('dialog', { name: '驳回' });
    setOnline(false);
    fireEvent.click(within(sheet).getByRole('button', { name: '确认' }));
    expect(await screen.findByText('审批需要网络连接', { selector: '.adm-toast-main *' })).toBeVisible();
    expect(server.calls('POST', '/api/blade-flow/work/complete-task')).toEqual([]);
  });

  it('keeps the lists and requests last loaded for an offline reopening', async () => {
    const first = renderApprovals();
    await screen.findByText('回老家办事');
    await screen.findByText('¥12,000.00');
    first.unmount();
    expect(localStorage.getItem('saber-mobileFlowCache')).toContain('回老家办事');

    setOnline(false);
    server.reset();
    renderApprovals();
    expect(await screen.findByText('回老家办事')).toBeVisible();
    expect(screen.getByText('¥12,000.00')).toBeVisible();
    expect(server.sent).toEqual([]);
  });
});
