import { sql } from 'kysely';
import type { Db } from '../../db/connect.ts';
import { nextId } from '../ids.ts';
import { ApiError } from '../errors.ts';
import { formatDateTime } from '../../../shared/contract/time.ts';
import type { ProcessGraph } from './graph.ts';
import type { WaitingEvent } from './step-result.ts';
import { firstDue } from './timer-spec.ts';
import { tenantZone } from './tenant-zone.ts';
import { ACTIVE } from './flow-store.ts';

/**
 * The rows of what processes wait for besides tasks (migration 0047): timer jobs and message / signal subscriptions.
 * An instance's are written by the step that arms them and deleted by the step that fires or withdraws them, under the
 * instance's row lock; a definition's start events' when it is deployed (its key's older versions' go then).
 */

export interface JobRow {
  id: string;
  tenant_id: string;
  /**
   * timer: an instance's timer; start: a definition's start timer; action: a service task's; async: a continuation;
   * sms: a new task's SMS (task-sms.ts)
   */
  kind: 'timer' | 'start' | 'action' | 'async' | 'sms';
  definition_id: string;
  instance_id: string | null;
  execution_id: string;
  element_id: string;
  cycle: string;
  repeat_left: number;
  retries: number;
}

export interface SubscriptionRow {
  id: string;
  tenant_id: string;
  kind: 'message' | 'signal';
  name: string;
  definition_id: string;
  instance_id: string | null;
  execution_id: string;
  element_id: string;
}

/**
 * After a step: the instance's jobs and subscriptions are exactly its waiting events — those no longer waited for
 * (fired, withdrawn with their activity, the instance ended) deleted, those armed in the step written.
 */
export async function syncEvents(
  trx: Db,
  instance: { id: string; tenant_id: string; definition_id: string },
  events: readonly WaitingEvent[],
  hadEvents: boolean,
  /** Whether any of them was a message or signal (false: no subscription row to delete). */
  hadSubscriptions = true,
): Promise<void> {
  if (hadEvents) {
    const kept = events.filter((e) => !e.fresh).map((e) => e.executionId);
    const tables = hadSubscriptions
      ? (['blade_flow_job', 'blade_flow_subscription'] as const)
      : (['blade_flow_job'] as const);
    for (const table of tables) {
      let query = trx.deleteFrom(table).where('instance_id', '=', instance.id);
      if (kept.length) query = query.where('execution_id', 'not in', kept);
      await query.execute();
    }
  }
  const fresh = events.filter((e) => e.fresh);
  if (!fresh.length) return;
  const now = formatDateTime();
  const base = {
    tenant_id: instance.tenant_id,
    definition_id: instance.definition_id,
    instance_id: instance.id,
    create_time: now,
  };
  // Timers come due at their time; an action or a continuation at once (the first poll after the step commits).
  const jobs = fresh.filter((e) => e.type === 'timer' || e.type === 'action' || e.type === 'async');
  if (jobs.length)
    await trx
      .insertInto('blade_flow_job')
      .values(
        jobs.map((e) => ({
          ...base,
          id: nextId(),
          kind: e.type,
          execution_id: e.executionId,
          element_id: e.elementId,
          due_time: e.due ? e.due.toISOString() : sql<string>`now()`,
        })),
      )
      .execute();
  const subscriptions = fresh.filter((e) => e.type === 'message' || e.type === 'signal');
  if (subscriptions.length)
    await trx
      .insertInto('blade_flow_subscription')
      .values(
        subscriptions.map((e) => ({
          ...base,
          id: nextId(),
          kind: e.type,
          name: e.name,
          execution_id: e.executionId,
          element_id: e.elementId,
        })),
      )
      .execute();
}

/**
 * A deployed definition's start events with a timer, message or signal: its jobs and subscriptions, replacing those
 * of the key's older versions in the tenant (the newest version is the one they start, as in Flowable).
 */
export async function deployEventStarts(
  trx: Db,
  definition: { id: string; tenant_id: string; process_key: string },
  graph: ProcessGraph,
): Promise<void> {
  const older = trx
    .selectFrom('blade_flow_definition')
    .select('id')
    .where('tenant_id', '=', definition.tenant_id)
    .where('process_key', '=', definition.process_key)
    .where('id', '<>', definition.id);
  await trx.deleteFrom('blade_flow_job').where('instance_id', 'is', null).where('definition_id', 'in', older).execute();
  await trx
    .deleteFrom('blade_flow_subscription')
    .where('instance_id', 'is', null)
    .where('definition_id', 'in', older)
    .execute();
  const now = new Date();
  for (const id of graph.eventStarts) {
    const event = graph.nodes.get(id)?.event;
    if (!event) continue;
    const base = {
      id: nextId(),
      tenant_id: definition.tenant_id,
      definition_id: definition.id,
      instance_id: null,
      element_id: id,
      create_time: formatDateTime(now),
    };
    if (event.type === 'timer') {
      // A start timer's text is fixed at deploy (there are no variables yet): compile-model checked it. Its date
      // without an offset is the definition's tenant's wall-clock time.
      const clock = { now, timeZone: await tenantZone(trx, definition.tenant_id) };
      const { due, left } = firstDue(event.timer, event.timer.text, clock);
      await trx
        .insertInto('blade_flow_job')
        .values({
          ...base,
          kind: 'start',
          due_time: due.toISOString(),
          cycle: event.timer.kind === 'cycle' ? event.timer.text : '',
          repeat_left: left,
        })
        .execute();
    } else if (event.type === 'message' || event.type === 'signal') {
      await trx
        .insertInto('blade_flow_subscription')
        .values({ ...base, kind: event.type, name: event.name })
        .execute();
    }
  }
}

/**
 * Takes up to `limit` due jobs for `owner` for `leaseSeconds` (jobs another process holds are skipped, a killed
 * process's come back when its lease runs out), the earliest due first.
 */
export async function claimDueJobs(db: Db, owner: string, limit: number, leaseSeconds: number): Promise<JobRow[]> {
  const { rows } = await sql<JobRow>`
    update blade_flow_job set lock_owner = ${owner}, lock_until = now() + make_interval(secs => ${leaseSeconds})
    where id in (
      select id from blade_flow_job
      where due_time <= now() and retries > 0 and (lock_until is null or lock_until < now())
      order by due_time limit ${limit}
      for update skip locked)
    returning id, tenant_id, kind, definition_id, instance_id, execution_id, element_id, cycle, repeat_left, retries`.execute(
    db,
  );
  return rows.map((row) => ({
    ...row,
    id: String(row.id),
    instance_id: row.instance_id === null ? null : String(row.instance_id),
  }));
}

/** The job, if it is still `owner`'s: a step of its instance may have withdrawn it since it was taken. */
export async function heldJob(trx: Db, jobId: string, owner: string): Promise<boolean> {
  const row = await trx
    .selectFrom('blade_flow_job')
    .select('id')
    .where('id', '=', jobId)
    .where('lock_owner', '=', owner)
    .forUpdate()
    .executeTakeFirst();
  return Boolean(row);
}

/**
 * A job that failed: tried again later (a minute, then 5, then 25), kept with its error when out of retries (at once
 * when `final`: it will never work by itself). The error is kept as an administrator reads it (a refused step's
 * message with its particulars, not its template).
 */
export async function failJob(db: Db, jobId: string, failure: unknown, final = false): Promise<void> {
  const error =
    failure instanceof ApiError ? failure.textIn('zh') : failure instanceof Error ? failure.message : String(failure);
  await db
    .updateTable('blade_flow_job')
    .set((eb) => ({
      retries: final ? 0 : eb('retries', '-', 1),
      error: error.slice(0, 2000),
      lock_owner: '',
      lock_until: null,
      due_time: sql<string>`now() + make_interval(mins => power(5, 3 - least(retries, 3))::int)`,
    }))
    .where('id', '=', jobId)
    .execute();
}

/**
 * The subscriptions of a message or signal name in a tenant that can receive it: its instances' and the start events
 * of its own and the shared definitions that are active (a suspended definition starts nothing, as in Flowable, and
 * does not stop the others receiving).
 */
export async function subscriptionsTo(
  trx: Db,
  tenantId: string,
  kind: 'message' | 'signal',
  name: string,
): Promise<SubscriptionRow[]> {
  const rows = await trx
    .selectFrom('blade_flow_subscription as s')
    .selectAll('s')
    .where('s.kind', '=', kind)
    .where('s.name', '=', name)
    .where((eb) =>
      eb.or([
        eb.and([eb('s.instance_id', 'is not', null), eb('s.tenant_id', '=', tenantId)]),
        eb.and([
          eb('s.instance_id', 'is', null),
          eb('s.tenant_id', 'in', [tenantId, '']),
          eb.exists(
            eb
              .selectFrom('blade_flow_definition as d')
              .select('d.id')
              .whereRef('d.id', '=', 's.definition_id')
              .where('d.suspension_state', '=', ACTIVE),
          ),
        ]),
      ]),
    )
    .orderBy('s.id')
    .execute();
  return rows.map((row) => ({
    ...(row as unknown as SubscriptionRow),
    id: String(row.id),
    instance_id: row.instance_id === null ? null : String(row.instance_id),
  }));
}
