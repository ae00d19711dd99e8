import { Notice } from '../../../shared/contract/api/desk.schemas.ts';
import type { LocalText } from '../../../shared/i18n/server-messages.ts';
import type { AuthUser } from '../../platform/auth-context.ts';
import type { EntityHooks } from '../../platform/entity/service.ts';
import { ApiError } from '../../platform/errors.ts';
import type { Services } from '../../services.ts';
import { sanitizeNoticeHtml } from './notice-html.ts';
import { authoredIds, markNoticeRead, readNoticeIds, receiptCounts, visibleTo } from './notice.queries.ts';

export const NOTICE_MESSAGES = {
  notAuthor: {
    zh: '只能修改或删除本人发布的通知',
    en: 'You can only change or remove the notices you published',
  },
} satisfies Record<string, LocalText>;

/** Whether `user` may change, remove and see the receipts of the notices: the tenant's administrators may. */
const administers = (user: AuthUser) => user.isAdmin;

/** Refuses `user` the notices among `ids` that he did not write, unless he administers the tenant. */
export async function checkAuthor(db: Services['db'], user: AuthUser, ids: readonly string[]): Promise<void> {
  if (administers(user)) return;
  const mine = await authoredIds(db, user, ids);
  if (ids.some((id) => !mine.has(String(id)))) throw new ApiError(403, NOTICE_MESSAGES.notAuthor);
}

/**
 * 通知公告: content sanitised on every write; a reader sees the released notices published to him and those he wrote,
 * the tenant's administrators every notice; only its author or an administrator changes or removes one (`editable`);
 * opening one records the reader's receipt.
 */
export function noticeHooks({ db }: Services): EntityHooks {
  return {
    row: Notice,
    async prepare(user, input) {
      return typeof input.content === 'string'
        ? { ...input, content: sanitizeNoticeHtml(input.content, user.tenantId) }
        : input;
    },
    async audience(user) {
      return administers(user) ? undefined : visibleTo(user);
    },
    async beforeWrite(_trx, user, _values, before) {
      if (before && !administers(user) && String(before.create_user) !== user.userId)
        throw new ApiError(403, NOTICE_MESSAGES.notAuthor);
    },
    async beforeRemove(user, ids) {
      await checkAuthor(db, user, ids);
    },
    async decorate(records) {
      const counts = await receiptCounts(
        db,
        records.map((record) => String(record.id)),
      );
      for (const record of records) record.readCount = counts.get(String(record.id)) ?? 0;
    },
    async personal(user, records) {
      const ids = records.map((record) => String(record.id));
      const [read, mine] = await Promise.all([readNoticeIds(db, user, ids), authoredIds(db, user, ids)]);
      for (const record of records) {
        record.read = read.has(String(record.id));
        record.editable = administers(user) || mine.has(String(record.id));
      }
    },
    async opened(user, record) {
      await markNoticeRead(db, user, String(record.id));
    },
  };
}
