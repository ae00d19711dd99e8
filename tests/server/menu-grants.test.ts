import { afterAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/connect.ts';
import { menuIdOf } from '../../src/server/db/seed/seed.ts';
import { SEED } from '../../src/server/modules/system/install.ts';
import { startApp, type TestApp } from '../support/app.ts';
import { copyTemplate, type DatabaseCopy } from '../support/database.ts';
import { createRole, createTenant } from '../support/factories.ts';
import { nextId } from '../../src/server/platform/ids.ts';

/**
 * Menus and buttons added after a database was seeded reach its roles at the next start (db/seed/menu-grants.ts):
 * those of a database seeded before grants were recorded (migration 0054), and any the menus gain later; a grant an
 * administrator removed is never made again.
 */

/** The approval actions, 抄送事务 and 作业管理: the menus a database seeded before them lacks for its roles. */
const LATE = [
  'work_copy',
  'work_todo_add_sign',
  'work_todo_delegate',
  'work_todo_copy',
  'work_todo_return',
  'work_send_revoke',
  'work_send_urge',
  'flow_job',
  'flow_job_retry',
];

let copy: DatabaseCopy | undefined;
let app: TestApp | undefined;
afterAll(async () => {
  await app?.close();
  await copy?.drop();
});

/** A start of the server on the copy (the seed runs at each start of a server run from source). */
async function restart(): Promise<Db> {
  await app?.close();
  app = await startApp({}, copy);
  return app.services.db;
}

async function held(db: Db, roleId: string, codes: readonly string[]): Promise<string[]> {
  const rows = await db
    .selectFrom('blade_role_menu')
    .select('menu_id')
    .where('role_id', '=', roleId)
    .where(
      'menu_id',
      'in',
      codes.map((code) => menuIdOf(code)),
    )
    .execute();
  const ids = new Set(rows.map((r) => String(r.menu_id)));
  return codes.filter((code) => ids.has(menuIdOf(code)));
}

const revoke = (db: Db, roleId: string, code: string) =>
  db.deleteFrom('blade_role_menu').where('role_id', '=', roleId).where('menu_id', '=', menuIdOf(code)).execute();

describe('menus new to a database', () => {
  let clerk: string;

  it('reach its roles at the next start: the holders of their parent, the platform administrator', async () => {
    copy = await copyTemplate();
    let db = await restart();
    // A role of a tenant's making: the to-do list and its 办理, no 已发事务.
    clerk = await createRole(app!, '000000', 'clerk', ['work', 'work_todo', 'work_todo_handle']);
    // The database as a build before them left it: their menu rows there, granted to nobody, no record of grants.
    await db.deleteFrom('tenon_menu_grant').execute();
    await db
      .deleteFrom('blade_role_menu')
      .where(
        'menu_id',
        'in',
        LATE.map((code) => menuIdOf(code)),
      )
      .execute();

    db = await restart();
    expect(await held(db, SEED.roleAdministrator, LATE)).toEqual(LATE);
    expect(await held(db, SEED.roleUser, LATE)).toEqual(LATE.filter((code) => code.startsWith('work')));
    expect(await held(db, SEED.roleHr, ['work_copy', 'work_todo_copy'])).toEqual(['work_copy', 'work_todo_copy']);
    // Its parent's holders only: the clerk holds 工作 and 待办, not 已发 nor 流程管理.
    expect(await held(db, clerk, LATE)).toEqual([
      'work_copy',
      'work_todo_add_sign',
      'work_todo_delegate',
      'work_todo_copy',
      'work_todo_return',
    ]);
    // Only what is new: the user role holds 消息通知 to read and to remove his own messages, never to edit them.
    expect(await held(db, SEED.roleUser, ['message_view', 'message_edit', 'message_delete'])).toEqual([
      'message_view',
      'message_delete',
    ]);
    const recorded = await db.selectFrom('tenon_menu_grant').select('code').execute();
    expect(recorded.map((r) => r.code)).toEqual(expect.arrayContaining([...LATE, 'work', 'message_edit']));
  }, 240_000);

  it('a grant an administrator removed stays removed after a restart', async () => {
    let db = app!.services.db;
    await revoke(db, clerk, 'work_todo_copy');
    await revoke(db, SEED.roleAdministrator, 'flow_job_retry');
    await revoke(db, SEED.roleUser, 'work_send_urge');
    db = await restart();
    expect(await held(db, clerk, ['work_todo_copy'])).toEqual([]);
    expect(await held(db, SEED.roleAdministrator, ['flow_job_retry'])).toEqual([]);
    expect(await held(db, SEED.roleUser, ['work_send_urge'])).toEqual([]);
  }, 240_000);

  it('a button the menus gain later reaches the holders of its screen once, within their tenant’s package', async () => {
    let db = app!.services.db;
    // A tenant whose package has the to-do list but not 退回, and one without a package (no restriction).
    const packageId = nextId();
    await db
      .insertInto('blade_tenant_package')
      .values({ id: packageId, package_name: 'p', menu_id: ['work', 'work_todo'].map((c) => menuIdOf(c)).join(',') })
      .execute();
    await createTenant(app!, '600381', { package_id: packageId });
    await createTenant(app!, '600382');
    const packaged = await createRole(app!, '600381', 'clerk', ['work', 'work_todo']);
    const free = await createRole(app!, '600382', 'clerk', ['work', 'work_todo']);
    // As if 退回 came with the next build: no record of it, granted to nobody yet.
    await db.deleteFrom('tenon_menu_grant').where('code', '=', 'work_todo_return').execute();
    await db.deleteFrom('blade_role_menu').where('menu_id', '=', menuIdOf('work_todo_return')).execute();
    db = await restart();
    expect(await held(db, clerk, ['work_todo_return'])).toEqual(['work_todo_return']);
    expect(await held(db, SEED.roleBoss, ['work_todo_return'])).toEqual(['work_todo_return']);
    expect(await held(db, free, ['work_todo_return'])).toEqual(['work_todo_return']);
    expect(await held(db, packaged, ['work_todo_return'])).toEqual([]);
    // The removal above still holds: only the new button was granted.
    expect(await held(db, clerk, ['work_todo_copy'])).toEqual([]);
  }, 240_000);
});
