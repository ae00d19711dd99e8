// `npm test`: every check, stopping after the first step that fails, then how long each phase took (the suite's time
// is a budget: `npm test` <= 15 min and `.ci/run` <= 30 min on the 2-core CI machine, README "Tests").
import { spawn } from 'node:child_process';

/**
 * Steps in order; the phases of one step run at the same time, each on its own.
 * - Lint and tsc are each one core's work: together they take the time of the longer, not the sum.
 * - The build (the app Playwright serves, and dist-server, which vitest's global setup then finds current).
 * - vitest, then Playwright, one after the other. Side by side they were measured slower, not faster: on the 2-core
 *   machine (fresh clone, quiet) vitest took 1,341 s beside Playwright's 1,044 s, 23.4 min for `npm test`, where
 *   one after the other they took 509 s and about 735 s (21.7 min). Both suites keep the two cores busy (vitest's
 *   workers; Playwright's two browsers, the two servers and their database): together they only add switching.
 */
const STEPS = [
  // Alone, on the terminal: installing the browser may ask for sudo's password.
  [['browser', 'bash scripts/ensure-browser.sh']],
  // The lint's CPU (2026-11-30, fresh cache, a busy machine): Prettier's check 41 s, check-lines 6.5 s, ESLint 54 s
  // (syntax rules only, no type information). Beside tsc the two ended within 5 s of each other (lint 81-85 s, tsc
  // 78-81 s): a cut in one alone shortens the step by those seconds at most.
  [
    ['lint', 'npm run lint'],
    ['tsc', 'tsc -p .'],
  ],
  // Not beside the lint: ESLint would read the server bundle the build writes beside dist-server before it swaps it
  // in. It keeps both cores busy on its own (Vite's workers).
  [['build', 'npm run build']],
  [['vitest', 'vitest run']],
  [['playwright', 'playwright test']],
];

/**
 * Runs one phase through the shell, as npm runs a script (node_modules/.bin is on the PATH npm gives this process).
 * Beside other phases, each line it prints is prefixed with its name.
 */
function run([name, command], alone) {
  const started = Date.now();
  return new Promise((done) => {
    const child = spawn(command, { stdio: alone ? 'inherit' : ['ignore', 'pipe', 'pipe'], shell: true });
    for (const stream of [child.stdout, child.stderr]) {
      let partial = '';
      stream?.setEncoding('utf8').on('data', (chunk) => {
        const lines = (partial + chunk).split('\n');
        partial = lines.pop();
        for (const line of lines) console.log(`[${name}] ${line}`);
      });
      stream?.on('end', () => partial && console.log(`[${name}] ${partial}`));
    }
    child.on('close', (status, signal) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(0);
      done({ name, seconds, failure: status === 0 ? undefined : `${name} failed (${signal ?? `exit ${status}`})` });
    });
  });
}

const started = Date.now();
const timings = [];
const failures = [];
for (const step of STEPS) {
  const results = await Promise.all(step.map((phase) => run(phase, step.length === 1)));
  for (const { name, seconds, failure } of results) {
    timings.push(`${name} ${seconds} s`);
    if (failure) failures.push(failure);
  }
  if (failures.length) break;
}
const total = `${((Date.now() - started) / 1000).toFixed(0)} s`;
console.log(
  `== npm test phases (a step's phases side by side): ${timings.join(', ')}; ${total} in all` +
    (failures.length ? ` — ${failures.join(', ')}` : ''),
);
process.exit(failures.length ? 1 : 0);
