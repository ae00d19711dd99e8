import { describe, expect, it } from 'vitest';
import { Explosions } from '../../src/server/modules/production/bom-explosion.ts';

/** The explosions a server process keeps: answered again only at the same stamp and names, within a byte budget. */
describe('Explosions', () => {
  const body = (chars: number) => 'x'.repeat(chars);

  it('answers a body again only at the stamp and names it was kept at', () => {
    const kept = new Explosions(1_000);
    kept.set('a', { stamp: '1', names: 'n', body: '[1]' });
    expect(kept.get('a', '1', 'n')).toBe('[1]');
    expect(kept.get('a', '1', 'other names')).toBeUndefined();
    // A body found stale is gone: the same stamp later does not bring it back.
    kept.set('b', { stamp: '1', names: 'n', body: '[2]' });
    expect(kept.get('b', '2', 'n')).toBeUndefined();
    expect(kept.get('b', '1', 'n')).toBeUndefined();
  });

  it('lets the least recently answered bodies go beyond its byte budget', () => {
    const kept = new Explosions(400); // two bytes a character: two bodies of 100 characters fit
    kept.set('a', { stamp: '1', names: '', body: body(100) });
    kept.set('b', { stamp: '1', names: '', body: body(100) });
    expect(kept.get('a', '1', '')).toBeDefined(); // now b is the least recently answered
    kept.set('c', { stamp: '1', names: '', body: body(100) });
    expect(kept.get('b', '1', '')).toBeUndefined();
    expect(kept.get('a', '1', '')).toBeDefined();
    expect(kept.get('c', '1', '')).toBeDefined();
    // A body over the whole budget is answered but not kept, and keeps nothing out.
    kept.set('d', { stamp: '1', names: '', body: body(300) });
    expect(kept.get('d', '1', '')).toBeUndefined();
    expect(kept.get('a', '1', '')).toBeDefined();
  });
});
