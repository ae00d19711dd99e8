// `npm test`: every check in order, stopping at the first step that fails, then how long each took (the suite's time
// is a budget: `npm test` <= 15 min and `.ci/run` <= 30 min on the 2-core CI machine, README "Tests").
import { Buffer } from 'node:buffer';
import { spawn } from 'node:child_process';

/**
 * Steps in order; the phases of one step run at the same time. Lint, tsc and the build are each mostly one core's
 * work (the build is the app's bundle, which Playwright needs, and the server vitest's global setup would build):
 * together they keep both cores busy for the time of the longest instead of the sum.
 */
const STEPS = [
  [
    ['lint', 'npm run lint'],
    ['tsc', 'tsc -p .'],
    ['build', 'npm run build'],
  ],
  [['vitest', 'vitest run']],
  [['browser', 'bash scripts/ensure-browser.sh']],
  [['playwright', 'playwright test']],
];

/**
 * Runs one phase through the shell, as npm runs a script (node_modules/.bin is on the PATH npm gives this process).
 * A phase that runs beside others has its output held and printed whole when it ends, so that logs do not interleave.
 */
function run([name, command], alone) {
  const started = Date.now();
  return new Promise((done) => {
    const child = spawn(command, { stdio: alone ? 'inherit' : ['ignore', 'pipe', 'pipe'], shell: true });
    const output = [];
    child.stdout?.on('data', (chunk) => output.push(chunk));
    child.stderr?.on('data', (chunk) => output.push(chunk));
    child.on('close', (status, signal) => {
      if (output.length) process.stdout.write(`== ${name} (${command}):\n${Buffer.concat(output)}`);
      const seconds = ((Date.now() - started) / 1000).toFixed(0);
      done({ name, seconds, failure: status === 0 ? undefined : `${name} failed (${signal ?? `exit ${status}`})` });
    });
  });
}

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
console.log(`== npm test phases: ${timings.join(', ')}${failures.length ? ` — ${failures.join(', ')}` : ''}`);
process.exit(failures.length ? 1 : 0);
