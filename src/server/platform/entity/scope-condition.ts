import { sql, type Expression, type SqlBool } from 'kysely';
import type { EntityDef } from '../../../shared/entities/define.ts';
import type { LocalText } from '../../../shared/i18n/server-messages.ts';
import type { AuthUser } from '../auth-context.ts';
import { findField } from './fields.ts';

/**
 * Custom data scopes (data_scope_type 5): BladeX stores a raw SQL condition in `scope_value` and pastes it into
 * the query. We never run stored SQL. The value is read with a small grammar instead and rebuilt with bound
 * parameters against the entity's own columns:
 *
 *   condition := term (OR term)*          term := factor (AND factor)*
 *   factor    := NOT factor | '(' condition ')' | column comparison
 *   comparison:= (= | <> | != | < | <= | > | >=) value | [NOT] IN '(' value (',' value)* ')' | [NOT] LIKE value
 *              | IS [NOT] NULL
 *   value     := 'text' | number | ${userId} ${deptId} ${roleId} ${tenantId} ${account}
 *                (inside IN also ${deptIds} ${roleIds} ${postIds}: every id of the caller)
 *
 * e.g. `create_user = ${userId} or (status = 1 and create_dept in (${deptIds}))`. Column names are the table's
 * (snake_case) or the API's (camelCase); anything else is refused with the position where reading stopped.
 */

type Token =
  | { kind: 'word'; text: string; at: number }
  | { kind: 'string'; text: string; at: number }
  | { kind: 'number'; text: string; at: number }
  | { kind: 'placeholder'; text: string; at: number }
  | { kind: 'symbol'; text: string; at: number };

type Value = { kind: 'literal'; value: string | number } | { kind: 'placeholder'; name: string };
type Node =
  | { kind: 'and'; parts: Node[] }
  | { kind: 'or'; parts: Node[] }
  | { kind: 'not'; part: Node }
  | { kind: 'compare'; column: string; op: string; value: Value }
  | { kind: 'in'; column: string; negated: boolean; values: Value[] }
  | { kind: 'like'; column: string; negated: boolean; value: Value }
  | { kind: 'null'; column: string; negated: boolean };

const SINGLE = ['userId', 'deptId', 'roleId', 'tenantId', 'account'] as const;
const LISTS = ['deptIds', 'roleIds', 'postIds'] as const;
const COMPARE = ['=', '<>', '!=', '<', '<=', '>', '>='];
const MAX_LENGTH = 2000;

/** A custom scope the grammar cannot read, with where reading stopped (1-based character). */
export class ScopeConditionError extends Error {
  constructor(readonly text: LocalText) {
    super(text.en);
  }
}

const failAt = (at: number, zh: string, en: string) =>
  new ScopeConditionError({ zh: `自定义规则第${at + 1}个字符处${zh}`, en: `Custom rule, character ${at + 1}: ${en}` });

function tokenize(input: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < input.length) {
    const c = input[i];
    if (/\s/.test(c)) {
      i += 1;
      continue;
    }
    const at = i;
    if (c === "'") {
      let text = '';
      i += 1;
      for (;;) {
        if (i >= input.length) throw failAt(at, '的文本缺少结束引号', 'text without its closing quote');
        if (input[i] === "'" && input[i + 1] === "'") {
          text += "'";
          i += 2;
          continue;
        }
        if (input[i] === "'") {
          i += 1;
          break;
        }
        text += input[i];
        i += 1;
      }
      tokens.push({ kind: 'string', text, at });
    } else if (c === '$' && input[i + 1] === '{') {
      const end = input.indexOf('}', i);
      if (end < 0) throw failAt(at, '的变量缺少 }', 'a placeholder without its }');
      tokens.push({ kind: 'placeholder', text: input.slice(i + 2, end).trim(), at });
      i = end + 1;
    } else if (/[0-9-]/.test(c)) {
      const match = /^-?\d+(\.\d+)?/.exec(input.slice(i));
      if (!match) throw failAt(at, '无法识别', 'cannot be read');
      tokens.push({ kind: 'number', text: match[0], at });
      i += match[0].length;
    } else if (/[A-Za-z_]/.test(c)) {
      const match = /^[A-Za-z_][A-Za-z0-9_]*/.exec(input.slice(i))!;
      tokens.push({ kind: 'word', text: match[0], at });
      i += match[0].length;
    } else {
      const two = input.slice(i, i + 2);
      const symbol = ['<=', '>=', '<>', '!='].includes(two) ? two : '=<>(),'.includes(c) ? c : undefined;
      if (!symbol) throw failAt(at, `的"${c}"不允许使用`, `"${c}" is not allowed`);
      tokens.push({ kind: 'symbol', text: symbol, at });
      i += symbol.length;
    }
  }
  return tokens;
}

class Parser {
  private index = 0;
  constructor(
    private readonly tokens: Token[],
    private readonly end: number,
  ) {}

  parse(): Node {
    const node = this.condition();
    const rest = this.peek();
    if (rest) throw failAt(rest.at, '多余的内容', 'unexpected text');
    return node;
  }

  private peek(): Token | undefined {
    return this.tokens[this.index];
  }
  private next(): Token {
    const token = this.tokens[this.index];
    if (!token) throw failAt(this.end, '规则不完整', 'the rule ends too early');
    this.index += 1;
    return token;
  }
  private isWord(word: string, offset = 0) {
    const token = this.tokens[this.index + offset];
    return token?.kind === 'word' && token.text.toLowerCase() === word;
  }
  private expectSymbol(symbol: string) {
    const token = this.next();
    if (token.kind !== 'symbol' || token.text !== symbol)
      throw failAt(token.at, `应为"${symbol}"`, `"${symbol}" expected`);
  }

  private condition(): Node {
    const parts = [this.term()];
    while (this.isWord('or')) {
      this.index += 1;
      parts.push(this.term());
    }
    return parts.length === 1 ? parts[0] : { kind: 'or', parts };
  }

  private term(): Node {
    const parts = [this.factor()];
    while (this.isWord('and')) {
      this.index += 1;
      parts.push(this.factor());
    }
    return parts.length === 1 ? parts[0] : { kind: 'and', parts };
  }

  private factor(): Node {
    if (this.isWord('not')) {
      this.index += 1;
      return { kind: 'not', part: this.factor() };
    }
    const token = this.next();
    if (token.kind === 'symbol' && token.text === '(') {
      const inner = this.condition();
      this.expectSymbol(')');
      return inner;
    }
    if (token.kind !== 'word' || ['and', 'or', 'not', 'in', 'like', 'is', 'null'].includes(token.text.toLowerCase())) {
      throw failAt(token.at, '应为字段名', 'a column name expected');
    }
    return this.comparison(token.text);
  }

  private comparison(column: string): Node {
    if (this.isWord('is')) {
      this.index += 1;
      const negated = this.isWord('not');
      if (negated) this.index += 1;
      const token = this.next();
      if (token.kind !== 'word' || token.text.toLowerCase() !== 'null')
        throw failAt(token.at, '应为 null', 'null expected');
      return { kind: 'null', column, negated };
    }
    const negated = this.isWord('not') && (this.isWord('in', 1) || this.isWord('like', 1));
    if (negated) this.index += 1;
    if (this.isWord('in')) {
      this.index += 1;
      this.expectSymbol('(');
      const values = [this.value(true)];
      for (;;) {
        const token = this.next();
        if (token.kind === 'symbol' && token.text === ')') break;
        if (token.kind !== 'symbol' || token.text !== ',')
          throw failAt(token.at, '应为","或")"', '"," or ")" expected');
        values.push(this.value(true));
      }
      return { kind: 'in', column, negated, values };
    }
    if (this.isWord('like')) {
      this.index += 1;
      return { kind: 'like', column, negated, value: this.value(false) };
    }
    const op = this.next();
    if (op.kind !== 'symbol' || !COMPARE.includes(op.text))
      throw failAt(op.at, '应为比较符号', 'a comparison expected');
    return { kind: 'compare', column, op: op.text === '!=' ? '<>' : op.text, value: this.value(false) };
  }

  private value(inList: boolean): Value {
    const token = this.next();
    if (token.kind === 'string') return { kind: 'literal', value: token.text };
    if (token.kind === 'number') return { kind: 'literal', value: Number(token.text) };
    if (token.kind === 'placeholder') {
      const known =
        (SINGLE as readonly string[]).includes(token.text) ||
        (inList && (LISTS as readonly string[]).includes(token.text));
      if (!known)
        throw failAt(token.at, `的变量\${${token.text}}不可用`, `placeholder \${${token.text}} is not available here`);
      return { kind: 'placeholder', name: token.text };
    }
    throw failAt(token.at, '应为文本、数字或变量', 'text, a number or a placeholder expected');
  }
}

/** Reads a custom scope; throws ScopeConditionError with the position of the first problem. */
export function parseScopeCondition(input: string): Node {
  const text = input.trim();
  if (!text) throw new ScopeConditionError({ zh: '自定义规则不能为空', en: 'A custom rule needs a condition' });
  if (text.length > MAX_LENGTH)
    throw new ScopeConditionError({ zh: '自定义规则过长', en: 'The custom rule is too long' });
  return new Parser(tokenize(text), text.length).parse();
}

/** The columns a condition names, for checking them against an entity when the rule is saved. */
export function conditionColumns(node: Node): string[] {
  switch (node.kind) {
    case 'and':
    case 'or':
      return node.parts.flatMap(conditionColumns);
    case 'not':
      return conditionColumns(node.part);
    default:
      return [node.column];
  }
}

function placeholderValues(name: string, user: AuthUser): Array<string | number> {
  switch (name) {
    case 'userId':
      return [user.userId];
    case 'deptId':
      return user.deptIds.slice(0, 1);
    case 'roleId':
      return user.roleIds.slice(0, 1);
    case 'tenantId':
      return [user.tenantId];
    case 'account':
      return [user.account];
    case 'deptIds':
      return user.deptIds;
    case 'roleIds':
      return user.roleIds;
    case 'postIds':
      return user.postIds;
    default:
      return [];
  }
}

const NUMERIC = /^-?\d+(\.\d+)?$/;

/**
 * The condition as a bound SQL predicate on the entity's columns, or undefined when it names a column the entity
 * lacks (the rule then grants nothing). A placeholder the caller has no value for (no dept) matches nothing, and so
 * does a value that cannot be a number on a numeric column (it would otherwise be a database error).
 */
export function scopeConditionSql(
  node: Node,
  entity: EntityDef,
  user: AuthUser,
  alias: string,
): Expression<SqlBool> | undefined {
  const FALSE = sql<SqlBool>`false`;
  const columnOf = (name: string) => {
    const field = findField(entity, name);
    if (!field) return undefined;
    const numeric = ['int', 'id', 'money', 'decimal', 'switch'].includes(field.type);
    const ref = sql.ref(alias ? `${alias}.${field.column}` : field.column);
    // Values are bound as text; numeric columns get numbers they can hold, the rest compare as text.
    const fits = (value: string | number) => !numeric || NUMERIC.test(String(value));
    const bind = (value: string | number) => (numeric ? sql`${String(value)}::numeric` : sql`${String(value)}`);
    return { ref: numeric ? ref : sql`${ref}::text`, fits, bind };
  };
  const values = (value: Value) => (value.kind === 'literal' ? [value.value] : placeholderValues(value.name, user));
  const build = (n: Node): Expression<SqlBool> | undefined => {
    if (n.kind === 'and' || n.kind === 'or') {
      const parts = n.parts.map(build);
      if (parts.some((p) => !p)) return undefined;
      return sql<SqlBool>`(${sql.join(parts as Expression<SqlBool>[], n.kind === 'and' ? sql` and ` : sql` or `)})`;
    }
    if (n.kind === 'not') {
      const inner = build(n.part);
      return inner && sql<SqlBool>`not coalesce(${inner}, false)`;
    }
    const column = columnOf(n.column);
    if (!column) return undefined;
    const { ref, fits, bind } = column;
    switch (n.kind) {
      case 'null':
        return n.negated ? sql<SqlBool>`${ref} is not null` : sql<SqlBool>`${ref} is null`;
      case 'compare': {
        const [value] = values(n.value);
        if (value === undefined || !fits(value)) return FALSE;
        // The operator comes from the grammar's fixed list, never from the stored text.
        return sql<SqlBool>`${ref} ${sql.raw(COMPARE.includes(n.op) ? n.op : '=')} ${bind(value)}`;
      }
      case 'like': {
        const [value] = values(n.value);
        if (value === undefined) return FALSE;
        const text = sql`${column.ref}::text`;
        return n.negated
          ? sql<SqlBool>`${text} not like ${String(value)}`
          : sql<SqlBool>`${text} like ${String(value)}`;
      }
      case 'in': {
        const list = n.values.flatMap(values).filter(fits).map(bind);
        if (list.length === 0) return n.negated ? sql<SqlBool>`true` : FALSE;
        return n.negated
          ? sql<SqlBool>`${ref} not in (${sql.join(list)})`
          : sql<SqlBool>`${ref} in (${sql.join(list)})`;
      }
    }
  };
  return build(node);
}
