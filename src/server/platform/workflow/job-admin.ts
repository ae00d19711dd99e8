import { sql } from 'kysely';
import type { Db } from '../../db/connect.ts';
import { pagingOf } from '../entity/conditions.ts';
import type { Page } from '../entity/service.ts';
import { isId } from '../ids.ts';
import { fail } from '../errors.ts';
import { formatDateTime, wireDateTime } from '../../../shared/contract/time.ts';
import type { FlowJob } from '../../../shared/contract/api/flow.schemas.ts';
import { definitionGraph } from './process-steps.ts';
import { paged, text, type Query, type Select } from './read-pages.ts';

/**
 * 作业管理 (the console's Jobs / dead-letter jobs, as Flowable's admin app and Camunda's incidents show them): the rows
 * of blade_flow_job read for administrators, and a failed job given its retries back. Whose jobs a caller sees is the
 * tenant wall's (migration 0051): a tenant's administrators their tenant's, the platform's every tenant's.
 */

/** The retries a job is given back (as many as a new job has: migration 0047). */
const RETRIES = 3;
/** How much of an error a list row carries (the detail gives it whole). */
const LIST_ERROR_LENGTH = 200;

const JOB_STATES = ['failed', 'waiting', 'all'];

/** A page of jobs, failed ones (out of retries) first, then by due time; filtered by state, process key and kind. */
export async function jobPage(db: Db, query: Query): Promise<Page<FlowJob>> {
  let q = jobRows(db);
  const state = text(query.jobState) || 'all';
  if (!JOB_STATES.includes(state)) throw fail('paramType', { name: 'jobState' });
  if (state === 'failed') q = q.where('j.retries', '=', 0);
  else if (state === 'waiting') q = q.where('j.retries', '>', 0);
  if (text(query.processKey)) q = q.where('d.process_key', '=', text(query.processKey));
  if (text(query.kind)) q = q.where('j.kind', '=', text(query.kind));
  return paged(
    q,
    pagingOf(query),
    (s) =>
      s
        .orderBy(sql`j.retries = 0`, 'desc')
        .orderBy('j.due_time')
        .orderBy('j.id'),
    (rows) => jobsOf(db, rows, LIST_ERROR_LENGTH),
  );
}

/** One job with its whole error; undefined: no such job (or another tenant's). */
export async function jobDetail(db: Db, id: string): Promise<FlowJob | undefined> {
  if (!isId(id)) return undefined;
  const rows = await jobRows(db).where('j.id', '=', id).execute();
  return rows.length ? (await jobsOf(db, rows))[0] : undefined;
}

/**
 * The jobs given their retries back, due now, their error and lease cleared: the next poll runs them. All or none:
 * false when one of `ids` is no job the caller sees.
 */
export async function retryJobs(db: Db, ids: string[]): Promise<boolean> {
  const wanted = [...new Set(ids)];
  if (!wanted.every(isId)) return false;
  return db
    .transaction()
    .execute(async (trx) => {
      const updated = await trx
        .updateTable('blade_flow_job')
        .set({ retries: RETRIES, error: '', lock_owner: '', lock_until: null, due_time: sql<string>`now()` })
        .where('id', 'in', wanted)
        .returning('id')
        .execute();
      if (updated.length === wanted.length) return true;
      // A missing one undoes the rest: the caller retries again what he sees.
      throw new MissingJobs();
    })
    .catch((error: unknown) => {
      if (error instanceof MissingJobs) return false;
      throw error;
    });
}

class MissingJobs extends Error {}

/** The jobs with their process (definition) and, for an instance's, its starter. */
function jobRows(db: Db): Select {
  return db
    .selectFrom('blade_flow_job as j')
    .leftJoin('blade_flow_definition as d', 'd.id', 'j.definition_id')
    .leftJoin('blade_flow_instance as i', 'i.id', 'j.instance_id')
    .leftJoin('blade_user as u', 'u.id', 'i.start_user')
    .select([
      'j.id',
      'j.tenant_id',
      'j.kind',
      'j.definition_id',
      'j.instance_id',
      'j.element_id',
      'j.due_time',
      'j.retries',
      'j.error',
      'j.lock_owner',
      'j.lock_until',
      'j.create_time',
      'd.name',
      'd.process_key',
      'd.version',
      'u.real_name',
    ]);
}

/** Rows as the screen shows them: element names from the definitions' graphs (each compiled once, cached). */
async function jobsOf(db: Db, rows: Record<string, unknown>[], errorLength?: number): Promise<FlowJob[]> {
  const graphs = new Map(
    await Promise.all(
      [...new Set(rows.map((r) => text(r.definition_id)))].map(
        async (id) => [id, await definitionGraph(db, id).catch(() => undefined)] as const,
      ),
    ),
  );
  const now = Date.now();
  return rows.map((r) => {
    const error = text(r.error);
    const leased = r.lock_until != null && new Date(String(r.lock_until)).getTime() > now;
    return {
      id: text(r.id),
      tenantId: text(r.tenant_id),
      kind: text(r.kind),
      state: Number(r.retries) > 0 ? 'waiting' : 'failed',
      processName: text(r.name),
      processKey: text(r.process_key),
      processVersion: Number(r.version ?? 0),
      processDefinitionId: text(r.definition_id),
      processInstanceId: text(r.instance_id),
      startUser: text(r.real_name),
      elementId: text(r.element_id),
      elementName: graphs.get(text(r.definition_id))?.nodes.get(text(r.element_id))?.name ?? '',
      dueTime: formatDateTime(new Date(String(r.due_time))),
      retries: Number(r.retries),
      error: errorLength !== undefined && error.length > errorLength ? `${error.slice(0, errorLength)}…` : error,
      lockOwner: leased ? text(r.lock_owner) : '',
      createTime: wireDateTime(r.create_time),
    };
  });
}
