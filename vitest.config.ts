import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The fuzz (tests/server/fuzz.test.ts) runs several times longer than any other file: it starts first, on one worker,
 * while the other takes the rest, so that it never runs alone at the end. The server project's files come next, back
 * to back, so that its workers carry on with their loaded modules (isolate: false) instead of starting new
 * processes; the component tests last. Within those, vitest's own order (the longest last time first, else the
 * largest file).
 */
class FuzzFirst extends BaseSequencer {
  async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (file: TestSpecification) =>
      file.moduleId.endsWith('/tests/server/fuzz.test.ts') ? 0 : file.project.name === 'server' ? 1 : 2;
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}

export default defineConfig({
  // The console imports some antd and antd-mobile components by their ES paths (off the login page's way) and the
  // rest from the index, which Node resolves to the CommonJS build: one build in tests, or a ConfigProvider misses
  // half the screen.
  resolve: {
    alias: [
      { find: /^antd\/es\/(.*)$/, replacement: 'antd/lib/$1' },
      // antd-mobile's pop-ups would otherwise miss the render the app sets for React 19 (mobile/render-shim.ts).
      { find: /^antd-mobile\/es\/(.*)$/, replacement: 'antd-mobile/cjs/$1' },
    ],
  },
  test: {
    // jest-dom's matchers (toBeVisible, toBeInTheDocument) for every project.
    setupFiles: ['tests/dom-matchers.setup.ts'],
    // Each file opens its own copy of the migrated database: two at a time fit this 2-core machine.
    pool: 'forks',
    maxWorkers: 2,
    sequence: { sequencer: FuzzFirst },
    testTimeout: 30_000,
    hookTimeout: 120_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          include: ['tests/{server,architecture,shared}/**/*.test.{ts,tsx}'],
          globalSetup: ['tests/support/global-setup.ts'],
          // A file's isolation is its own database copy and app (tests/support/app.ts), not a fresh process: one
          // process per worker loads the server's modules once instead of once per file (import time 129 s -> 30 s
          // over ten server files, the files' CPU time 77 s -> 48 s).
          isolate: false,
        },
      },
      // Component tests: each file renders into a DOM of its own (its environment), set up by setup.ts before each
      // file, which also drops the app's modules the previous file loaded (vi.resetModules: a file gets fresh ones, and
      // its vi.mock holds). What stays loaded in the worker's process is node_modules (antd, React, happy-dom), which
      // a process per file loaded again for every file: the 67 files' CPU time 243 s -> 104 s, their wall time
      // 127 s -> 55 s (import time summed over the files 56 s -> 8 s; 2026-11-30, `vitest run --project client` one
      // after the other at a load of 2-4; the whole vitest run 651 s -> 504 s of CPU). They passed in shuffled orders
      // too (`--sequence.shuffle.files`). What a package keeps between files is reset there (antd-mobile's Toast).
      {
        extends: true,
        test: {
          name: 'client',
          include: ['tests/client/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/client/support/setup.ts'],
          isolate: false,
        },
      },
    ],
  },
});
