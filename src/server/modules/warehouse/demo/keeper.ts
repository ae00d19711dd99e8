import type { Db } from '../../../db/connect.ts';
import { menuRows } from '../../../platform/menus.ts';
import { seedDemoPerson, type DemoPerson } from '../../system/demo/organisation.ts';
import { warehouseMenu } from '../menus.ts';

/** The demo's warehouse keeper: 孙仓库 of 常州布雷德 signs in as `sunck`, on the phone or a tablet. */
export const WAREHOUSE_KEEPER: DemoPerson = {
  roleId: '1123598816738675221',
  roleName: '仓管员',
  roleAlias: 'warehouse',
  sort: 7,
  userId: '1123598821738675221',
  account: 'sunck',
  realName: '孙仓库',
};

/**
 * A 仓管员 role and its one demo account (one of the console's four kinds of user: warehouse staff on phones and
 * tablets): an ordinary user's menus plus every screen and button of 仓储管理 (movements with 过账, the stock, the
 * packing specifications). Added once: a second run finds both and adds nothing.
 */
export async function seedWarehouseKeeperDemo(db: Db): Promise<string[]> {
  const menus = menuRows([warehouseMenu]).map((row) => row.id);
  return (await seedDemoPerson(db, WAREHOUSE_KEEPER, menus)) ? [`warehouse keeper ${WAREHOUSE_KEEPER.account}`] : [];
}
