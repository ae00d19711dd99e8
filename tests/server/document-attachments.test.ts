import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AttachedFile } from '../../src/shared/contract/api/attachments.ts';
import { seedFinanceDemo } from '../../src/server/modules/finance/demo/subjects.ts';
import { seedDemoCompanies } from '../../src/server/modules/system/demo/organisation.ts';
import { SEED } from '../../src/server/modules/system/install.ts';
import { expectError, expectOk, startApp, type TestApp } from '../support/app.ts';
import { createTenantAdmin, crudCodes } from '../support/factories.ts';
import { definitionOf, personWithCodes, type Person } from './flow.support.ts';
import { ATTACH, EP, PDF, PNG, shortLink, upload } from './resource-oss.support.ts';

/**
 * Attachments on business documents (issue 36): an expense claim's receipts are attachment ids the server checks as
 * the caller's own uploads, answered with their files and links, shown to the approver with the request, and deleted,
 * rows and objects, when the claim drops them or goes.
 */
const EXPENSE = '/api/blade-system/expense';
const SEND = '/api/blade-desk/process/finance/start-process';
const REQUEST = '/api/blade-system/process/expense/detail';
type Claim = Record<string, unknown> & { id: string; attach: string; attachFiles: AttachedFile[] };

let t: TestApp;
let admin: string;
let claimant: Person;
let colleague: Person;
let approver: Person;
let foreignToken: string;

const CLAIM = { expenseType: '1', expenseDate: '2026-10-12', amount: '120.00', invoiceCount: 2, reason: '出租车' };

/** An upload of `who` as an attachment: its id. */
async function receipt(who: string, file = PNG, name = '出租车票.png', type = 'image/png'): Promise<string> {
  const uploaded = expectOk(await upload(t, who, `${EP}/put-file-attach`, file, name, type)) as { attachId: string };
  return uploaded.attachId;
}

const saveClaim = (who: Person, body: Record<string, unknown>) => t.post(`${EXPENSE}/submit`, who.token, body);
const claimOf = async (id: string): Promise<Claim> =>
  expectOk(await t.get(`${EXPENSE}/detail?id=${id}`, claimant.token)) as Claim;

/** Whether the attachment rows are live, by id. */
async function liveAttachments(ids: string[]): Promise<string[]> {
  const rows = await t.services.db
    .selectFrom('blade_attach')
    .select('id')
    .where('id', 'in', ids)
    .where('is_deleted', '=', 0)
    .execute();
  return rows.map((row) => String(row.id)).sort();
}

/** The status a file's link answers now (200 while its object is there, 404 once it is gone). */
const linkStatus = async (file: AttachedFile) => (await shortLink(t, file.link)).status;

beforeAll(async () => {
  t = await startApp();
  admin = await t.tokenOf();
  await seedDemoCompanies(t.services.db);
  await seedFinanceDemo(t.services.db);
  const codes = [...crudCodes('expense'), 'expense_submit', 'work', 'work_todo'];
  claimant = await personWithCodes(t, 'at_claimant', codes);
  colleague = await personWithCodes(t, 'at_colleague', codes);
  approver = await personWithCodes(t, 'at_approver', ['work', 'work_todo']);
  foreignToken = (await createTenantAdmin(t, '360001', crudCodes('attach'))).token;
  expectOk(
    await t.post('/api/blade-system/employee/submit', admin, {
      employeeNo: 'AT001',
      name: '孙报销',
      sex: 1,
      orgId: '1010',
      deptId: SEED.deptChangzhou,
      phone: '13912340036',
      employmentType: '1',
      entryDate: '2020-01-01',
      userId: claimant.id,
    }),
  );
}, 60_000);
afterAll(() => t?.stop());

describe('an expense claim with receipts', () => {
  it('keeps two uploads and answers their files with links, an image with a thumbnail', async () => {
    const photo = await receipt(claimant.token);
    const scan = await receipt(claimant.token, PDF, '发票.pdf', 'application/pdf');
    const saved = expectOk(await saveClaim(claimant, { ...CLAIM, attach: `${photo},${scan}` })) as Claim;
    const claim = await claimOf(saved.id);
    expect(claim.attach).toBe(`${photo},${scan}`);
    expect(claim.attachFiles).toEqual([
      expect.objectContaining({ id: photo, name: '出租车票.png', size: PNG.length, extension: 'png' }),
      expect.objectContaining({ id: scan, name: '发票.pdf', size: PDF.length, extension: 'pdf', thumbnail: '' }),
    ]);
    const [image, pdf] = claim.attachFiles;
    expect(image.thumbnail).toBe(image.link);
    const opened = await shortLink(t, pdf.link);
    expect(opened.status).toBe(200);
    expect(opened.body.equals(PDF)).toBe(true);
    expect(opened.type).toBe('application/pdf');
  });

  it('shows the approver the receipts with the request he decides', async () => {
    const photo = await receipt(claimant.token);
    const saved = expectOk(await saveClaim(claimant, { ...CLAIM, attach: photo })) as Claim;
    const definition = await definitionOf(t, claimant.token, 'Finance');
    expectOk(
      await t.post(SEND, claimant.token, {
        businessId: saved.id,
        processDefinitionId: definition,
        taskUser: approver.id,
      }),
    );
    const request = expectOk(await t.get(`${REQUEST}?businessId=${saved.id}`, approver.token)) as Claim;
    expect(request.attachFiles).toEqual([expect.objectContaining({ id: photo, name: '出租车票.png' })]);
    expect(await linkStatus(request.attachFiles[0])).toBe(200);
  });

  it("refuses another tenant's attachment, and a colleague's, in Chinese", async () => {
    const foreign = await receipt(foreignToken);
    expectError(await saveClaim(claimant, { ...CLAIM, attach: foreign }), 400, '附件不存在或不是本人上传的文件');
    const theirs = await receipt(colleague.token);
    expectError(await saveClaim(claimant, { ...CLAIM, attach: theirs }), 400, '附件不存在或不是本人上传的文件');
    expectError(await saveClaim(claimant, { ...CLAIM, attach: 'abc' }), 400);
    // Nothing was taken from their owners.
    expect(await liveAttachments([foreign, theirs])).toEqual([foreign, theirs].sort());
  });

  it('deletes the files an edit drops and a removed claim held, rows and objects', async () => {
    const [first, second, third] = [
      await receipt(claimant.token),
      await receipt(claimant.token),
      await receipt(claimant.token),
    ];
    const saved = expectOk(await saveClaim(claimant, { ...CLAIM, attach: `${first},${second}` })) as Claim;
    const before = await claimOf(saved.id);
    expectOk(await saveClaim(claimant, { id: saved.id, attach: `${second},${third}` }));
    expect(await liveAttachments([first, second, third])).toEqual([second, third].sort());
    expect(await linkStatus(before.attachFiles[0])).toBe(404);
    const after = await claimOf(saved.id);
    expect(after.attachFiles.map((file) => file.id)).toEqual([second, third]);
    expect(await linkStatus(after.attachFiles[0])).toBe(200);

    expectOk(await t.post(`${EXPENSE}/remove?ids=${saved.id}`, claimant.token));
    expect(await liveAttachments([second, third])).toEqual([]);
    for (const file of after.attachFiles) expect(await linkStatus(file)).toBe(404);
  });

  it('keeps a file another claim still holds, and 附件管理 keeps what a claim holds', async () => {
    const shared = await receipt(claimant.token);
    const one = expectOk(await saveClaim(claimant, { ...CLAIM, attach: shared })) as Claim;
    const two = expectOk(await saveClaim(claimant, { ...CLAIM, attach: shared })) as Claim;
    expectError(await t.post(`${ATTACH}/remove?ids=${shared}`, admin), 400, '附件已被单据引用，请在单据中移除后再删除');
    expectOk(await t.post(`${EXPENSE}/remove?ids=${one.id}`, claimant.token));
    expect(await liveAttachments([shared])).toEqual([shared]);
    const file = (await claimOf(two.id)).attachFiles[0];
    expect(await linkStatus(file)).toBe(200);
    expectOk(await saveClaim(claimant, { id: two.id, attach: '' }));
    expect(await liveAttachments([shared])).toEqual([]);
    expect(await linkStatus(file)).toBe(404);
  });
});

describe("a voucher's receipts", () => {
  const LEDGER = '/api/blade-system/ledger';
  const header = { orgId: '1010', voucherDate: '2026-03-15', voucherWord: '记', attachmentCount: 1 };
  const line = (subjectCode: string, debitAmount: number, creditAmount: number) => ({
    summary: '收到货款',
    subjectCode,
    debitAmount,
    creditAmount,
  });

  it("lets a second clerk add a line to a voucher holding the first clerk's receipt, and keeps the file", async () => {
    const codes = crudCodes('ledger');
    const first = await personWithCodes(t, 'at_clerk_one', codes);
    const second = await personWithCodes(t, 'at_clerk_two', codes);
    const scan = await receipt(first.token, PNG, '银行回单.png');
    const entered = expectOk(
      await t.post(`${LEDGER}/voucher-submit`, first.token, {
        ...header,
        attach: scan,
        lines: [line('100201', 500, 0), line('6001', 0, 500)],
      }),
    ) as { voucherNo: number; year: number; month: number; lines: Array<{ id: string }> };
    const original = {
      orgId: '1010',
      year: entered.year,
      month: entered.month,
      voucherWord: '记',
      voucherNo: entered.voucherNo,
    };
    const edited = expectOk(
      await t.post(`${LEDGER}/voucher-submit`, second.token, {
        ...header,
        voucherNo: entered.voucherNo,
        original,
        attach: scan,
        lines: [{ ...line('100201', 600, 0), id: entered.lines[0].id }, line('6001', 0, 500), line('6001', 0, 100)],
      }),
    ) as { attachFiles: AttachedFile[]; lines: unknown[] };
    expect(edited.lines).toHaveLength(3);
    expect(edited.attachFiles.map((file) => file.id)).toEqual([scan]);
    expect(await liveAttachments([scan])).toEqual([scan]);
    // A file of his own he may add; a colleague's he has not got on the voucher he may not.
    const stranger = await receipt(colleague.token);
    expectError(
      await t.post(`${LEDGER}/voucher-submit`, second.token, {
        ...header,
        voucherNo: entered.voucherNo,
        original,
        attach: `${scan},${stranger}`,
        lines: [line('100201', 500, 0), line('6001', 0, 500)],
      }),
      400,
      '第1行：附件不存在或不是本人上传的文件',
    );
    expect(await liveAttachments([scan])).toEqual([scan]);
  });
});
