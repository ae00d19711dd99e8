import { TASK_STATUS } from '../../../shared/entities/production/task.ts';
import type { EntityHooks } from '../../platform/entity/service.ts';

/** NPI stage 量产 (SOP) and the statuses a project keeps through it (暂停, 取消): `npi_stage` / `npi_status`. */
const SOP_STAGE = '7';
const LAUNCHED = '2';
const KEPT_AT_SOP = ['3', '4'];

/** An NPI record reaching SOP is launched (已量产), unless it is on hold or cancelled. */
export function productIntroduceHooks(): EntityHooks {
  return {
    async beforeWrite(_trx, _user, values, before) {
      const row = { ...before, ...values };
      if (values.stage === SOP_STAGE && !KEPT_AT_SOP.includes(String(row.introduce_status)))
        values.introduce_status = LAUNCHED;
    },
  };
}

/** A completed task is at 100 %; reopening one clears its actual finish. */
export function taskHooks(): EntityHooks {
  return {
    async beforeWrite(_trx, _user, values, before) {
      const status = String({ ...before, ...values }.task_status);
      if (status === TASK_STATUS.done) values.progress = '1';
      if (before && String(before.task_status) === TASK_STATUS.done && status === TASK_STATUS.inProgress)
        values.actual_end_date = null;
    },
  };
}
