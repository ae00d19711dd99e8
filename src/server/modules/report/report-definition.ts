import { Type, type Static } from 'typebox';
import {
  CHART_TYPES,
  PARAM_TYPES,
  type ReportDefinition,
  type ReportParam,
} from '../../../shared/entities/report/report.ts';
import { failWith } from '../../platform/errors.ts';

const Name = Type.String({ maxLength: 100 });
const literals = <T extends string>(values: readonly T[]) => Type.Unsafe<T>(Type.String({ enum: [...values] }));
/** The definition as the designer sends it (stored as JSON in blade_report_file.content). */
export const ReportDefinitionSchema = Type.Object({
  sql: Type.String({ maxLength: 20_000 }),
  params: Type.Array(
    Type.Object({
      name: Name,
      label: Name,
      type: literals(PARAM_TYPES),
      dict: Type.Optional(Name),
      default: Type.Optional(Type.String({ maxLength: 200 })),
      required: Type.Optional(Type.Boolean()),
    }),
    { maxItems: 20 },
  ),
  columns: Type.Array(Type.Object({ field: Name, label: Name }), { maxItems: 100 }),
  groupBy: Type.Optional(Type.String({ maxLength: 100 })),
  sums: Type.Array(Name, { maxItems: 50 }),
  chart: Type.Object({
    type: literals(CHART_TYPES),
    x: Type.Optional(Type.String({ maxLength: 100 })),
    y: Type.Array(Name, { maxItems: 20 }),
  }),
});
export type ReportDefinitionInput = Static<typeof ReportDefinitionSchema>;

export const REPORT_MESSAGES = {
  notSelect: {
    zh: '报表只能是一条查询语句 (SELECT 或 WITH … SELECT)',
    en: 'A report is one query (SELECT or WITH … SELECT)',
  },
  forbidden: { zh: '报表只能查询允许的视图', en: 'A report may only read the allowed views' },
  readOnly: { zh: '报表不能修改数据', en: 'A report cannot change data' },
  timeout: { zh: '报表查询超时, 请缩小查询范围', en: 'The report query took too long; narrow it down' },
  tooCostly: { zh: '报表查询过于复杂, 请缩小查询范围', en: 'The report query is too costly; narrow it down' },
  unknownParam: { zh: '报表参数未定义: {name}', en: 'Undeclared report parameter: {name}' },
  badParamName: { zh: '报表参数名称不正确: {name}', en: 'Invalid report parameter name: {name}' },
  paramRequired: { zh: '请输入报表参数: {name}', en: 'Please enter the report parameter: {name}' },
  paramNumber: { zh: '报表参数必须是数字: {name}', en: 'The report parameter must be a number: {name}' },
  paramDate: {
    zh: '报表参数必须是日期 (yyyy-MM-dd): {name}',
    en: 'The report parameter must be a date (yyyy-MM-dd): {name}',
  },
  sqlError: { zh: '报表查询出错: {name}', en: 'The report query failed: {name}' },
  nameRequired: { zh: '请输入报表名称', en: 'Please enter the report name' },
  nameTaken: { zh: '报表名称已存在', en: 'A report with this name exists' },
  unreadable: { zh: '报表定义无法读取', en: 'The report definition cannot be read' },
} as const;

const PARAM_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,62}$/;
// Functions that reach outside the report's views or its transaction: refused with a friendly message here; the
// database refuses them too (the report role lost set_config and the sleeps in migration 0064, and reads only views).
const OUTSIDE =
  /\b(set_config|pg_sleep\w*|dblink\w*|lo_\w+|pg_read_\w+|pg_ls_\w+|query_to_xml\w*|pg_terminate_backend|pg_cancel_backend)\s*\(/i;

/** The definition's own checks beyond its shape: parameter names, and the query as far as its text goes. */
export function checkDefinition(definition: ReportDefinitionInput): ReportDefinition {
  for (const param of definition.params)
    if (!PARAM_NAME.test(param.name)) throw failWith(REPORT_MESSAGES.badParamName, { name: param.name });
  compileQuery(definition.sql, definition.params, {});
  return definition as ReportDefinition;
}

/**
 * The query with its `:name` parameters as `$n`, and their values, converted by their declared types. The text is
 * scanned for what lies outside literals, quoted names and comments: one statement, beginning SELECT or WITH, only
 * declared parameters (bound, never spliced in). PostgreSQL decides the rest (one statement in a prepared query, a
 * read-only transaction, the report role's privileges).
 */
export function compileQuery(
  text: string,
  params: readonly ReportParam[],
  input: Readonly<Record<string, unknown>>,
): { sql: string; values: unknown[] } {
  const declared = new Map(params.map((p) => [p.name, p]));
  const order: string[] = [];
  let out = '';
  let code = '';
  let i = 0;
  while (i < text.length) {
    const rest = text.slice(i);
    const skipped = /^('(?:[^']|'')*'|"(?:[^"]|"")*"|--[^\n]*|\/\*[\s\S]*?\*\/|\$\$[\s\S]*?\$\$)/.exec(rest);
    if (skipped) {
      out += skipped[0];
      code += ' ';
      i += skipped[0].length;
      continue;
    }
    const cast = /^::/.exec(rest);
    const param = /^:([A-Za-z_][A-Za-z0-9_]*)/.exec(rest);
    if (!cast && param) {
      const name = param[1]!;
      if (!declared.has(name)) throw failWith(REPORT_MESSAGES.unknownParam, { name });
      if (!order.includes(name)) order.push(name);
      out += `$${order.indexOf(name) + 1}`;
      code += ' ';
      i += param[0].length;
      continue;
    }
    const step = cast ? 2 : 1;
    out += rest.slice(0, step);
    code += rest.slice(0, step);
    i += step;
  }
  const statement = code.trim().replace(/;\s*$/, '');
  if (!/^(select|with)\b/i.test(statement) || statement.includes(';')) throw failWith(REPORT_MESSAGES.notSelect);
  const found = OUTSIDE.exec(statement);
  if (found) throw failWith(REPORT_MESSAGES.forbidden);
  return { sql: out.trim().replace(/;\s*$/, ''), values: order.map((name) => valueOf(declared.get(name)!, input)) };
}

function valueOf(param: ReportParam, input: Readonly<Record<string, unknown>>): unknown {
  const raw = input[param.name] ?? param.default;
  const text = raw === undefined || raw === null ? '' : String(raw).trim();
  if (text === '') {
    if (param.required) throw failWith(REPORT_MESSAGES.paramRequired, { name: param.label || param.name });
    return null;
  }
  if (param.type === 'number') {
    if (!/^-?\d+(\.\d+)?$/.test(text)) throw failWith(REPORT_MESSAGES.paramNumber, { name: param.label });
    return text;
  }
  if (param.type === 'date' && !/^\d{4}-\d{2}-\d{2}$/.test(text))
    throw failWith(REPORT_MESSAGES.paramDate, { name: param.label });
  return text;
}
