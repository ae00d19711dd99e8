import { getData } from '../http.ts';
import { NOTICE_DETAIL_URL, NOTICE_FEED_URL, NOTICE_RECEIPTS_URL } from '../../shared/contract/api/desk.ts';
import type { Notice, NoticeFeed, NoticeReceipt } from '../../shared/contract/api/desk.schemas.ts';

export type { Notice, NoticeFeed, NoticeLine, NoticeReceipt } from '../../shared/contract/api/desk.schemas.ts';

/** The latest notices published to the caller; quiet for a user without the notice menu (no refusal toast). */
export const fetchNoticeFeed = (size: number, current = 1) =>
  getData<NoticeFeed>(NOTICE_FEED_URL, { current, size }, { silent: true });
/** One notice; opening it records the caller's read receipt (the server's detail does). */
export const fetchNotice = (id: string) => getData<Notice | null>(NOTICE_DETAIL_URL, { id });
export const fetchNoticeReceipts = (id: string) => getData<NoticeReceipt[]>(NOTICE_RECEIPTS_URL, { id });
