import { PassThrough } from 'node:stream';
import { isId } from '../../platform/ids.ts';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import * as report from '../../../shared/entities/report/report.ts';
import type { ReportDefinition } from '../../../shared/entities/report/report.ts';
import type { AuthUser } from '../../platform/auth-context.ts';
import { fail, failWith, ok, okOrEmpty } from '../../platform/errors.ts';
import { parseIds } from '../../platform/entity/service.ts';
import { pagingOf } from '../../platform/entity/conditions.ts';
import { textParam } from '../../platform/params.ts';
import { SCOPE } from '../../platform/entity/data-scope.ts';
import { attachment, XLSX_TYPE } from '../../platform/entity/excel.ts';
import { XlsxWriter } from '../../platform/entity/xlsx-writer.ts';
import { IdQuery, Param, paramsOf, queryOrBody } from '../../platform/route-schemas.ts';
import { answers, ANSWERS_NO_DATA } from '../../platform/response-schemas.ts';
import type { Services } from '../../services.ts';
import { checkDefinition, REPORT_MESSAGES, ReportDefinitionSchema } from './report-definition.ts';
import { runReport, type RunScope } from './report-run.ts';
import * as queries from './report.queries.ts';

const FileRow = Type.Object({
  id: Type.String(),
  name: Type.String(),
  createTime: Type.String(),
  updateTime: Type.String(),
});
const Detail = Type.Object({ ...FileRow.properties, definition: ReportDefinitionSchema });
const Values = Type.Record(Type.String(), Type.Union([Type.String(), Type.Number(), Type.Null()]));
const Result = Type.Object({
  columns: Type.Array(Type.Object({ field: Type.String(), label: Type.String() })),
  rows: Type.Array(Values),
  subtotals: Type.Array(
    Type.Object({ group: Type.String(), count: Type.Number(), sums: Type.Record(Type.String(), Type.Number()) }),
  ),
  total: Type.Object({ count: Type.Number(), sums: Type.Record(Type.String(), Type.Number()) }),
  truncated: Type.Boolean(),
});

/** A stored definition; one that no longer reads (written by hand) is refused, not run. */
function definitionOf(content: string): ReportDefinition {
  try {
    return JSON.parse(content) as ReportDefinition;
  } catch {
    throw failWith(REPORT_MESSAGES.unreadable);
  }
}

function parseParams(text: string | undefined): Record<string, unknown> {
  if (!text) return {};
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
  } catch {
    // refused below
  }
  throw fail('unreadable');
}

/**
 * Reports (contract develop-report.md §4): the contract's list, detail and remove, and the designer's save, run,
 * export and view list. A run sees the caller's tenant, narrowed by his data scopes of 报表列表 (report-run.ts).
 */
export async function reportRoutes(fastify: FastifyInstance, { services }: { services: Services }) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { db } = services;
  const reading = { permission: [report.REPORT_LIST, report.REPORT_SETTING] };

  const scopeOf = async (user: AuthUser): Promise<RunScope> => {
    const rules = await services.permissions.dataScopesOf(user, report.REPORT_LIST);
    const base = { tenantId: user.tenantId, deptIds: [] as string[] };
    if (user.isAdmin || !rules.length || rules.some((r) => r.scopeType === SCOPE.all)) return { ...base, all: true };
    const depts = new Set<string>();
    let userId: string | undefined;
    for (const rule of rules) {
      if (rule.scopeType === SCOPE.own) userId = user.userId;
      if (rule.scopeType === SCOPE.ownDept) for (const id of user.deptIds) depts.add(id);
      if (rule.scopeType === SCOPE.ownDeptAndChildren)
        for (const id of await queries.deptsBelow(db, user.tenantId, user.deptIds)) depts.add(id);
    }
    return { ...base, all: false, userId, deptIds: [...depts] };
  };
  const stored = async (user: AuthUser, id: string) => {
    // A text that is no id names no report (and must not reach the bigint column).
    const found = isId(id) ? await queries.reportDetail(db, user, id) : undefined;
    if (!found) throw fail('dataNotFound');
    return { ...found, definition: definitionOf(found.content) };
  };

  const ListQuery = Type.Object({
    current: Type.Optional(Param),
    size: Type.Optional(Param),
    name: Type.Optional(Type.String({ maxLength: 100 })),
  });
  const Page = Type.Object({
    records: Type.Array(FileRow),
    total: Type.Number(),
    size: Type.Number(),
    current: Type.Number(),
    pages: Type.Number(),
  });
  app.get(
    report.REPORT_LIST_URL,
    { config: { ...reading, standby: true }, schema: { querystring: ListQuery, ...answers(Page) } },
    async (request) => {
      // The lists' paging rules and messages (a page past the end, a size over the cap, a number that is none).
      const { current, size } = pagingOf(request.query);
      const name = textParam(request.query.name)?.trim() || undefined;
      return ok(request, await queries.reportPage(db, request.user, current, size, name));
    },
  );
  app.get(
    report.REPORT_DETAIL_URL,
    { config: reading, schema: { querystring: IdQuery, ...answers(Type.Union([Detail, Type.Null()])) } },
    async (request) => {
      const { id } = request.query;
      const found = isId(id) ? await queries.reportDetail(db, request.user, id) : undefined;
      if (!found) return okOrEmpty(request, null);
      const { content, ...row } = found;
      return ok(request, { ...row, definition: definitionOf(content) });
    },
  );
  app.post(
    report.REPORT_REMOVE_URL,
    { config: { permission: report.REPORT_DELETE }, schema: { ...queryOrBody({ ids: Param }), ...ANSWERS_NO_DATA } },
    async (request) => {
      await queries.removeReports(db, request.user, parseIds(paramsOf(request).ids));
      return ok(request, null);
    },
  );
  const SubmitBody = Type.Object({
    id: Type.Optional(Type.String({ maxLength: 20 })),
    name: Type.String({ maxLength: 100 }),
    definition: ReportDefinitionSchema,
  });
  app.post(
    report.REPORT_SUBMIT_URL,
    { config: { permission: report.REPORT_DESIGN }, schema: { body: SubmitBody, ...answers(FileRow) } },
    async (request) => {
      const { id, definition } = request.body;
      const name = request.body.name.trim();
      if (!name) throw failWith(REPORT_MESSAGES.nameRequired);
      const checked = checkDefinition(definition);
      if (await queries.nameTaken(db, request.user, name, id || undefined)) throw failWith(REPORT_MESSAGES.nameTaken);
      const saved = await queries.saveReport(db, request.user, {
        id: id || undefined,
        name,
        content: JSON.stringify(checked),
      });
      if (!saved) throw fail('dataNotFound');
      const { content: _content, ...row } = (await queries.reportDetail(db, request.user, saved))!;
      return ok(request, row);
    },
  );
  // A saved report runs with 运行; a definition not saved yet (the designer's preview) needs 设计.
  const RunBody = Type.Object({
    id: Type.Optional(Type.String({ maxLength: 20 })),
    definition: Type.Optional(ReportDefinitionSchema),
    params: Type.Optional(Values),
  });
  app.post(
    report.REPORT_RUN_URL,
    {
      config: {
        permission: (r) =>
          (r.body as { definition?: unknown } | undefined)?.definition ? report.REPORT_DESIGN : report.REPORT_RUN,
      },
      schema: { body: RunBody, ...answers(Result) },
    },
    async (request) => {
      const { id, definition, params = {} } = request.body;
      const chosen = definition
        ? checkDefinition(definition)
        : id
          ? (await stored(request.user, id)).definition
          : undefined;
      if (!chosen) throw fail('missingParam', { name: 'id' });
      return ok(request, await runReport(db, await scopeOf(request.user), chosen, params));
    },
  );
  // A browser link (the token as `blade-auth`); the parameters as JSON, the result's rows as the sheet's.
  const ExportQuery = Type.Object({
    id: Type.String({ maxLength: 20 }),
    params: Type.Optional(Type.String({ maxLength: 4000 })),
  });
  app.get(
    report.REPORT_EXPORT_URL,
    { config: { permission: report.REPORT_EXPORT, download: true }, schema: { querystring: ExportQuery } },
    async (request, reply) => {
      const found = await stored(request.user, request.query.id);
      const params = parseParams(request.query.params);
      const result = await runReport(db, await scopeOf(request.user), found.definition, params);
      const out = new PassThrough();
      const sheet = new XlsxWriter(
        out,
        found.name,
        result.columns.map((c) => ({ header: c.label, width: 16, format: 'text' as const })),
      );
      const write = async () => {
        await sheet.start();
        await sheet.addRows(result.rows.map((row) => result.columns.map((c) => row[c.field])));
        await sheet.close();
      };
      write().catch((error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))));
      return reply
        .header('content-type', XLSX_TYPE)
        .header('content-disposition', attachment(`${found.name}.xlsx`))
        .header('cache-control', 'no-store')
        .send(out);
    },
  );
  const View = Type.Object({
    name: Type.String(),
    columns: Type.Array(Type.Object({ name: Type.String(), type: Type.String() })),
  });
  app.get(
    report.REPORT_VIEWS_URL,
    { config: { permission: report.REPORT_DESIGN }, schema: { ...answers(Type.Array(View)) } },
    async (request) => ok(request, await queries.reportViews(db)),
  );
}
