import type { AttachedFile } from '../../../shared/contract/api/attachments.ts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  DEFAULT_VOUCHER_WORD,
  LEDGER_AUDIT,
  LEDGER_LOCKED,
  LEDGER_POST,
  LEDGER_UNAUDIT,
  VOUCHER_STATUS,
  ledger,
} from '../../../shared/entities/finance/ledger.ts';
import { requiredText } from '../../../shared/entities/define.ts';
import { MESSAGES, type LocalText } from '../../../shared/i18n/server-messages.ts';
import { NextVoucherNo, Voucher } from '../../../shared/contract/api/finance.schemas.ts';
import type { Db } from '../../db/connect.ts';
import type { AuthUser } from '../../platform/auth-context.ts';
import { ApiError, failWith, ok } from '../../platform/errors.ts';
import { isId } from '../../platform/ids.ts';
import { attachmentIds } from '../../platform/entity/attachments.ts';
import type { EntityService, PreparedWrite, WireRecord } from '../../platform/entity/service.ts';
import { ANY_BODY, Param, isRecord, queryParams } from '../../platform/route-schemas.ts';
import { answers } from '../../platform/response-schemas.ts';
import type { Services } from '../../services.ts';
import {
  lockVoucherPeriod,
  nextVoucherNo,
  stepOutOfNumbering,
  voucherLines,
  type VoucherKey,
} from './ledger.queries.ts';

export const VOUCHER_NO_TAKEN: LocalText = {
  zh: '凭证号已存在',
  en: 'The voucher number is already used in this period',
};
export const NO_LINES: LocalText = { zh: '请录入凭证分录', en: 'Please enter the voucher lines' };
const LINE_LIMIT = 200;

/** The fields a voucher's header gives each of its lines. */
const HEADER_FIELDS = ['orgId', 'voucherDate', 'voucherWord', 'voucherNo', 'attachmentCount', 'attach'] as const;

const blank = (value: unknown) => value === undefined || value === null || String(value).trim() === '';
const text = (value: unknown) => (blank(value) ? '' : String(value).trim());

/** A refusal of one line, named by its number (`第2行：…`). */
function lineError(n: number, error: unknown): unknown {
  if (!(error instanceof ApiError)) return error;
  return failWith({ zh: `第${n}行：${error.textIn('zh')}`, en: `Line ${n}: ${error.textIn('en')}` });
}

/** A voucher named by its company, period, word and number, as a query or a body sends it. */
function keyOf(params: Record<string, unknown>): VoucherKey {
  const orgId = text(params.orgId);
  if (!orgId) throw failWith(requiredText(ledger.fields.orgId));
  const number = (name: 'year' | 'month' | 'voucherNo', min: number, max: number) => {
    const value = Number(text(params[name]));
    if (!Number.isInteger(value) || value < min || value > max) throw failWith(MESSAGES.paramType, { name });
    return value;
  };
  return {
    orgId,
    year: number('year', 1900, 9999),
    month: number('month', 1, 12),
    voucherWord: text(params.voucherWord) || DEFAULT_VOUCHER_WORD,
    voucherNo: number('voucherNo', 1, 2147483647),
  };
}

const whereOf = (key: VoucherKey) => ({ ...key });

/** A voucher as the editor reads it: the header of its first line, its lines in order and both sides' sums. */
async function readVoucher(service: EntityService, user: AuthUser, key: VoucherKey): Promise<Voucher> {
  const lines = (await service.list(user, { size: LINE_LIMIT }, whereOf(key))).sort(
    (a, b) => Number(a.entryNo) - Number(b.entryNo),
  );
  if (!lines.length) throw new ApiError(400, MESSAGES.dataNotFound);
  const first = lines[0];
  const sum = (name: string) =>
    Math.round(lines.reduce((total, line) => total + Number(line[name] ?? 0) * 100, 0)) / 100;
  return {
    orgId: key.orgId,
    orgName: String(first.orgName ?? ''),
    voucherDate: String(first.voucherDate),
    year: key.year,
    month: key.month,
    voucherWord: key.voucherWord,
    voucherNo: key.voucherNo,
    attachmentCount: Number(first.attachmentCount ?? 0),
    attach: String(first.attach ?? ''),
    attachFiles: (first.attachFiles ?? []) as AttachedFile[],
    voucherStatus: String(first.voucherStatus),
    maker: String(first.maker ?? ''),
    debitTotal: sum('debitAmount'),
    creditTotal: sum('creditAmount'),
    lines: lines as WireRecord[],
  };
}

/** The voucher's live lines the caller sees (ids, numbers and states), in order. */
async function linesOf(service: EntityService, user: AuthUser, db: Db, key: VoucherKey) {
  const visible = await service.visibleRows(user);
  return visible(db as never)
    .where('org_id', '=', key.orgId)
    .where('year', '=', key.year)
    .where('month', '=', key.month)
    .where('voucher_word', '=', key.voucherWord)
    .where('voucher_no', '=', key.voucherNo)
    .select(['id', 'entry_no', 'voucher_status', 'attach'])
    .orderBy('entry_no')
    .execute() as Promise<Array<{ id: unknown; entry_no: unknown; voucher_status: unknown; attach: unknown }>>;
}

/**
 * `voucher-submit`: a voucher saved as one document, all lines or none. The header (company, date, word, number,
 * attachments) goes onto every line, the lines are numbered 1.. in the order sent; a new voucher without a number
 * takes the next one. `original` names the voucher being edited: its lines not sent are deleted, and it may move to
 * another number or period while it is unaudited.
 */
async function submitVoucher(services: Services, service: EntityService, user: AuthUser, body: unknown) {
  const sent = isRecord(body) ? body : {};
  const lines = Array.isArray(sent.lines) ? sent.lines : [];
  if (!lines.length || !lines.every(isRecord)) throw failWith(NO_LINES);
  if (lines.length > LINE_LIMIT) throw failWith(MESSAGES.paramType, { name: 'lines' });
  const date = text(sent.voucherDate);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) throw failWith(requiredText(ledger.fields.voucherDate));
  const { db } = services;
  const original = isRecord(sent.original) ? keyOf(sent.original) : undefined;
  const existing = original ? await linesOf(service, user, db, original) : [];
  if (original && !existing.length) throw new ApiError(400, MESSAGES.dataNotFound);
  if (existing.some((line) => String(line.voucher_status) !== VOUCHER_STATUS.unaudited)) throw failWith(LEDGER_LOCKED);
  const period = {
    orgId: text(sent.orgId),
    year: Number(date.slice(0, 4)),
    month: Number(date.slice(5, 7)),
    voucherWord: text(sent.voucherWord) || DEFAULT_VOUCHER_WORD,
  };
  if (!period.orgId) throw failWith(requiredText(ledger.fields.orgId));
  const voucherNo = blank(sent.voucherNo) ? await nextVoucherNo(db, user.tenantId, period) : sent.voucherNo;
  const header: Record<string, unknown> = { ...period, voucherDate: date, voucherNo };
  for (const name of HEADER_FIELDS) if (!(name in header) && name in sent) header[name] = sent[name];
  const key: VoucherKey = { ...period, voucherNo: Number(voucherNo) };
  const moved = !original || JSON.stringify(original) !== JSON.stringify(key);
  const refuseTaken = async (reader: Db) => {
    if (!moved || !Number.isInteger(key.voucherNo)) return;
    const taken = await voucherLines(reader, user.tenantId, key).select('id').limit(1).executeTakeFirst();
    if (taken) throw failWith(VOUCHER_NO_TAKEN).about('voucherNo');
  };
  await refuseTaken(db);
  const ids = new Set(existing.map((line) => String(line.id)));
  // The voucher's files, whoever uploaded them: a line added by a second clerk carries them on as the others do.
  const held = existing.flatMap((line) => attachmentIds(line.attach));
  const kept = new Set<string>();
  const prepared: PreparedWrite[] = [];
  for (const [index, line] of lines.entries()) {
    const id = blank(line.id) ? undefined : String(line.id);
    if (id !== undefined && (!isId(id) || !ids.has(id) || kept.has(id)))
      throw lineError(index + 1, new ApiError(400, MESSAGES.dataNotFound));
    if (id) kept.add(id);
    // The header's fields over the line's: a line cannot leave its voucher.
    const values = { ...line, ...header, id, entryNo: index + 1 };
    if (!id) delete values.id;
    try {
      prepared.push(await service.prepareWrite(user, values, { mode: id ? 'update' : 'save', held }));
    } catch (error) {
      throw lineError(index + 1, error);
    }
  }
  const dropped = [...ids].filter((id) => !kept.has(id));
  await db.transaction().execute(async (trx) => {
    // Two clerks saving new vouchers of one period at once: the second hears that the number went meanwhile.
    if (moved) {
      await lockVoucherPeriod(trx, user.tenantId, key);
      await refuseTaken(trx);
    }
    if (dropped.length) await service.removeWhere(trx as never, user, 'id', dropped);
    // The kept lines step out of the numbering first, so that lines may change places.
    if (kept.size) await stepOutOfNumbering(trx, [...kept]);
    for (const [index, write] of prepared.entries()) {
      try {
        await write.write(trx as never);
      } catch (error) {
        throw lineError(index + 1, error);
      }
    }
  });
  for (const write of prepared) await write.afterCommit();
  return readVoucher(service, user, key);
}

/** Audit, unaudit or post: the voucher's first line moves, and the ledger's hooks move the others with it. */
async function moveVoucher(services: Services, service: EntityService, user: AuthUser, body: unknown, to: string) {
  const key = keyOf(isRecord(body) ? body : {});
  const [first] = await linesOf(service, user, services.db, key);
  if (!first) throw new ApiError(400, MESSAGES.dataNotFound);
  await service.submit(user, { id: String(first.id), voucherStatus: to }, 'update');
  return readVoucher(service, user, key);
}

const PERIOD_PARAMS = { orgId: Param, year: Param, month: Param, voucherWord: Param };
const KEY_PARAMS = { ...PERIOD_PARAMS, voucherNo: Param };

/**
 * The voucher as one document (issue 35): `voucher` reads one, `next-voucher-no` proposes a new one's number,
 * `voucher-submit` saves it all or nothing, `voucher-audit` / `voucher-unaudit` / `voucher-post` move it whole, each
 * behind its button.
 */
export async function ledgerRoutes(fastify: FastifyInstance, { services }: { services: Services }) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const service = services.entities.get(ledger.name)!;
  const base = `/api/${ledger.service}/${ledger.name}`;
  app.get(
    `${base}/voucher`,
    { config: { permission: ledger.code }, schema: { ...queryParams(KEY_PARAMS), ...answers(Voucher) } },
    async (r) => ok(r, await readVoucher(service, r.user, keyOf(r.query))),
  );
  app.get(
    `${base}/next-voucher-no`,
    {
      config: { permission: [ledger.code, `${ledger.code}_add`] },
      schema: { ...queryParams(PERIOD_PARAMS), ...answers(NextVoucherNo) },
    },
    async (r) => {
      const { voucherNo: _none, ...period } = keyOf({ ...r.query, voucherNo: 1 });
      return ok(r, { voucherNo: await nextVoucherNo(services.db, r.user.tenantId, period) });
    },
  );
  const editing = (r: FastifyRequest) =>
    isRecord(r.body) && isRecord(r.body.original) ? `${ledger.code}_edit` : `${ledger.code}_add`;
  app.post(
    `${base}/voucher-submit`,
    { config: { permission: editing }, schema: { ...ANY_BODY, ...answers(Voucher) } },
    async (r) => ok(r, await submitVoucher(services, service, r.user, r.body)),
  );
  const moves = [
    ['voucher-audit', LEDGER_AUDIT, VOUCHER_STATUS.audited],
    ['voucher-unaudit', LEDGER_UNAUDIT, VOUCHER_STATUS.unaudited],
    ['voucher-post', LEDGER_POST, VOUCHER_STATUS.posted],
  ] as const;
  for (const [route, code, to] of moves)
    app.post(
      `${base}/${route}`,
      { config: { permission: code }, schema: { ...ANY_BODY, ...answers(Voucher) } },
      async (r) => ok(r, await moveVoucher(services, service, r.user, r.body, to)),
    );
}
