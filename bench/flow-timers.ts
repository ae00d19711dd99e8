/**
 * bench/flow-timers: workflow timers at scale on PostgreSQL with two server processes (issue 34). Targets: with
 * 100,000 open instances and 10,000 timers due in the same minute, every timer fires once within 60 s of its due time;
 * todo-list p95 < 30 ms; start + complete p95 < 50 ms.
 *
 *   node_modules/.bin/tsx bench/flow-timers.ts [--instances 100000] [--due 10000] [--pace 100] [--after 30]
 *
 * 1. A fresh database `tenon_bench_flow_timers` on BENCH_PG_URL (default postgres://postgres@127.0.0.1:5432/), migrated
 *    and seeded, with 1,000 applicants (role `staff`), 200 approvers and the boss `fboss` (role `manager`).
 * 2. Server A (a child process) deploys over HTTP the model start → approve (`${taskUser}`) with an interrupting
 *    boundary timer PT48H → escalate (`${boss}`) → end, and one instance is started over HTTP: the template.
 * 3. Bulk load: every row the runtime wrote for the template (instance with its engine state, task, candidates,
 *    activities, its timer's job; the bench fails if any other table holds a row of it) is copied `--instances` times
 *    with INSERT ... SELECT over generate_series: new ids, applicant g % 1,000, approver g % 200, times moved into the
 *    past; the engine state and the job's execution id as the runtime wrote them (execution ids are per instance).
 *    VACUUM ANALYZE. Every job is due 48 h from now.
 * 4. Server B starts beside A (same DATABASE_URL; each polls the due jobs every TENON_FLOW_JOB_POLL_MS, default
 *    1,000 ms). Then the due times of `--due` jobs (every copy g with g % (instances / due) = 0) are moved into one
 *    minute starting 15 s later (second j % 60 for the j-th): both processes fire them, FOR UPDATE SKIP LOCKED.
 * 5. While they fire, a client lists the todo-list of `fm0` (an approver with open tasks among the copies) every
 *    `--pace` ms and another runs start (over HTTP, the deployed model), the approver's todo-list, complete (approve:
 *    the instance ends), alternating between the two servers, `--pace` ms apart (start + complete is the sum of the
 *    two calls); the same for `--after` seconds once every timer fired (or at the watch's deadline, 5 minutes after
 *    the minute). The bench polls the due jobs still there every 250 ms: a job gone was fired (its row is deleted in
 *    the step that fires it), lateness = the poll that first missed it − its due time. Firings per process come from
 *    each server's `workflow jobs run` log lines (info level: `ran`, `owner`). Once the servers stopped: no due
 *    instance has two escalation tasks, each has one (its approve task withdrawn, its job gone) or, not fired, its
 *    job; the other copies' jobs are all there; the jobs the logs count are the escalations.
 *
 * The servers are stopped and the database dropped at the end, also on failure (BENCH_KEEP_DB=1 keeps it). Exit code
 * 1 when a request failed or a target was missed.
 */
import pg from 'pg';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { hashPlainPassword } from '../src/server/modules/auth/password.ts';
import {
  agent,
  call,
  cpuMeter,
  freshDatabase,
  ms,
  ok,
  stats,
  table,
  TENANT,
  withClient,
  WORK,
  workRoles,
  type ListPage,
  type Stats,
  wholeNumberFlags,
  deployModel,
} from './flow-support.ts';
import { log, login, onCleanup, runBench, type Server, sleep, startServer } from './support.ts';

const DB_NAME = 'tenon_bench_flow_timers';
const KEY = 'BenchEscalate';
const TARGETS = { lateness: 60_000, todo: 30, flow: 50 };
const LEAD_MS = 15_000; // from moving the due times to the first one due
const WATCH_MS = 250;

const APPLICANTS = 1000;
const APPROVERS = 200;
const ID = {
  role: 280000000000000000n,
  roleMenu: 281000000000000000n,
  applicant: 290000000000000000n,
  approver: 291000000000000000n,
  boss: 291900000000000000n,
  tplApplicant: 292000000000000001n,
  tplApprover: 292000000000000002n,
  instance: 300000000000000000n,
  task: 320000000000000000n,
  candidate: 330000000000000000n,
  activity: 350000000000000000n,
  job: 360000000000000000n,
};
// Per copy g: up to 4 candidates and 16 activities (the template has 1 task and 1 job).
const PER_INSTANCE = { candidate: 4, activity: 16 };
const approverId = (i: number) => String(ID.approver + BigInt(i));

interface Options {
  instances: number;
  due: number;
  pace: number;
  after: number;
}

function parseOptions(argv: string[]): Options {
  const usage = 'tsx bench/flow-timers.ts [--instances N] [--due N] [--pace ms] [--after s]';
  const options = wholeNumberFlags<Options>(argv, { instances: 100_000, due: 10_000, pace: 100, after: 30 }, usage);
  if (options.instances % options.due !== 0) {
    console.error(`--instances (${options.instances}) must be a multiple of --due (${options.due})`);
    process.exit(2);
  }
  return options;
}

const model = `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:flowable="http://flowable.org/bpmn"
  id="d_${KEY}" targetNamespace="http://tenon/bench">
  <process id="${KEY}" name="超时升级 (bench)" isExecutable="true">
    <startEvent id="start"/>
    <userTask id="approve" name="审批" flowable:assignee="\${taskUser}"/>
    <boundaryEvent id="late" attachedToRef="approve"><timerEventDefinition><timeDuration>PT48H</timeDuration></timerEventDefinition></boundaryEvent>
    <userTask id="escalate" name="超时升级" flowable:assignee="\${boss}"/>
    <endEvent id="done"/>
    <endEvent id="escalated"/>
    <sequenceFlow id="f1" sourceRef="start" targetRef="approve"/>
    <sequenceFlow id="f2" sourceRef="approve" targetRef="done"/>
    <sequenceFlow id="f3" sourceRef="late" targetRef="escalate"/>
    <sequenceFlow id="f4" sourceRef="escalate" targetRef="escalated"/>
  </process>
</definitions>`;

// ---------------------------------------------------------------------------------------------------------------
// Database and servers

async function prepare(): Promise<string> {
  const databaseUrl = await freshDatabase(DB_NAME, 'bench/flow-timers');
  const hash = await hashPlainPassword('bench');
  await withClient(databaseUrl, async (client) => {
    await client.query('begin');
    const roleOf = await workRoles(client, ['staff', 'manager'], ID.role, ID.roleMenu);
    const users = `insert into blade_user (id, tenant_id, user_type, account, password, name, real_name, role_id, dept_id,
      status, is_deleted, create_time)`;
    await client.query(
      `${users} select $1::bigint + i, $2, 1, 'fa' || i, $3, 'fa' || i, '申请人' || i, $4, '', 1, 0, timestamp '2024-01-01'
      from generate_series(0, $5::int - 1) i`,
      [String(ID.applicant), TENANT, hash, roleOf('staff'), APPLICANTS],
    );
    await client.query(
      `${users} select $1::bigint + i, $2, 1, 'fm' || i, $3, 'fm' || i, '审批人' || i, $4, '', 1, 0, timestamp '2024-01-01'
      from generate_series(0, $5::int - 1) i`,
      [String(ID.approver), TENANT, hash, roleOf('manager'), APPROVERS],
    );
    // The boss every escalation goes to; the template people, replaced in every copy.
    await client.query(
      `${users} values ($1, $4, 1, 'fboss', $5, 'fboss', '主管', $7, '', 1, 0, timestamp '2024-01-01'),
        ($2, $4, 1, 'tpl_applicant', $5, 't', '模板申请人', $6, '', 1, 0, timestamp '2024-01-01'),
        ($3, $4, 1, 'tpl_approver', $5, 't', '模板审批人', $7, '', 1, 0, timestamp '2024-01-01')`,
      [
        String(ID.boss),
        String(ID.tplApplicant),
        String(ID.tplApprover),
        TENANT,
        hash,
        roleOf('staff'),
        roleOf('manager'),
      ],
    );
    await client.query('commit');
  });
  return databaseUrl;
}

interface Jobs {
  /** The processes' `workflow jobs run` lines: jobs run per owner (hostname:pid:random). */
  ranBy: Map<string, number>;
  failures: string[];
}

async function startNamed(databaseUrl: string, jobs: Jobs, name: string): Promise<Server> {
  const dataDir = mkdtempSync(join(tmpdir(), 'tenon-bench-flow-timers-'));
  onCleanup(`remove ${dataDir}`, () => rmSync(dataDir, { recursive: true, force: true }));
  const server = await startServer({
    bench: 'bench/flow-timers',
    dataDir,
    databaseUrl,
    env: { LOG_LEVEL: 'info' }, // the poller's `workflow jobs run` lines
    onLine: (line) => {
      if (line.includes('workflow jobs run')) {
        const { ran, owner } = JSON.parse(line) as { ran: number; owner: string };
        jobs.ranBy.set(owner, (jobs.ranBy.get(owner) ?? 0) + ran);
      } else if (line.includes('workflow job failed') || line.includes('polling workflow jobs failed')) {
        jobs.failures.push(line.slice(0, 500));
      }
    },
  });
  log(`server ${name}: pid ${server.pid}, port ${server.port}`);
  return server;
}

// ---------------------------------------------------------------------------------------------------------------
// Template and bulk copies

/**
 * SQL: the engine state `column` (JSON text) with its timer's `"due"` (ISO, UTC, ms) moved by `interval`, as the
 * runtime writes it: the due time in the state and its job's due_time stay the same instant.
 */
const movedDue = (column: string, interval: string) =>
  withDue(column, `(substring(${column} from '"due":"([^"]+)"')::timestamptz + ${interval})`);
/** SQL: the engine state `column` with its timer's `"due"` set to the timestamptz `due`. */
const withDue = (column: string, due: string) =>
  `regexp_replace(${column}, '"due":"[^"]+"', '"due":"' || ${isoOf(due)} || '"')`;
const isoOf = (timestamptz: string) => `to_char(${timestamptz} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

interface Template {
  instance: string;
  definitionId: string;
}

/** The escalation model deployed over HTTP; its definition id. */
const deploy = (port: number, admin: string, starter: string) => deployModel(port, admin, starter, KEY, model);

async function startOne(port: number, token: string, definitionId: string, approver: string): Promise<string> {
  const started = await ok<{ processInstanceId: string }>(port, 'POST', `${WORK}/start-process`, token, {
    processDefinitionId: definitionId,
    variables: { taskUser: approver, boss: String(ID.boss) },
  });
  return started.processInstanceId;
}

/** Tables with an `instance_id` column the copy writes; any other holding a row of the template fails the bench. */
const COPIED = ['blade_flow_task', 'blade_flow_activity', 'blade_flow_job'];

async function makeTemplate(port: number, client: pg.Client): Promise<Template> {
  const admin = await login(port);
  const starter = await login(port, 'tpl_applicant', 'bench');
  const definitionId = await deploy(port, admin, starter);
  const instance = await startOne(port, starter, definitionId, String(ID.tplApprover));
  const { rows } = await client.query(
    `select c.table_name from information_schema.columns c join information_schema.tables t using (table_schema, table_name)
    where c.table_schema = 'public' and c.column_name = 'instance_id' and t.table_type = 'BASE TABLE'`,
  );
  const written: string[] = [];
  for (const { table_name: name } of rows as Array<{ table_name: string }>) {
    const found = await client.query(`select count(*)::int n from ${name} where instance_id::text = $1`, [instance]);
    if (found.rows[0].n > 0) written.push(`${name} ${found.rows[0].n}`);
  }
  log(`template instance ${instance}: ${written.join(', ')}`);
  const uncopied = written.filter((w) => !COPIED.includes(w.split(' ')[0]));
  if (uncopied.length) throw new Error(`the runtime wrote rows the bench does not copy: ${uncopied.join(', ')}`);
  const shape = await client.query(
    `select (select count(*)::int from blade_flow_task where instance_id = $1) tasks,
      (select count(*)::int from blade_flow_job where instance_id = $1 and kind = 'timer' and element_id = 'late') jobs`,
    [instance],
  );
  if (shape.rows[0].tasks !== 1 || shape.rows[0].jobs !== 1)
    throw new Error(`template: ${JSON.stringify(shape.rows[0])}, expected one task and one timer job`);
  return { instance, definitionId };
}

/**
 * Copies every row of the template `count` times. Per copy g: ids from g, the template applicant and approver
 * replaced by applicant g % APPLICANTS and approver g % APPROVERS (in columns, variables and the engine state), times
 * moved g seconds into the past (the job's due time too: 48 h from now, less g seconds).
 */
async function bulkLoad(databaseUrl: string, template: Template, count: number) {
  const t0 = performance.now();
  await withClient(databaseUrl, async (client) => {
    const copies = `generate_series(0, $2::int - 1) g cross join lateral (select
        ($5::bigint + g % ${APPLICANTS})::text as applicant,
        ($6::bigint + g % ${APPROVERS})::text as approver,
        make_interval(secs => g) as ago) p`;
    // $1 template instance, $2 count, $3 template applicant, $4 template approver, $5 / $6 first applicant / approver
    const params = [
      template.instance,
      count,
      String(ID.tplApplicant),
      String(ID.tplApprover),
      String(ID.applicant),
      String(ID.approver),
    ];
    const run = async (what: string, text: string) => {
      const t = performance.now();
      const { rowCount } = await client.query(text, params);
      log(`  ${what}: ${rowCount} rows in ${((performance.now() - t) / 1000).toFixed(1)} s`);
    };
    const userId = (column: string) =>
      `case when ${column}::text = $3 then p.applicant when ${column}::text = $4 then p.approver else ${column}::text end`;
    const taskUsers = (column: string) =>
      `replace(replace(${column}, 'taskUser_' || $3, 'taskUser_' || p.applicant), 'taskUser_' || $4, 'taskUser_' || p.approver)`;
    // Variables hold the ids plain (taskUser) too: replace both forms.
    const people = (column: string) =>
      `replace(replace(${taskUsers(column)}, '"' || $3 || '"', '"' || p.applicant || '"'), '"' || $4 || '"', '"' || p.approver || '"')`;
    const instanceId = `(${ID.instance}::bigint + g)`;
    const taskId = `(${ID.task}::bigint + g)`;
    await client.query('begin');
    await run(
      'instances',
      `insert into blade_flow_instance (id, tenant_id, definition_id, process_key, business_key, business_table,
        business_id, start_user, state, delete_reason, start_time, end_time, variables, engine_state, version, result)
      select ${instanceId}, i.tenant_id, i.definition_id, i.process_key, i.business_key, i.business_table, i.business_id,
        ${userId('i.start_user')}::bigint, i.state, i.delete_reason, i.start_time - p.ago, i.end_time - p.ago,
        ${people('i.variables')}, ${movedDue('i.engine_state', 'make_interval(secs => -g)')}, i.version, i.result
      from blade_flow_instance i, ${copies} where i.id = $1::bigint`,
    );
    await run(
      'tasks',
      `insert into blade_flow_task (id, tenant_id, instance_id, definition_id, execution_id, task_key, name, assignee,
        status, outcome, delete_reason, create_time, claim_time, end_time)
      select ${taskId}, t.tenant_id, ${instanceId}, t.definition_id, t.execution_id, t.task_key, t.name,
        ${taskUsers('t.assignee')}, t.status, t.outcome, t.delete_reason, t.create_time - p.ago, t.claim_time - p.ago,
        t.end_time - p.ago
      from blade_flow_task t, ${copies} where t.instance_id = $1::bigint`,
    );
    await run(
      'candidates',
      `with c as (select c.*, row_number() over (order by c.id) - 1 as k from blade_flow_task_candidate c
        join blade_flow_task t on t.id = c.task_id where t.instance_id = $1::bigint)
      insert into blade_flow_task_candidate (id, tenant_id, task_id, kind, value)
      select ${ID.candidate}::bigint + g::bigint * ${PER_INSTANCE.candidate} + c.k, c.tenant_id, ${taskId}, c.kind,
        ${taskUsers('c.value')}
      from c, ${copies} where $3::text is not null and $4::text is not null` /* every parameter must be referenced */,
    );
    await run(
      'activities',
      `with a as (select *, row_number() over (order by id) - 1 as k from blade_flow_activity where instance_id = $1::bigint)
      insert into blade_flow_activity (id, tenant_id, instance_id, execution_id, activity_id, activity_name, activity_type,
        task_id, assignee, start_time, end_time, duration_ms)
      select ${ID.activity}::bigint + g::bigint * ${PER_INSTANCE.activity} + a.k, a.tenant_id, ${instanceId}, a.execution_id,
        a.activity_id, a.activity_name, a.activity_type, case when a.task_id is null then null else ${taskId} end,
        ${taskUsers('a.assignee')}, a.start_time - p.ago, a.end_time - p.ago, a.duration_ms
      from a, ${copies}`,
    );
    await run(
      'jobs',
      `insert into blade_flow_job (id, tenant_id, kind, definition_id, instance_id, execution_id, element_id, due_time,
        cycle, repeat_left, lock_owner, lock_until, retries, error, create_time)
      select ${ID.job}::bigint + g, j.tenant_id, j.kind, j.definition_id, ${instanceId}, j.execution_id, j.element_id,
        j.due_time - p.ago, j.cycle, j.repeat_left, j.lock_owner, j.lock_until, j.retries, j.error, j.create_time - p.ago
      from blade_flow_job j, ${copies} where j.instance_id = $1::bigint and $3::text is not null and $4::text is not null`,
    );
    await client.query('commit');
    const t = performance.now();
    await client.query('vacuum analyze');
    log(`  vacuum analyze in ${((performance.now() - t) / 1000).toFixed(1)} s`);
    await checkCopy(client, template, count);
  });
  log(`bulk load: ${count} copies in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
}

/**
 * One copy against its template: the same tasks, activities, job (execution ids included) and engine state (but for
 * its timer's due time, which is its job's), the copy's people in its variables and task.
 */
async function checkCopy(client: pg.Client, template: Template, count: number) {
  const g = Math.floor(count / 2);
  const copy = String(ID.instance + BigInt(g));
  const shape = async (instance: string) =>
    (
      await client.query(
        `select (select string_agg(task_key || ':' || status || ':' || execution_id || ':' || assignee, ',') from blade_flow_task
            where instance_id = $1) tasks,
          (select string_agg(activity_id || ':' || execution_id, ',' order by id) from blade_flow_activity where instance_id = $1) activities,
          (select string_agg(element_id || ':' || execution_id, ',') from blade_flow_job where instance_id = $1) jobs,
          (select regexp_replace(engine_state, '"due":"[^"]+"', '"due":""') from blade_flow_instance where id = $1) state,
          (select variables from blade_flow_instance where id = $1) variables,
          (select i.engine_state like '%"due":"' || ${isoOf('j.due_time')} || '"%' from blade_flow_instance i
            join blade_flow_job j on j.instance_id = i.id where i.id = $1) due_agrees`,
        [instance],
      )
    ).rows[0];
  const [a, b] = [await shape(template.instance), await shape(copy)];
  const approver = approverId(g % APPROVERS);
  const problems = ['activities', 'jobs', 'state']
    .filter((k) => a[k] !== b[k])
    .map((k) => `${k}: ${b[k]} vs template ${a[k]}`);
  if (b.tasks !== a.tasks.replace(String(ID.tplApprover), approver))
    problems.push(`tasks: ${b.tasks} vs template ${a.tasks}`);
  if (!b.variables.includes(`"taskUser":"${approver}"`) || b.variables.includes(String(ID.tplApplicant)))
    problems.push(`variables: ${b.variables}`);
  if (!a.due_agrees || !b.due_agrees) problems.push(`the engine state's due time is not its job's`);
  if (problems.length) throw new Error(`copy ${copy} differs from the template:\n  ${problems.join('\n  ')}`);
  log(`copy check: instance ${copy} matches template ${template.instance} (${b.tasks}; ${b.activities}; ${b.jobs})`);
}

// ---------------------------------------------------------------------------------------------------------------
// Firing: due times, the watcher, the users' load

/**
 * Moves the due times of every `step`-th copy's job into one minute from `first` (its engine state's due time with
 * it); returns due ms by job id.
 */
async function makeDue(client: pg.Client, step: number, first: Date): Promise<Map<string, number>> {
  const { rows } = await client.query(
    `with moved as (
      update blade_flow_job set due_time = $1::timestamptz + make_interval(secs => ((id - $2::bigint) / $3) % 60)
      where id >= $2::bigint and (id - $2::bigint) % $3 = 0 returning id, instance_id, due_time)
    update blade_flow_instance i set engine_state = ${withDue('i.engine_state', 'm.due_time')}
    from moved m where i.id = m.instance_id returning m.id::text, m.due_time`,
    [first.toISOString(), String(ID.job), step],
  );
  await client.query('analyze blade_flow_job');
  return new Map(rows.map((r) => [String(r.id), (r.due_time as Date).getTime()]));
}

/** EXPLAIN ANALYZE of claimDueJobs' statement (flow-events.ts) as it will be at the end of the minute, rolled back. */
async function explainClaim(client: pg.Client, at: Date): Promise<string> {
  await client.query('begin');
  try {
    const { rows } = await client.query(
      `explain (analyze, buffers)
      update blade_flow_job set lock_owner = 'explain', lock_until = now() + make_interval(secs => 60)
      where id in (
        select id from blade_flow_job
        where due_time <= $1::timestamptz and retries > 0 and (lock_until is null or lock_until < now())
        order by due_time limit 50
        for update skip locked)
      returning id, tenant_id, kind, definition_id, instance_id, execution_id, element_id, cycle, repeat_left, retries`,
      [at.toISOString()],
    );
    return rows.map((r) => `  ${r['QUERY PLAN']}`).join('\n');
  } finally {
    await client.query('rollback');
  }
}

interface Firing {
  /** lateness (ms) of each job seen fired */
  lateness: number[];
  /** jobs still there at the deadline */
  left: number;
  /** seconds from the first due time to the last firing seen */
  span: number;
  /** remaining due jobs, every 5 s from the first due time */
  timeline: string[];
}

/** Polls the due jobs every WATCH_MS until none is left or `deadline`: a job gone fired at the poll that missed it. */
async function watch(client: pg.Client, due: Map<string, number>, first: number, deadline: number): Promise<Firing> {
  const remaining = new Set(due.keys());
  const lateness: number[] = [];
  const timeline: string[] = [];
  const bound = new Date(Math.max(...due.values()) + 1000).toISOString();
  let last = first;
  let nextMark = first;
  while (remaining.size && Date.now() < deadline) {
    const { rows } = await client.query(`select id::text from blade_flow_job where due_time <= $1`, [bound]);
    const now = Date.now();
    const there = new Set(rows.map((r) => String(r.id)));
    for (const id of remaining) {
      if (there.has(id)) continue;
      remaining.delete(id);
      lateness.push(now - due.get(id)!);
      last = now;
    }
    if (now >= nextMark) {
      timeline.push(`${Math.round((now - first) / 1000)} s: ${remaining.size}`);
      nextMark += 5000;
    }
    await sleep(WATCH_MS);
  }
  return { lateness, left: remaining.size, span: (last - first) / 1000, timeline };
}

interface Load {
  todo: number[];
  start: number[];
  complete: number[];
  /** start + complete, per instance (the approver's todo-list between them not counted) */
  flow: number[];
  errors: string[];
}

/**
 * Until `until()`: fm0's todo-list every `pace` ms, and start + todo-list + complete of the model (an applicant,
 * an approver with no copies' tasks) `pace` ms apart; both alternate between the servers.
 */
async function userLoad(servers: Server[], definitionId: string, pace: number, until: () => boolean): Promise<Load> {
  const load: Load = { todo: [], start: [], complete: [], flow: [], errors: [] };
  const port = (i: number) => servers[i % servers.length].port;
  const lister = await login(port(0), 'fm0', 'bench');
  const applicant = await login(port(0), 'fa0', 'bench');
  // Not the boss: the escalations the timers open would be his newest tasks.
  const approver = await login(port(0), `fm${APPROVERS - 1}`, 'bench');
  const lists = (async () => {
    for (let i = 0; !until(); i++) {
      const t = performance.now();
      const reply = await call(port(i), 'GET', `${WORK}/todo-list?current=1&size=10`, lister);
      load.todo.push(performance.now() - t);
      if (reply.status !== 200 || reply.body.code !== 200) load.errors.push(`todo-list: HTTP ${reply.status}`);
      await sleep(pace);
    }
  })();
  const flows = (async () => {
    for (let i = 0; !until(); i++) {
      try {
        let t = performance.now();
        const instance = await startOne(port(i), applicant, definitionId, approverId(APPROVERS - 1));
        const started = performance.now() - t;
        const page = await ok<ListPage>(port(i + 1), 'GET', `${WORK}/todo-list?size=1`, approver);
        const task = page.records[0];
        if (task?.processInstanceId !== instance) throw new Error(`the approver's newest task is not of ${instance}`);
        t = performance.now();
        await ok(port(i + 1), 'POST', `${WORK}/complete-task`, approver, { taskId: task.taskId, flag: 'ok' });
        load.start.push(started);
        load.complete.push(performance.now() - t);
        load.flow.push(started + load.complete[load.complete.length - 1]);
      } catch (error) {
        load.errors.push((error as Error).message.slice(0, 300));
      }
      await sleep(pace);
    }
  })();
  await Promise.all([lists, flows]);
  return load;
}

// ---------------------------------------------------------------------------------------------------------------

interface Checks {
  escalations: number;
  instancesEscalated: number;
  doubled: number;
  approveOpen: number;
  dueLeft: number;
  otherJobs: number;
}

/** The rows that tell whether each due timer fired once: escalations per due instance, open approve tasks, jobs. */
async function checkOnce(client: pg.Client, step: number, count: number): Promise<Checks> {
  const { rows } = await client.query(
    `with due as (select $1::bigint + g as id from generate_series(0, $3::int - 1, $2::int) g),
      esc as (select instance_id, count(*) n from blade_flow_task where task_key = 'escalate' and instance_id in (select id from due) group by 1)
    select (select coalesce(sum(n), 0)::int from esc) escalations, (select count(*)::int from esc) instances_escalated,
      (select count(*)::int from esc where n > 1) doubled,
      (select count(*)::int from blade_flow_task where task_key = 'approve' and status = 'open' and instance_id in (select id from due)) approve_open,
      (select count(*)::int from blade_flow_job where instance_id in (select id from due)) due_left,
      (select count(*)::int from blade_flow_job where instance_id >= $1::bigint and instance_id < $1::bigint + $3::int
        and instance_id not in (select id from due)) other_jobs`,
    [String(ID.instance), step, count],
  );
  const r = rows[0];
  return {
    escalations: r.escalations,
    instancesEscalated: r.instances_escalated,
    doubled: r.doubled,
    approveOpen: r.approve_open,
    dueLeft: r.due_left,
    otherJobs: r.other_jobs,
  };
}

interface Results {
  options: Options;
  firing: Firing;
  ranBy: Array<[string, number]>;
  failures: string[];
  checks: Checks;
  during: Load;
  after: Load;
  cpuDuring: string;
  cpuAfter: string;
  plan: string;
}

async function run(options: Options): Promise<Results> {
  const t0 = performance.now();
  const databaseUrl = await prepare();
  const jobs: Jobs = { ranBy: new Map(), failures: [] };
  const a = await startNamed(databaseUrl, jobs, 'A');
  const template = await withClient(databaseUrl, (client) => makeTemplate(a.port, client));
  await bulkLoad(databaseUrl, template, options.instances);
  const b = await startNamed(databaseUrl, jobs, 'B');
  const servers = [a, b];
  const owners = new Map(servers.map((s, i) => [String(s.pid), 'AB'[i]]));
  log(`ready in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

  return withClient(databaseUrl, async (client) => {
    const step = options.instances / options.due;
    const first = new Date(Date.now() + LEAD_MS);
    const due = await makeDue(client, step, first);
    const plan = await explainClaim(client, new Date(first.getTime() + 60_000));
    log(`${due.size} timers due from ${first.toISOString()} over 60 s; firing…`);
    let firing: Firing | undefined;
    const cpu = cpuMeter(servers.map((s) => s.pid));
    const watcher = watch(client, due, first.getTime(), first.getTime() + 60_000 + 300_000).then((f) => {
      firing = f;
    });
    const during = await userLoad(servers, template.definitionId, options.pace, () => firing !== undefined);
    await watcher;
    const cpuDuring = cpu().text;
    log(`fired ${firing!.lateness.length} of ${due.size} in ${firing!.span.toFixed(1)} s after the first due time`);
    const cpuAfterMeter = cpuMeter(servers.map((s) => s.pid));
    const afterEnd = performance.now() + options.after * 1000;
    const after = await userLoad(servers, template.definitionId, options.pace, () => performance.now() > afterEnd);
    const cpuAfter = cpuAfterMeter().text;
    // Stopped first (a stop waits for the poll under way, which logs its count): the rows and the log lines then
    // tell the same story, also when some timers had not fired by the deadline.
    for (const s of servers) await s.stop();
    const checks = await checkOnce(client, step, options.instances);
    const ranBy = [...jobs.ranBy].map(([owner, n]): [string, number] => [
      `${owners.get(owner.split(':')[1]) ?? '?'} (${owner})`,
      n,
    ]);
    return {
      options,
      firing: firing!,
      ranBy,
      failures: jobs.failures,
      checks,
      during,
      after,
      cpuDuring,
      cpuAfter,
      plan,
    };
  });
}

function report(r: Results): boolean {
  const { firing, checks, options } = r;
  console.log(
    `\n--- EXPLAIN ANALYZE of claimDueJobs' statement (limit 50), ${options.instances} jobs, ${options.due} due:`,
  );
  console.log(r.plan);
  console.log(`\nremaining due jobs from the first due time: ${firing.timeline.join(', ')}`);
  const late = stats(firing.lateness);
  console.log(
    `\nPostgreSQL, 2 server processes; ${options.instances} open instances, ${options.due} timers due within one minute.`,
  );
  console.log(
    `fired ${firing.lateness.length} of ${options.due} (${firing.left} left at the deadline), the last ${firing.span.toFixed(1)} s ` +
      `after the first due time; lateness (s, seen by a ${WATCH_MS}-ms poll): p50 ${(late.p50 / 1000).toFixed(1)}, ` +
      `p95 ${(late.p95 / 1000).toFixed(1)}, max ${(late.max / 1000).toFixed(1)}`,
  );
  const ran = r.ranBy.reduce((s, [, n]) => s + n, 0);
  console.log(
    `firings per process (their 'workflow jobs run' lines): ${r.ranBy.map(([o, n]) => `${o} ${n}`).join(', ')}`,
  );
  console.log(
    `exactly once: ${checks.escalations} escalation tasks in ${checks.instancesEscalated} instances (${checks.doubled} with more ` +
      `than one), ${checks.approveOpen} approve tasks still open, ${checks.dueLeft} due jobs left, ` +
      `${checks.otherJobs} other jobs (expected ${options.instances - options.due}), after the servers stopped`,
  );
  if (r.failures.length)
    console.log(`job failures logged: ${r.failures.length}\n  ${r.failures.slice(0, 5).join('\n  ')}`);
  console.log(`CPU while firing: ${r.cpuDuring}\nCPU after: ${r.cpuAfter}`);
  const rows = (name: string, l: Load) =>
    (
      [
        [`${name}: GET todo-list (fm0)`, stats(l.todo), TARGETS.todo],
        [`${name}: POST start-process`, stats(l.start), undefined],
        [`${name}: POST complete-task`, stats(l.complete), undefined],
        [`${name}: start + complete`, stats(l.flow), TARGETS.flow],
      ] as Array<[string, Stats, number | undefined]>
    ).map(([call, s, target]) => [
      call,
      String(s.n),
      ms(s.p50),
      ms(s.p95),
      ms(s.p99),
      ms(s.max),
      target ? `p95 < ${target}` : '-',
      target ? (s.p95 < target ? 'PASS' : 'FAIL') : '-',
    ]);
  console.log(`\nUsers, each call ${options.pace} ms after the previous answer, alternating between the servers (ms):`);
  table(
    ['call', 'n', 'p50', 'p95', 'p99', 'max', 'target', 'verdict'],
    [...rows('firing', r.during), ...rows('after', r.after)],
  );
  const errors = [...r.during.errors, ...r.after.errors];
  if (errors.length) console.log(`request errors: ${errors.length}\n  ${errors.slice(0, 5).join('\n  ')}`);

  // Once: no instance escalated twice, every due instance either escalated (its job gone, its approve task
  // withdrawn) or still waiting (its job there), the jobs run as many as the escalations, no other job touched.
  const once =
    checks.doubled === 0 &&
    checks.escalations === checks.instancesEscalated &&
    checks.escalations + checks.dueLeft === options.due &&
    checks.approveOpen === checks.dueLeft &&
    checks.otherJobs === options.instances - options.due &&
    ran === checks.escalations;
  const timely = firing.left === 0 && checks.dueLeft === 0 && late.max <= TARGETS.lateness;
  const lists = [r.during, r.after].every((l) => stats(l.todo).p95 < TARGETS.todo);
  const flows = [r.during, r.after].every((l) => stats(l.flow).p95 < TARGETS.flow);
  const verdict = (pass: boolean) => (pass ? 'PASS' : 'FAIL');
  console.log(`\ntargets on PostgreSQL:`);
  console.log(`  no timer fired twice, none lost: ${verdict(once)}`);
  console.log(`  every timer within 60 s of its due time: ${verdict(timely)}`);
  console.log(`  todo-list p95 < ${TARGETS.todo} ms (while firing and after): ${verdict(lists)}`);
  console.log(`  start + complete p95 < ${TARGETS.flow} ms (while firing and after): ${verdict(flows)}`);
  return once && timely && lists && flows && errors.length === 0;
}

const options = parseOptions(process.argv.slice(2));
await runBench(
  'bench/flow-timers',
  () => run(options),
  report,
  () => agent.destroy(),
);
