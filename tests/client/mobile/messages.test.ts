// @vitest-environment happy-dom
import { createElement, Fragment } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { useLocation } from 'react-router-dom';
import type { Message } from '../../../src/client/api/message.ts';
import { renderMobile, signIn } from './render.tsx';

vi.mock('../../../src/client/api/message.ts', async (importActual) => ({
  messageTarget: (await importActual<typeof import('../../../src/client/api/message.ts')>()).messageTarget,
  MESSAGE_UNREAD: 0,
  fetchMessages: vi.fn(),
  fetchUnreadCount: vi.fn(),
  markRead: vi.fn(),
  markAllRead: vi.fn(),
}));

const api = await import('../../../src/client/api/message.ts');
const { MessagesTab } = await import('../../../src/mobile/pages/messages/MessagesTab.tsx');
const { badgeText } = await import('../../../src/mobile/hooks.ts');

const message = (id: string, status: number, title = `消息 ${id}`): Message => ({
  id,
  title,
  content: `${title} 的完整内容`,
  status,
  createTime: '2026-11-22 08:00:00',
  category: 1,
  taskId: null,
  processInstanceId: null,
  businessTable: '',
  businessId: null,
});
const page = (records: Message[]) => ({ records, total: records.length, size: 20, current: 1, pages: 1 });

beforeEach(() => {
  signIn();
  vi.mocked(api.fetchMessages).mockImplementation(async (params) =>
    page(params.status === 0 ? [message('1', 0)] : [message('1', 0), message('2', 1)]),
  );
  vi.mocked(api.fetchUnreadCount).mockResolvedValue(1);
  vi.mocked(api.markRead).mockResolvedValue(null);
  vi.mocked(api.markAllRead).mockResolvedValue({ count: 1 });
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('phone messages tab', () => {
  it('lists all messages with the unread ones marked, and the unread tab asks for status 0', async () => {
    renderMobile(createElement(MessagesTab), '/messages');
    expect(await screen.findByText('消息 2')).toBeVisible();
    expect(api.fetchMessages).toHaveBeenCalledWith({ current: 1, size: 20 });
    expect(screen.getAllByRole('img', { name: '未读' })).toHaveLength(1);
    expect(screen.getByText('消息 2 的完整内容')).toBeVisible();

    fireEvent.click(screen.getByText('未读', { selector: '.adm-tabs-tab' }));
    await waitFor(() => expect(api.fetchMessages).toHaveBeenCalledWith({ status: 0, current: 1, size: 20 }));
    await waitFor(() => expect(screen.queryByText('消息 2')).toBeNull());
    expect(screen.getByText('消息 1')).toBeVisible();
  });

  it('opens the whole message on tap and marks an unread one read', async () => {
    renderMobile(createElement(MessagesTab), '/messages');
    fireEvent.click(await screen.findByText('消息 1'));
    await waitFor(() => expect(api.markRead).toHaveBeenCalledWith(['1']));
    expect(await screen.findByRole('article', { name: '消息详情' })).toBeVisible();
    await waitFor(() => expect(screen.queryAllByRole('img', { name: '未读' })).toHaveLength(0));

    fireEvent.click(screen.getByText('消息 2'));
    expect(api.markRead).toHaveBeenCalledTimes(1);
  });

  it('opens the task of a new to-do and the request of a finished process', async () => {
    const todo: Message = {
      ...message('7', 0, '新的待办: 人事审批'),
      category: 2,
      taskId: '71',
      processInstanceId: '72',
      businessTable: 'blade_process_leave',
      businessId: '73',
    };
    const finished: Message = {
      ...message('8', 1, '流程已结束: 资金审批流程'),
      category: 2,
      taskId: null,
      processInstanceId: '82',
      businessTable: 'blade_process_finance',
      businessId: '83',
    };
    vi.mocked(api.fetchMessages).mockResolvedValue(page([todo, finished]));
    const Location = () => createElement('output', { 'data-testid': 'location' }, useLocation().pathname);
    renderMobile(createElement(Fragment, null, createElement(MessagesTab), createElement(Location)), '/messages');
    fireEvent.click(await screen.findByText('新的待办: 人事审批'));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/approvals/leave/handle/71/72/73'));
    await waitFor(() => expect(api.markRead).toHaveBeenCalledWith(['7']));
    expect(screen.queryByRole('article', { name: '消息详情' })).toBeNull();

    fireEvent.click(screen.getByText('流程已结束: 资金审批流程'));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/approvals/finance/detail/82/83'));
  });

  it('marks everything read with 全部已读 and reloads the list and the count', async () => {
    renderMobile(createElement(MessagesTab), '/messages');
    await screen.findByText('消息 1');
    const button = await screen.findByRole('button', { name: '全部已读' });
    await waitFor(() => expect(button.hasAttribute('disabled')).toBe(false));
    const listCalls = vi.mocked(api.fetchMessages).mock.calls.length;
    fireEvent.click(button);
    await waitFor(() => expect(api.markAllRead).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(vi.mocked(api.fetchMessages).mock.calls.length).toBeGreaterThan(listCalls));
    expect(vi.mocked(api.fetchUnreadCount).mock.calls.length).toBeGreaterThan(1);
  });

  it('shows an empty state when there are no messages', async () => {
    vi.mocked(api.fetchMessages).mockResolvedValue(page([]));
    vi.mocked(api.fetchUnreadCount).mockResolvedValue(0);
    renderMobile(createElement(MessagesTab), '/messages');
    expect(await screen.findByText('暂无数据')).toBeVisible();
    expect(screen.getByRole('button', { name: '全部已读' }).hasAttribute('disabled')).toBe(true);
  });

  it('offline: keeps loaded messages readable, does not mark them read and disables 全部已读', async () => {
    const onLine = vi.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      const { queryClient } = renderMobile(createElement(MessagesTab), '/messages');
      queryClient.setQueryData(['mobile', 'messages', 'all'], { pages: [page([message('1', 0)])], pageParams: [1] });
      queryClient.setQueryData(['mobile', 'unread-count'], 1);
      fireEvent.click(await screen.findByText('消息 1'));
      expect(await screen.findByText('联网后才能标为已读')).toBeVisible();
      expect(api.markRead).not.toHaveBeenCalled();
      expect(screen.getByRole('button', { name: '全部已读' }).hasAttribute('disabled')).toBe(true);
    } finally {
      onLine.mockRestore();
    }
  });

  it('caps the tab badge at 99+ like the desktop', () => {
    expect(badgeText(0)).toBeUndefined();
    expect(badgeText(7)).toBe('7');
    expect(badgeText(99)).toBe('99');
    expect(badgeText(100)).toBe('99+');
  });
});
