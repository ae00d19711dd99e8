import { sql } from 'kysely';
import type { Db } from '../../db/connect.ts';
import { nextId } from '../ids.ts';
import { failJob, type JobRow } from './flow-events.ts';

/**
 * The new-task SMS of approvers who chose it (blade_user.sms_task): a job of the workflow's queue (blade_flow_job,
 * kind `sms`: execution_id the task, element_id the user) written with the step's messages, so it exists exactly
 * when the step commits; a poller sends it afterwards, never within the step's transaction or its response time.
 * A failed send is retried (1 / 5 / 25 minutes), then kept for the jobs screen.
 */
export const TASK_SMS_JOB = 'sms';

/** What the SMS says: the task and its process, to the user's phone. */
export interface TaskSms {
  tenantId: string;
  userId: string;
  phone: string;
  taskName: string;
  processName: string;
}

/** Sends one new-task SMS through the tenant's enabled SMS config (the resource module's); throws when it fails. */
export type TaskSmsSender = (sms: TaskSms) => Promise<void>;

/** Queues the SMS of each new task's handler who opted in and has a phone; inside the step's transaction. */
export async function queueTaskSms(
  trx: Db,
  instance: { id: string; tenant_id: string; definition_id: string },
  tasks: ReadonlyArray<{ userId: string; taskId: string }>,
  createTime: string,
): Promise<void> {
  const userIds = [...new Set(tasks.map((t) => t.userId))];
  if (!userIds.length) return;
  const opted = await trx
    .selectFrom('blade_user')
    .select('id')
    .where('tenant_id', '=', instance.tenant_id)
    .where('id', 'in', userIds)
    .where('sms_task', '=', 1)
    .where('phone', '<>', '')
    .where('is_deleted', '=', 0)
    .where('status', '=', 1)
    .execute();
  const wanted = new Set(opted.map((u) => String(u.id)));
  const jobs = tasks
    .filter((t) => wanted.has(t.userId))
    .map((t) => ({
      id: nextId(),
      tenant_id: instance.tenant_id,
      kind: TASK_SMS_JOB,
      definition_id: instance.definition_id,
      instance_id: instance.id,
      execution_id: t.taskId,
      element_id: t.userId,
      due_time: sql<string>`now()`,
      create_time: createTime,
    }));
  if (jobs.length) await trx.insertInto('blade_flow_job').values(jobs).execute();
}

/**
 * Sends a queued new-task SMS and deletes its job; a task already gone or a user who changed their mind is no SMS.
 * No sender (a process without the resource module): the job is dropped.
 */
export async function runTaskSmsJob(db: Db, job: JobRow, send: TaskSmsSender | undefined): Promise<void> {
  try {
    const found = await db
      .selectFrom('blade_flow_task as t')
      .innerJoin('blade_user as u', (join) => join.on('u.id', '=', sql<string>`cast(${job.element_id} as bigint)`))
      .leftJoin('blade_flow_definition as d', 'd.id', 't.definition_id')
      .select(['t.name', 't.end_time', 'u.phone', 'u.sms_task', 'u.is_deleted', 'd.name as process_name'])
      .where('t.id', '=', job.execution_id)
      .where('t.tenant_id', '=', job.tenant_id)
      .where('u.tenant_id', '=', job.tenant_id)
      .executeTakeFirst();
    if (send && found && !found.end_time && found.sms_task === 1 && found.is_deleted === 0 && found.phone)
      await send({
        tenantId: job.tenant_id,
        userId: job.element_id,
        phone: found.phone,
        taskName: found.name,
        processName: found.process_name ?? '',
      });
    await db.deleteFrom('blade_flow_job').where('id', '=', job.id).execute();
  } catch (error) {
    await failJob(db, job.id, error);
  }
}
