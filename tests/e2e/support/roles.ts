import { test, type Page } from '@playwright/test';
import { apiToken, fetchRoutes, type MenuNode, type TokenInfo } from './api.ts';
import { seedSession } from './session.ts';

/** The demo's people (`npm run demo`, tenant 000000, password 123456): one per seeded role, by account. */
export const DEMO_ROLES = {
  zhangsan: '张三',
  lisi: '李四',
  wangrs: '王人事',
  zhaocw: '赵财务',
  qianzong: '钱总',
  zhouht: '周海涛',
  sunck: '孙仓库',
} as const;
export type DemoAccount = keyof typeof DEMO_ROLES;
export const DEMO_PASSWORD = '123456';

/** A demo person as the login form and the API take him. */
export const demoUser = (account: DemoAccount) => ({ username: account, password: DEMO_PASSWORD });

/**
 * Signs the page's context in as a demo person (through the API, before the first page loads) and opens `path`:
 * the console boots once, as him.
 */
export async function loginAs(page: Page, account: DemoAccount, path = '/wel/index'): Promise<TokenInfo> {
  const info = await apiToken(page.request, demoUser(account));
  await seedSession(page.context(), test.info().project.use.baseURL!, info);
  await page.goto(path);
  return info;
}

/** The menu leaves a person is given, with the top-level menu each sits under, in the sidebar's order. */
export async function leavesOf(page: Page, token: string): Promise<Array<{ parent: string; leaf: MenuNode }>> {
  const leaves: Array<{ parent: string; leaf: MenuNode }> = [];
  const walk = (nodes: MenuNode[], parent: string) => {
    for (const node of nodes)
      if (node.children?.length) walk(node.children, parent || node.name);
      else leaves.push({ parent, leaf: node });
  };
  walk(await fetchRoutes(page.request, token), '');
  return leaves;
}
