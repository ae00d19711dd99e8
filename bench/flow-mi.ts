/**
 * bench/flow-mi: one start of a parallel multi-instance approval (会签) over a collection of `--size` approvers, the
 * largest step a model can make (issue 34: a loop holds at most 1,000 instances, MAX_LOOP). The step writes every
 * instance's task, candidates, history row and message in one transaction: batched, a statement per 1,000 rows
 * (flow-store.ts insertTasks / notifyEach), it stays well under a second for 1,000 — one by one it took 7–21 s.
 *
 *   node_modules/.bin/tsx bench/flow-mi.ts [--size 1000] [--runs 5]
 *
 * On the embedded database (PGlite, the default a new user runs) and, when BENCH_PG_URL (default
 * postgres://postgres@127.0.0.1:5432/) answers, on PostgreSQL (database `tenon_bench_flow_mi`, dropped afterwards): a
 * server as a child process; the administrator deploys over HTTP start → 会签 (assignee `${who}`, collection
 * `people`) → end and starts it `--runs` times with `people` = `--size` accounts of live users (the seeded
 * administrator repeated: every instance is routed, written and told as a distinct approver's would be). Each
 * start's answer time; the todo-list total checks that every task was written. Target: p50 < 2 s for 1,000.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deployModel, freshDatabase, ok, stats, table, WORK, wholeNumberFlags, type ListPage } from './flow-support.ts';
import { log, login, onCleanup, PG_ADMIN_URL, runBench, startServer } from './support.ts';
import pg from 'pg';

const KEY = 'BenchCountersign';
const TARGET_MS = 2000;
const options = wholeNumberFlags(
  process.argv.slice(2),
  { size: 1000, runs: 5 },
  'tsx bench/flow-mi.ts [--size N] [--runs N]',
);

const model = `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:flowable="http://flowable.org/bpmn"
  targetNamespace="http://tenon/bench" id="d_${KEY}">
  <process id="${KEY}" name="会签 bench" isExecutable="true">
    <startEvent id="start"/>
    <userTask id="sign" name="会签" flowable:assignee="\${who}">
      <multiInstanceLoopCharacteristics isSequential="false" flowable:collection="people" flowable:elementVariable="who"/>
    </userTask>
    <endEvent id="end"/>
    <sequenceFlow id="f1" sourceRef="start" targetRef="sign"/>
    <sequenceFlow id="f2" sourceRef="sign" targetRef="end"/>
  </process>
</definitions>`;

interface Run {
  database: string;
  ms: number[];
}

async function pgAnswers(): Promise<boolean> {
  const client = new pg.Client({ connectionString: `${PG_ADMIN_URL}postgres`, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function measureOn(database: string, databaseUrl?: string): Promise<Run> {
  const dataDir = mkdtempSync(join(tmpdir(), 'tenon-bench-flow-mi-'));
  onCleanup(`remove ${dataDir}`, () => rmSync(dataDir, { recursive: true, force: true }));
  const server = await startServer({ bench: 'bench/flow-mi', dataDir, databaseUrl });
  try {
    const admin = await login(server.port);
    const definitionId = await deployModel(server.port, admin, admin, KEY, model);
    const people = Array.from({ length: options.size }, () => 'admin');
    const times: number[] = [];
    let open = Number((await ok<ListPage>(server.port, 'GET', `${WORK}/todo-list?size=1`, admin)).total);
    for (let run = 0; run < options.runs; run++) {
      const started = performance.now();
      await ok(server.port, 'POST', `${WORK}/start-process`, admin, {
        processDefinitionId: definitionId,
        variables: { people },
      });
      times.push(performance.now() - started);
      const now = Number((await ok<ListPage>(server.port, 'GET', `${WORK}/todo-list?size=1`, admin)).total);
      if (now - open !== options.size) throw new Error(`${database}: ${now - open} tasks written, not ${options.size}`);
      open = now;
      log(`${database}: start ${run + 1}: ${Math.round(times.at(-1)!)} ms, ${options.size} tasks`);
    }
    return { database, ms: times };
  } finally {
    await server.stop();
  }
}

await runBench(
  'bench/flow-mi',
  async () => {
    const runs = [await measureOn('PGlite')];
    if (await pgAnswers())
      runs.push(await measureOn('PostgreSQL', await freshDatabase('tenon_bench_flow_mi', 'bench/flow-mi')));
    else log('PostgreSQL does not answer: PGlite only');
    return runs;
  },
  (runs) => {
    console.log(`\nOne start of a ${options.size}-instance parallel multi-instance task, ${options.runs} runs (ms):`);
    const rows = runs.map((run) => {
      const s = stats(run.ms);
      return [
        run.database,
        String(s.n),
        s.p50.toFixed(0),
        s.max.toFixed(0),
        `p50 < ${TARGET_MS}`,
        s.p50 < TARGET_MS ? 'PASS' : 'FAIL',
      ];
    });
    table(['database', 'n', 'p50', 'max', 'target', 'verdict'], rows);
    return runs.every((run) => stats(run.ms).p50 < TARGET_MS);
  },
);
