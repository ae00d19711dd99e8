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
  list: [],
  nrOfInstances: 5,
  nrOfCompletedInstances: 3,
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
    // arithmetic on numbers (numbers sent as text too; null is 0), JUEL's precedence, `div` / `mod`
    ['${5-2}', 3],
    ['${days + 1}', 6],
    ['${count * 2}', 14],
    ['${1 + 2 * 3}', 7],
    ['${(1 + 2) * 3}', 9],
    ['${7 / 2}', 3.5],
    ['${7 div 2}', 3.5],
    ['${7 % 4}', 3],
    ['${7 mod 4}', 3],
    ['${-days}', -5],
    ['${- -days}', 5],
    ['${none + 1}', 1],
    ['${days - 1 > 3}', true],
    ['${nrOfCompletedInstances/nrOfInstances >= 0.5}', true],
    ['${nrOfCompletedInstances / nrOfInstances > 0.6 }', false],
    // the ternary and `empty`
    ['${pass ? 1 : 2}', 1],
    ["${days > 10 ? 'long' : days > 3 ? 'medium' : 'short'}", 'medium'],
    ['${empty none}', true],
    ["${empty ''}", true],
    ['${empty name}', false],
    ['${empty list}', true],
    ['${not empty nested}', true],
    ['${!pass == false}', true],
    // `#{...}` reads as `${...}`
    ['#{pass}', true],
    ['#{!pass}', false],
    ['#{days * 2} days', '10 days'],
  ])('%s is %j', (text, expected) => {
    expect(value(text)).toEqual(expected);
  });

  it.each([
    '${process.exit()}',
    "${require('fs')}",
    '${name.constructor}',
    '${__proto__}',
    '${nested.__proto__.polluted}',
    '${name[0]}',
    '${pass ? 1}',
    '${days +}',
    '${*days}',
    '#{process.exit()}',
    '#{(pass}',
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

  it('keeps arithmetic numeric: no text joined, no division by zero, nothing infinite', () => {
    expect(() => value("${name + 'x'}")).toThrow('cannot use "hr" with "+"');
    expect(() => value('${nested * 2}')).toThrow('cannot use');
    expect(() => value('${-name}')).toThrow('cannot use "hr" with "-"');
    expect(() => value('${days / 0}')).toThrow('division by zero');
    expect(() => value('${days % 0}')).toThrow('division by zero');
    const huge = `\${${Array(32).fill('99999999999').join(' * ')}}`;
    expect(() => value(huge)).toThrow('not a finite number');
  });

  it('evaluates only the branch the ternary takes', () => {
    expect(value('${pass ? days : missing}')).toBe(5);
  });

  it('reports an unclosed expression', () => {
    expect(checkText('${pass')).toMatch(/unclosed "\$\{"/);
    expect(checkText('#{pass')).toMatch(/unclosed "#\{"/);
  });
});
