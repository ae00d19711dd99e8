import { PassThrough } from 'node:stream';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  BALANCE_BOOK_VENDORS,
  booksImportUrl,
  booksProgressUrl,
  booksTemplateUrl,
  LEDGER_BOOK_VENDORS,
} from '../../../../shared/contract/api/finance.ts';
import {
  BalanceImported,
  BooksImportProgress,
  LedgerImported,
} from '../../../../shared/contract/api/finance.schemas.ts';
import { LEDGER_IMPORT, ledger } from '../../../../shared/entities/finance/ledger.ts';
import { SUBJECTBALANCE_IMPORT, subjectBalance } from '../../../../shared/entities/finance/subject-balance.ts';
import { text, type LocalText } from '../../../../shared/i18n/server-messages.ts';
import { attachment, IMPORT_MULTIPART_LIMITS, XLSX_TYPE } from '../../../platform/entity/excel.ts';
import { readUpload } from '../../../platform/entity/excel-import.ts';
import { XlsxWriter } from '../../../platform/entity/xlsx-writer.ts';
import { fail, langOf, ok } from '../../../platform/errors.ts';
import { answers } from '../../../platform/response-schemas.ts';
import { multipartBody, NO_INPUT, Param, queryParams, UploadFile } from '../../../platform/route-schemas.ts';
import type { Services } from '../../../services.ts';
import { booksProgress } from './book-import.ts';
import { importLedgerBook } from './ledger-import.ts';
import { importBalanceBook } from './balance-import.ts';

type Template = { label: LocalText; columns: readonly string[] };

/**
 * The columns each program's ledger export has (docs/finance-import.md): the template of a program is its header, so
 * that a user without the program's file sees what the import reads.
 */
export const LEDGER_TEMPLATES = {
  u8: {
    label: { zh: '用友U8序时账', en: 'Yonyou U8 journal' },
    columns: [
      '制单日期',
      '凭证编号',
      '摘要',
      '科目编码',
      '科目名称',
      '借方金额',
      '贷方金额',
      '币种',
      '汇率',
      '外币金额',
      '部门',
      '客户',
      '供应商',
      '项目',
      '附单据数',
      '制单人',
    ],
  },
  tplus: {
    label: { zh: '用友T+凭证列表', en: 'Yonyou T+ vouchers' },
    columns: [
      '日期',
      '凭证字号',
      '摘要',
      '科目编码',
      '科目名称',
      '借方金额',
      '贷方金额',
      '币种',
      '汇率',
      '原币金额',
      '部门',
      '客户',
      '供应商',
      '项目',
      '附件数',
      '制单人',
    ],
  },
  k3: {
    label: { zh: '金蝶K3凭证', en: 'Kingdee K/3 vouchers' },
    columns: [
      '日期',
      '会计期间',
      '凭证字号',
      '分录号',
      '摘要',
      '科目代码',
      '科目名称',
      '币别',
      '汇率',
      '原币金额',
      '借方',
      '贷方',
      '核算项目',
      '制单',
    ],
  },
  kis: {
    label: { zh: '金蝶KIS凭证', en: 'Kingdee KIS vouchers' },
    columns: [
      '日期',
      '凭证字',
      '凭证号',
      '摘要',
      '科目代码',
      '科目名称',
      '借方金额',
      '贷方金额',
      '核算项目',
      '附件数',
      '制单人',
    ],
  },
  // 金蝶's voucher interchange (凭证引出 / 凭证引入, K/3 and KIS alike): its field names as the header, a line's
  // 核算项目 as FCLSNAME1 (客户) + FOBJID1 (its code), lines numbered from 0 (FENTRYID).
  kingdee: {
    label: { zh: '金蝶标准凭证引出格式', en: 'Kingdee voucher interchange' },
    columns: [
      'FDATE',
      'FTRANSDATE',
      'FPERIOD',
      'FGROUP',
      'FNUM',
      'FENTRYID',
      'FEXP',
      'FACCTID',
      'FCLSNAME1',
      'FOBJID1',
      'FOBJNAME1',
      'FCYID',
      'FEXCHRATE',
      'FDC',
      'FFCYAMT',
      'FDEBIT',
      'FCREDIT',
      'FPREPARE',
      'FCHECKER',
      'FPOSTER',
      'FATTCHMENT',
      'FPOSTED',
    ],
  },
} as const satisfies Record<(typeof LEDGER_BOOK_VENDORS)[number], Template>;

/** The trial balance exports: 用友's 发生额及余额表 (two-row header in its export) and 金蝶's 科目余额表. */
export const BALANCE_TEMPLATES = {
  u8: {
    label: { zh: '用友U8发生额及余额表', en: 'Yonyou U8 trial balance' },
    columns: ['科目编码', '科目名称', '期初借方', '期初贷方', '本期借方', '本期贷方', '期末借方', '期末贷方'],
  },
  k3: {
    label: { zh: '金蝶K3科目余额表', en: 'Kingdee K/3 trial balance' },
    columns: [
      '科目代码',
      '科目名称',
      '期初方向',
      '期初余额',
      '本期借方',
      '本期贷方',
      '本年累计借方',
      '本年累计贷方',
      '期末方向',
      '期末余额',
    ],
  },
} as const satisfies Record<(typeof BALANCE_BOOK_VENDORS)[number], Template>;

/** A template: the program's header row, amounts as money. */
async function sendBookTemplate(request: FastifyRequest, reply: FastifyReply, template: Template) {
  const lang = langOf(request);
  const out = new PassThrough();
  const write = async () => {
    const sheet = new XlsxWriter(
      out,
      text(lang, template.label),
      template.columns.map((header) => ({
        header,
        width: Math.max(12, header.length * 2 + 4),
        format: /借|贷|金额|余额|^F(DEBIT|CREDIT|FCYAMT)$/.test(header) ? ('money' as const) : ('text' as const),
      })),
    );
    await sheet.start();
    await sheet.close();
  };
  write().catch((error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))));
  return reply
    .header('content-type', XLSX_TYPE)
    .header('content-disposition', attachment(`${text(lang, template.label)}.xlsx`))
    .header('cache-control', 'no-store')
    .send(out);
}

/** One book's import: where its routes are, the button they need, its form, what it answers, its templates. */
interface BookRoutes {
  base: string;
  permission: string;
  form: Record<string, typeof Param>;
  answer: typeof LedgerImported | typeof BalanceImported;
  summary: string;
  templates: Record<string, Template>;
  run(
    services: Services,
    user: FastifyRequest['user'],
    file: Buffer,
    fields: Record<string, string>,
  ): Promise<LedgerImported | BalanceImported>;
}

const BOOKS: BookRoutes[] = [
  {
    base: `/api/${ledger.service}/${ledger.name}`,
    permission: LEDGER_IMPORT,
    form: { orgId: Param, year: Param, voucherStatus: Param, importId: Param },
    answer: LedgerImported,
    summary: '导入用友/金蝶序时账',
    templates: LEDGER_TEMPLATES,
    run: importLedgerBook,
  },
  {
    base: `/api/${subjectBalance.service}/${subjectBalance.name}`,
    permission: SUBJECTBALANCE_IMPORT,
    form: { orgId: Param, year: Param, month: Param, isCovered: Param, importId: Param },
    answer: BalanceImported,
    summary: '导入用友/金蝶科目余额表',
    templates: BALANCE_TEMPLATES,
    run: importBalanceBook,
  },
];

/**
 * The books imports of issue 35 (docs/finance-import.md), for the ledger (a company's vouchers, all or none) and the
 * trial balance (a company's period): `import-books` takes the export of 用友 or 金蝶, `books-import-progress` says how
 * far an import of the caller's has come, `books-template` gives each program's columns.
 */
export async function booksImportRoutes(fastify: FastifyInstance, { services }: { services: Services }) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  await app.register(multipart, { limits: IMPORT_MULTIPART_LIMITS });
  for (const book of BOOKS) {
    app.post(
      booksImportUrl(book.base),
      {
        config: { permission: book.permission },
        schema: {
          ...multipartBody({ file: UploadFile, ...book.form }),
          ...answers(book.answer),
          summary: book.summary,
        },
      },
      async (request) => {
        const { file, fields } = await readUpload(request);
        return ok(request, await book.run(services, request.user, file, fields));
      },
    );
    app.get(
      booksProgressUrl(book.base),
      {
        config: { permission: book.permission },
        schema: {
          ...queryParams({ importId: Param }),
          ...answers(BooksImportProgress),
          summary: '导入进度',
        },
      },
      async (request) =>
        ok(request, await booksProgress(services.kv, request.user, String(request.query.importId ?? ''))),
    );
    app.get(
      booksTemplateUrl(book.base),
      {
        config: { permission: book.permission, download: true },
        schema: { ...queryParams({ vendor: Param }), ...NO_INPUT, summary: `${book.summary}模板` },
      },
      async (request, reply) => {
        const vendor = String(request.query.vendor ?? 'u8');
        if (!Object.hasOwn(book.templates, vendor)) throw fail('paramType', { name: 'vendor' });
        return sendBookTemplate(request, reply, book.templates[vendor]);
      },
    );
  }
}
