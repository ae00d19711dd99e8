import { sql, type Insertable } from 'kysely';
import type { Db } from '../../db/connect.ts';
import type { BladeMessage } from '../../db/schema.ts';

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

/**
 * Inserts drawer messages and, in the same statement, the SMS job of each task message whose user opted in and has
 * a phone: the inserted rows feed an `insert ... select` joined to blade_user, so a step whose handlers did not opt
 * in costs no round trip more than its messages. A job takes its message's id: ids are unique across tables, so it
 * is unique among jobs too, and one message asks for one SMS.
 */
export async function insertMessagesWithTaskSms(
  trx: Db,
  rows: Insertable<BladeMessage>[],
  definitionId: string,
): Promise<void> {
  if (!rows.some((row) => row.task_id)) {
    await trx.insertInto('blade_message').values(rows).execute();
    return;
  }
  await trx
    .with('message', (db) =>
      db
        .insertInto('blade_message')
        .values(rows)
        .returning(['id', 'tenant_id', 'user_id', 'task_id', 'process_instance_id', 'create_time']),
    )
    .insertInto('blade_flow_job')
    .columns([
      'id',
      'tenant_id',
      'kind',
      'definition_id',
      'instance_id',
      'execution_id',
      'element_id',
      'due_time',
      'create_time',
    ])
    .expression((eb) =>
      eb
        .selectFrom('message as m')
        .innerJoin('blade_user as u', (join) =>
          join.onRef('u.id', '=', 'm.user_id').onRef('u.tenant_id', '=', 'm.tenant_id'),
        )
        .select([
          'm.id',
          'm.tenant_id',
          sql<string>`cast(${TASK_SMS_JOB} as varchar)`.as('kind'),
          sql<string>`cast(${definitionId} as varchar)`.as('definition_id'),
          'm.process_instance_id',
          sql<string>`cast(m.task_id as varchar)`.as('execution_id'),
          sql<string>`cast(m.user_id as varchar)`.as('element_id'),
          sql<string>`now()`.as('due_time'),
          'm.create_time',
        ])
        .where('m.task_id', 'is not', null)
        .where('u.sms_task', '=', 1)
        .where('u.phone', '<>', '')
        .where('u.is_deleted', '=', 0)
        .where('u.status', '=', 1),
    )
    .execute();
}
