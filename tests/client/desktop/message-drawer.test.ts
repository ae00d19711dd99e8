// @vitest-environment happy-dom
import { createElement, Fragment } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router-dom';
import type { Message } from '../../../src/client/api/message.ts';

/** What a plain message (no workflow) carries about a process: nothing. */
const NO_PROCESS = { taskId: null, processInstanceId: null, businessTable: '', businessId: null };

const rows: Message[] = [
  {
    id: '1',
    title: '预算审批提醒',
    content: '三月预算待审批',
    status: 0,
    createTime: '2025-03-01 09:00:00',
    category: 1,
    ...NO_PROCESS,
  },
  {
    id: '2',
    title: '系统维护通知',
    content: '今晚 22:00 维护',
    status: 1,
    createTime: '2025-02-28 18:00:00',
    category: 1,
    ...NO_PROCESS,
  },
  {
    id: '3',
    title: '新的待办: 财务审批',
    content: '张三发起的资金审批流程 待您办理: 财务审批',
    status: 0,
    createTime: '2025-03-02 09:00:00',
    category: 2,
    taskId: '701',
    processInstanceId: '702',
    businessTable: 'blade_process_finance',
    businessId: '703',
  },
  {
    id: '4',
    title: '流程已结束: 请假流程',
    content: '您发起的 请假流程 已办结',
    status: 1,
    createTime: '2025-03-03 09:00:00',
    category: 2,
    taskId: null,
    processInstanceId: '802',
    businessTable: 'blade_process_leave',
    businessId: '803',
  },
];
vi.mock('../../../src/client/api/message.ts', async (importActual) => ({
  messageTarget: (await importActual<typeof import('../../../src/client/api/message.ts')>()).messageTarget,
  MESSAGE_UNREAD: 0,
  fetchMessages: vi.fn(async (params: { status?: number }) => {
    const records = rows.filter((row) => params.status === undefined || row.status === params.status);
    return { records, total: records.length, size: 50, current: 1, pages: 1 };
  }),
  fetchUnreadCount: vi.fn(async () => 120),
  markRead: vi.fn(async () => null),
  markAllRead: vi.fn(async () => ({ count: 1 })),
}));

const api = await import('../../../src/client/api/message.ts');
const { MessageDrawer, DRAWER_WIDTH, BADGE_MAX } = await import('../../../src/desktop/layout/top/MessageDrawer.tsx');
const { MessageButton } = await import('../../../src/desktop/layout/top/MessageButton.tsx');
const { renderDesktop, signIn } = await import('./render.tsx');

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('message drawer', () => {
  it('is titled 消息通知, 350 px wide, with all/unread tabs and cancel / mark-all-read buttons', async () => {
    const onClose = vi.fn();
    renderDesktop(createElement(MessageDrawer, { open: true, onClose }));
    const drawer = await screen.findByRole('dialog');
    expect(within(drawer).getByText('消息通知')).toBeInTheDocument();
    expect(DRAWER_WIDTH).toBe(350);
    expect((document.querySelector('.ant-drawer-content-wrapper') as HTMLElement).style.width).toBe('350px');
    expect(await within(drawer).findByText('预算审批提醒')).toBeInTheDocument();
    expect(within(drawer).getByText('系统维护通知')).toBeInTheDocument();
    expect(api.fetchMessages).toHaveBeenCalledWith({});

    fireEvent.click(within(drawer).getByRole('tab', { name: '未读' }));
    await waitFor(() => expect(api.fetchMessages).toHaveBeenCalledWith({ status: 0 }));
    await waitFor(() => expect(within(drawer).queryByText('系统维护通知')).toBeNull());
    expect(within(drawer).getByText('预算审批提醒')).toBeInTheDocument();

    fireEvent.click(within(drawer).getByRole('button', { name: '取消' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('marks a clicked unread message read, and all of them with 全部已读', async () => {
    renderDesktop(createElement(MessageDrawer, { open: true, onClose: () => undefined }));
    fireEvent.click(await screen.findByText('预算审批提醒'));
    await waitFor(() => expect(api.markRead).toHaveBeenCalledWith(['1']));
    fireEvent.click(screen.getByText('系统维护通知'));
    expect(api.markRead).toHaveBeenCalledTimes(1);

    fireEvent.click(screen.getByRole('button', { name: '全部已读' }));
    await waitFor(() => expect(api.markAllRead).toHaveBeenCalled());
    // The list is fetched again after marking.
    await waitFor(() => expect(vi.mocked(api.fetchMessages).mock.calls.length).toBeGreaterThanOrEqual(3));
  });

  it('opens the task of a new to-do and the request of another workflow message, closing the drawer', async () => {
    const Location = () => createElement('output', { 'data-testid': 'location' }, useLocation().pathname);
    const onClose = vi.fn();
    renderDesktop(
      createElement(Fragment, null, createElement(MessageDrawer, { open: true, onClose }), createElement(Location)),
    );
    fireEvent.click(await screen.findByText('新的待办: 财务审批'));
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe('/work/process/finance/handle/701/702/703'),
    );
    expect(api.markRead).toHaveBeenCalledWith(['3']);
    expect(onClose).toHaveBeenCalledTimes(1);

    fireEvent.click(screen.getByText('流程已结束: 请假流程'));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/work/process/leave/detail/802/803'));
    // A plain message stays where it is.
    fireEvent.click(screen.getByText('系统维护通知'));
    expect(screen.getByTestId('location').textContent).toBe('/work/process/leave/detail/802/803');
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('shows the unread count on the bell, capped at 99+', async () => {
    signIn();
    renderDesktop(createElement(MessageButton));
    expect(BADGE_MAX).toBe(99);
    expect(await screen.findByText('99+')).toBeInTheDocument();
  });
});
