import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { notice } from '../../../shared/entities/desk/notice.ts';
import * as urls from '../../../shared/contract/api/desk.ts';
import { NoticeFeed, NoticeReceipt } from '../../../shared/contract/api/desk.schemas.ts';
import { ok } from '../../platform/errors.ts';
import { pagingOf } from '../../platform/entity/conditions.ts';
import { idParam } from '../../platform/params.ts';
import { Param, queryParams } from '../../platform/route-schemas.ts';
import { answers } from '../../platform/response-schemas.ts';
import type { Services } from '../../services.ts';
import { checkAuthor } from './notice.hooks.ts';
import { noticeFeed, noticeReceipts, readNoticeIds } from './notice.queries.ts';

const FEED_MAX = 50;

/** The caller's notice feed and a notice's read receipts (its author's), beside the engine's notice routes. */
export async function noticeRoutes(fastify: FastifyInstance, { services }: { services: Services }) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { db, dictionaries } = services;

  const feed = {
    config: { permission: notice.code },
    schema: { ...queryParams({ current: Param, size: Param }), ...answers(NoticeFeed) },
  };
  app.get(urls.NOTICE_FEED_URL, feed, async (request) => {
    // The lists' paging rules (a clear 400 for a page past what any pager asks), at most FEED_MAX a page.
    const paging = pagingOf(request.query);
    const size = Math.min(FEED_MAX, paging.size);
    const { rows, total, unread } = await noticeFeed(db, request.user, paging.current, size);
    const [categories, read] = await Promise.all([
      dictionaries.itemsOf('notice'),
      readNoticeIds(
        db,
        request.user,
        rows.map((row) => String(row.id)),
      ),
    ]);
    const records = rows.map((row) => ({
      id: String(row.id),
      title: row.title,
      category: row.category,
      categoryName: categories.get(String(row.category)) ?? '',
      releaseTime: String(row.release_time),
      read: read.has(String(row.id)),
    }));
    return ok(request, { records, total, unread });
  });

  const receipts = {
    config: { permission: notice.code },
    schema: { ...queryParams({ id: Param }), ...answers(Type.Array(NoticeReceipt)) },
  };
  app.get(urls.NOTICE_RECEIPTS_URL, receipts, async (request) => {
    const id = idParam(request.query.id, 'id');
    // Receipts are for who answers for the notice: its author or an administrator.
    await checkAuthor(db, request.user, [id]);
    const rows = await noticeReceipts(db, request.user, id);
    return ok(
      request,
      rows.map((row) => ({
        userId: String(row.userId),
        realName: row.realName ?? '',
        account: row.account ?? '',
        readTime: String(row.readTime),
      })),
    );
  });
}
