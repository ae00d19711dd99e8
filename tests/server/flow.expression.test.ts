import { describe, expect, it } from 'vitest';
import { Expression, ExpressionError, checkText, resolveText } from '../../src/server/platform/workflow/expression.ts';

/**
 * The `${...}` evaluator of deployed models: variables, literals, comparisons and logic, and nothing that runs code.
 */

const scope = {
  pass: true,
  days: 5,
  amount: 12000,
  name: 'hr',
  flag: 'ok',
  nested: { level: 2 },
  count: '7',
  none: null,
};
const value = (text: string) => resolveText(text, scope);

describe('flow expressions', () => {
  it.each([
    ['${pass}', true],
    ['${!pass}', false],
    ['${days > 3}', true],
    ['${days <= 3}', false],
    ['${amount >= 10000 && pass}', true],
    ['${amount < 10000 || !pass}', false],
    ['${!(days > 3 && pass)}', false],
    ["${flag == 'ok'}", true],
    ['${flag != "ok"}', false],
    ["${name eq 'hr' and days gt 4}", true],
    ['${not pass or days lt 1}', false],
    ['${count == 7}', true],
    ['${nested.level >= 2}', true],
    ['${none == null}', true],
    ['${pass == true}', true],
    ['${days}', 5],
    ['${name}', 'hr'],
    ['taskUser_1', 'taskUser_1'],
    ['user ${name} for ${days} days', 'user hr for 5 days'],
  ])('%s is %j', (text, expected) => {
    expect(value(text)).toEqual(expected);
  });

  it.each([
    '${process.exit()}',
    "${require('fs')}",
    '${name.constructor}',
    '${__proto__}',
    '${nested.__proto__.polluted}',
    '${pass ? 1 : 2}',
    '${days + 1}',
    '${name[0]}',
    '${`x`}',
    '${a; b}',
    '${(pass}',
    '${}',
  ])('refuses %s', (text) => {
    expect(checkText(text), text).toMatch(/\S/);
    expect(() => value(text)).toThrow(ExpressionError);
  });

  it('reads only own data of the variables, never prototypes or functions', () => {
    const sneaky = Object.assign(Object.create({ inherited: true }), { fn: () => 'ran' });
    expect(() => Expression.parse('inherited').evaluate(sneaky)).toThrow('unknown variable "inherited"');
    expect(() => Expression.parse('fn').evaluate(sneaky)).toThrow('is not a value');
    expect(() => Expression.parse('toString').evaluate({})).toThrow('unknown variable "toString"');
    // A dotted name is only a variable path: globals are not in scope.
    expect(() => value('${globalThis.process}')).toThrow('unknown variable "globalThis"');
  });

  it('names an unknown variable and an incomparable pair', () => {
    expect(() => value('${missing}')).toThrow('unknown variable "missing"');
    expect(() => value('${nested > 1}')).toThrow('cannot compare');
  });

  it('reports an unclosed expression', () => {
    expect(checkText('${pass')).toMatch(/unclosed/);
  });
});
