import type { Db } from '../../db/connect.ts';
import { failJob, heldJob, type JobRow } from './flow-events.ts';
import { callEndpoint } from './flow-http.ts';
import type { TaskSmsSender } from './task-sms.ts';
import { actorOf, type FlowRuntime, type Variables } from './flow-runtime.ts';
import { lockInstance, type InstanceRow } from './flow-store.ts';
import { definitionGraph } from './process-steps.ts';
import { ActionFailure, actionOf, resolveFields, runLocalAction, type FlowHook } from './service-actions.ts';

/**
 * A service task's action job (service-actions.ts), taken by a poller (flow-jobs.ts). Three short transactions, the
 * instance locked in each: read what the action needs; run it (a `message`, `status` or `hook` inside the step's own
 * transaction, so its effect and the token's move commit together; an `http` call before it, with no lock held while
 * the endpoint answers) and move the token on with its result; or, when it failed, retry later (a technical failure,
 * 1 / 5 / 25 minutes) or hand it to an error boundary event of the task, else to an administrator (the job kept with
 * retries 0 and its error: the jobs screen retries it).
 */

export interface ActionSettings {
  /** The named actions modules offer (ModuleManifest.flowHooks). */
  hooks: ReadonlyMap<string, FlowHook>;
  /** The server's signing secret (endpoints' secrets are sealed under it); none: no `http` action runs. */
  sealKey?: Uint8Array;
  /** TENON_FLOW_HTTP_PRIVATE=allow: endpoints on this machine or a private network may be called. */
  allowPrivate: boolean;
  /** Who sends the new-task SMS (the resource module's, once the app is built); none: they are dropped. */
  taskSms?: () => TaskSmsSender | undefined;
}

export async function runActionJob(
  db: Db,
  runtime: FlowRuntime,
  settings: ActionSettings,
  job: JobRow,
  owner: string,
): Promise<void> {
  const instanceId = job.instance_id!;
  try {
    const prepared = await db.transaction().execute(async (trx) => {
      const instance = await lockInstance(trx, instanceId);
      if (!(await heldJob(trx, job.id, owner))) return undefined;
      if (!instance || instance.state !== 'running') {
        await trx.deleteFrom('blade_flow_job').where('id', '=', job.id).execute();
        return undefined;
      }
      const { node, spec } = actionOf(await definitionGraph(trx, instance.definition_id), job.element_id);
      const variables = JSON.parse(instance.variables) as Variables;
      return { instance, spec, variables, fields: resolveFields(node, spec, variables) };
    });
    if (!prepared) return;
    const { spec, fields, variables } = prepared;
    let remote: unknown;
    if (spec.type === 'http') {
      if (!settings.sealKey) throw new ActionFailure('this server makes no HTTP calls', 'ENDPOINT', false);
      remote = await callEndpoint(db, prepared.instance, fields, variables, {
        sealKey: settings.sealKey,
        allowPrivate: settings.allowPrivate,
        deliveryId: job.id,
      });
    }
    await db.transaction().execute(async (trx) => {
      const instance = await lockInstance(trx, instanceId);
      if (!(await heldJob(trx, job.id, owner)) || instance?.state !== 'running') return;
      const actor = await actorOf(trx, instance.tenant_id, instance.start_user);
      const result =
        spec.type === 'http'
          ? remote
          : await runLocalAction(trx, { actor, instance, variables }, spec, fields, settings.hooks);
      await runtime.fireIn(trx, actor, instance, job.execution_id, {}, 0, { result });
    });
  } catch (error) {
    if (await caught(db, runtime, job, owner, error)) return;
    throw error;
  }
}

/**
 * A failed action: retried while it may still work and retries are left; else an error boundary event of the task
 * takes it (true), or the job keeps the failure with no retry left.
 */
async function caught(db: Db, runtime: FlowRuntime, job: JobRow, owner: string, error: unknown): Promise<boolean> {
  if (!(error instanceof ActionFailure) || (error.retryable && job.retries > 1)) {
    await failJob(db, job.id, error);
    return false;
  }
  let taken: boolean;
  try {
    taken = await db.transaction().execute(async (trx) => {
      const instance: InstanceRow | undefined = await lockInstance(trx, job.instance_id!);
      if (!(await heldJob(trx, job.id, owner)) || instance?.state !== 'running') return false;
      const actor = await actorOf(trx, instance.tenant_id, instance.start_user);
      return runtime.failActionIn(trx, actor, instance, job.execution_id, error.code);
    });
  } catch (failure) {
    // The boundary's way failed too (its next step refused): the job keeps that failure and is retried.
    await failJob(db, job.id, failure);
    throw failure;
  }
  if (!taken) await failJob(db, job.id, `${error.code}: ${error.message}`, true);
  return taken;
}
