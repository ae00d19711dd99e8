// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { atLowPriority } from '../../src/client/lazy.ts';

const linkTo = (href: string) => Object.assign(document.createElement('link'), { rel: 'modulepreload', href });

describe('chunk loads started ahead of need (atLowPriority)', () => {
  it('marks the files a load appends to the head as low priority, and only while it starts', () => {
    const during = linkTo('/assets/MainLayout.js');
    const returned = atLowPriority(() => {
      document.head.appendChild(during);
      return 'started';
    });
    const after = linkTo('/assets/HomePage.js');
    document.head.appendChild(after);

    expect(returned).toBe('started');
    expect(during.fetchPriority).toBe('low');
    expect(after.fetchPriority).not.toBe('low');
    expect(document.head.appendChild).toBe(HTMLHeadElement.prototype.appendChild);
  });

  it('gives the head its own appendChild back when the load throws', () => {
    expect(() =>
      atLowPriority(() => {
        throw new Error('no chunk');
      }),
    ).toThrow('no chunk');
    expect(Object.hasOwn(document.head, 'appendChild')).toBe(false);
  });
});
