// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { onlineManager } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { formatDateTime } from '../../../src/shared/contract/time.ts';
import { fakeServer, ok, refuse } from '../desktop/fake-server.ts';
import { at, card, flowRoutes, renderApprovals, useApprovalsSetup } from './approvals-fixtures.ts';

const server = fakeServer();
const notified = vi.fn();

const startBodies = (kind: 'leave' | 'finance') =>
  server.calls('POST', `/api/blade-desk/process/${kind}/start-process`).map((r) => r.body);
/** Tomorrow in the tenant's zone (Asia/Shanghai): the test machine's zone may be another. */
const tomorrowDate = () => dayjs(formatDateTime().slice(0, 10)).add(1, 'day').format('YYYY-MM-DD');
const tomorrow = (time: string) => `${tomorrowDate()} ${time}`;
const half = (group: string, name: string) =>
  within(screen.getByRole('radiogroup', { name: group })).getByRole('radio', { name });

async function pickApprover(name: string) {
  fireEvent.click(screen.getByRole('button', { name: '审批人' }));
  const picker = await screen.findByRole('dialog', { name: '选择审批人' });
  fireEvent.click(await within(picker).findByText(name));
  await waitFor(() => expect(screen.getByRole('button', { name: '审批人' }).textContent).toBe(name));
}

useApprovalsSetup(server, notified);

describe('phone approvals: starting a request', () => {
  it('starts a leave with the latest leave definition: dates and half days, its working days, reason and an approver from the user list', async () => {
    // The tenant's calendar makes tomorrow a working day, whatever weekday it is.
    server.serve(
      flowRoutes({
        'GET /api/blade-system/work-calendar/year': () => ok([{ calendarDate: tomorrowDate(), dayType: 1 }]),
      }),
    );
    renderApprovals();
    await screen.findByText('回老家办事');
    fireEvent.click(screen.getByRole('button', { name: '发起申请' }));
    fireEvent.click(await screen.findByText('请假流程', { selector: '.adm-action-sheet-button-item-name' }));
    expect(at()).toBe('/approvals/leave/form/Leave%3A2%3A77');
    expect(await screen.findByRole('button', { name: '开始时间' })).toBeVisible();
    // Tomorrow, the whole day, to start with: 1 working day, as the server will count it.
    expect(screen.getByRole('button', { name: '开始时间' }).textContent).toBe(tomorrowDate());
    expect(screen.getByRole('button', { name: '结束时间' }).textContent).toBe(tomorrowDate());
    expect(half('开始时段', '上午').getAttribute('aria-checked')).toBe('true');
    expect(half('结束时段', '下午').getAttribute('aria-checked')).toBe('true');
    expect(await screen.findByText('1 天')).toBeVisible();
    // An afternoon: half a day; ending at noon of the day it starts in the afternoon is refused.
    fireEvent.click(half('开始时段', '下午'));
    expect(await screen.findByText('0.5 天')).toBeVisible();
    fireEvent.click(half('结束时段', '上午'));
    fireEvent.click(screen.getByRole('button', { name: '提交申请' }));
    expect(await screen.findByText('结束时间须晚于开始时间')).toBeVisible();
    fireEvent.click(half('结束时段', '下午'));

    // Nothing is sent before the form is complete.
    fireEvent.click(screen.getByRole('button', { name: '提交申请' }));
    expect(await screen.findByText('请输入理由')).toBeVisible();
    expect(screen.getByText('请选择审批人')).toBeVisible();
    expect(startBodies('leave')).toEqual([]);

    fireEvent.change(screen.getByLabelText('请假理由'), { target: { value: '家里有事' } });
    await pickApprover('李四');
    // The signed-in user is not offered as his own approver.
    fireEvent.click(screen.getByRole('button', { name: '审批人' }));
    expect(within(await screen.findByRole('dialog', { name: '选择审批人' })).queryByText('管理员')).toBeNull();
    fireEvent.click(within(screen.getByRole('dialog', { name: '选择审批人' })).getByText('李四'));

    fireEvent.click(screen.getByRole('button', { name: '提交申请' }));
    await waitFor(() =>
      expect(startBodies('leave')).toEqual([
        {
          processDefinitionId: 'Leave:2:77',
          startTime: tomorrow('13:00:00'),
          endTime: tomorrow('18:00:00'),
          reason: '家里有事',
          taskUser: '7',
        },
      ]),
    );
    expect(await screen.findByText('申请已提交')).toBeVisible();
    await waitFor(() => expect(at()).toBe('/approvals?tab=mine'));
    expect(await screen.findByText('团建经费')).toBeVisible();
  });

  it('starts the leave on the next working day of the tenant calendar: a holiday tomorrow is skipped', async () => {
    const dayAfter = dayjs(tomorrowDate()).add(1, 'day').format('YYYY-MM-DD');
    server.serve(
      flowRoutes({
        'GET /api/blade-system/work-calendar/year': () =>
          ok([
            { calendarDate: tomorrowDate(), dayType: 3 },
            { calendarDate: dayAfter, dayType: 1 },
          ]),
      }),
    );
    renderApprovals('/approvals/leave/form/Leave%3A2%3A77');
    await waitFor(() => expect(screen.getByRole('button', { name: '开始时间' }).textContent).toBe(dayAfter));
    expect(screen.getByRole('button', { name: '结束时间' }).textContent).toBe(dayAfter);
    expect(await screen.findByText('1 天')).toBeVisible();
  });

  it('starts a fund request, checking the amount as the server does', async () => {
    renderApprovals('/approvals/finance/form/Finance%3A1%3A78');
    fireEvent.change(await screen.findByRole('textbox', { name: '标题' }), { target: { value: '采购显示器' } });
    fireEvent.change(screen.getByRole('textbox', { name: '金额' }), { target: { value: '12.345' } });
    await pickApprover('张三');
    fireEvent.click(screen.getByRole('button', { name: '提交申请' }));
    await screen.findByText('请输入正确的金额');
    // An empty purpose is asked for by its name.
    screen.getByText('请输入用途');
    expect(screen.queryByText('请输入理由')).toBeNull();
    fireEvent.change(screen.getByLabelText('用途'), { target: { value: '新员工入职' } });
    expect(startBodies('finance')).toEqual([]);

    fireEvent.change(screen.getByRole('textbox', { name: '金额' }), { target: { value: '3200.5' } });
    fireEvent.click(screen.getByRole('button', { name: '提交申请' }));
    await waitFor(() =>
      expect(startBodies('finance')).toEqual([
        {
          processDefinitionId: 'Finance:1:78',
          title: '采购显示器',
          amount: '3200.5',
          reason: '新员工入职',
          taskUser: '2',
        },
      ]),
    );
  });

  it('lets a user who may not read the user list enter the approver id', async () => {
    server.serve(flowRoutes({ 'GET /api/blade-flow/work/user-select': () => refuse('无权访问', 403) }));
    renderApprovals('/approvals/leave/form/Leave%3A2%3A77');
    fireEvent.change(await screen.findByLabelText('请假理由'), { target: { value: '体检' } });
    fireEvent.click(screen.getByRole('button', { name: '审批人' }));
    const picker = await screen.findByRole('dialog', { name: '选择审批人' });
    expect(await within(picker).findByText('无法读取用户列表,请输入审批人的用户编号')).toBeVisible();
    fireEvent.change(within(picker).getByRole('textbox', { name: '审批人编号' }), {
      target: { value: '1123598821738675209' },
    });
    expect(notified).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: '提交申请' }));
    await waitFor(() =>
      expect(startBodies('leave')[0]).toMatchObject({ reason: '体检', taskUser: '1123598821738675209' }),
    );
  });

  it('offline: submitting says it needs the network and sends nothing', async () => {
    renderApprovals('/approvals/leave/form/Leave%3A2%3A77');
    fireEvent.change(await screen.findByLabelText('请假理由'), { target: { value: '体检' } });
    await pickApprover('李四');
    vi.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(false);
    act(() => {
      onlineManager.setOnline(false);
      window.dispatchEvent(new Event('offline'));
    });
    fireEvent.click(screen.getByRole('button', { name: '提交申请' }));
    expect(await screen.findByText('提交申请需要网络连接')).toBeVisible();
    expect(startBodies('leave')).toEqual([]);
  });
});

describe('phone approvals: my requests', () => {
  it('lists my requests with their state', async () => {
    renderApprovals('/approvals?tab=mine');
    const rejected = card(await screen.findByText('看病').then((node) => node.textContent!));
    expect(await within(rejected).findByText('已驳回')).toBeVisible();
    expect(within(rejected).getByText('调整申请')).toBeVisible();
    expect(await within(card('团建经费')).findByText('已通过')).toBeVisible();
    expect(within(card('团建经费')).getByText('¥800.50')).toBeVisible();
    expect(server.calls('GET', '/api/blade-flow/work/send-list')[0].params).toEqual({ current: 1, size: 10 });
  });

  it('opens one with its history; an approved one offers nothing to do', async () => {
    renderApprovals('/approvals?tab=mine');
    fireEvent.click(await screen.findByText('团建经费'));
    expect(at()).toBe('/approvals/finance/detail/505/905?task=105');
    const record = await screen.findByRole('region', { name: '申请内容' });
    expect(await within(record).findByText('部门团建')).toBeVisible();
    expect(within(record).getByText('已通过')).toBeVisible();
    expect(await within(screen.getByRole('region', { name: '审批记录' })).findByText('开始')).toBeVisible();
    expect(screen.queryByRole('button', { name: '重新提交' })).toBeNull();
    expect(screen.queryByRole('button', { name: '同意' })).toBeNull();
  });

  it('resubmits a rejected request in two taps', async () => {
    renderApprovals('/approvals?tab=mine');
    fireEvent.click(await screen.findByText('看病'));
    expect(at()).toBe('/approvals/leave/detail/504/904?task=104');
    expect(await screen.findByText('申请被驳回:可以重新提交,或撤销申请。')).toBeVisible();
    fireEvent.click(screen.getByRole('button', { name: '重新提交' }));
    const sheet = await screen.findByRole('dialog', { name: '重新提交' });
    expect((within(sheet).getByLabelText('审批意见') as HTMLTextAreaElement).value).toBe('重新提交');
    fireEvent.click(within(sheet).getByRole('button', { name: '确认' }));
    await waitFor(() =>
      expect(server.calls('POST', '/api/blade-flow/work/complete-task').map((r) => r.body)).toEqual([
        { taskId: '104', processInstanceId: '504', comment: '重新提交', pass: true, flag: 'ok' },
      ]),
    );
    await waitFor(() => expect(at()).toBe('/approvals?tab=mine'));
  });

  it('withdraws a rejected request (its adjust task, not passed) from the to-do list too', async () => {
    renderApprovals('/approvals/leave/handle/104/504/904');
    fireEvent.click(await screen.findByRole('button', { name: '撤销' }));
    const sheet = await screen.findByRole('dialog', { name: '撤销' });
    expect(within(sheet).getByText('撤销后流程结束,确定撤销这条申请吗?')).toBeVisible();
    fireEvent.click(within(sheet).getByRole('button', { name: '确认' }));
    await waitFor(() =>
      expect(server.calls('POST', '/api/blade-flow/work/complete-task').map((r) => r.body)).toEqual([
        { taskId: '104', processInstanceId: '504', comment: '撤销', pass: false },
      ]),
    );
    expect(await screen.findByText('已撤销')).toBeVisible();
  });
});
