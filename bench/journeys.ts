/**
 * The journeys of issue 32 as people feel them, in Debian's Chromium on the built app and a database the demo command
 * filled: each `--runs` times (default 5), min / median / max beside its target. Times are read in the page, from the
 * navigation or the click to the first animation frame that shows the element (bench/browser.ts).
 *
 *   npm run build && npm run bench:journeys -- [--runs 5]
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from '@playwright/test';
import {
  coldOpen,
  DESKTOP,
  launchChromium,
  LOGIN_PAGE_BYTES,
  LOGIN_SUBMIT,
  markFirstFrame,
  markNextClick,
  measureLoginPage,
  median,
  openPage,
  PHONE,
  readMark,
  type Device,
  type MenuScreen,
} from './browser.ts';
import { JWT_SECRET, login, onCleanup, ROOT, runBench, startServer } from './support.ts';

const runs = Number(process.argv[process.argv.indexOf('--runs') + 1] || 5) || 5;
/** Issue 32's targets (ms; bytes for the two `bytes` rows). */
const TARGETS = {
  phoneForm3g: 1500,
  desktopForm3g: 2500,
  desktopHome3g: 2000,
  phoneTodo3g: 1000,
  coldOpen: 400,
  warehouseJob: 2000,
  warehouseNext: 1000,
};
/** The screens whose cold open the issue times; their parents are looked up in the demo's menu. */
const COLD_OPEN_SCREENS = ['用户管理', '参数管理', '产品管理', '出入库记录', '预算填报'];
/** The desktop home page's content, and a task card of the phone's 待办 tab. */
const HOME_CONTENT = '.tenon-home';
const TODO_ROW = '.m-flow-card';

interface Row {
  journey: string;
  /** ms, or bytes when `unit` says so; empty: the journey could not run (printed n/a). */
  samples: number[];
  target?: number;
  unit?: 'KiB';
  note?: string;
}

// ---------------------------------------------------------------------------------------------------------------
// The demo database and what the journeys look up in it

/** `node dist-server/demo.js` on a fresh folder, as the README's demo command (and the demo e2e project) run it. */
function fillDemo(dataDir: string): void {
  const done = spawnSync(process.execPath, [join(ROOT, 'dist-server/demo.js')], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dataDir, TENON_JWT_SECRET: JWT_SECRET, LOG_LEVEL: 'warn' },
    encoding: 'utf8',
  });
  if (done.status !== 0) throw new Error(`demo data failed: ${done.stderr || done.stdout}`);
}

async function api<T>(origin: string, token: string, path: string): Promise<T> {
  const response = await fetch(`${origin}${path}`, {
    headers: { 'Blade-Auth': `bearer ${token}`, Authorization: `Basic ${btoa('saber:saber_secret')}` },
  });
  return ((await response.json()) as { data: T }).data;
}

interface MenuNode {
  name: string;
  children?: MenuNode[];
}

/** The screens' places in admin's side menu: the names of their parents, outermost first. */
function findScreens(menus: MenuNode[], leaves: string[]): Map<string, MenuScreen> {
  const found = new Map<string, MenuScreen>();
  const walk = (nodes: MenuNode[], parents: string[]) => {
    for (const node of nodes) {
      if (leaves.includes(node.name) && !node.children?.length && !found.has(node.name))
        found.set(node.name, { parents, leaf: node.name });
      walk(node.children ?? [], [...parents, node.name]);
    }
  };
  walk(menus, []);
  return found;
}

/** The first demo account whose 待办 holds a task (what the phone's home tab lists first). */
async function accountWithTodo(origin: string, port: number): Promise<{ username: string; password: string }> {
  const hint = await (await fetch(`${origin}/api/blade-system/tenant/demo-accounts`)).json();
  for (const { account, password } of (hint as { data: { accounts: { account: string; password: string }[] } }).data
    .accounts) {
    const token = await login(port, account, password);
    const todo = await api<{ total: number }>(origin, token, '/api/blade-flow/work/todo-list?current=1&size=1');
    if (todo.total > 0) return { username: account, password };
  }
  throw new Error('no demo account has a task in 待办');
}

// ---------------------------------------------------------------------------------------------------------------
// Journeys

/** Both layouts' login forms, by the autocomplete their account and password fields declare. */
async function fillLogin(page: Page, account: { username: string; password: string }): Promise<void> {
  await page.locator('input[autocomplete=username]').fill(account.username);
  await page.locator('input[autocomplete=current-password]').fill(account.password);
}

/** Slow 3G: the login form filled as soon as it shows, from the click on 登录 to the first frame of `selector`. */
async function loginOnSlow3g(
  browser: Browser,
  origin: string,
  device: Device,
  account: { username: string; password: string },
  selector: string,
): Promise<number> {
  const { context, page } = await openPage(browser, device, true);
  try {
    await markFirstFrame(page, 'after', selector);
    await page.goto(`${origin}/login`);
    await page.locator(LOGIN_SUBMIT).waitFor({ timeout: 60_000 });
    await fillLogin(page, account);
    await markNextClick(page);
    await page.locator(LOGIN_SUBMIT).click();
    const after = await readMark(page, 'after');
    return after - (await readMark(page, 'click'));
  } finally {
    await context.close();
  }
}

/** The keeper of the demo (he holds the posting right) and the choices his first movement makes. */
const KEEPER = { username: 'sunck', password: '123456' };
const KEEPER_CHOICES = [
  ['业务类型', '生产入库'],
  ['仓库', '成品库'],
  ['所属公司', '常州布雷德'],
] as const;

/** The phone movement form's parts, by what the keeper reads on them. */
const job = {
  tab: (page: Page) => page.locator('.m-tab-bar .adm-tab-bar-item').filter({ hasText: '出入库' }),
  add: (page: Page) => page.locator('main').getByRole('button', { name: '新增出入库' }),
  part: (page: Page) => page.locator('main').getByRole('textbox', { name: '零件号' }),
  found: (page: Page) => page.locator('main').getByLabel('找到的零件'),
  qty: (page: Page) => page.locator('main').getByRole('textbox', { name: '数量' }),
  post: (page: Page) => page.locator('main').getByRole('button', { name: '提交并过账' }),
  /** What the line 上一笔 says now (none before the first movement). */
  lastLine: (page: Page) =>
    page.evaluate(
      () =>
        [...document.querySelectorAll('main [role=status]')].find((line) => line.textContent?.includes('已过账'))
          ?.textContent ?? null,
    ),
  /** The line 上一笔 once it says a movement other than the one it said `before` is posted. */
  posted: (page: Page, before: string | null) =>
    page.waitForFunction(
      (before) =>
        [...document.querySelectorAll('main [role=status]')].some(
          (line) => line.textContent !== before && line.textContent?.includes('已过账'),
        ),
      before,
    ),
};

/** A choice on the movement form: its segment, or its field and then the searchable list's entry. */
async function choose(page: Page, label: string, option: string) {
  const form = page.locator('main');
  const segment = form.getByRole('radiogroup', { name: label }).getByRole('radio', { name: option, exact: true });
  const field = form.getByRole('button', { name: label, exact: true });
  await segment.or(field).first().waitFor();
  if (await segment.isVisible()) return segment.click();
  await field.click();
  await page.getByRole('dialog', { name: label }).getByText(option, { exact: true }).click();
}

/**
 * The warehouse keeper's job on the phone, his choices kept from a movement made before (untimed): from the tap on
 * 出入库 through the part typed and looked up, the quantity and 提交并过账, to the line saying it is posted. Then the
 * next movement of the same kind on the same form: part, quantity, Enter.
 */
async function warehouseJob(
  browser: Browser,
  origin: string,
  partNo: string,
): Promise<{ first: number; next: number }> {
  const { context, page } = await openPage(browser, PHONE);
  try {
    await page.goto(`${origin}/login`);
    await fillLogin(page, KEEPER);
    await page.locator(LOGIN_SUBMIT).click();
    const movement = async (pick: boolean) => {
      // Read without waiting: before the first movement there is no line to wait for (a locator would wait 30 s).
      const before = await job.lastLine(page);
      await job.part(page).fill(partNo);
      await job.part(page).press('Enter');
      await job.found(page).waitFor();
      await job.qty(page).pressSequentially('1');
      if (pick) for (const [label, option] of KEEPER_CHOICES) await choose(page, label, option);
      await job.post(page).click();
      await job.posted(page, before);
    };
    await job.tab(page).click();
    await job.add(page).click();
    await movement(true);
    await page.goto(`${origin}/approvals`);
    await job.tab(page).waitFor();
    const started = await page.evaluate(() => performance.now());
    await job.tab(page).click();
    await job.add(page).click();
    await movement(false);
    const first = (await page.evaluate(() => performance.now())) - started;
    const nextStarted = await page.evaluate(() => performance.now());
    const before = await job.lastLine(page);
    await job.part(page).fill(partNo);
    await job.part(page).press('Enter');
    await job.found(page).waitFor();
    await job.qty(page).pressSequentially('1');
    await job.qty(page).press('Enter');
    await job.posted(page, before);
    return { first, next: (await page.evaluate(() => performance.now())) - nextStarted };
  } finally {
    await context.close();
  }
}

// ---------------------------------------------------------------------------------------------------------------

async function measure(): Promise<{ rows: Row[]; load: number[] }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'tenon-journeys-'));
  const rows: Row[] = [];
  const load: number[] = [];
  // Registered first, so it runs after the server (registered later) has stopped.
  onCleanup(`remove ${dataDir}`, () => rmSync(dataDir, { recursive: true, force: true }));
  console.log('[bench] filling the demo database (node dist-server/demo.js)');
  fillDemo(dataDir);
  const { port } = await startServer({ bench: 'bench/journeys', dataDir, webDir: 'dist', inheritStderr: true });
  const origin = `http://127.0.0.1:${port}`;
  const token = await login(port);
  const screens = findScreens(await api<MenuNode[]>(origin, token, '/api/blade-system/menu/routes'), COLD_OPEN_SCREENS);
  const todoAccount = await accountWithTodo(origin, port);
  // A finished part the demo stocks in 成品库, as the keeper finds it.
  const keeperToken = await login(port, KEEPER.username, KEEPER.password);
  const stock = await api<{ records: { productNo: string }[] }>(
    origin,
    keeperToken,
    '/api/blade-system/inventory/list?warehouse=FG&size=1',
  );
  const partNo = stock.records[0]!.productNo;
  const browser = await launchChromium();
  try {
    const repeat = async (journey: Omit<Row, 'samples'>, once: () => Promise<number | undefined>) => {
      const samples: number[] = [];
      for (let i = 0; i < runs; i++) {
        // A run that fails is reported and left out: the other journeys still run.
        const value = await once().catch((error: Error) => void console.error(`${journey.journey}: ${error.message}`));
        if (value !== undefined) samples.push(value);
      }
      rows.push({ ...journey, samples });
      load.push(loadavg()[0]);
    };
    for (const [name, device] of [
      ['phone', PHONE],
      ['desktop', DESKTOP],
    ] as const) {
      const loopback = [] as Awaited<ReturnType<typeof measureLoginPage>>[];
      await repeat({ journey: `login form usable, ${name}, loopback` }, async () => {
        loopback.push(await measureLoginPage(browser, origin, device));
        return loopback[loopback.length - 1].ms;
      });
      rows.push({
        journey: `  bytes before the form, ${name}`,
        samples: loopback.map((sample) => sample.bytes / 1024),
        target: LOGIN_PAGE_BYTES[name] / 1024,
        unit: 'KiB',
      });
      await repeat(
        {
          journey: `login form usable, ${name}, slow 3G`,
          target: name === 'phone' ? TARGETS.phoneForm3g : TARGETS.desktopForm3g,
        },
        async () => (await measureLoginPage(browser, origin, device, true)).ms,
      );
    }
    await repeat({ journey: 'slow 3G: desktop login → home', target: TARGETS.desktopHome3g }, () =>
      loginOnSlow3g(browser, origin, DESKTOP, { username: 'admin', password: 'admin' }, HOME_CONTENT),
    );
    await repeat(
      {
        journey: 'slow 3G: phone login → first 待办 row',
        target: TARGETS.phoneTodo3g,
        note: `as ${todoAccount.username}`,
      },
      () => loginOnSlow3g(browser, origin, PHONE, todoAccount, TODO_ROW),
    );
    for (const leaf of COLD_OPEN_SCREENS) {
      const screen = screens.get(leaf);
      await repeat(
        {
          journey: `cold open → first row: ${leaf}`,
          target: TARGETS.coldOpen,
          note: screen ? screen.parents.join(' › ') : 'not in the menu',
        },
        async () => (screen ? (await coldOpen(browser, origin, screen)).ms : undefined),
      );
    }
    const jobs: Array<{ first: number; next: number }> = [];
    await repeat({ journey: 'warehouse phone job (part code → posted)', target: TARGETS.warehouseJob }, async () => {
      const timed = await warehouseJob(browser, origin, partNo);
      jobs.push(timed);
      return timed.first;
    });
    rows.push({
      journey: '  next movement of the same kind',
      samples: jobs.map((job) => job.next),
      target: TARGETS.warehouseNext,
    });
  } finally {
    await browser.close();
  }
  return { rows, load };
}

function report({ rows, load }: { rows: Row[]; load: number[] }): boolean {
  const format = (value: number, unit?: string) => (unit ? `${value.toFixed(1)}` : value.toFixed(0));
  console.log(`\nJourneys (${runs} runs each; ms unless said; times from the navigation or click to the first frame):`);
  console.log(`${'journey'.padEnd(44)} ${'min'.padStart(7)} ${'median'.padStart(7)} ${'max'.padStart(7)}   target`);
  let ok = true;
  for (const { journey, samples, target, unit, note } of rows) {
    const suffix = note ? `   (${note})` : '';
    if (!samples.length) {
      console.log(
        `${journey.padEnd(44)} ${'n/a'.padStart(7)} ${''.padStart(7)} ${''.padStart(7)}   ${target ? `<= ${target}` : ''}${suffix}`,
      );
      continue;
    }
    const mid = median(samples);
    const verdict =
      target === undefined ? '' : `<= ${target}${unit ? ` ${unit}` : ''}: ${mid <= target ? 'PASS' : 'FAIL'}`;
    if (target !== undefined && mid > target) ok = false;
    console.log(
      `${journey.padEnd(44)} ${format(Math.min(...samples), unit).padStart(7)} ${format(mid, unit).padStart(7)} ${format(Math.max(...samples), unit).padStart(7)}   ${verdict}${suffix}`,
    );
  }
  console.log(
    `Load average (1 min) during the journeys: ${Math.min(...load).toFixed(2)}–${Math.max(...load).toFixed(2)} (2 cores; above ~0.5 other work slows these figures)`,
  );
  return ok;
}

void runBench('bench/journeys', measure, report);
