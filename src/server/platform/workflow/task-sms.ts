import { sql } from 'kysely';
import type { Db } from '../../db/connect.ts';
import { nextId } from '../ids.ts';

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
