/**
 * What a phone and a desktop download before the login form is usable, and how long that takes on loopback.
 * Starts the built app on the real server (fresh embedded database), loads /login in Debian's Chromium with a
 * cold cache, counts every response's bytes on the wire (compressed) until the form's submit button is visible.
 *
 *   npm run build && node_modules/.bin/tsx bench/bundle.ts [--runs 5]
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import { cleanupAll, onCleanup, startServer } from './support.ts';

const SABER = { bytes: 1.1 * 1024 * 1024, ms: 1200 }; // public Saber console: ~1.1 MB gzip, login form after ~1.2 s
const TARGETS = { phone: 200 * 1024, desktop: 450 * 1024 };
const runs = Number(process.argv[process.argv.indexOf('--runs') + 1] || 5) || 5;
let PORT = 0;
const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

interface Sample { bytes: number; ms: number; requests: string[] }

async function measure(browser: Browser, viewport: { width: number; height: number }, mobile: boolean): Promise<Sample> {
  const context = await browser.newContext({ viewport, isMobile: mobile, hasTouch: mobile, serviceWorkers: 'block' });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  let bytes = 0;
  const requests: string[] = [];
  const urls = new Map<string, string>();
  cdp.on('Network.requestWillBeSent', (e) => urls.set(e.requestId, e.request.url));
  cdp.on('Network.loadingFinished', (e) => {
    bytes += e.encodedDataLength;
    requests.push(`${urls.get(e.requestId)?.replace(`http://127.0.0.1:${PORT}`, '')} ${(e.encodedDataLength / 1024).toFixed(1)} KiB`);
  });
  const started = performance.now();
  await page.goto(`http://127.0.0.1:${PORT}/login`);
  await page.locator('button[type=submit]').first().waitFor({ state: 'visible', timeout: 30_000 });
  const ms = performance.now() - started;
  await page.waitForTimeout(300); // let finished loads report
  await context.close();
  return { bytes, ms, requests };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'tenon-bundle-'));
  onCleanup(`remove ${dataDir}`, () => rmSync(dataDir, { recursive: true, force: true }));
  try {
    PORT = (await startServer({ bench: 'bench/bundle', dataDir, webDir: 'dist', inheritStderr: true })).port;
    const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ARGS });
    try {
      const rows: Array<[string, Sample[]]> = [];
      for (const [name, viewport, mobile] of [['phone', { width: 375, height: 812 }, true], ['desktop', { width: 1280, height: 800 }, false]] as const) {
        const samples: Sample[] = [];
        for (let i = 0; i < runs; i++) samples.push(await measure(browser, viewport, mobile));
        rows.push([name, samples]);
      }
      console.log(`\nBefore the login form is usable (cold cache, loopback, ${runs} runs, median):`);
      console.log('layout    compressed KiB   ms to form   vs Saber bytes   vs Saber time   target');
      for (const [name, samples] of rows) {
        const bytes = median(samples.map((s) => s.bytes));
        const ms = median(samples.map((s) => s.ms));
        const target = TARGETS[name as keyof typeof TARGETS];
        console.log(`${name.padEnd(9)} ${(bytes / 1024).toFixed(1).padStart(14)} ${ms.toFixed(0).padStart(12)} ${`${(bytes / SABER.bytes * 100).toFixed(0)}%`.padStart(16)} ${`${(ms / SABER.ms * 100).toFixed(0)}%`.padStart(15)}   <= ${target / 1024} KiB: ${bytes <= target ? 'PASS' : 'FAIL'}`);
      }
      console.log(`Saber 4.9 console (public): ~${(SABER.bytes / 1024 / 1024).toFixed(1)} MB gzip, login form after ~${SABER.ms} ms on loopback.`);
      for (const [name, samples] of rows) {
        console.log(`\n${name} requests (last run):`);
        for (const line of samples[samples.length - 1].requests) console.log(`  ${line}`);
        const desktopOnly: string[] = JSON.parse(readFileSync('dist/desktop-chunks.json', 'utf8'));
        const desktopChunks = samples.flatMap((s) => s.requests).filter((r) => desktopOnly.some((file) => r.startsWith(`/${file} `)));
        if (name === 'phone' && desktopChunks.length) console.log(`  FAIL: the phone downloaded desktop chunks: ${desktopChunks.join(', ')}`);
      }
    } finally {
      await browser.close();
    }
  } finally {
    await cleanupAll('bench/bundle');
  }
}

main().catch((error) => { console.error(error); process.exit(1); });
