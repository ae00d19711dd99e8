import { afterEach, describe, expect, it, vi } from 'vitest';
import { TtlCache } from '../../src/server/platform/ttl-cache.ts';

/** The in-process caches' bound (issue 16): least recently used out first, expired ones dropped, failures retried. */
describe('TtlCache', () => {
  afterEach(() => vi.useRealTimers());

  const counting = () => {
    const loads: string[] = [];
    return { loads, load: (key: string) => () => (loads.push(key), Promise.resolve(`${key}!`)) };
  };

  it('shares one load between readers and keeps at most `max` entries, the least recently used going first', async () => {
    const cache = new TtlCache<string>(2);
    const { loads, load } = counting();
    expect(await Promise.all([cache.get('a', load('a')), cache.get('a', load('a'))])).toEqual(['a!', 'a!']);
    await cache.get('b', load('b'));
    await cache.get('a', load('a')); // a is now the most recently used
    await cache.get('c', load('c')); // b goes
    expect(cache.size).toBe(2);
    await cache.get('a', load('a'));
    await cache.get('b', load('b'));
    expect(loads).toEqual(['a', 'b', 'c', 'b']);
  });

  it('loads an expired entry again, and drops expired entries as new ones come', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const cache = new TtlCache<string>(100, 1000);
    const { loads, load } = counting();
    for (const key of ['a', 'b', 'c']) await cache.get(key, load(key));
    vi.setSystemTime(Date.now() + 1001);
    await cache.get('d', load('d'));
    expect(cache.size).toBe(1);
    await cache.get('a', load('a'));
    expect(loads).toEqual(['a', 'b', 'c', 'd', 'a']);
  });

  it('forgets a failed load, so the next reader tries again', async () => {
    const cache = new TtlCache<string>(10);
    await expect(cache.get('a', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(cache.size).toBe(0);
    expect(await cache.get('a', () => Promise.resolve('up'))).toBe('up');
  });

  it('peeks at a live entry without loading one, and not at an expired one', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const cache = new TtlCache<string>(10, 1000);
    expect(cache.peek('a')).toBeUndefined();
    expect(cache.size).toBe(0);
    await cache.get('a', () => Promise.resolve('1'));
    expect(await cache.peek('a')).toBe('1');
    vi.setSystemTime(Date.now() + 1001);
    expect(cache.peek('a')).toBeUndefined();
  });

  it('is emptied by clear', async () => {
    const cache = new TtlCache<string>(10);
    await cache.get('a', () => Promise.resolve('1'));
    cache.clear();
    expect(await cache.get('a', () => Promise.resolve('2'))).toBe('2');
  });
});
