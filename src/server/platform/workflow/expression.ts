/**
 * The only evaluator of `${...}` expressions in deployed models (gateway conditions, assignees, collections,
 * completion conditions). It understands variables, literals, comparisons and boolean logic, nothing else: no calls,
 * no indexing, no prototype access. bpmn-engine's own evaluator can call functions and its scripts run in node:vm,
 * which is no sandbox, so neither ever sees tenant XML.
 */

export type Scalar = string | number | boolean | null;
export type Scope = Readonly<Record<string, unknown>>;

type Node =
  | { kind: 'literal'; value: Scalar }
  | { kind: 'variable'; path: string[] }
  | { kind: 'not'; operand: Node }
  | { kind: 'logic'; op: '&&' | '||'; left: Node; right: Node }
  | { kind: 'compare'; op: CompareOp; left: Node; right: Node };
type CompareOp = '==' | '!=' | '<' | '<=' | '>' | '>=';

export class ExpressionError extends Error {}

interface Token {
  type: 'number' | 'string' | 'name' | 'op' | 'end';
  text: string;
  value?: Scalar;
  at: number;
}

const WORD_OPERATORS = new Map(
  Object.entries({ and: '&&', or: '||', not: '!', eq: '==', ne: '!=', lt: '<', le: '<=', gt: '>', ge: '>=' }),
);
const LITERALS = new Map<string, Scalar>([
  ['true', true],
  ['false', false],
  ['null', null],
]);
const FORBIDDEN_NAMES = new Set(['__proto__', 'prototype', 'constructor']);
const MAX_LENGTH = 500;

function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < source.length) {
    const rest = source.slice(i);
    const space = /^\s+/.exec(rest);
    if (space) {
      i += space[0].length;
      continue;
    }
    const number = /^\d+(\.\d+)?/.exec(rest);
    if (number) {
      tokens.push({ type: 'number', text: number[0], value: Number(number[0]), at: i });
      i += number[0].length;
      continue;
    }
    const quoted = /^'((?:[^'\\]|\\.)*)'|^"((?:[^"\\]|\\.)*)"/.exec(rest);
    if (quoted) {
      const body = quoted[1] ?? quoted[2];
      tokens.push({ type: 'string', text: quoted[0], value: body.replace(/\\(.)/g, '$1'), at: i });
      i += quoted[0].length;
      continue;
    }
    const name = /^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*/.exec(rest);
    if (name) {
      const word = name[0];
      if (WORD_OPERATORS.has(word)) tokens.push({ type: 'op', text: WORD_OPERATORS.get(word)!, at: i });
      else if (LITERALS.has(word)) tokens.push({ type: 'name', text: word, value: LITERALS.get(word), at: i });
      else tokens.push({ type: 'name', text: word, at: i });
      i += word.length;
      continue;
    }
    const op = /^(&&|\|\||==|!=|<=|>=|<|>|!|\(|\))/.exec(rest);
    if (op) {
      tokens.push({ type: 'op', text: op[0], at: i });
      i += op[0].length;
      continue;
    }
    throw new ExpressionError(`unexpected "${source[i]}" at ${i + 1}`);
  }
  tokens.push({ type: 'end', text: '', at: source.length });
  return tokens;
}

class Parser {
  private position = 0;
  constructor(private readonly tokens: Token[]) {}

  parse(): Node {
    const node = this.or();
    const next = this.peek();
    if (next.type !== 'end') throw new ExpressionError(`unexpected "${next.text}" at ${next.at + 1}`);
    return node;
  }

  private peek() {
    return this.tokens[this.position];
  }
  private take() {
    return this.tokens[this.position++];
  }
  private isOp(text: string) {
    const t = this.peek();
    return t.type === 'op' && t.text === text;
  }

  private or(): Node {
    let left = this.and();
    while (this.isOp('||')) {
      this.take();
      left = { kind: 'logic', op: '||', left, right: this.and() };
    }
    return left;
  }

  private and(): Node {
    let left = this.not();
    while (this.isOp('&&')) {
      this.take();
      left = { kind: 'logic', op: '&&', left, right: this.not() };
    }
    return left;
  }

  private not(): Node {
    if (this.isOp('!')) {
      this.take();
      return { kind: 'not', operand: this.not() };
    }
    return this.compare();
  }

  private compare(): Node {
    const left = this.primary();
    const t = this.peek();
    if (t.type === 'op' && ['==', '!=', '<', '<=', '>', '>='].includes(t.text)) {
      this.take();
      return { kind: 'compare', op: t.text as CompareOp, left, right: this.primary() };
    }
    return left;
  }

  private primary(): Node {
    const t = this.take();
    if (t.type === 'number' || t.type === 'string') return { kind: 'literal', value: t.value as Scalar };
    if (t.type === 'name') {
      if (t.value !== undefined) return { kind: 'literal', value: t.value };
      if (this.isOp('(')) throw new ExpressionError(`function calls are not allowed: "${t.text}("`);
      const path = t.text.split('.');
      const bad = path.find((segment) => FORBIDDEN_NAMES.has(segment));
      if (bad) throw new ExpressionError(`"${bad}" is not allowed`);
      return { kind: 'variable', path };
    }
    if (t.type === 'op' && t.text === '(') {
      const inner = this.or();
      if (!this.isOp(')')) throw new ExpressionError(`missing ")" at ${this.peek().at + 1}`);
      this.take();
      return inner;
    }
    throw new ExpressionError(t.type === 'end' ? 'incomplete expression' : `unexpected "${t.text}" at ${t.at + 1}`);
  }
}

/** A parsed `${...}` body, reusable across evaluations. */
export class Expression {
  private constructor(
    readonly source: string,
    private readonly root: Node,
  ) {}

  static parse(body: string): Expression {
    if (body.length > MAX_LENGTH) throw new ExpressionError(`longer than ${MAX_LENGTH} characters`);
    return new Expression(body, new Parser(tokenize(body)).parse());
  }

  evaluate(scope: Scope): unknown {
    return evaluateNode(this.root, scope);
  }
}

function evaluateNode(node: Node, scope: Scope): unknown {
  switch (node.kind) {
    case 'literal':
      return node.value;
    case 'variable':
      return lookup(scope, node.path);
    case 'not':
      return !truthy(evaluateNode(node.operand, scope));
    case 'logic': {
      const left = truthy(evaluateNode(node.left, scope));
      if (node.op === '&&') return left && truthy(evaluateNode(node.right, scope));
      return left || truthy(evaluateNode(node.right, scope));
    }
    case 'compare':
      return compare(node.op, evaluateNode(node.left, scope), evaluateNode(node.right, scope));
  }
}

/** Own properties of plain data only: variables are JSON, so nothing callable or inherited is reachable. */
function lookup(scope: Scope, path: string[]): unknown {
  let value: unknown = scope;
  for (const [i, segment] of path.entries()) {
    if (value === null || typeof value !== 'object' || !Object.prototype.hasOwnProperty.call(value, segment)) {
      if (i === 0) throw new ExpressionError(`unknown variable "${segment}"`);
      return null;
    }
    value = (value as Record<string, unknown>)[segment];
  }
  if (typeof value === 'function') throw new ExpressionError(`"${path.join('.')}" is not a value`);
  return value;
}

function truthy(value: unknown): boolean {
  if (typeof value === 'string') return value === 'true';
  return Boolean(value);
}

function compare(op: CompareOp, a: unknown, b: unknown): boolean {
  // Numbers sent as text (`"5"` from a form) compare as numbers, like JUEL's coercion.
  const numeric = (v: unknown) =>
    typeof v === 'number' ? v : typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v.trim()) ? Number(v) : undefined;
  const x = numeric(a);
  const y = numeric(b);
  if (x !== undefined && y !== undefined) return compareValues(op, x, y);
  if (op === '==' || op === '!=') {
    const same =
      (a ?? null) === (b ?? null) ||
      (typeof a === 'boolean' || typeof b === 'boolean' ? truthy(a) === truthy(b) : false);
    return op === '==' ? same : !same;
  }
  if (typeof a === 'string' && typeof b === 'string') return compareValues(op, a, b);
  throw new ExpressionError(`cannot compare ${JSON.stringify(a)} ${op} ${JSON.stringify(b)}`);
}

function compareValues<T extends number | string>(op: CompareOp, a: T, b: T): boolean {
  switch (op) {
    case '==':
      return a === b;
    case '!=':
      return a !== b;
    case '<':
      return a < b;
    case '<=':
      return a <= b;
    case '>':
      return a > b;
    case '>=':
      return a >= b;
  }
}

const EXPRESSION = /\$\{([^}]*)\}/g;
const WHOLE = /^\s*\$\{([^}]*)\}\s*$/;

/** The `${...}` bodies of a text (attribute value, condition body). */
export function expressionsIn(text: string): string[] {
  return [...text.matchAll(EXPRESSION)].map((m) => m[1]);
}

export const hasExpression = (text: unknown): boolean => typeof text === 'string' && /\$\{/.test(text);
export const isExpression = (text: unknown): boolean => typeof text === 'string' && WHOLE.test(text);

const cache = new Map<string, Expression>();
function parsed(body: string): Expression {
  let expression = cache.get(body);
  if (!expression) {
    expression = Expression.parse(body);
    if (cache.size > 1000) cache.clear();
    cache.set(body, expression);
  }
  return expression;
}

/**
 * A text as the engine resolves it: a lone `${...}` gives its value (any type), expressions inside other text are
 * replaced by their values, text without expressions is itself.
 */
export function resolveText(text: string, scope: Scope): unknown {
  const whole = WHOLE.exec(text);
  if (whole) return parsed(whole[1]).evaluate(scope);
  if (!hasExpression(text)) return text;
  return text.replace(EXPRESSION, (_, body: string) => {
    const value = parsed(body).evaluate(scope);
    return value == null ? '' : String(value);
  });
}

/** Every `${...}` of a text parses, and no `${` is left unclosed; the first problem otherwise. */
export function checkText(text: string): string | undefined {
  for (const body of expressionsIn(text)) {
    try {
      Expression.parse(body);
    } catch (error) {
      return `\${${body}}: ${(error as Error).message}`;
    }
  }
  if (/\$\{(?![^}]*\})/.test(text)) return `${text}: unclosed "\${"`;
  return undefined;
}
