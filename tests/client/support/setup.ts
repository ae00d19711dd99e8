import { afterAll, afterEach, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { initI18n } from '../../../src/client/i18n.ts';

/**
 * Runs before each component test file, in a worker process that earlier files used too (vitest.config.ts). The app's
 * modules those files loaded are dropped: this file loads its own, as a process of its own would (and its vi.mock
 * replaces a module before anything loads it); the packages stay loaded. Then what each file's DOM needs: media
 * queries (antd and antd-mobile read them), i18n in the language this file's fresh storage holds, and the cleanup.
 */
vi.resetModules();
if (typeof window !== 'undefined') {
  if (!window.matchMedia) {
    window.matchMedia = (query: string) =>
      ({
        matches: false,
        media: query,
        onchange: null,
        addListener: () => undefined,
        removeListener: () => undefined,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        dispatchEvent: () => false,
      }) as MediaQueryList;
  }
  initI18n();
  // findBy* and waitFor poll a condition until it holds; their default budget of 1 s is shorter than one antd render
  // plus one role query on a 2-core machine kept busy by other processes. The browser tests allow 10 s too.
  configure({ asyncUtilTimeout: 10_000 });
  // Every test unmounts what it rendered (Vitest runs without globals, so Testing Library cannot register this
  // itself): a tree left mounted keeps React's scheduler working after the file's DOM is torn down (`window is not
  // defined`), and its elements would answer the next test's queries.
  afterEach(cleanup);
  // antd-mobile's Toast keeps the one it shows for the next call: a file's last toast must not take the next file's.
  afterAll(async () => {
    const { default: Toast } = await import('antd-mobile/es/components/toast');
    Toast.clear();
  });
}
