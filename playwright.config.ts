import { defineConfig, devices } from '@playwright/test';
import { SERVER_NODE_FLAGS } from './scripts/server-flags.mjs';

const PORT = Number(process.env.E2E_PORT ?? 18765);
/** A second server whose database `npm run demo` filled first: what a new user sees (`demo-*.spec.ts`). */
const DEMO_PORT = PORT + 1;
export const E2E_DATA_DIR = 'tests/.tmp/e2e';
const DEMO_DATA_DIR = 'tests/.tmp/e2e-demo';
/** The demo command's exit status, written when it ends. */
const DEMO_DONE = `${DEMO_DATA_DIR}.done`;
const DEMO_LOG = `${DEMO_DATA_DIR}.log`;
/** The built server as `npm start` runs it (`npm test` builds it before Playwright starts). */
const SERVER = `node ${SERVER_NODE_FLAGS.join(' ')} dist-server/main.js`;
const SERVER_ENV = {
  HOST: '127.0.0.1',
  TENON_JWT_SECRET: 'tenon-e2e-secret-0123456789-abcdefghijklmnop',
  LOG_LEVEL: 'warn',
  TENON_WEB_DIR: 'dist',
  TENON_TOKEN_RATE_LIMIT: '1000',
  // The social login spec's provider listens on 127.0.0.1 (tests/support/fake-oauth-provider.ts).
  TENON_SOCIAL_PRIVATE: 'allow',
};

/** Browser tests: the built app and the real server on a fresh embedded database, in Debian's Chromium. */
export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  // Three workers were no faster: the whole suite 390 s with three, 404 s with two, one after the other on 2026-11-30
  // (other sessions' load 3-13); the two cores are already busy with two browsers and the servers.
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  // Upper bounds, not waits: the two workers, their browsers, the server and (in `npm test`) vitest beside them share
  // two cores, and a screen that takes 10 s to show there is slow, not broken (a failed check still fails, only
  // later). CI machines have run three times slower than a quiet one: a fresh context's first screen, its service
  // worker precaching beside it, then took over 20 s. The same bounds everywhere: a local `npm test` is as busy.
  timeout: 120_000,
  expect: { timeout: 30_000 },
  reporter: [['list']],
  outputDir: 'tests/.tmp/e2e-results',
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    locale: 'zh-CN',
    // A fresh context registers the service worker, which then precaches the whole app (5 MB over ~160 files) beside
    // the test: a seventh of the suite's CPU went there. Specs about the installed app, offline lists and updates
    // allow it (`test.use({ serviceWorkers: 'allow' })`); the rest test the app as the network serves it.
    serviceWorkers: 'block',
    // As a user who asked the system for less motion (the console then leaves antd's transitions out): the tests
    // wait for what shows, never for a transition, and frames drawn for transitions were a fifth of the suite's CPU.
    reducedMotion: 'reduce',
    // No trace: recording one for every test (to keep it when it fails) cost a third of the suite's CPU, the
    // screencast most of it, and a CI run's traces are thrown away with its clone. To see a failure step by step:
    // `npx playwright test <spec> --trace retain-on-failure`, then `npx playwright show-trace`.
    trace: 'off',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        // Debian's wrapper turns GPU rasterization on, which headless Chromium runs on SwiftShader, a GPU emulated on
        // the CPU in a process of its own: pages are drawn on the CPU directly instead.
        '--disable-gpu-compositing',
        '--disable-software-rasterizer',
      ],
    },
  },
  projects: [
    {
      name: 'desktop',
      use: { viewport: { width: 1280, height: 800 } },
      testIgnore: ['**/phone-*.spec.ts', '**/demo-*.spec.ts'],
    },
    {
      name: 'demo',
      use: { viewport: { width: 1440, height: 900 }, baseURL: `http://127.0.0.1:${DEMO_PORT}` },
      testMatch: '**/demo-*.spec.ts',
    },
    {
      name: 'phone',
      use: {
        viewport: { width: 375, height: 812 },
        isMobile: true,
        hasTouch: true,
        userAgent: devices['iPhone 13'].userAgent,
      },
      testIgnore: ['**/desktop-*.spec.ts', '**/demo-*.spec.ts'],
    },
  ],
  // Playwright starts its web servers one after the other, and no test before both answer: the demo command (10 s at
  // a load of 12) runs beside the first server's start instead of after it, and its exit status is left in a file
  // the second server's command waits for (its output too, printed there when it failed).
  webServer: [
    {
      command:
        `rm -rf ${E2E_DATA_DIR} ${DEMO_DATA_DIR} ${DEMO_DONE} && mkdir -p tests/.tmp && ` +
        `{ { DATA_DIR=${DEMO_DATA_DIR} node dist-server/demo.js > ${DEMO_LOG} 2>&1; echo $? > ${DEMO_DONE}; } & } && ` +
        SERVER,
      url: `http://127.0.0.1:${PORT}/api/blade-system/tenant/info`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: { ...SERVER_ENV, PORT: String(PORT), DATA_DIR: E2E_DATA_DIR },
    },
    {
      // The README's demo command on a fresh database (started above), then the server on it.
      command:
        `until [ -s ${DEMO_DONE} ]; do sleep 0.2; done; ` +
        `if [ "$(cat ${DEMO_DONE})" != 0 ]; then cat ${DEMO_LOG} >&2; exit 1; fi; ${SERVER}`,
      url: `http://127.0.0.1:${DEMO_PORT}/api/blade-system/tenant/info`,
      reuseExistingServer: false,
      timeout: 300_000,
      env: { ...SERVER_ENV, PORT: String(DEMO_PORT), DATA_DIR: DEMO_DATA_DIR },
    },
  ],
});
