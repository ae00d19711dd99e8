import { Type, type Static } from 'typebox';
import { AnyObject, DateTime, Id, IdOrNull, NumberOrNull, OpenObject, TreeNode } from '../wire.ts';

/** What the system module's shell routes answer inside the envelope (urls: system.ts). */

/** A node of `menu/routes` and `menu/buttons` (contract/menu.ts `MenuNode`, contract system.md §4 MenuVO). */
export const MenuNode = OpenObject({
  id: Type.String(),
  parentId: Type.String(),
  code: Type.String(),
  name: Type.String(),
  nameEn: Type.String(),
  alias: Type.String(),
  path: Type.String(),
  source: Type.String(),
  component: Type.String(),
  sort: Type.Number(),
  category: Type.Integer({ description: '1 菜单 (menu), 2 按钮 (button)' }),
  action: Type.Number(),
  isOpen: Type.Integer({ description: '1 本窗口 (same window), 2 新窗口 (new window)' }),
  remark: Type.String(),
  parentName: Type.String(),
  hasChildren: Type.Boolean(),
  children: Type.Optional(Type.Array(AnyObject)),
});
export const MenuNodes = Type.Array(MenuNode);

/** 顶部菜单: the caller's tenant's top menus. */
export const TopMenu = Type.Object({
  id: Type.String(),
  code: Type.String(),
  name: Type.String(),
  source: Type.String(),
  path: Type.String(),
  sort: Type.Number(),
});
export type TopMenu = Static<typeof TopMenu>;

/** The role screen's grant dialog: the trees of what may be granted. */
export const GrantTree = Type.Object({
  menu: Type.Array(TreeNode),
  dataScope: Type.Array(TreeNode),
  apiScope: Type.Array(TreeNode),
});
export const GrantTopTree = Type.Object({ menu: Type.Array(TreeNode) });

/** The login page's tenant, by the domain it is served on (nothing when no tenant claims it). */
export const TenantInfo = Type.Object({
  tenantId: Type.Optional(Type.String()),
  tenantName: Type.Optional(Type.String()),
  domain: Type.Optional(Type.String()),
  backgroundUrl: Type.Optional(Type.String()),
});
export type TenantInfo = Static<typeof TenantInfo>;

/** The accounts the demo command left with known passwords (none outside a demo database). */
export const DemoAccounts = Type.Object({
  tenantId: Type.String(),
  accounts: Type.Array(Type.Object({ account: Type.String(), realName: Type.String(), password: Type.String() })),
});
export type DemoAccounts = Static<typeof DemoAccounts>;

/** An item of a dictionary (dict) or business dictionary (dict-biz). */
export const DictItem = Type.Object({
  id: Type.String(),
  parentId: Type.String(),
  code: Type.String(),
  dictKey: Type.String(),
  dictValue: Type.String(),
  sort: Type.Number(),
  remark: Type.String(),
  isSealed: Type.Number(),
});
export type DictItem = Static<typeof DictItem>;

/** The identity-switch dialog's options: the caller's depts and roles. */
export const DeptOption = Type.Object({ id: Type.String(), deptName: Type.String() });
export type DeptOption = Static<typeof DeptOption>;
export const RoleOption = Type.Object({ id: Type.String(), roleName: Type.String() });
export type RoleOption = Static<typeof RoleOption>;

/** A tenant row (the tenant entity's), by the keys the tenant screen's dialogs read. */
export const TenantRow = OpenObject({
  id: Id,
  tenantId: Type.String(),
  tenantName: Type.String(),
  accountNumber: NumberOrNull,
  expireTime: DateTime,
  datasourceId: IdOrNull,
  /** The data source's name; blank on the main database. */
  datasourceName: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  packageId: IdOrNull,
});
export type TenantRow = Static<typeof TenantRow>;

/** The tenant screen's 产品包 options. */
export const PackageOption = Type.Object({ id: Type.Unknown(), packageName: Type.Unknown() });

/** The ids a role holds of each grant tree (the grant dialog's ticks). */
export const GrantKeys = Type.Object({
  menu: Type.Array(Type.String()),
  dataScope: Type.Array(Type.String()),
  apiScope: Type.Array(Type.String()),
});
export type GrantKeys = Static<typeof GrantKeys>;
/** The menus a top menu groups. */
export const TopMenuKeys = Type.Object({ menu: Type.Array(Type.String()) });
export type TopMenuKeys = Static<typeof TopMenuKeys>;

/** A day of the tenant's work calendar that differs from Monday-Friday work. */
export const CalendarDay = Type.Object({ calendarDate: Type.String(), dayType: Type.Number() });
export type CalendarDay = Static<typeof CalendarDay>;

/** A tenant's move between the databases of the placement (`tenant/move`, `tenant/move-status`). */
export const TenantMove = Type.Object({
  id: Id,
  tenantId: Type.String(),
  fromSource: IdOrNull,
  toSource: IdOrNull,
  state: Type.Union(
    [
      Type.Literal('copying'),
      Type.Literal('cutover'),
      Type.Literal('switched'),
      Type.Literal('rollback'),
      Type.Literal('done'),
      Type.Literal('failed'),
    ],
    {
      description: 'copying 复制中, cutover 切换中, switched 已切换 (removing the old rows), done 完成, failed 已回滚',
    },
  ),
  pausedMs: NumberOrNull,
  error: Type.String(),
  startedAt: DateTime,
  endedAt: Type.Union([DateTime, Type.Null()]),
});
export type TenantMove = Static<typeof TenantMove>;
