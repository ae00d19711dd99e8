import { defineConfig } from 'vitest/config';

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
    include: ['tests/**/*.test.{ts,tsx}'],
    globalSetup: ['tests/support/global-setup.ts'],
    setupFiles: ['tests/dom-matchers.setup.ts'],
    // Each file opens its own copy of the migrated database: two at a time fit this 2-core machine.
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
