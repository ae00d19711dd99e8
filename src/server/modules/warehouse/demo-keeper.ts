import type { Db } from '../../db/connect.ts';
import { menuRows } from '../../db/seed/menus.ts';
import { nextId } from '../../platform/ids.ts';
import { hashPlainPassword } from '../auth/password.ts';
import { DEMO_PASSWORD, demoAudit } from '../system/demo.ts';
import { SEED } from '../system/install.ts';
import { warehouseMenu } from './menus.ts';

/** The demo's warehouse keeper: 孙仓库 of 常州布雷德 signs in as `sunck`, on the phone or a tablet. */
export const WAREHOUSE_KEEPER = {
  roleId: '1123598816738675221',
  userId: '1123598821738675221',
  account: 'sunck',
  realName: '孙仓库',
} as const;

/**
 * A 仓管员 role and its one demo account (one of the console's four kinds of user: warehouse staff on phones and
 * tablets): an ordinary user's menus plus every screen and button of 仓储管理 (movements with 过账, the stock, the
 * packing specifications). Added once: a second run finds both and adds nothing.
 */
export async function seedWarehouseKeeperDemo(db: Db): Promise<string[]> {
  const role = await db
    .insertInto('blade_role')
    .values({
      id: WAREHOUSE_KEEPER.roleId,
      tenant_id: '000000',
      parent_id: '0',
      role_name: '仓管员',
      role_alias: 'warehouse',
      role_power: 0,
      sort: 7,
      is_deleted: 0,
    })
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .executeTakeFirst();
  if (role) {
    const base = await db
      .selectFrom('blade_role_menu')
      .select('menu_id')
      .where('role_id', '=', SEED.roleUser)
      .execute();
    const menus = new Set([...base.map((r) => String(r.menu_id)), ...menuRows([warehouseMenu]).map((r) => r.id)]);
    await db
      .insertInto('blade_role_menu')
      .values([...menus].map((menuId) => ({ id: nextId(), role_id: WAREHOUSE_KEEPER.roleId, menu_id: menuId })))
      .execute();
  }
  const user = await db
    .insertInto('blade_user')
    .values({
      id: WAREHOUSE_KEEPER.userId,
      tenant_id: '000000',
      user_type: 1,
      account: WAREHOUSE_KEEPER.account,
      password: await hashPlainPassword(DEMO_PASSWORD),
      name: WAREHOUSE_KEEPER.realName,
      real_name: WAREHOUSE_KEEPER.realName,
      role_id: WAREHOUSE_KEEPER.roleId,
      dept_id: SEED.deptChangzhou,
      ...demoAudit(),
    })
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .executeTakeFirst();
  return user ? [`warehouse keeper ${WAREHOUSE_KEEPER.account}`] : [];
}
