import { describe, expect, it } from 'vitest';
import { formatNumber, formatRate } from '../../src/client/format.ts';
import { screenClassOf } from '../../src/client/config.ts';

describe('number formatting (spec §9)', () => {
  it('uses 2 decimals and thousands separators by default', () => {
    expect(formatNumber(1234567.8)).toBe('1,234,567.80');
    expect(formatNumber('-0.005')).toBe('-0.01');
    expect(formatNumber(12, 0)).toBe('12');
    expect(formatNumber(null)).toBe('');
    expect(formatNumber('abc')).toBe('');
  });

  it('shows completion rates x100 with a percent sign, and - when absent', () => {
    expect(formatRate(0.1234)).toBe('12.34%');
    expect(formatRate(1.5)).toBe('150.00%');
    expect(formatRate(null)).toBe('-');
    expect(formatRate('')).toBe('-');
  });
});

describe('screen classes (spec §2)', () => {
  it('switches at 768, 992 and 1200 px', () => {
    const classOf = (viewport: number) => screenClassOf((width) => viewport >= width);
    expect([375, 767, 768, 991, 992, 1199, 1200, 1920].map(classOf)).toEqual([0, 0, 1, 1, 2, 2, 3, 3]);
  });
});
