import { createHash } from 'node:crypto';
import type { Db } from '../../../db/connect.ts';
import { asSystem } from '../../../db/tenant-context.ts';
import { formatDateTime } from '../../../../shared/contract/time.ts';
import { SUPER_TENANT } from '../../../platform/auth-context.ts';
import { nextId } from '../../../platform/ids.ts';
import { checkWirePassword, md5Hex } from '../../auth/password.ts';
import { DEMO_PASSWORD } from './organisation.ts';
import { demoAudit } from './figures.ts';

/**
 * The parameter naming the accounts the demo command left signing in with a known password. Only `npm run demo` writes
 * it, so a real installation never hints any account; deleting it in 参数管理 ends the login page's hint.
 */
export const DEMO_ACCOUNTS_PARAM = 'tenon.demoAccounts';

/** The known passwords a demo account may hold: the demo people's, and the seeded administrator's. */
const KNOWN_PASSWORDS = [DEMO_PASSWORD, 'admin'];

export interface DemoAccount {
  account: string;
  realName: string;
  password: string;
}

/** A recorded account: its known password, and a fingerprint of the stored hash it was found under. */
interface Recorded {
  account: string;
  password: string;
  stored: string;
}

/**
 * A short fingerprint of a stored password hash: the hint ends once the password changes (the hash does), with no
 * password check on a public request.
 */
const fingerprint = (hash: string | null | undefined) =>
  createHash('sha256')
    .update(hash ?? '')
    .digest('base64url')
    .slice(0, 16);

const liveUsers = (db: Db) =>
  db.selectFrom('blade_user').where('tenant_id', '=', SUPER_TENANT).where('is_deleted', '=', 0).where('status', '=', 1);

/**
 * The demo command's last step: every live account of tenant 000000 that signs in with a known password (whatever
 * module seeded it), recorded for the login page's hint. Run again, it records the accounts as they are then.
 */
export async function recordDemoAccounts(db: Db): Promise<string[]> {
  const users = await liveUsers(db).select(['account', 'password']).orderBy('id').execute();
  const known: Recorded[] = [];
  for (const user of users) {
    for (const password of KNOWN_PASSWORDS) {
      if ((await checkWirePassword(user.password ?? '', md5Hex(password))) === 'wrong') continue;
      known.push({ account: user.account ?? '', password, stored: fingerprint(user.password) });
      break;
    }
  }
  const value = JSON.stringify(known);
  const updated = await db
    .updateTable('blade_param')
    .set({ param_value: value, is_deleted: 0, update_time: formatDateTime() })
    .where('param_key', '=', DEMO_ACCOUNTS_PARAM)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0) {
    await db
      .insertInto('blade_param')
      .values({
        id: nextId(),
        param_name: '演示账号',
        param_key: DEMO_ACCOUNTS_PARAM,
        param_value: value,
        remark: '登录页提示的演示账号(npm run demo 写入);删除本参数即不再提示',
        ...demoAudit(),
      })
      .execute();
  }
  return known.map(({ account, password }) => `${account}/${password}`);
}

/** Parses the parameter's value; anything else than the list the demo wrote is no hint at all. */
function recorded(value: string | null | undefined): Recorded[] {
  try {
    const list: unknown = JSON.parse(value ?? '[]');
    if (!Array.isArray(list)) return [];
    return list.filter(
      (item): item is Recorded =>
        typeof item?.account === 'string' && typeof item?.password === 'string' && typeof item?.stored === 'string',
    );
  } catch {
    return [];
  }
}

/**
 * The login page's hint (public): the recorded demo accounts that are still live and keep the password they were
 * recorded with, with their names; none where the demo was never loaded. Nothing else about users is said.
 */
export async function demoAccounts(db: Db): Promise<DemoAccount[]> {
  return asSystem(async () => {
    const param = await db
      .selectFrom('blade_param')
      .select('param_value')
      .where('param_key', '=', DEMO_ACCOUNTS_PARAM)
      .where('is_deleted', '=', 0)
      .executeTakeFirst();
    const list = recorded(param?.param_value);
    if (!list.length) return [];
    const users = await liveUsers(db)
      .select(['account', 'real_name', 'password'])
      .where(
        'account',
        'in',
        list.map((item) => item.account),
      )
      .execute();
    const names = new Map(users.map((user) => [user.account, user.real_name ?? '']));
    const hashes = new Map(users.map((user) => [user.account, fingerprint(user.password)]));
    // Live, and still holding the password it was recorded with.
    return list
      .filter((item) => hashes.get(item.account) === item.stored)
      .map((item) => ({ account: item.account, realName: names.get(item.account) ?? '', password: item.password }));
  });
}
