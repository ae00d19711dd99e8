import { describe, expect, it } from 'vitest';
import { createWedgeReader } from '../../../src/mobile/pages/warehouse/wedge-scanner.ts';

/** Feeds `keys` typed `gap` ms apart from `start`, then Enter `gap` ms later; answers what the reader said at Enter. */
function typeBurst(read: ReturnType<typeof createWedgeReader>, keys: string, gap: number, start = 1000) {
  let at = start;
  for (const key of keys) {
    expect(read({ key, at })).toBeUndefined();
    at += gap;
  }
  return read({ key: 'Enter', at });
}

describe('the keyboard-wedge reader', () => {
  it('answers a burst of at least 4 keys under 50 ms apart ending in Enter', () => {
    expect(typeBurst(createWedgeReader(), 'P-100', 5)).toBe('P-100');
    expect(typeBurst(createWedgeReader(), 'ABCD', 49)).toBe('ABCD');
  });

  it('ignores a person typing (keys 50 ms apart or slower) and bursts under 4 keys', () => {
    expect(typeBurst(createWedgeReader(), 'P-100', 50)).toBeUndefined();
    expect(typeBurst(createWedgeReader(), 'P-100', 180)).toBeUndefined();
    expect(typeBurst(createWedgeReader(), 'P10', 5)).toBeUndefined();
  });

  it('starts a new burst after a pause: only the keys after it count', () => {
    const read = createWedgeReader();
    expect(read({ key: 'x', at: 0 })).toBeUndefined();
    expect(read({ key: 'y', at: 10 })).toBeUndefined();
    expect(typeBurst(read, 'VW-5G0', 5, 500)).toBe('VW-5G0');
  });

  it('passes over keys without a character (Shift before capitals) and answers nothing for a slow Enter', () => {
    const read = createWedgeReader();
    for (const [key, at] of [
      ['Shift', 0],
      ['A', 3],
      ['Shift', 6],
      ['B', 9],
      ['1', 12],
      ['2', 15],
    ] as const)
      expect(read({ key, at })).toBeUndefined();
    expect(read({ key: 'Enter', at: 18 })).toBe('AB12');
    expect(typeBurst(read, 'AB12', 5, 100)).toBe('AB12');
    expect(read({ key: 'A', at: 1000 })).toBeUndefined();
    expect(read({ key: 'B', at: 1005 })).toBeUndefined();
    expect(read({ key: 'C', at: 1010 })).toBeUndefined();
    expect(read({ key: 'D', at: 1015 })).toBeUndefined();
    expect(read({ key: 'Enter', at: 1100 })).toBeUndefined();
  });

  it('forgets the burst after Enter: a second Enter answers nothing', () => {
    const read = createWedgeReader();
    expect(typeBurst(read, 'P-100', 5)).toBe('P-100');
    expect(read({ key: 'Enter', at: 1030 })).toBeUndefined();
  });
});
