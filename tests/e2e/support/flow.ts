import type { APIRequestContext } from '@playwright/test';
import { ADMIN, callAs as callAsUser, uniqueTag } from './api.ts';

/** People and requests of the workflow browser tests, set up through the API as an administrator would. */

const SYS = '/api/blade-system';
const FLOW = '/api/blade-flow';

export interface Person {
  id: string;
  username: string;
  password: string;
  realName: string;
}

/** A BladeX call as `user` (support/api.ts callAs, the user first); throws unless its code is 200. */
export const callAs = <T>(
  request: APIRequestContext,
  user: { username: string; password: string },
  method: 'get' | 'post',
  url: string,
  options: { params?: Record<string, string>; data?: unknown } = {},
): Promise<T> => callAsUser<T>(request, method, url, { ...options, user });

export const adminCall = <T>(
  request: APIRequestContext,
  method: 'get' | 'post',
  url: string,
  options: { params?: Record<string, string>; data?: unknown } = {},
) => callAs<T>(request, ADMIN, method, url, options);

/** A new user of the tenant with the role of this alias (users of their own: the admin's messages stay untouched). */
export async function newUser(request: APIRequestContext, roleAlias: string, realName: string): Promise<Person> {
  const account = `fp${uniqueTag('').replace(/-/g, '').slice(-10)}`;
  const password = 'Passw0rd!';
  const roles = await adminCall<{ id: string; roleAlias: string }[]>(request, 'get', `${SYS}/role/list`);
  const [root] = await adminCall<{ id: string }[]>(request, 'get', `${SYS}/dept/lazy-tree`, {
    params: { parentId: '0' },
  });
  await adminCall(request, 'post', `${SYS}/user/submit`, {
    data: {
      account,
      password,
      realName,
      roleId: roles.find((r) => r.roleAlias === roleAlias)!.id,
      deptId: root.id,
      userType: 1,
    },
  });
  const [user] = await adminCall<{ id: string }[]>(request, 'get', `${SYS}/user/user-list`, { params: { account } });
  return { id: user.id, username: account, password, realName };
}

/**
 * `applicant` sends through the fund approval, with `approver` as first approver: a fund request of his (its fields),
 * or a saved row approved through the fund approval (`{ businessId }`: an expense claim, a live model's row).
 */
export async function startFundRequest(
  request: APIRequestContext,
  applicant: { username: string; password: string },
  approver: { id: string },
  fund: { title: string; amount: string; reason: string } | { businessId: string },
) {
  const page = await callAs<{ records: { id: string; key: string }[] }>(
    request,
    applicant,
    'get',
    `${FLOW}/work/start-list`,
    { params: { size: '100' } },
  );
  const definition = page.records.find((d) => d.key === 'Finance')!;
  await callAs(request, applicant, 'post', '/api/blade-desk/process/finance/start-process', {
    data: { processDefinitionId: definition.id, ...fund, taskUser: approver.id },
  });
}

/** `who` approves his to-do of the request `applicant` started last. */
export async function approveTodoOf(request: APIRequestContext, who: Person, applicant: Person) {
  const todo = await callAs<{ records: { taskId: string; startUserName: string }[] }>(
    request,
    who,
    'get',
    `${FLOW}/work/todo-list`,
    { params: { size: '100' } },
  );
  const task = todo.records.find((r) => r.startUserName === applicant.realName)!;
  await callAs(request, who, 'post', `${FLOW}/work/complete-task`, {
    data: { taskId: task.taskId, flag: 'ok', pass: true },
  });
}
