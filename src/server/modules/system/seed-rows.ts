import type { Db, DynamicDb } from '../../db/connect.ts';
import type { Schema } from '../../db/schema.ts';

/** Fixed ids of a fresh install (contract/seed.md): bookmarks, screenshots and tests rely on them. */
export const SEED = {
  tenantRowId: '1123598820738675201',
  deptRoot: '1123598813738675201',
  deptChangzhou: '1123598813738675202',
  deptSuzhou: '1123598813738675203',
  roleAdministrator: '1123598816738675201',
  roleUser: '1123598816738675202',
  /** the approver roles (flow approver-roles.ts): 人事 hr, 财务 finance, 总经理 boss */
  roleHr: '1123598816738675203',
  roleFinance: '1123598816738675204',
  roleBoss: '1123598816738675205',
  postCeo: '1123598817738675201',
  userAdmin: '1123598821738675201',
} as const;
const SEED_TIME = '2018-08-08 08:08:08';
/** The audit columns of every seeded row. */
export const SEED_AUDIT = {
  create_user: SEED.userAdmin,
  create_dept: SEED.deptRoot,
  create_time: SEED_TIME,
  update_user: SEED.userAdmin,
  update_time: SEED_TIME,
  status: 1,
  is_deleted: 0,
};

/** Rows that already exist (by id or unique key) stay as they are: an administrator's edits survive restarts. */
export async function insertSeedRows(trx: Db, table: keyof Schema, rows: object[]) {
  for (let i = 0; i < rows.length; i += 500) {
    // Rows of any seeded table: their shapes are the tables' (tests/server/seed.test.ts reads them back).
    await (trx as DynamicDb)
      .insertInto(table)
      .values(rows.slice(i, i + 500))
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
}
