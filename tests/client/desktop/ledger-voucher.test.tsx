// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { fireEvent, waitFor, within } from '@testing-library/react';
import LedgerPage from '../../../src/desktop/pages/finance/LedgerPage.tsx';
import { auxFieldsOf, voucherBalance } from '../../../src/desktop/pages/finance/voucher-balance.ts';
import { buttonsOf, fakeServer, ok, page, useFakeServer, type Handler } from './fake-server.ts';
import { findRow, lastDialog, renderDesktop } from './render.tsx';

/** 明细账: the voucher editor's running totals and difference, and its buttons by the voucher's state. */
const server = fakeServer();
const errors: string[] = [];
useFakeServer(server, errors);
const API = '/api/blade-system/ledger';
const STATES = ['未审核', '已审核', '已记账'];

const line = (id: string, entryNo: number, subjectCode: string, debit: number, credit: number, status = 0) => ({
  id,
  orgId: '1010',
  orgName: '常州布雷德',
  voucherDate: '2026-03-15',
  year: 2026,
  month: 3,
  voucherWord: '记',
  voucherWordName: '记',
  voucherNo: 7,
  entryNo,
  summary: `摘要${id}`,
  subjectCode,
  subjectName: subjectCode === '1001' ? '库存现金' : '银行存款-工商银行',
  debitAmount: debit,
  creditAmount: credit,
  currency: 'CNY',
  currencyName: '人民币',
  exchangeRate: null,
  originalAmount: null,
  customerId: null,
  supplierId: null,
  deptId: null,
  project: '',
  attachmentCount: 1,
  maker: '赵财务',
  voucherStatus: String(status),
  voucherStatusName: STATES[status],
});
const voucherOf = (lines: ReturnType<typeof line>[]) => ({
  orgId: '1010',
  orgName: '常州布雷德',
  voucherDate: '2026-03-15',
  year: 2026,
  month: 3,
  voucherWord: '记',
  voucherNo: 7,
  attachmentCount: 1,
  voucherStatus: lines[0].voucherStatus,
  maker: '赵财务',
  debitTotal: lines.reduce((s, l) => s + l.debitAmount, 0),
  creditTotal: lines.reduce((s, l) => s + l.creditAmount, 0),
  lines,
});
const SUBJECTS = [
  { id: 's1', subjectCode: '1001', subjectName: '库存现金', fullName: '库存现金', isLeaf: 1, status: 1, auxTypes: '' },
  {
    id: 's2',
    subjectCode: '1002',
    subjectName: '银行存款',
    fullName: '银行存款',
    isLeaf: 0,
    status: 1,
    auxTypes: '',
    children: [
      {
        id: 's3',
        subjectCode: '100201',
        subjectName: '工商银行',
        fullName: '银行存款-工商银行',
        isLeaf: 1,
        status: 1,
        auxTypes: '',
      },
    ],
  },
];

function serve(codes: string[], lines: ReturnType<typeof line>[], extra: Record<string, Handler> = {}) {
  server.serve({
    'GET /api/blade-system/menu/buttons': () => ok(buttonsOf(codes)),
    'GET /api/blade-system/dept/company-select': () => ok([{ value: '1010', label: '常州布雷德' }]),
    'GET /api/blade-system/dict-biz/dictionary': () => ok([]),
    'GET /api/blade-system/subject/list': () => ok(SUBJECTS),
    'GET /api/blade-system/subject/tree': () => ok([]),
    'GET /api/blade-system/customer/picker': () => page([]),
    'GET /api/blade-system/supplier/picker': () => page([]),
    'GET /api/blade-system/dept/tree': () => ok([]),
    [`GET ${API}/list`]: () => ({ ...page(lines), sumDebitAmount: 0, sumCreditAmount: 0 }),
    [`GET ${API}/voucher`]: () => ok(voucherOf(lines)),
    ...extra,
  });
}

const CLERK = ['ledger_add', 'ledger_edit', 'ledger_delete', 'ledger_view'];
const openVoucher = async (text: string) => {
  fireEvent.click(within(await findRow(text)).getByRole('button', { name: '凭证' }));
  const dialog = await lastDialog();
  await within(dialog).findByDisplayValue('摘要1');
  return dialog;
};

describe('the voucher balance', () => {
  it('sums both sides in cents and says whether they balance', () => {
    expect(voucherBalance([{ debitAmount: 0.1 }, { debitAmount: 0.2 }, { creditAmount: 0.3 }])).toEqual({
      debit: 0.3,
      credit: 0.3,
      difference: 0,
      balanced: true,
    });
    expect(voucherBalance([{ debitAmount: '100' }, { creditAmount: 60 }, undefined])).toMatchObject({
      difference: 40,
      balanced: false,
    });
    // Nothing entered balances nothing.
    expect(voucherBalance([]).balanced).toBe(false);
  });

  it('names the dimensions an account keeps', () => {
    expect(auxFieldsOf('customer,project')).toEqual(['customerId', 'project']);
    expect(auxFieldsOf('employee')).toEqual([]);
    expect(auxFieldsOf(undefined)).toEqual([]);
  });
});

describe('the voucher editor', () => {
  it('shows the running totals and the difference as lines change', async () => {
    serve([...CLERK, 'ledger_audit'], [line('1', 1, '1001', 500, 0), line('2', 2, '100201', 0, 400)]);
    renderDesktop(<LedgerPage />);
    const dialog = await openVoucher('摘要1');
    expect(within(dialog).getByTestId('voucher-debit').textContent).toBe('500.00');
    expect(within(dialog).getByTestId('voucher-credit').textContent).toBe('400.00');
    expect(within(dialog).getByTestId('voucher-difference').textContent).toBe('借贷差额：100.00');
    // Typing the credit side to 500 balances it.
    const credit = within(dialog)
      .getAllByRole('spinbutton')
      .find((input) => (input as HTMLInputElement).value === '400.00')!;
    fireEvent.change(credit, { target: { value: '500' } });
    await waitFor(() => expect(within(dialog).getByTestId('voucher-difference').textContent).toBe('借贷平衡'));
    expect(within(dialog).getByTestId('voucher-credit').textContent).toBe('500.00');
    // An unaudited voucher is saved and audited by whoever holds the buttons; not unaudited nor posted.
    const buttons = within(dialog)
      .getAllByRole('button')
      .map((b) => b.textContent?.replace(/\s/g, ''));
    expect(buttons).toEqual(expect.arrayContaining(['保存', '审核']));
    expect(buttons).not.toContain('反审核');
    expect(buttons).not.toContain('记账');
  });

  it('offers 反审核 and 记账 on an audited voucher, read-only, to their holders only', async () => {
    serve(['ledger_view', 'ledger_post'], [line('1', 1, '1001', 500, 0, 1), line('2', 2, '100201', 0, 500, 1)]);
    renderDesktop(<LedgerPage />);
    const dialog = await openVoucher('摘要1');
    const buttons = within(dialog)
      .getAllByRole('button')
      .map((b) => b.textContent?.replace(/\s/g, ''));
    expect(buttons).toContain('记账');
    expect(buttons).not.toContain('反审核');
    expect(buttons).not.toContain('保存');
    fireEvent.click(within(dialog).getByRole('button', { name: /^记\s?账$/ }));
    await waitFor(() => expect(server.calls('POST', `${API}/voucher-post`)).toHaveLength(1));
    expect(server.calls('POST', `${API}/voucher-post`)[0].body).toMatchObject({
      orgId: '1010',
      year: 2026,
      month: 3,
      voucherWord: '记',
      voucherNo: 7,
    });
  });
});
