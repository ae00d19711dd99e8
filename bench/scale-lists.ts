/**
 * bench/scale's lists (issue 16): each endpoint a case run through the server and, recorded from the server's own
 * services, as the SQL it sends (bench/scale-engine.ts); shared with bench/scale-out, which runs the tenant's cases on
 * each database of a placement. Also the wait for a new build's seed.
 */
import pg from 'pg';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { COUNT_CAP, MAX_OFFSET } from '../src/shared/contract/page.ts';
import { md5Hex } from '../src/server/modules/auth/password.ts';
import { ENTITIES } from '../src/server/modules/index.ts';
import { ROLE_POWER, SUPER_TENANT, type AuthUser } from '../src/server/platform/auth-context.ts';
import { MenuService } from '../src/server/modules/system/menu.service.ts';
import type { AccessClaims } from '../src/server/platform/token.ts';
import { api, login, SERVER_MAIN } from './support.ts';
import { ADMIN_PASSWORD, bigChildDept, bigGrandchildDept, type Layout } from './scale-fill.ts';
import type { Engine } from './scale-engine.ts';

export const PAGE_SIZE = 10;
export const USER_INFO = '/api/blade-auth/oauth/user-info';
export const ROUTES = '/api/blade-system/menu/routes';

export interface Caller {
  token: string;
  user: AuthUser;
}

/** A signed-in administrator: the token, and the caller the server makes of it (its claims). */
export async function signIn(port: number, tenantId: string, password: string): Promise<Caller> {
  const token = await login(port, 'admin', password, tenantId);
  const claims = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as AccessClaims;
  return { token, user: administratorOf(claims) };
}

/** The signed-in administrator as the server sees him (his roles are the token's: the bench changes none). */
function administratorOf(claims: AccessClaims): AuthUser {
  return {
    userId: claims.user_id,
    tenantId: claims.tenant_id,
    account: claims.account,
    userName: claims.user_name,
    realName: claims.real_name,
    clientId: claims.client_id,
    roleIds: claims.role_id.split(','),
    roleAliases: claims.role_name.split(','),
    deptIds: claims.dept_id.split(',').filter(Boolean),
    postIds: claims.post_id.split(',').filter(Boolean),
    sessionId: claims.sid,
    power: claims.role_power,
    isSuperAdmin: claims.tenant_id === SUPER_TENANT && claims.role_power === ROLE_POWER.superAdmin,
    isAdmin: claims.role_power >= ROLE_POWER.tenantAdmin,
    claims,
  };
}

export interface Case {
  name: string;
  /** One request; its answer, for the detail line. */
  request: () => Promise<unknown>;
  describe: (answer: unknown) => string;
  /** What the server runs for it, recorded from its own services. */
  sql: (engine: Engine) => Promise<unknown>;
  /** The SQL of a warm server (a second run); else of a cache miss, for an endpoint the server answers from memory. */
  warm: boolean;
  /** Whose database answers it: the tenant's (its rows), or the main one's (the platform's rows). */
  reads: 'tenant' | 'platform';
}

interface PageAnswer {
  total: number;
  totalCapped?: boolean;
  records: unknown[];
}

/** A list route of the entity engine (`<entity>/page` or `/list`), with the page query it is given. */
function listCase(port: number, name: string, caller: Caller, entity: string, query: Record<string, string>): Case {
  const { service, name: entityName } = ENTITIES.find((e) => e.name === entity)!;
  const action = entity === 'message' ? 'list' : 'page'; // the drawer reads message/list (src/client/api/message.ts)
  return {
    name,
    request: () => api(port, caller.token, `/api/${service}/${entityName}/${action}?${new URLSearchParams(query)}`),
    describe: (answer) => {
      const page = answer as PageAnswer;
      return `total ${page.total.toLocaleString('en-US')}${page.totalCapped ? '+' : ''}, ${page.records.length} rows`;
    },
    sql: (engine) => engine.entities.get(entity)!.page(caller.user, query),
    warm: true,
    reads: 'tenant',
  };
}

/** A list of the platform's rows, read on the main database whatever the placement. */
const platformList = (...args: Parameters<typeof listCase>): Case => ({ ...listCase(...args), reads: 'platform' });

const countNodes = (nodes: Array<{ children?: unknown[] }>): number =>
  nodes.reduce((n, node) => n + 1 + countNodes((node.children ?? []) as Array<{ children?: unknown[] }>), 0);

/**
 * Every list of bench/scale as `who` reads it; `big` is big tenant `bigIndex` of the fill (scale-fill.ts), whose depts
 * the filters name.
 */
export function cases(
  port: number,
  layout: Layout,
  who: { platform: Caller; big: Caller; small: Caller },
  bigIndex = 0,
): Case[] {
  const page1 = { current: '1', size: String(PAGE_SIZE) };
  // The deepest page of a capped total (COUNT_CAP rows), and the last page of the exact total (read from the end),
  // or the deepest the server serves (MAX_OFFSET).
  const cappedPage = Math.min(Math.ceil(layout.bigUsers / PAGE_SIZE), COUNT_CAP / PAGE_SIZE);
  const lastPage = Math.min(Math.ceil(layout.bigUsers / PAGE_SIZE), MAX_OFFSET / PAGE_SIZE);
  // A key's leading digits, as someone types part of it: `bench.param.12345` matches 111 keys of 2 M.
  const keyPart = `param.${String(Math.floor(layout.params * 0.61728)).slice(0, -2) || '1'}`;
  const { platform, big, small } = who;
  const basic = `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`;
  return [
    listCase(port, 'GET user/page big tenant, page 1', big, 'user', page1),
    listCase(port, 'GET user/page big tenant, deptId=<child>', big, 'user', {
      ...page1,
      deptId: bigChildDept(1, bigIndex),
    }),
    // A team of its own (~100 users): the rare end of the same filter.
    listCase(port, 'GET user/page big tenant, deptId=<grandchild>', big, 'user', {
      ...page1,
      deptId: bigGrandchildDept(20, 10, bigIndex),
    }),
    listCase(port, 'GET user/page big tenant, realName=王伟', big, 'user', { ...page1, realName: '王伟' }),
    listCase(port, `GET user/page big tenant, page ${cappedPage}`, big, 'user', {
      ...page1,
      current: String(cappedPage),
    }),
    listCase(port, `GET user/page big tenant, page ${lastPage}, exactTotal`, big, 'user', {
      ...page1,
      current: String(lastPage),
      exactTotal: '1',
    }),
    listCase(port, 'GET user/page small tenant, page 1', small, 'user', page1),
    platformList(port, 'GET param/page, page 1', platform, 'param', page1),
    platformList(port, `GET param/page, paramKey=${keyPart}`, platform, 'param', { ...page1, paramKey: keyPart }),
    listCase(port, 'GET message/list big tenant admin', big, 'message', { current: '1', size: '50' }),
    // 错误日志 (contract resource-desk-log.md §8) is the operator's: the platform administrator reads every tenant's.
    platformList(port, 'GET error log list, every tenant (platform admin)', platform, 'error', page1),
    listCase(port, 'GET error log list, the big tenant (platform admin)', platform, 'error', {
      ...page1,
      tenantId: big.user.tenantId,
    }),
    platformList(port, 'GET tenant/page as the platform admin', platform, 'tenant', page1),
    {
      name: 'GET menu/routes small tenant admin',
      request: () => api(port, small.token, ROUTES),
      describe: (answer) => `${countNodes(answer as Array<{ children?: unknown[] }>)} route nodes`,
      sql: async (engine) => new MenuService(engine.db, await engine.freshPermissions()).routes(small.user),
      warm: false,
      reads: 'tenant',
    },
    {
      name: 'GET user-info small tenant admin',
      request: () => api(port, small.token, USER_INFO),
      describe: (answer) => `${(answer as { permissions: unknown[] }).permissions.length} button codes`,
      sql: async (engine) => (await engine.freshPermissions()).buttonCodesOf(small.user),
      warm: false,
      reads: 'tenant',
    },
    {
      name: 'POST oauth/token small tenant admin',
      request: () => login(port, 'admin', ADMIN_PASSWORD, small.user.tenantId),
      describe: () => 'a token each (argon2 in the API time, not in the raw one)',
      sql: async ({ tokens }) =>
        tokens.grant(await tokens.authenticateClient(basic), {
          grantType: 'password',
          tenantId: small.user.tenantId,
          username: 'admin',
          password: md5Hex(ADMIN_PASSWORD),
        }),
      warm: true,
      reads: 'tenant',
    },
  ];
}

/** Resolves once the built server's seed is recorded (its last batch of tenants set up), within 10 minutes. */
export async function seedDone(databaseUrl: string): Promise<void> {
  const { id } = JSON.parse(readFileSync(join(dirname(SERVER_MAIN), 'build.json'), 'utf8')) as { id: string };
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    for (const deadline = Date.now() + 600_000; Date.now() < deadline;) {
      const { rowCount } = await client.query('select 1 from tenon_seed where build_id = $1', [id]);
      if (rowCount) return;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    throw new Error(`the server's seed (build ${id}) did not finish within 10 minutes`);
  } finally {
    await client.end();
  }
}
