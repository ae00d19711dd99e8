import { leave } from '../../../shared/entities/flow/leave.ts';
import { parseDateTime } from '../../../shared/contract/time.ts';
import type { LocalText } from '../../../shared/i18n/server-messages.ts';
import { failWith } from '../../platform/errors.ts';
import type { Services } from '../../services.ts';
import type { EntityHooks } from '../../platform/entity/service.ts';
import { leaveDaysOf } from '../system/work-calendar.service.ts';

const MESSAGES = {
  endBeforeStart: { zh: '结束时间须晚于开始时间', en: 'The end time must be after the start time' },
  noWorkingDays: { zh: '所选时间内没有工作日, 无需请假', en: 'The period has no working day to take leave for' },
} satisfies Record<string, LocalText>;

const { startTime, endTime } = leave.fields;
const text = (value: unknown) => (value == null ? '' : String(value).trim());

/**
 * What a leave's definition cannot say: the end after the start, and `days` = the working days between them by the
 * tenant's calendar, in half days. Whatever `days` a client sends is replaced: the process decides on this count.
 */
export function leaveHooks(services: Services): EntityHooks {
  return {
    async prepare(user, input) {
      const start = parseDateTime(text(input.startTime));
      const end = parseDateTime(text(input.endTime));
      if (!start) throw failWith(startTime.required as LocalText);
      if (!end) throw failWith(endTime.required as LocalText);
      if (end <= start) throw failWith(MESSAGES.endBeforeStart);
      const days = await leaveDaysOf(services.db, user.tenantId, start, end);
      if (days === 0) throw failWith(MESSAGES.noWorkingDays);
      return { ...input, startTime: start, endTime: end, days };
    },
  };
}
