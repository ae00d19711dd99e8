import { sql } from 'kysely';
import type { Db } from '../../db/connect.ts';
import { failJob, type JobRow } from './flow-events.ts';
import type { TaskSmsSender } from './task-sms.ts';

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
