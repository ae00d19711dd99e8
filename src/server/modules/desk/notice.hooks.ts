import { NOTICE_MANAGE } from '../../../shared/entities/desk/notice.ts';
import { Notice } from '../../../shared/contract/api/desk.schemas.ts';
import type { EntityHooks } from '../../platform/entity/service.ts';
import type { Services } from '../../services.ts';
import { sanitizeNoticeHtml } from './notice-html.ts';
import { markNoticeRead, publishedTo, readNoticeIds, receiptCounts } from './notice.queries.ts';

/**
 * 通知公告: content sanitised on every write; a reader sees the released notices published to him, its managers every
 * notice of the tenant; opening one records the reader's receipt.
 */
export function noticeHooks({ db, permissions }: Services): EntityHooks {
  return {
    row: Notice,
    async prepare(_user, input) {
      return typeof input.content === 'string' ? { ...input, content: sanitizeNoticeHtml(input.content) } : input;
    },
    async audience(user) {
      return (await permissions.has(user, NOTICE_MANAGE)) ? undefined : publishedTo(user);
    },
    async decorate(records) {
      const counts = await receiptCounts(
        db,
        records.map((record) => String(record.id)),
      );
      for (const record of records) record.readCount = counts.get(String(record.id)) ?? 0;
    },
    async personal(user, records) {
      const read = await readNoticeIds(
        db,
        user,
        records.map((record) => String(record.id)),
      );
      for (const record of records) record.read = read.has(String(record.id));
    },
    async opened(user, record) {
      await markNoticeRead(db, user, String(record.id));
    },
  };
}
