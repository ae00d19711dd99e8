// `npm test`: every check in order, stopping at the first that fails, then how long each took (the suite's time is
// a budget: `npm test` <= 15 min and `.ci/run` <= 30 min on the 2-core CI machine, README "Tests").
import { spawnSync } from 'node:child_process';

const PHASES = [
  ['lint', 'npm run lint'],
  ['tsc', 'tsc -p .'],
  ['vitest', 'vitest run'],
  ['build', 'npm run build'],
  ['browser', 'bash scripts/ensure-browser.sh'],
  ['playwright', 'playwright test'],
];

const timings = [];
let failed;
for (const [name, command] of PHASES) {
  const started = Date.now();
  // Through the shell, as npm runs a script: node_modules/.bin is on the PATH npm gives this process.
  const { status, signal } = spawnSync(command, { stdio: 'inherit', shell: true });
  timings.push(`${name} ${((Date.now() - started) / 1000).toFixed(0)} s`);
  if (status !== 0) {
    failed = `${name} failed (${signal ?? `exit ${status}`})`;
    break;
  }
}
console.log(`== npm test phases: ${timings.join(', ')}${failed ? ` — ${failed}` : ''}`);
process.exit(failed ? 1 : 0);
