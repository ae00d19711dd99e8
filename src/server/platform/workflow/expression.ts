/**
 * The only evaluator of `${...}` (and `#{...}`, read the same) expressions in deployed models (gateway conditions,
 * assignees, collections, completion conditions). It understands the JUEL subset approval models use: variables,
 * literals, comparisons, boolean logic, arithmetic on numbers, `empty` and the ternary `a ? b : c`; nothing else: no
 * calls, no indexing, no prototype access. bpmn-engine's own evaluator can call functions and its scripts run in
 * node:vm, which is no sandbox, so neither ever sees tenant XML.
 */

export type Scalar = string | number | boolean | null;
export type Scope = Readonly<Record<string, unknown>>;

type Node =
  | { kind: 'literal'; value: Scalar }
  | { kind: 'variable'; path: string[] }
  | { kind: 'not'; operand: Node }
  | { kind: 'negate'; operand: Node }
  | { kind: 'empty'; operand: Node }
  | { kind: 'logic'; op: '&&' | '||'; left: Node; right: Node }
  | { kind: 'compare'; op: CompareOp; left: Node; right: Node }
  | { kind: 'arithmetic'; op: ArithmeticOp; left: Node; right: Node }
  | { kind: 'choice'; test: Node; then: Node; otherwise: Node };
type CompareOp = '==' | '!=' | '<' | '<=' | '>' | '>=';
type ArithmeticOp = '+' | '-' | '*' | '/' | '%';

export class ExpressionError extends Error {}

interface Token {
  type: 'number' | 'string' | 'name' | 'op' | 'end';
  text: string;
  value?: Scalar;
  at: number;
}

const WORD_OPERATORS = new Map(
  Object.entries({
    and: '&&',
    or: '||',
    not: '!',
    eq: '==',
    ne: '!=',
    lt: '<',
    le: '<=',
    gt: '>',
    ge: '>=',
    div: '/',
    mod: '%',
    empty: 'empty',
  }),
);
const LITERALS = new Map<string, Scalar>([
  ['true', true],
  ['false', false],
  ['null', null],
]);
const FORBIDDEN_NAMES = new Set(['__proto__', 'prototype', 'constructor']);
const MAX_LENGTH = 500;

/**
 * A process variable's name: an identifier of at most 64 characters, and none of the prototype's (`__proto__`,
 * `constructor`, `prototype`), which as keys of the variables would reach or shadow what every object inherits.
 */
export const isVariableName = (name: string): boolean =>
  /^[A-Za-z_][A-Za-z0-9_]{0,63}$/.test(name) && !FORBIDDEN_NAMES.has(name);

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
    const op = /^(&&|\|\||==|!=|<=|>=|<|>|!|\(|\)|\+|-|\*|\/|%|\?|:)/.exec(rest);
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
    const node = this.choice();
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

  /** `test ? then : otherwise`, the loosest binding (right-associative, as in JUEL). */
  private choice(): Node {
    const test = this.or();
    if (!this.isOp('?')) return test;
    this.take();
    const then = this.choice();
    if (!this.isOp(':')) throw new ExpressionError(`missing ":" at ${this.peek().at + 1}`);
    this.take();
    return { kind: 'choice', test, then, otherwise: this.choice() };
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
    let left = this.compare();
    while (this.isOp('&&')) {
      this.take();
      left = { kind: 'logic', op: '&&', left, right: this.compare() };
    }
    return left;
  }

  private compare(): Node {
    const left = this.sum();
    const t = this.peek();
    if (t.type === 'op' && ['==', '!=', '<', '<=', '>', '>='].includes(t.text)) {
      this.take();
      return { kind: 'compare', op: t.text as CompareOp, left, right: this.sum() };
    }
    return left;
  }

  private sum(): Node {
    let left = this.product();
    while (this.isOp('+') || this.isOp('-')) {
      const op = this.take().text as ArithmeticOp;
      left = { kind: 'arithmetic', op, left, right: this.product() };
    }
    return left;
  }

  private product(): Node {
    let left = this.unary();
    while (this.isOp('*') || this.isOp('/') || this.isOp('%')) {
      const op = this.take().text as ArithmeticOp;
      left = { kind: 'arithmetic', op, left, right: this.unary() };
    }
    return left;
  }

  /** `!` / `not`, unary `-` and `empty` bind tighter than any binary operator, as in JUEL. */
  private unary(): Node {
    if (this.isOp('!')) {
      this.take();
      return { kind: 'not', operand: this.unary() };
    }
    if (this.isOp('-')) {
      this.take();
      return { kind: 'negate', operand: this.unary() };
    }
    if (this.isOp('empty')) {
      this.take();
      return { kind: 'empty', operand: this.unary() };
    }
    return this.primary();
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
      const inner = this.choice();
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
    case 'negate':
      return -numberOf(evaluateNode(node.operand, scope), '-');
    case 'empty':
      return isEmpty(evaluateNode(node.operand, scope));
    case 'choice':
      return evaluateNode(truthy(evaluateNode(node.test, scope)) ? node.then : node.otherwise, scope);
    case 'arithmetic':
      return arithmetic(node.op, evaluateNode(node.left, scope), evaluateNode(node.right, scope));
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

/** A number, or a number sent as text; `null` is 0 as in JUEL. Anything else cannot take part in arithmetic. */
function numberOf(value: unknown, op: string): number {
  if (value === null) return 0;
  const number = numeric(value);
  if (number === undefined) throw new ExpressionError(`cannot use ${JSON.stringify(value)} with "${op}"`);
  return number;
}

/** JUEL's `+` adds numbers (never joins text); `/` divides without truncating. */
function arithmetic(op: ArithmeticOp, a: unknown, b: unknown): number {
  const x = numberOf(a, op);
  const y = numberOf(b, op);
  if ((op === '/' || op === '%') && y === 0) throw new ExpressionError(`division by zero`);
  const result = op === '+' ? x + y : op === '-' ? x - y : op === '*' ? x * y : op === '/' ? x / y : x % y;
  if (!Number.isFinite(result)) throw new ExpressionError(`${x} ${op} ${y} is not a finite number`);
  return result;
}

/** JUEL's `empty`: null, '', an empty list or an empty object. */
function isEmpty(value: unknown): boolean {
  if (value == null || value === '') return true;
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === 'object') return Object.keys(value).length === 0;
  return false;
}

function truthy(value: unknown): boolean {
  if (typeof value === 'string') return value === 'true';
  return Boolean(value);
}

/** Numbers sent as text (`"5"` from a form) count as numbers, like JUEL's coercion. */
const numeric = (v: unknown) =>
  typeof v === 'number' ? v : typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v.trim()) ? Number(v) : undefined;

function compare(op: CompareOp, a: unknown, b: unknown): boolean {
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

/** `${...}` and `#{...}` (JUEL's deferred form, which a process engine evaluates the same way). */
const EXPRESSION = /[$#]\{([^}]*)\}/g;
const WHOLE = /^\s*[$#]\{([^}]*)\}\s*$/;

/** The `${...}` / `#{...}` bodies of a text (attribute value, condition body). */
export function expressionsIn(text: string): string[] {
  return [...text.matchAll(EXPRESSION)].map((m) => m[1]);
}

export const hasExpression = (text: unknown): boolean => typeof text === 'string' && /[$#]\{/.test(text);
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
  const unclosed = /([$#])\{(?![^}]*\})/.exec(text);
  if (unclosed) return `${text}: unclosed "${unclosed[1]}{"`;
  return undefined;
}
