// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { BooksImportProgress } from '../../../src/shared/contract/api/finance.schemas.ts';
import { rowErrors } from '../../../src/desktop/components/crud/import-parts.tsx';
import { BooksImportDialog } from '../../../src/desktop/pages/finance/BooksImportDialog.tsx';
import { booksStage, furthest } from '../../../src/desktop/pages/finance/books-import-stage.ts';
import { fakeServer, ok, refuse, useFakeServer, type Handler, type Reply } from './fake-server.ts';
import { renderDesktop } from './render.tsx';

/**
 * The books import dialog (明细账 / 科目余额表 导入 of 用友 and 金蝶): what it sends, the server's progress while the
 * import runs, the refused rows a line each with the file kept, and what it says once the rows are written.
 */
const server = fakeServer();
const errors: string[] = [];
useFakeServer(server, errors);
const LEDGER = '/api/blade-system/ledger';
const BALANCE = '/api/blade-system/subjectbalance';

const progress = (phase: BooksImportProgress['phase'], total: number, done: number): BooksImportProgress => ({
  phase,
  total,
  done,
});

describe('the refused rows and the stages of an import', () => {
  it('lists each refused row once, a semicolon inside a row kept, the count of the rows not listed last', () => {
    expect(rowErrors('第2行: 请输入登录账号; 第3行: 当前账号已被使用!')).toEqual([
      '第2行: 请输入登录账号',
      '第3行: 当前账号已被使用!',
    ]);
    expect(
      rowErrors(
        '第4行 核算项目: 客户不存在: C001 宁波海天; 部门---01; 第9行 借方金额: 借方和贷方金额必须且只能填写一方 (共25处错误)',
      ),
    ).toEqual([
      '第4行 核算项目: 客户不存在: C001 宁波海天; 部门---01',
      '第9行 借方金额: 借方和贷方金额必须且只能填写一方',
      '(共25处错误)',
    ]);
    expect(rowErrors('Row 4: The voucher does not balance; Row 6 Account: pick a leaf (30 errors in all)')).toEqual([
      'Row 4: The voucher does not balance',
      'Row 6 Account: pick a leaf',
      '(30 errors in all)',
    ]);
    expect(rowErrors('文件不是有效的Excel文件(.xlsx)')).toEqual(['文件不是有效的Excel文件(.xlsx)']);
  });

  it('shows the upload, then the phases the server reports, never going back', () => {
    expect(booksStage(40, undefined)).toEqual({ step: 0, percent: 40, text: { key: 'uploading', percent: 40 } });
    expect(booksStage(100, undefined).text.key).toBe('waiting');
    expect(booksStage(100, progress('none', 0, 0)).text.key).toBe('waiting');
    // The server may begin before the browser's last upload event.
    expect(booksStage(90, progress('read', 0, 0))).toEqual({ step: 1, text: { key: 'opening' } });
    expect(booksStage(100, progress('read', 0, 40000))).toEqual({ step: 1, text: { key: 'reading', count: 40000 } });
    expect(booksStage(100, progress('check', 100000, 0))).toEqual({
      step: 2,
      text: { key: 'checking', count: 100000 },
    });
    expect(booksStage(100, progress('write', 100000, 0)).step).toBe(3);
    expect(booksStage(100, progress('done', 100000, 100000))).toEqual({
      step: 3,
      percent: 100,
      text: { key: 'written', count: 100000 },
    });
    const check = progress('check', 100000, 0);
    expect(furthest(check, progress('read', 0, 98000))).toBe(check);
    expect(furthest(progress('read', 0, 4000), progress('read', 0, 2000)).done).toBe(4000);
    expect(furthest(undefined, check)).toBe(check);
  });
});

/** An answer held until `release` is called: what the dialog shows while the import runs. */
function held() {
  let release: (reply: Reply) => void = () => undefined;
  const answer = new Promise<Reply>((resolve) => {
    release = resolve;
  });
  return { answer, release: (reply: Reply) => release(reply) };
}

function serve(extra: Record<string, Handler>) {
  server.serve({
    'GET /api/blade-system/dept/company-select': () => ok([{ value: '1010', label: '常州布雷德' }]),
    'GET /api/blade-system/dict-biz/dictionary': ({ params }) =>
      ok(
        params.code === 'voucher_status'
          ? [
              { id: 's0', dictKey: '0', dictValue: '未审核', sort: 1 },
              { id: 's2', dictKey: '2', dictValue: '已记账', sort: 3 },
            ]
          : [],
      ),
    ...extra,
  });
}

const pickFile = (dialog: HTMLElement, name: string) =>
  fireEvent.change(dialog.querySelector('input[type=file]')!, { target: { files: [new File(['xlsx'], name)] } });
const importButton = (dialog: HTMLElement) =>
  within(dialog.querySelector('.ant-modal-footer') as HTMLElement).getByRole('button', { name: '导入' });

describe('the books import dialog', () => {
  it('sends the company, year, status and a name for the import; shows the server’s phase while it runs', async () => {
    const upload = held();
    const polled: string[] = [];
    serve({
      [`POST ${LEDGER}/import-books`]: () => upload.answer,
      [`GET ${LEDGER}/books-import-progress`]: ({ params }) => {
        polled.push(String(params.importId));
        return ok(progress('check', 100000, 0));
      },
    });
    const onImported = vi.fn();
    renderDesktop(
      <BooksImportDialog
        kind="ledger"
        initial={{ orgId: '1010', year: 2026 }}
        onClose={vi.fn()}
        onImported={onImported}
      />,
    );
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('导入序时账（用友 / 金蝶）')).toBeInTheDocument();
    fireEvent.click(importButton(dialog));
    expect(await screen.findByText('请选择要导入的文件')).toBeInTheDocument();
    expect(server.calls('POST', `${LEDGER}/import-books`)).toHaveLength(0);

    pickFile(dialog, '序时账.xlsx');
    fireEvent.click(importButton(dialog));
    await waitFor(() => expect(server.calls('POST', `${LEDGER}/import-books`)).toHaveLength(1));
    const form = server.calls('POST', `${LEDGER}/import-books`)[0].form!;
    expect(Object.fromEntries([...form.entries()].filter(([name]) => name !== 'file'))).toEqual({
      orgId: '1010',
      year: '2026',
      voucherStatus: '2',
      importId: expect.stringMatching(/^[0-9a-f]{32}$/),
    });
    expect((form.get('file') as File).name).toBe('序时账.xlsx');
    // The server's phase, asked under the name the import was sent with.
    expect(await within(dialog).findByText('正在校验 100,000 行')).toBeInTheDocument();
    expect(polled[0]).toBe(form.get('importId'));

    upload.release(ok({ vouchers: 1200, lines: 100000 }));
    expect(await screen.findByText('已导入 1,200 张凭证，共 100,000 行分录')).toBeInTheDocument();
    expect(onImported).toHaveBeenCalledTimes(1);
    expect(errors).toEqual([]);
  });

  it('lists the refused rows in the dialog, not as a toast, and sends the kept file again', async () => {
    let answer: Reply = refuse(
      '第3行: 科目 2221 2026-07 期末余额 贷 900.00 不等于期初余额加本期发生 贷 1000.00; 第4行 科目代码: 科目不存在: 9999',
    );
    serve({
      [`POST ${BALANCE}/import-books`]: () => answer,
      [`GET ${BALANCE}/books-import-progress`]: () => ok(progress('none', 0, 0)),
    });
    const onImported = vi.fn();
    renderDesktop(
      <BooksImportDialog
        kind="balance"
        initial={{ orgId: '1010', year: 2026, month: 7 }}
        onClose={vi.fn()}
        onImported={onImported}
      />,
    );
    const dialog = await screen.findByRole('dialog');
    pickFile(dialog, '科目余额表.xlsx');
    fireEvent.click(within(dialog).getByRole('switch', { name: '数据覆盖' }));
    fireEvent.click(importButton(dialog));
    expect(
      await within(dialog).findByText(
        '第3行: 科目 2221 2026-07 期末余额 贷 900.00 不等于期初余额加本期发生 贷 1000.00',
      ),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('第4行 科目代码: 科目不存在: 9999')).toBeInTheDocument();
    expect(errors).toEqual([]);
    const sent = server.calls('POST', `${BALANCE}/import-books`)[0].form!;
    expect([sent.get('year'), sent.get('month'), sent.get('isCovered')]).toEqual(['2026', '7', '1']);
    expect(onImported).not.toHaveBeenCalled();

    // The file stays picked: corrected on disk, it is sent again as it is.
    expect(within(dialog).getByText('科目余额表.xlsx')).toBeInTheDocument();
    answer = ok({ rows: 42, replaced: 3 });
    fireEvent.click(importButton(dialog));
    expect(await screen.findByText('已导入 42 个科目的余额，其中覆盖 3 个')).toBeInTheDocument();
    expect(server.calls('POST', `${BALANCE}/import-books`)).toHaveLength(2);
    expect(within(dialog).queryByText('第4行 科目代码: 科目不存在: 9999')).toBeNull();
    expect(onImported).toHaveBeenCalledTimes(1);
  });
});
