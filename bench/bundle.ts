/**
 * What a phone and a desktop download before the login form is usable, and how long that takes on loopback.
 * Starts the built app on the real server (fresh embedded database), loads /login in Debian's Chromium with a
 * cold cache, adds up the bytes on the wire (compressed) of the requests sent before the frame that first shows the
 * form's submit button (bench/browser.ts measureLoginPage; what the page prefetches after it is listed, not counted).
 * Then the cold open of a CRUD screen on the demo's data: logged in on the home page, a first click on its menu until
 * its first row is drawn.
 *
 *   npm run build && node_modules/.bin/tsx bench/bundle.ts [--runs 5]
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  coldOpen,
  DESKTOP,
  launchChromium,
  LOGIN_PAGE_BYTES,
  measureLoginPage,
  median,
  PHONE,
  type ColdOpen,
  type LoginPageSample,
} from './browser.ts';
import { cleanupAll, onCleanup, startServer } from './support.ts';

const SABER = { bytes: 1.1 * 1024 * 1024, ms: 1200 }; // public Saber console: ~1.1 MB gzip, login form after ~1.2 s
const TARGETS = LOGIN_PAGE_BYTES;
/** Issue 10: a CRUD screen's first row within 400 ms of the click (loopback, quiet machine). */
const COLD_OPEN_TARGET_MS = 400;
/**
 * The screens opened (issue 32's): the users with the departments beside them, a plain entity screen, a search bar
 * of dictionaries and pickers, a screen of its own around the shared page, and the monthly budget grid with its 合计.
 */
const SCREENS = [
  { parents: ['系统管理'], leaf: '用户管理' },
  { parents: ['系统管理'], leaf: '参数管理' },
  { parents: ['基础资料'], leaf: '产品管理' },
  { parents: ['仓储管理'], leaf: '出入库记录' },
  { parents: ['预算管理'], leaf: '预算填报' },
];
const runs = Number(process.argv[process.argv.indexOf('--runs') + 1] || 5) || 5;
let ORIGIN = '';

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'tenon-bundle-'));
  onCleanup(`remove ${dataDir}`, () => rmSync(dataDir, { recursive: true, force: true }));
  try {
    const server = await startServer({ bench: 'bench/bundle', dataDir, webDir: 'dist', inheritStderr: true });
    ORIGIN = `http://127.0.0.1:${server.port}`;
    const browser = await launchChromium();
    try {
      const rows: Array<[string, LoginPageSample[]]> = [];
      for (const [name, device] of [
        ['phone', PHONE],
        ['desktop', DESKTOP],
      ] as const) {
        const samples: LoginPageSample[] = [];
        for (let i = 0; i < runs; i++) samples.push(await measureLoginPage(browser, ORIGIN, device));
        rows.push([name, samples]);
      }
      console.log(`\nBefore the login form is usable (cold cache, loopback, ${runs} runs, median):`);
      console.log('layout    compressed KiB   ms to form   vs Saber bytes   vs Saber time   target');
      for (const [name, samples] of rows) {
        const bytes = median(samples.map((s) => s.bytes));
        const ms = median(samples.map((s) => s.ms));
        const target = TARGETS[name as keyof typeof TARGETS];
        console.log(
          `${name.padEnd(9)} ${(bytes / 1024).toFixed(1).padStart(14)} ${ms.toFixed(0).padStart(12)} ${`${((bytes / SABER.bytes) * 100).toFixed(0)}%`.padStart(16)} ${`${((ms / SABER.ms) * 100).toFixed(0)}%`.padStart(15)}   <= ${target / 1024} KiB: ${bytes <= target ? 'PASS' : 'FAIL'}`,
        );
      }
      console.log(
        `Saber 4.9 console (public): ~${(SABER.bytes / 1024 / 1024).toFixed(1)} MB gzip, login form after ~${SABER.ms} ms on loopback.`,
      );
      // The cold opens on the demo's rows (npm run demo, with the server stopped), every screen with a row to draw.
      await server.stop();
      execFileSync(process.execPath, ['dist-server/demo.js'], {
        env: { ...process.env, DATA_DIR: dataDir },
        stdio: 'ignore',
      });
      const demo = await startServer({ bench: 'bench/bundle', dataDir, webDir: 'dist', inheritStderr: true });
      ORIGIN = `http://127.0.0.1:${demo.port}`;
      const coldOpens: Array<[string, ColdOpen[]]> = [];
      const load = loadavg()[0];
      for (const screen of SCREENS) {
        const samples: ColdOpen[] = [];
        for (let i = 0; i < runs; i++) samples.push(await coldOpen(browser, ORIGIN, screen));
        coldOpens.push([screen.leaf, samples]);
      }
      console.log(
        `\nCold open of a CRUD screen from the home page, click to its first row drawn (loopback, desktop 1280x800, ${runs} runs, median):`,
      );
      console.log('screen        ms to first row   first API call   fetched once the pointer is on it   target');
      for (const [name, samples] of coldOpens) {
        const ms = median(samples.map((s) => s.ms));
        const api = median(samples.map((s) => s.firstApiMs));
        const fetched = `${median(samples.map((s) => s.requests.length))} requests, ${(median(samples.map((s) => s.bytes)) / 1024).toFixed(1)} KiB`;
        console.log(
          `${name.padEnd(8)} ${ms.toFixed(0).padStart(18)} ${`${api.toFixed(0)} ms`.padStart(16)}   ${fetched.padEnd(33)}   <= ${COLD_OPEN_TARGET_MS} ms: ${ms <= COLD_OPEN_TARGET_MS ? 'PASS' : 'FAIL'}`,
        );
      }
      console.log(
        `Load average over the last minute when the cold opens began: ${load.toFixed(2)} (2 cores; above ~0.5 other work slows these figures)`,
      );
      for (const [name, samples] of coldOpens) {
        console.log(
          `\n${name} cold open, requests (last run, ms after the click; negative: started as the pointer reached the menu):`,
        );
        for (const line of samples[samples.length - 1].requests) console.log(`  ${line}`);
      }
      for (const [name, samples] of rows) {
        console.log(`\n${name} requests (last run):`);
        for (const line of samples[samples.length - 1].requests) console.log(`  ${line}`);
        const desktopOnly: string[] = JSON.parse(readFileSync('dist/desktop-chunks.json', 'utf8'));
        const desktopChunks = samples
          .flatMap((s) => s.requests)
          .filter((r) => desktopOnly.some((file) => r.startsWith(`/${file} `)));
        if (name === 'phone' && desktopChunks.length)
          console.log(`  FAIL: the phone downloaded desktop chunks: ${desktopChunks.join(', ')}`);
      }
    } finally {
      await browser.close();
    }
  } finally {
    await cleanupAll('bench/bundle');
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
