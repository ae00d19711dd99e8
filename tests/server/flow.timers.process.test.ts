import { afterEach, describe, expect, it } from 'vitest';
import { BASIC_SABER, TEST_SECRET } from '../support/app.ts';
import { copyTemplate, usingPostgres, type DatabaseCopy } from '../support/database.ts';
import { get, post, startServer, tokenOf, type HttpResult, type ServerProcess } from '../support/process.ts';
import { openDatabase } from '../../src/server/db/connect.ts';

/**
 * Issue 34 point 8 with real server processes (the built dist-server): a timer outlives a kill -9 of the process that
 * armed it and fires once on the next one; two processes polling one PostgreSQL fire every timer exactly once.
 */

const FLOW = '/api/blade-flow';
const WORK = `${FLOW}/work`;
const PROCESS_TIMEOUT = 240_000;

const servers: ServerProcess[] = [];
const copies: DatabaseCopy[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.stop()));
  await Promise.all(copies.splice(0).map((c) => c.drop()));
}, 60_000);
const track = <T extends ServerProcess>(server: T): T => {
  servers.push(server);
  return server;
};
async function freshCopy() {
  const copy = await copyTemplate();
  copies.push(copy);
  return copy;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls `probe` until it returns a value, failing with `what` and the last answer after `timeoutMs`. */
async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 90_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await probe();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

/** A timer between the start and a task of the administrator (by account): start → wait (duration) → after → end. */
const timerModel = (key: string, duration: string) => `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:flowable="http://flowable.org/bpmn"
  id="d_${key}" targetNamespace="http://tenon/test">
  <process id="${key}" name="定时 ${key}" isExecutable="true">
    <startEvent id="start"/>
    <intermediateCatchEvent id="wait"><timerEventDefinition><timeDuration>${duration}</timeDuration></timerEventDefinition></intermediateCatchEvent>
    <userTask id="after" name="到时" flowable:assignee="admin"/>
    <endEvent id="end"/>
    <sequenceFlow id="f1" sourceRef="start" targetRef="wait"/>
    <sequenceFlow id="f2" sourceRef="wait" targetRef="after"/>
    <sequenceFlow id="f3" sourceRef="after" targetRef="end"/>
  </process>
</definitions>`;

const ok = (res: HttpResult) => {
  expect(res.status, res.text).toBe(200);
  return res.body.data;
};

/** manager/deploy-upload as the console sends it (multipart), to the platform tenant; returns the definition id. */
async function deploy(base: string, token: string, key: string, xml: string): Promise<string> {
  const form = new FormData();
  form.set('category', '4');
  form.set('tenantIds', '000000');
  form.append('files', new Blob([xml], { type: 'text/xml' }), `${key}.bpmn20.xml`);
  const response = await fetch(`${base}${FLOW}/manager/deploy-upload`, {
    method: 'POST',
    headers: { authorization: BASIC_SABER, 'blade-auth': `bearer ${token}` },
    body: form,
  });
  expect(response.status, await response.clone().text()).toBe(200);
  const page = ok(await get(base, `${WORK}/start-list?size=100&key=${key}`, token));
  const definition = page.records.find((r: { key: string }) => r.key === key);
  expect(definition).toBeDefined();
  return definition.id;
}

async function startOne(base: string, token: string, definitionId: string): Promise<string> {
  return ok(await post(base, `${WORK}/start-process`, token, { processDefinitionId: definitionId, variables: {} }))
    .processInstanceId;
}

/** The `after` tasks in the caller's todo list, by instance. */
async function afterTasks(base: string, token: string, key: string): Promise<Map<string, number>> {
  const page = ok(await get(base, `${WORK}/todo-list?size=1000&processDefinitionKey=${key}`, token));
  const count = new Map<string, number>();
  for (const r of page.records as Array<Record<string, string>>)
    if (r.processDefinitionKey === key && r.taskDefinitionKey === 'after')
      count.set(r.processInstanceId, (count.get(r.processInstanceId) ?? 0) + 1);
  return count;
}

/** Opens the copy's database in this process (a PGlite folder only once its server stopped). */
async function rowsOf(copy: DatabaseCopy, instanceIds: string[]) {
  const database = await openDatabase({ databaseUrl: copy.databaseUrl, dataDir: copy.dataDir });
  try {
    const { db } = database;
    const jobs = await db.selectFrom('blade_flow_job').select('id').where('instance_id', 'in', instanceIds).execute();
    const activities = await db
      .selectFrom('blade_flow_activity')
      .select(['instance_id', 'activity_id'])
      .where('instance_id', 'in', instanceIds)
      .where('activity_id', 'in', ['wait', 'after'])
      .execute();
    const tasks = await db
      .selectFrom('blade_flow_task')
      .select(['instance_id', 'task_key', 'status'])
      .where('instance_id', 'in', instanceIds)
      .execute();
    return { jobs, activities, tasks };
  } finally {
    await database.close();
  }
}

describe(`workflow timers across server processes (${usingPostgres() ? 'PostgreSQL' : 'PGlite'})`, () => {
  it(
    'fires a timer armed by a process killed with SIGKILL once the next process starts, exactly once',
    async () => {
      const copy = await freshCopy();
      const env = {
        DATA_DIR: copy.dataDir,
        DATABASE_URL: copy.databaseUrl,
        TENON_JWT_SECRET: TEST_SECRET,
        TENON_FLOW_JOB_POLL_MS: '200',
      };
      const first = track(await startServer(env));
      const token = (await tokenOf(first.url)).access_token;
      const definitionId = await deploy(first.url, token, 'KillTimer', timerModel('KillTimer', 'PT3S'));
      const sentAt = Date.now();
      const instanceId = await startOne(first.url, token, definitionId);
      expect(await first.crash()).toMatchObject({ signal: 'SIGKILL' });
      // The timer came due no earlier than 3 s after the start was sent: the killed process cannot have fired it.
      expect(Date.now() - sentAt, 'the kill came after the timer was due: the test proves nothing').toBeLessThan(3000);

      // The next process starts after the due time (nothing runs meanwhile: the timer lives only in the database).
      await until('the due time', async () => (Date.now() > sentAt + 3500 ? true : undefined));
      const second = track(await startServer(env));
      const again = (await tokenOf(second.url)).access_token;
      const tasks = await until('the task after the timer', async () => {
        const found = await afterTasks(second.url, again, 'KillTimer');
        return found.has(instanceId) ? found : undefined;
      });
      expect(tasks.get(instanceId)).toBe(1);
      const history = ok(
        await get(second.url, `${FLOW}/process/history-flow-list?processInstanceId=${instanceId}`, again),
      );
      expect(history.filter((r: { historyActivityId: string }) => r.historyActivityId === 'after')).toHaveLength(1);
      expect(second.stdout() + second.stderr()).not.toMatch(/workflow job failed/);

      // Stopped, its rows say the same: the timer passed once, no job is left.
      await second.stop();
      const { jobs, activities, tasks: rows } = await rowsOf(copy, [instanceId]);
      expect(jobs).toEqual([]);
      expect(activities.map((a) => a.activity_id).sort()).toEqual(['after', 'wait']);
      expect(rows.map((r) => [r.task_key, r.status])).toEqual([['after', 'open']]);
    },
    PROCESS_TIMEOUT,
  );
});

/** The jobs a process's poller ran, from its `workflow jobs run` log lines (JSON, info level). */
function jobsRunBy(server: ServerProcess): number {
  let ran = 0;
  for (const line of server.stdout().split('\n')) {
    if (!line.includes('workflow jobs run')) continue;
    ran += Number((JSON.parse(line) as { ran: number }).ran);
  }
  return ran;
}

describe.skipIf(!usingPostgres())('two server processes on one PostgreSQL', () => {
  it(
    'fire each of 120 timers exactly once, both taking part',
    async () => {
      const copy = await freshCopy();
      const env = {
        DATABASE_URL: copy.databaseUrl,
        TENON_JWT_SECRET: TEST_SECRET,
        TENON_FLOW_JOB_POLL_MS: '100',
        LOG_LEVEL: 'info',
      };
      const [a, b] = (
        await Promise.all([
          startServer({ ...env, DATA_DIR: `${copy.dataDir}/a` }),
          startServer({ ...env, DATA_DIR: `${copy.dataDir}/b` }),
        ])
      ).map(track);
      const tokenA = (await tokenOf(a.url)).access_token;
      const tokenB = (await tokenOf(b.url)).access_token;
      const definitionId = await deploy(a.url, tokenA, 'TwoTimers', timerModel('TwoTimers', 'PT2S'));

      // 60 instances started through each process, a few at a time.
      const instanceIds: string[] = [];
      await Promise.all(
        [
          [a.url, tokenA],
          [b.url, tokenB],
        ].flatMap(([base, token]) =>
          Array.from({ length: 3 }, async () => {
            for (let i = 0; i < 20; i++) instanceIds.push(await startOne(base, token, definitionId));
          }),
        ),
      );
      expect(new Set(instanceIds).size).toBe(120);

      const tasks = await until('every instance’s task after its timer', async () => {
        const found = await afterTasks(b.url, tokenB, 'TwoTimers');
        return instanceIds.every((id) => found.has(id)) ? found : undefined;
      });
      expect(instanceIds.filter((id) => tasks.get(id) !== 1)).toEqual([]);
      expect([...tasks.keys()].sort()).toEqual([...instanceIds].sort());

      const { jobs, activities, tasks: rows } = await rowsOf(copy, instanceIds);
      expect(jobs).toEqual([]);
      expect(activities.filter((r) => r.activity_id === 'wait')).toHaveLength(120);
      expect(activities.filter((r) => r.activity_id === 'after')).toHaveLength(120);
      expect(rows.filter((r) => r.task_key === 'after')).toHaveLength(120);

      // Each job ran once in all (a job one process held was never run by the other), and both processes ran some.
      await until('the log lines of the last poll', async () =>
        jobsRunBy(a) + jobsRunBy(b) >= 120 ? true : undefined,
      );
      const byA = jobsRunBy(a);
      const byB = jobsRunBy(b);
      expect(byA + byB).toBe(120);
      expect(byA, `a ran ${byA}, b ran ${byB}`).toBeGreaterThan(0);
      expect(byB, `a ran ${byA}, b ran ${byB}`).toBeGreaterThan(0);
    },
    PROCESS_TIMEOUT,
  );
});
