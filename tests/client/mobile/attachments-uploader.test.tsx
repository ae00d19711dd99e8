// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AxiosAdapter, AxiosProgressEvent } from 'axios';
import { http } from '../../../src/client/http.ts';
import { fakeServer, ok, refuse, type Sent } from '../desktop/fake-server.ts';
import { flowRoutes, funds, renderApprovals, useApprovalsSetup } from './approvals-fixtures.ts';

const server = fakeServer();
const notified = vi.fn();
useApprovalsSetup(server, notified);

const UPLOAD = '/api/blade-resource/oss/endpoint/put-file-attach';
const FUND_FORM = '/approvals/finance/form/Finance%3A1%3A78';

/** What put-file-attach answers for an upload: attachment `id`, the name it was sent with. */
function stored(id: string, request: Sent) {
  const file = request.form?.get('file') as File;
  const extension = file.name.slice(file.name.lastIndexOf('.'));
  return ok({
    link: `/oss/link/${id}${extension}`,
    domain: '',
    name: `upload/20261130/${id}${extension}`,
    originalName: file.name,
    attachId: id,
  });
}

/** Uploads report `percent` before their answer, as a browser does while the body leaves. */
function reportProgress(percent: number) {
  const adapter = http.defaults.adapter as AxiosAdapter;
  http.defaults.adapter = (config) => {
    config.onUploadProgress?.({ loaded: percent, total: 100 } as AxiosProgressEvent);
    return adapter(config);
  };
}

const fileInput = () => {
  const group = screen.getByRole('group', { name: '附件' });
  return group.querySelector('input[type=file]') as HTMLInputElement;
};
const pick = (...files: File[]) => fireEvent.change(fileInput(), { target: { files } });
const png = (name: string) => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], name, { type: 'image/png' });
const pdf = (name: string) => new File(['%PDF-1.4'], name, { type: 'application/pdf' });

async function fillFund() {
  fireEvent.change(await screen.findByRole('textbox', { name: '标题' }), { target: { value: '差旅借款' } });
  fireEvent.change(screen.getByRole('textbox', { name: '金额' }), { target: { value: '560' } });
  fireEvent.change(screen.getByLabelText('用途'), { target: { value: '出差上海' } });
  fireEvent.click(screen.getByRole('button', { name: '审批人' }));
  const picker = await screen.findByRole('dialog', { name: '选择审批人' });
  fireEvent.click(await within(picker).findByText('张三'));
  await waitFor(() => expect(screen.getByRole('button', { name: '审批人' }).textContent).toBe('张三'));
}

const startBodies = () =>
  server.calls('POST', '/api/blade-desk/process/finance/start-process').map((request) => request.body);

describe('phone request form: the attachments uploader', () => {
  it('uploads a photo and a PDF with their progress, drops one before sending, and sends the ids of the others', async () => {
    let answer: (() => void) | undefined;
    let next = 0;
    server.serve(
      flowRoutes({
        [`POST ${UPLOAD}`]: (request) => {
          const id = String(3001 + next++);
          // The first upload is held: its progress shows, and the form waits for it.
          if (id !== '3001') return stored(id, request);
          return new Promise((resolve) => (answer = () => resolve(stored(id, request))));
        },
      }),
    );
    reportProgress(40);
    renderApprovals(FUND_FORM);
    await fillFund();
    // The photo's tile offers the camera; the picker takes photos and PDFs.
    expect(fileInput().accept).toBe('image/*,application/pdf,.pdf');
    // 拍照 opens the camera straight away (photos only, `capture`); the tile's chooser then offers files again.
    const opened: { accept: string; capture: string | null }[] = [];
    vi.spyOn(HTMLInputElement.prototype, 'click').mockImplementation(function (this: HTMLInputElement) {
      opened.push({ accept: this.accept, capture: this.getAttribute('capture') });
    });
    fireEvent.click(screen.getByRole('button', { name: '拍照' }));
    expect(opened).toEqual([{ accept: 'image/*', capture: 'environment' }]);
    expect(fileInput().accept).toBe('image/*,application/pdf,.pdf');
    expect(fileInput().hasAttribute('capture')).toBe(false);

    pick(png('车票.png'));
    expect(await screen.findByText('正在上传 车票.png 40%')).toBeVisible();
    fireEvent.click(screen.getByRole('button', { name: '提交申请' }));
    expect(await screen.findByText('附件上传中,请稍候')).toBeVisible();
    expect(startBodies()).toEqual([]);
    answer!();
    expect(await screen.findByRole('img', { name: '车票.png' })).toBeVisible();
    expect(screen.queryByText(/正在上传/)).toBeNull();

    pick(pdf('发票.pdf'), png('餐费.png'));
    const group = screen.getByRole('group', { name: '附件' });
    expect(await within(group).findByRole('button', { name: '查看 发票.pdf' })).toBeVisible();
    expect(await within(group).findByRole('img', { name: '餐费.png' })).toBeVisible();
    const sent = server.calls('POST', UPLOAD);
    expect(sent.map((request) => (request.form?.get('file') as File).name)).toEqual([
      '车票.png',
      '发票.pdf',
      '餐费.png',
    ]);

    // Removed before sending: it is not sent.
    fireEvent.click(within(group).getByRole('button', { name: '移除 餐费.png' }));
    await waitFor(() => expect(within(group).queryByRole('img', { name: '餐费.png' })).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: '提交申请' }));
    await waitFor(() =>
      expect(startBodies()).toEqual([
        {
          processDefinitionId: 'Finance:1:78',
          title: '差旅借款',
          amount: '560',
          reason: '出差上海',
          attach: '3001,3002',
          taskUser: '2',
        },
      ]),
    );
  });

  it("says the server's refusal of a file under the field, in its words, and adds nothing", async () => {
    server.serve(flowRoutes({ [`POST ${UPLOAD}`]: () => refuse('上传文件大小不能超过 10MB') }));
    // antd-mobile's uploader logs the failed upload.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderApprovals(FUND_FORM);
    await fillFund();
    pick(png('大图.png'));
    expect(await screen.findByRole('alert')).toHaveTextContent('上传文件大小不能超过 10MB');
    // Said once, under the field: no toast besides.
    expect(notified).not.toHaveBeenCalled();
    expect(screen.queryByRole('img', { name: '大图.png' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: '提交申请' }));
    await waitFor(() => expect(startBodies()).toHaveLength(1));
    expect(startBodies()[0]).not.toHaveProperty('attach');
  });

  it('lets the applicant of a rejected fund request change its files before he resubmits it', async () => {
    const old = {
      id: '3001',
      name: '旧票.png',
      size: 4,
      extension: 'png',
      link: '/oss/a.png',
      thumbnail: '/oss/a.png',
    };
    const rejected = { ...funds[905], status: 2, attach: '3001', attachFiles: [old] };
    server.serve(
      flowRoutes({
        'GET /api/blade-desk/process/finance/detail': () => ok(rejected),
        [`POST ${UPLOAD}`]: (request) => stored('3002', request),
      }),
    );
    renderApprovals('/approvals/finance/detail/505/905?task=105');
    const editor = await screen.findByRole('group', { name: '附件' });
    expect(within(editor).getByRole('img', { name: '旧票.png' })).toBeVisible();
    // Shown once: editable, not also read-only in the record.
    expect(screen.getAllByRole('img', { name: '旧票.png' })).toHaveLength(1);

    fireEvent.click(within(editor).getByRole('button', { name: '移除 旧票.png' }));
    pick(png('新票.png'));
    expect(await within(editor).findByRole('img', { name: '新票.png' })).toBeVisible();
    expect(within(editor).queryByRole('img', { name: '旧票.png' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: '重新提交' }));
    const sheet = await screen.findByRole('dialog', { name: '重新提交' });
    fireEvent.click(within(sheet).getByRole('button', { name: '确认' }));
    await waitFor(() =>
      expect(server.calls('POST', '/api/blade-flow/work/complete-task').map((r) => r.body)).toHaveLength(1),
    );
    // The request saved with its new files (its other fields as they were) before the task is completed.
    const saved = server.sent.filter((request) => request.method === 'POST').map((request) => request.url);
    expect(saved.slice(-2)).toEqual([
      '/api/blade-desk/process/finance/start-process',
      '/api/blade-flow/work/complete-task',
    ]);
    expect(startBodies()).toEqual([
      {
        id: '905',
        processDefinitionId: 'Leave:1:1',
        title: '团建经费',
        amount: '800.50',
        reason: '部门团建',
        attach: '3002',
        taskUser: '1',
      },
    ]);
  });

  it('resubmits a rejected request whose files are unchanged without saving it', async () => {
    const rejected = { ...funds[905], status: 2, attach: '', attachFiles: [] };
    server.serve(flowRoutes({ 'GET /api/blade-desk/process/finance/detail': () => ok(rejected) }));
    renderApprovals('/approvals/finance/detail/505/905?task=105');
    await screen.findByRole('group', { name: '附件' });
    fireEvent.click(screen.getByRole('button', { name: '重新提交' }));
    const sheet = await screen.findByRole('dialog', { name: '重新提交' });
    fireEvent.click(within(sheet).getByRole('button', { name: '确认' }));
    await waitFor(() =>
      expect(server.calls('POST', '/api/blade-flow/work/complete-task').map((r) => r.body)).toHaveLength(1),
    );
    expect(startBodies()).toEqual([]);
  });
});
