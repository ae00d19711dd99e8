import type { Db } from '../../db/connect.ts';
import type { AuthUser } from '../../platform/auth-context.ts';
import type { Permissions } from '../../platform/permissions.ts';
import { buildTree, bySort, type TreeNode } from '../../platform/tree.ts';
import type { MenuNode } from '../../../shared/contract/menu.ts';

/** Route and button trees of the caller (contract system.md §4 "Routes algorithm" / "Buttons algorithm"). */
export class MenuService {
  constructor(
    private readonly db: Db,
    private readonly permissions: Permissions,
  ) {}

  async routes(user: AuthUser, topMenuId?: string): Promise<MenuNode[]> {
    const all = await this.allMenus();
    let granted = await this.grantedIds(user, all);
    if (topMenuId) {
      const configured = await this.db
        .selectFrom('blade_top_menu_setting as s')
        .innerJoin('blade_top_menu as t', 't.id', 's.top_menu_id')
        .select('s.menu_id')
        .where('s.top_menu_id', '=', topMenuId)
        .where('t.tenant_id', '=', user.tenantId)
        .where('t.is_deleted', '=', 0)
        .execute();
      const inTopMenu = new Set(configured.map((r) => String(r.menu_id)));
      granted = new Set([...granted].filter((id) => inTopMenu.has(id)));
    }
    return buildTree(
      withAncestors(granted, all).filter((m) => m.category === 1),
      bySort,
    );
  }

  async buttons(user: AuthUser): Promise<MenuNode[]> {
    const all = await this.allMenus();
    const granted = await this.grantedIds(user, all);
    const buttonIds = new Set([...granted].filter((id) => all.get(id)?.category === 2));
    return buildTree(withAncestors(buttonIds, all), bySort);
  }

  /**
   * The grant dialogs' trees: menus and buttons, and data/API scopes grouped under their menus. The super
   * administrator sees everything; anyone else only what their own roles hold (within their tenant's package).
   */
  async grantTree(user: AuthUser): Promise<{ menu: TreeNode[]; dataScope: TreeNode[]; apiScope: TreeNode[] }> {
    const all = await this.allMenus();
    const granted = await this.grantedIds(user, all);
    const menus = withAncestors(granted, all);
    const scopeTree = async (table: 'blade_scope_data' | 'blade_scope_api', category: 1 | 2) => {
      // Both scope tables have these columns: one alias type for either.
      let query = this.db
        .selectFrom(`${table} as s` as 'blade_scope_data as s')
        .select(['s.id', 's.menu_id', 's.scope_name'])
        .where('s.is_deleted', '=', 0);
      if (!user.isSuperAdmin) {
        const held = this.db
          .selectFrom('blade_role_scope')
          .select('scope_id')
          .where('scope_category', '=', category)
          .where('role_id', 'in', user.roleIds.length ? user.roleIds : ['0']);
        query = query.where('s.id', 'in', held);
      }
      const scopes = (await query.orderBy('s.id').execute()).filter((r) => granted.has(String(r.menu_id)));
      const owners = withAncestors(new Set(scopes.map((r) => String(r.menu_id))), all).map(treeNodeOf);
      const leaves = scopes.map((r, i) => ({
        id: String(r.id),
        parentId: String(r.menu_id),
        title: r.scope_name,
        titleEn: r.scope_name,
        key: String(r.id),
        value: String(r.id),
        sort: i,
        hasChildren: false,
      }));
      return buildTree([...owners, ...leaves], bySort);
    };
    return {
      menu: buildTree(menus.map(treeNodeOf), bySort),
      dataScope: await scopeTree('blade_scope_data', 1),
      apiScope: await scopeTree('blade_scope_api', 2),
    };
  }

  /** The top-menu dialog's tree (`grant-top-tree`): the menus, without buttons, the caller may place in a top menu. */
  async grantTopTree(user: AuthUser): Promise<{ menu: TreeNode[] }> {
    const all = await this.allMenus();
    const menus = withAncestors(await this.grantedIds(user, all), all).filter((m) => m.category === 1);
    return { menu: buildTree(menus.map(treeNodeOf), bySort) };
  }

  async topMenus(user: AuthUser) {
    const rows = await this.db
      .selectFrom('blade_top_menu')
      .select(['id', 'code', 'name', 'source', 'path', 'sort'])
      .where('tenant_id', '=', user.tenantId)
      .where('is_deleted', '=', 0)
      .orderBy('sort')
      .orderBy('id')
      .execute();
    return rows.map((r) => ({
      id: String(r.id),
      code: r.code,
      name: r.name,
      source: r.source,
      path: r.path,
      sort: Number(r.sort),
    }));
  }

  private async grantedIds(user: AuthUser, all: Map<string, MenuNode>): Promise<Set<string>> {
    return user.isSuperAdmin ? new Set(all.keys()) : this.permissions.menuIdsOf(user);
  }

  private menusCache?: { generation: number; at: number; menus: Promise<Map<string, MenuNode>> };

  /** Every live menu, cached until a menu or grant change (Permissions' generation) or a minute passes. */
  private allMenus(): Promise<Map<string, MenuNode>> {
    const { generation } = this.permissions;
    const hit = this.menusCache;
    if (hit && hit.generation === generation && Date.now() - hit.at < 60_000) return hit.menus;
    const menus = this.loadMenus();
    menus.catch(() => {
      this.menusCache = undefined;
    });
    this.menusCache = { generation, at: Date.now(), menus };
    return menus;
  }

  private async loadMenus(): Promise<Map<string, MenuNode>> {
    const rows = await this.db
      .selectFrom('blade_menu')
      .select([
        'id',
        'parent_id',
        'code',
        'name',
        'name_en',
        'alias',
        'path',
        'source',
        'component',
        'sort',
        'category',
        'action',
        'is_open',
        'remark',
      ])
      .where('is_deleted', '=', 0)
      .execute();
    const menus = new Map<string, MenuNode>();
    for (const r of rows) {
      menus.set(String(r.id), {
        id: String(r.id),
        parentId: String(r.parent_id),
        code: r.code,
        name: r.name,
        nameEn: r.name_en,
        alias: r.alias,
        path: r.path,
        source: r.source,
        component: r.component,
        sort: Number(r.sort),
        category: Number(r.category),
        action: Number(r.action),
        isOpen: Number(r.is_open),
        remark: r.remark,
        parentName: '',
        hasChildren: false,
      });
    }
    for (const m of menus.values()) m.parentName = menus.get(m.parentId)?.name ?? '';
    return menus;
  }
}

const treeNodeOf = (m: MenuNode): TreeNode => ({
  id: m.id,
  parentId: m.parentId,
  title: m.name,
  titleEn: m.nameEn,
  key: m.id,
  value: m.id,
  sort: m.sort,
  hasChildren: false,
});

function withAncestors(ids: Set<string>, all: Map<string, MenuNode>): MenuNode[] {
  const result = new Map<string, MenuNode>();
  for (const id of ids) {
    let node = all.get(id);
    while (node && !result.has(node.id)) {
      result.set(node.id, node);
      node = all.get(node.parentId);
    }
  }
  return [...result.values()];
}
