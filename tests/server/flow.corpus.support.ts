import { readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { BASIC_SABER, type TestApp } from '../support/app.ts';
import { createTenantAdmin } from '../support/factories.ts';
import { person, type Person } from './flow.support.ts';
import { workflowOf } from '../../src/server/platform/workflow/index.ts';

/**
 * The corpus runner (issue 34): deploys each model of tests/flow-corpus/corpus.json and follows its runs through the
 * HTTP API as a client would, and says in one line where the outcome first differs from the expectation. It never
 * throws for a model's behaviour: an entry's outcome is `pass` or its first difference.
 */

export const CORPUS_DIR = join(import.meta.dirname, '../flow-corpus');
const FLOW = '/api/blade-flow';
const WORK = `${FLOW}/work`;
/** The tenant the corpus runs in: its users, roles and signals are the corpus's alone. */
export const CORPUS_TENANT = '600934';
/** The flow dictionary's category of processes with no business form (modules/flow/manifest.ts). */
const GENERAL_CATEGORY = '4';

export interface Step {
  expectOpen?: string[];
  complete?: string;
  variables?: Record<string, unknown>;
  all?: boolean;
  count?: number;
  assignee?: string;
  expectTask?: string;
  priority?: number;
  candidateUsers?: string[];
  candidateGroups?: string[];
  expectVariables?: Record<string, unknown>;
  waitTimer?: string;
  signal?: string;
  message?: string;
  trigger?: string;
}
export interface Run {
  name: string;
  processKey?: string;
  startUser?: string;
  startBy?: string;
  start?: Record<string, unknown>;
  steps: Step[];
  end: 'completed' | 'running';
}
export interface Entry {
  id: string;
  file: string;
  /** The model itself instead of its file (the runner's own check, not the corpus's). */
  xml?: string;
  expect: 'runs' | 'refused';
  requires?: string[];
  runs?: Run[];
  refused?: { element: string; reason: string };
}

export const corpusEntries = (): Entry[] =>
  JSON.parse(readFileSync(join(CORPUS_DIR, 'corpus.json'), 'utf8')) as Entry[];

/** An entry's outcome: `pass`, or the kind of its first difference (for the score's groups) and the line itself. */
export type Outcome = { pass: true } | { pass: false; kind: string; line: string };
const PASS: Outcome = { pass: true };

/** A difference found while running: it ends the entry with its line (`kind: detail`) and its score's group. */
class Difference extends Error {
  constructor(
    readonly kind: string,
    readonly detail: string,
    readonly group = kind,
  ) {
    super(detail ? `${kind}: ${detail}` : kind);
  }
}

/** The Java tests' users, and the groups they name (each a role alias held by one member of ours). */
const JAVA_USERS = ['kermit', 'gonzo', 'fozzie', 'bono', 'bubba', 'mispiggy', 'kermit_0', 'kermit_1', 'kermit_2'];
const GROUPS = ['management', 'accountancy', 'accounting', 'ROLE_USER', 'test'];

export interface Cast {
  admin: string;
  /** The tenant's administrator: unassignable tasks go to him (flow-runtime.ts routeToHandlers). */
  tenantAdmin: Person;
  /** Who starts a run without a startUser. */
  starter: Person;
  users: Map<string, Person>;
  /** One member per group, holding the role with that alias. */
  members: Map<string, Person>;
}

/** The corpus tenant, its administrator, the Java tests' users and one member of each group. */
export async function castOf(t: TestApp, admin: string): Promise<Cast> {
  const created = await createTenantAdmin(t, CORPUS_TENANT, ['work', 'work_todo'], 'cadmin');
  const tenantAdmin = { id: created.userId, token: created.token, account: 'cadmin' };
  const roles = new Map<string, string>();
  const users = new Map<string, Person>();
  for (const name of JAVA_USERS) users.set(name, await person(t, CORPUS_TENANT, name, 'corpus_user', roles));
  const members = new Map<string, Person>();
  for (const group of GROUPS) members.set(group, await person(t, CORPUS_TENANT, `member_${group}`, group, roles));
  const starter = await person(t, CORPUS_TENANT, 'corpus_starter', 'corpus_user', roles);
  return { admin, tenantAdmin, starter, users, members };
}

/** Everybody of the cast, the tenant's administrator last (he holds the tasks nobody else can). */
const everybody = (cast: Cast) => [cast.starter, ...cast.users.values(), ...cast.members.values(), cast.tenantAdmin];

/** A model file as uploaded: its bytes as published, under a `.bpmn20.xml` name (the upload takes no other). */
function modelUpload(entry: Entry) {
  const name = basename(entry.file);
  const uploadName = name.endsWith('.bpmn20.xml') ? name : `${name.replace(/\.(bpmn|xml)$/, '')}.bpmn20.xml`;
  return { name: uploadName, data: entry.xml ? Buffer.from(entry.xml) : readFileSync(join(CORPUS_DIR, entry.file)) };
}

function deployUpload(t: TestApp, token: string, file: { name: string; data: Buffer }) {
  const boundary = '----tenon-corpus-boundary-34';
  const field = (name: string, value: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const payload = Buffer.concat([
    Buffer.from(field('category', GENERAL_CATEGORY) + field('tenantIds', CORPUS_TENANT)),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${file.name}"\r\nContent-Type: text/xml\r\n\r\n`,
    ),
    file.data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return t.app.inject({
    method: 'POST',
    url: `${FLOW}/manager/deploy-upload`,
    payload,
    headers: {
      authorization: BASIC_SABER,
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'blade-auth': `bearer ${token}`,
    },
  });
}

/**
 * The envelope's data, or the difference `kind` with the answer's message. Failures are grouped by the message's
 * shape: element ids, names and expressions left out (`UserTask "…" has neither an assignee …`).
 */
function dataOf(res: LightMyRequestResponse, kind: string, where = ''): unknown {
  let body: { success?: boolean; data?: unknown; msg?: string };
  try {
    body = res.json();
  } catch {
    throw new Difference(kind, `${where}HTTP ${res.statusCode} ${res.body.slice(0, 200)}`);
  }
  if (res.statusCode === 200 && body.success) return body.data;
  const message = oneLine(body.msg ?? `HTTP ${res.statusCode}`);
  throw new Difference(kind, `${where}${message}`, `${kind}: ${shapeOf(message)}`);
}

/** A message without its particulars, and without the engine's prefix (流程模型无法部署: / 流程执行失败:). */
const shapeOf = (message: string) =>
  message
    .replace(/^[^:]*[\u4e00-\u9fff][^:]*: /, '')
    .replace(/"[^"]*"/g, '"…"')
    .replace(/<[^>]*>/g, '<…>')
    .replace(/\$\{[^}]*\}/g, '${…}')
    .replace(/\d+/g, 'N')
    .slice(0, 120);

/** Whether a message names an element id as a whole word. */
const names = (message: string, id: string) =>
  new RegExp(`(?<![\\w.-])${id.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\w.-])`).test(message);

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim().slice(0, 300);
const listed = (items: readonly string[]) => `[${items.join(', ')}]`;

/** The executable processes of a model, by the ids of its process elements (not isExecutable="false"). */
function processKeysOf(xml: string): string[] {
  return [...xml.matchAll(/<(?:\w+:)?process\b([^>]*)>/g)]
    .filter((match) => !/\bisExecutable\s*=\s*["']false["']/.test(match[1]))
    .map((match) => /\bid\s*=\s*["']([^"']+)["']/.exec(match[1])?.[1] ?? '')
    .filter(Boolean);
}

interface OpenTask {
  taskId: string;
  key: string;
  assignee: string;
  priority?: number;
}

/** Runs the corpus entry by entry against one app; each entry's outcome is independent of the others'. */
export class CorpusRunner {
  private readonly byId: Map<string, Entry>;

  constructor(
    private readonly t: TestApp,
    private readonly cast: Cast,
    entries: Entry[],
  ) {
    this.byId = new Map(entries.map((entry) => [entry.id, entry]));
  }

  async outcome(entry: Entry): Promise<Outcome> {
    try {
      await this.run(entry);
      return PASS;
    } catch (error) {
      if (error instanceof Difference) return { pass: false, kind: error.group, line: error.message };
      const text = error instanceof Error ? error.message : String(error);
      return { pass: false, kind: 'runner error', line: `runner error: ${oneLine(text)}` };
    }
  }

  private async run(entry: Entry) {
    for (const required of entry.requires ?? []) {
      const model = this.byId.get(required);
      if (!model) throw new Difference('runner error', `requires unknown ${required}`);
      await this.deploy(model, `(requires ${required}) `);
    }
    if (entry.expect === 'refused') {
      const element = entry.refused!.element;
      const res = await deployUpload(this.t, this.cast.admin, modelUpload(entry));
      if (res.statusCode === 200) throw new Difference('refused but deployed', '');
      const message = String(res.json().msg ?? '');
      if (!names(message, element))
        throw new Difference(
          'refused without naming the element',
          `${element} not in "${oneLine(message)}"`,
          `refused without naming the element: ${shapeOf(oneLine(message))}`,
        );
      return;
    }
    const xml = await this.deploy(entry);
    for (const run of entry.runs ?? []) {
      try {
        await this.follow(xml, run);
      } catch (error) {
        if (error instanceof Difference && (entry.runs ?? []).length > 1)
          throw new Difference(error.kind, `${error.detail} (run "${run.name}")`, error.group);
        throw error;
      }
    }
  }

  private async deploy(entry: Entry, where = ''): Promise<string> {
    const upload = modelUpload(entry);
    dataOf(await deployUpload(this.t, this.cast.admin, upload), 'deploy refused', where);
    return upload.data.toString('latin1');
  }

  private async follow(xml: string, run: Run) {
    const startBy = run.startBy ?? 'api';
    if (!['api', 'timer', 'message', 'signal'].includes(startBy))
      throw new Difference(`unsupported start by ${startBy}`, '');
    const keys = processKeysOf(xml);
    const key = run.processKey ?? keys[0];
    if (!key) throw new Difference('no executable process in the model', '');
    const starter = run.startUser ? this.user(run.startUser) : this.cast.starter;
    // Started by an event: the instance is the one its first step (the timer, message or signal) starts.
    let instanceId = startBy === 'api' ? await this.start(starter, key, this.mapUsers(run.start ?? {})) : '';
    for (const [index, step] of run.steps.entries()) {
      const at = `step ${index + 1}`;
      if (step.waitTimer || step.signal || step.message || step.trigger) {
        await this.event(instanceId, step, at);
        instanceId ||= await this.newestRunning(key, at);
        continue;
      }
      if (!instanceId) throw new Difference('runner error', `${at}: no instance started yet`);
      if (step.expectOpen) {
        const open = (await this.openTasks(instanceId)).map((task) => task.key).sort();
        const want = [...step.expectOpen].sort();
        if (open.join('\n') !== want.join('\n'))
          throw new Difference('expectOpen differs', `${at}: got ${listed(open)} want ${listed(want)}`);
      } else if (step.complete) {
        await this.complete(instanceId, step, at);
      } else if (step.expectTask) {
        await this.expectTask(instanceId, step, at);
      } else if (step.expectVariables) {
        await this.expectVariables(instanceId, step.expectVariables, at);
      }
    }
    const running = dataOf(
      await this.t.get(`${FLOW}/follow/list?processInstanceId=${instanceId}`, this.cast.admin),
      'follow list failed',
    ) as { total: number };
    const state = running.total > 0 ? 'running' : 'completed';
    if (state !== run.end) throw new Difference('end differs', `got ${state} want ${run.end}`);
  }

  /** A timer's clock passes its due time, a signal or message is sent, a receive task triggered (follow/ routes). */
  private async event(instanceId: string, step: Step, at: string) {
    const admin = this.cast.admin;
    if (step.waitTimer) {
      const due = await this.t.services.db
        .updateTable('blade_flow_job')
        .set({ due_time: new Date(Date.now() - 1000).toISOString() })
        .where('tenant_id', '=', CORPUS_TENANT)
        .where('element_id', '=', step.waitTimer)
        .where((eb) => (instanceId ? eb('instance_id', '=', instanceId) : eb('instance_id', 'is', null)))
        .executeTakeFirst();
      if (!Number(due.numUpdatedRows)) throw new Difference('no timer waits', `${at}: ${step.waitTimer}`);
      await workflowOf(this.t.services).jobs.runDue();
      const failed = await this.t.services.db
        .selectFrom('blade_flow_job')
        .select('error')
        .where('tenant_id', '=', CORPUS_TENANT)
        .where('error', '<>', '')
        .executeTakeFirst();
      if (failed) throw new Difference('timer failed', `${at}: ${oneLine(failed.error)}`);
    } else if (step.signal) {
      const body = { tenantId: CORPUS_TENANT, signalName: step.signal };
      dataOf(await this.t.post(`${FLOW}/follow/signal`, admin, body), 'signal refused', `${at}: `);
    } else if (step.message) {
      const body = { tenantId: CORPUS_TENANT, messageName: step.message, processInstanceId: instanceId };
      dataOf(await this.t.post(`${FLOW}/follow/message`, admin, body), 'message refused', `${at}: `);
    } else if (step.trigger) {
      const body = { processInstanceId: instanceId, activityId: step.trigger };
      dataOf(await this.t.post(`${FLOW}/follow/trigger`, admin, body), 'trigger refused', `${at}: `);
    }
  }

  /** The instance an event just started: the newest running one of the key in the corpus tenant. */
  private async newestRunning(key: string, at: string): Promise<string> {
    const page = dataOf(
      await this.t.get(`${FLOW}/follow/list?size=100&processDefinitionKey=${encodeURIComponent(key)}`, this.cast.admin),
      'follow list failed',
    ) as { records: Array<{ processInstanceId: string }> };
    const newest = page.records.map((r) => r.processInstanceId).sort((a, b) => (BigInt(a) > BigInt(b) ? -1 : 1))[0];
    if (!newest) throw new Difference('no instance started by the event', at);
    return newest;
  }

  private user(name: string): Person {
    const found = this.cast.users.get(name);
    if (!found) throw new Difference('runner error', `no user for ${name}`);
    return found;
  }

  /** Variables as a Tenon client sends them: the Java tests' user names become our users' ids. */
  private mapUsers(variables: Record<string, unknown>): Record<string, unknown> {
    const map = (value: unknown): unknown =>
      typeof value === 'string' && this.cast.users.has(value)
        ? this.cast.users.get(value)!.id
        : Array.isArray(value)
          ? value.map(map)
          : value;
    return Object.fromEntries(Object.entries(variables).map(([name, value]) => [name, map(value)]));
  }

  /** The Java name of a task's assignee (`taskUser_<id>`), or the assignee as the API shows it. */
  private nameOf(assignee: string): string {
    for (const [name, user] of this.cast.users) if (assignee === `taskUser_${user.id}`) return name;
    for (const [group, user] of this.cast.members) if (assignee === `taskUser_${user.id}`) return `member of ${group}`;
    if (assignee === `taskUser_${this.cast.starter.id}`) return 'the starter';
    if (assignee === `taskUser_${this.cast.tenantAdmin.id}`) return 'the tenant administrator';
    return assignee;
  }

  private async start(starter: Person, key: string, variables: Record<string, unknown>): Promise<string> {
    const page = dataOf(
      await this.t.get(`${WORK}/start-list?size=100&key=${encodeURIComponent(key)}`, starter.token),
      'start list failed',
    ) as { records: Array<{ id: string; key: string }> };
    const definition = page.records.find((record) => record.key === key);
    if (!definition) throw new Difference('not in the start list', key);
    const started = dataOf(
      await this.t.post(`${WORK}/start-process`, starter.token, { processDefinitionId: definition.id, variables }),
      'start refused',
    ) as { processInstanceId: string };
    return started.processInstanceId;
  }

  /** The instance's open user tasks, from its history (the tenant's administrator sees every instance of it). */
  private async openTasks(instanceId: string): Promise<OpenTask[]> {
    const history = dataOf(
      await this.t.get(
        `${FLOW}/process/history-flow-list?processInstanceId=${instanceId}`,
        this.cast.tenantAdmin.token,
      ),
      'history failed',
    ) as Array<{
      historyActivityId: string;
      historyActivityType: string;
      endTime: string;
      assignee: string;
      taskId: string;
      priority?: number;
    }>;
    return history
      .filter((row) => row.historyActivityType === 'userTask' && !row.endTime && row.taskId)
      .map((row) => ({
        taskId: row.taskId,
        key: row.historyActivityId,
        assignee: row.assignee,
        priority: row.priority,
      }));
  }

  /** The instance's variables (process/variables, as its tenant's administrator) include these, users mapped. */
  private async expectVariables(instanceId: string, wanted: Record<string, unknown>, at: string) {
    const variables = dataOf(
      await this.t.get(`${FLOW}/process/variables?processInstanceId=${instanceId}`, this.cast.tenantAdmin.token),
      'variables failed',
    ) as Record<string, unknown>;
    for (const [name, value] of Object.entries(this.mapUsers(wanted))) {
      if (JSON.stringify(variables[name]) !== JSON.stringify(value))
        throw new Difference(
          'expectVariables differ',
          `${at} ${name}: got ${JSON.stringify(variables[name]) ?? 'nothing'} want ${JSON.stringify(value)}`,
        );
    }
  }

  /** Who sees the task in his claim list, among `people`. */
  private async claimers(taskId: string, people: Person[]): Promise<Person[]> {
    const found: Person[] = [];
    for (const who of people) {
      const page = dataOf(await this.t.get(`${WORK}/claim-list?size=100`, who.token), 'claim list failed') as {
        records: Array<{ taskId: string }>;
      };
      if (page.records.some((record) => record.taskId === taskId)) found.push(who);
    }
    return found;
  }

  private async complete(instanceId: string, step: Step, at: string) {
    const name = step.complete!;
    let tasks = (await this.openTasks(instanceId)).filter((task) => task.key === name);
    if (step.assignee) tasks = tasks.filter((task) => this.nameOf(task.assignee) === step.assignee);
    const how = step.assignee ? `${name} of ${step.assignee}` : name;
    const wanted = step.all ? tasks.length : (step.count ?? 1);
    if (!step.all && !step.count && tasks.length > 1)
      throw new Difference('complete: several open', `${at} complete ${how}: ${tasks.length} open`);
    if (tasks.length < Math.max(wanted, 1))
      throw new Difference('complete: not open', `${at} complete ${how}: ${tasks.length} open`);
    for (const task of tasks.slice(0, wanted)) {
      const doer = await this.doerOf(task, `${at} complete ${how}`);
      const body = {
        taskId: task.taskId,
        flag: 'ok',
        ...(step.variables ? { variables: this.mapUsers(step.variables) } : {}),
      };
      dataOf(await this.t.post(`${WORK}/complete-task`, doer.token, body), 'complete refused');
    }
  }

  /** The task's assignee, or a candidate who claims it first. */
  private async doerOf(task: OpenTask, what: string): Promise<Person> {
    const assigned = everybody(this.cast).find((who) => task.assignee === `taskUser_${who.id}`);
    if (assigned) return assigned;
    if (task.assignee) throw new Difference('assigned to nobody of the tenant', `${what}: ${task.assignee}`);
    const [candidate] = await this.claimers(task.taskId, everybody(this.cast));
    if (!candidate) throw new Difference('nobody may claim', what);
    dataOf(await this.t.post(`${WORK}/claim-task`, candidate.token, { taskId: task.taskId }), 'claim refused');
    return candidate;
  }

  private async expectTask(instanceId: string, step: Step, at: string) {
    const name = step.expectTask!;
    const tasks = (await this.openTasks(instanceId)).filter((task) => task.key === name);
    if (!tasks.length) throw new Difference('expectTask: not open', `${at} ${name}`);
    if (step.priority !== undefined && !tasks.some((task) => task.priority === step.priority))
      throw new Difference(
        'expectTask priority differs',
        `${at} ${name}: got ${listed(tasks.map((task) => String(task.priority)))} want ${step.priority}`,
      );
    if (step.assignee !== undefined) {
      const got = tasks.map((task) => this.nameOf(task.assignee) || "''");
      if (!got.includes(step.assignee))
        throw new Difference('expectTask assignee differs', `${at} ${name}: got ${listed(got)} want ${step.assignee}`);
    }
    const checks = [
      ['candidateUsers', step.candidateUsers, this.cast.users],
      ['candidateGroups', step.candidateGroups, this.cast.members],
    ] as const;
    for (const [what, wanted, people] of checks) {
      if (!wanted) continue;
      const seen = new Set(await this.claimers(tasks[0].taskId, [...people.values()]));
      const got = [...people].flatMap(([label, who]) => (seen.has(who) ? [label] : [])).sort();
      const want = [...wanted].sort();
      if (got.join() !== want.join())
        throw new Difference(`expectTask ${what} differ`, `${at} ${name}: got ${listed(got)} want ${listed(want)}`);
    }
  }
}

/** The score: how many as expected, per source, and the failures grouped by their kind. */
export function scoreOf(outcomes: Map<string, Outcome>): string {
  const lines: string[] = [];
  const passed = [...outcomes].filter(([, outcome]) => outcome.pass);
  lines.push(`flow corpus: ${passed.length} of ${outcomes.size} as expected`);
  const sources = new Map<string, { pass: number; all: number }>();
  for (const [id, outcome] of outcomes) {
    const source = id.split('/')[0];
    const count = sources.get(source) ?? { pass: 0, all: 0 };
    count.all++;
    if (outcome.pass) count.pass++;
    sources.set(source, count);
  }
  for (const [source, count] of sources) lines.push(`  ${source}: ${count.pass} of ${count.all}`);
  const groups = new Map<string, number>();
  for (const outcome of outcomes.values())
    if (!outcome.pass) groups.set(outcome.kind.split(':')[0], (groups.get(outcome.kind.split(':')[0]) ?? 0) + 1);
  lines.push(
    `failures: ${[...groups]
      .sort((a, b) => b[1] - a[1])
      .map(([group, count]) => `${count} ${group}`)
      .join(', ')}`,
  );
  const kinds = new Map<string, string[]>();
  for (const [id, outcome] of outcomes)
    if (!outcome.pass) kinds.set(outcome.kind, [...(kinds.get(outcome.kind) ?? []), id]);
  lines.push('failures by kind:');
  for (const [kind, ids] of [...kinds].sort((a, b) => b[1].length - a[1].length))
    lines.push(`  ${ids.length} ${kind}: ${ids.join(', ')}`);
  lines.push('each failure:');
  for (const [id, outcome] of outcomes) if (!outcome.pass) lines.push(`  ${id}: ${outcome.line}`);
  return lines.join('\n');
}
