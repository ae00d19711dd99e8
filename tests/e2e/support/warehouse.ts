import type { Page } from '@playwright/test';
import { callAs } from './flow.ts';

const SYS = '/api/blade-system';
type User = { username: string; password: string };

/** A finished part the demo stocks (in 成品库), as `user` finds it. */
export async function finishedPart(page: Page, user: User) {
  const stock = await callAs<{ records: { productId: string; productNo: string; productName: string }[] }>(
    page.request,
    user,
    'get',
    `${SYS}/inventory/list`,
    { params: { warehouse: 'FG', size: '1' } },
  );
  return stock.records[0]!;
}

/** The movement numbered `logNo`, as the server lists it to `user`. */
export async function movementNumbered(page: Page, user: User, logNo: string) {
  const found = await callAs<{ records: { logNo: string; handleStatus: string; qty: number; warehouse: string }[] }>(
    page.request,
    user,
    'get',
    `${SYS}/inventorylog/list`,
    { params: { logNo } },
  );
  return found.records.find((row) => row.logNo === logNo);
}
