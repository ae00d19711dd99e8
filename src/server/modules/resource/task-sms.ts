import type { TaskSmsSender } from '../../platform/workflow/index.ts';
import type { Services } from '../../services.ts';
import { sendSms, smsAccountOf } from './sms-config.ts';

/**
 * The workflow's new-task SMS (platform/workflow/task-sms.ts) through the tenant's enabled SMS config, the log-only
 * sender when none is enabled. The template's variables: `name` the task, `process` its process.
 */
export const taskSmsSender =
  (services: Services): TaskSmsSender =>
  async ({ tenantId, phone, taskName, processName }) => {
    const account = (await smsAccountOf(services, tenantId))!;
    await sendSms(
      services,
      account,
      { phones: [phone], params: { name: taskName, process: processName } },
      { tenantId, serviceId: 'blade-flow' },
    );
  };
