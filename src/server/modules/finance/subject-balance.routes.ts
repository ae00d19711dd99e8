import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { SUBJECTBALANCE_GENERATE, subjectBalance } from '../../../shared/entities/finance/subject-balance.ts';
import {
  BalanceCheck,
  BalanceGenerated,
  BalanceSummaryRow,
  OpeningProposal,
} from '../../../shared/contract/api/finance.schemas.ts';
import * as urls from '../../../shared/contract/api/finance.ts';
import { fail, ok } from '../../platform/errors.ts';
import { Param, paramsOf, queryOrBody, queryParams } from '../../platform/route-schemas.ts';
import { answers } from '../../platform/response-schemas.ts';
import { textParam } from '../../platform/params.ts';
import type { Services } from '../../services.ts';
import {
  checkAgainstBooks,
  generateBalances,
  periodOf,
  proposeOpening,
  summaryByAccount,
} from './subject-balance.service.ts';

const PERIOD = { orgId: Param, year: Param, month: Param };

/** The accounts a generation may overwrite: a comma list or repeated keys. */
const codesOf = (value: Param | undefined): string[] =>
  (Array.isArray(value) ? value : value === undefined || value === null ? [] : String(value).split(','))
    .map((code) => String(code ?? '').trim())
    .filter(Boolean);

/**
 * 科目余额表's routes beside the engine's: reads for holders of the screen, 生成余额 behind its own button (it writes
 * many rows at once, which the add and edit rights do not say).
 */
export async function subjectBalanceRoutes(fastify: FastifyInstance, { services }: { services: Services }) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { db } = services;
  const read = { permission: subjectBalance.code };
  app.get(
    urls.SUBJECTBALANCE_OPENING_URL,
    { config: read, schema: { ...queryParams({ ...PERIOD, subjectCode: Param }), ...answers(OpeningProposal) } },
    async (r) => {
      const period = await periodOf(db, r.user, r.query);
      const subjectCode = textParam(r.query.subjectCode, 32);
      if (subjectCode === undefined) throw fail('missingParam', { name: 'subjectCode' });
      return ok(r, await proposeOpening(db, r.user, period, subjectCode));
    },
  );
  app.get(
    urls.SUBJECTBALANCE_CHECK_URL,
    { config: read, schema: { ...queryParams(PERIOD), ...answers(Type.Array(BalanceCheck)) } },
    async (r) => ok(r, await checkAgainstBooks(db, r.user, await periodOf(db, r.user, r.query))),
  );
  app.get(
    urls.SUBJECTBALANCE_SUMMARY_URL,
    { config: read, schema: { ...queryParams(PERIOD), ...answers(Type.Array(BalanceSummaryRow)) } },
    async (r) => ok(r, await summaryByAccount(db, r.user, await periodOf(db, r.user, r.query))),
  );
  app.post(
    urls.SUBJECTBALANCE_GENERATE_URL,
    {
      config: { permission: SUBJECTBALANCE_GENERATE },
      schema: { ...queryOrBody({ ...PERIOD, overwrite: Param }), ...answers(BalanceGenerated) },
    },
    async (r) => {
      const params = paramsOf(r);
      const period = await periodOf(db, r.user, params);
      return ok(r, await generateBalances(db, r.user, period, codesOf(params.overwrite)));
    },
  );
}
