/**
 * Menu rows as data: the shapes of blade_menu seed rows (category 1 = menu, 2 = button) and the builders each module's
 * manifest writes its menus with. Codes of menus and buttons share one namespace across modules. In platform: the
 * manifests (modules) and the seed (db) both build on it, and neither platform nor db imports a module.
 */
export interface SeedButton {
  code: string;
  zh: string;
  en: string;
  /** add | edit | delete | view | <other verb> */
  alias: string;
  path?: string;
  /** icon */
  source?: string;
  /** dict button_func: 0 none, 1 toolbar, 2 row, 3 both */
  action: 0 | 1 | 2 | 3;
  sort: number;
  /** Added after databases were seeded without a record of their grants: see `late` */
  late?: true;
}

/** A platform dictionary (blade_dict): its code, name and items as [key, value, remark?]. */
export type SeedDictionary = readonly [
  code: string,
  name: string,
  items: ReadonlyArray<readonly [key: string, value: string, remark?: string]>,
];

export interface SeedMenu {
  code: string;
  zh: string;
  en: string;
  path: string;
  /** icon class string */
  source?: string;
  sort: number;
  /** dict yes_no: 1 same window, 2 new window */
  isOpen?: 1 | 2;
  alias?: string;
  remark?: string;
  children?: SeedMenu[];
  buttons?: SeedButton[];
  /** Added after databases were seeded without a record of their grants: see `late` */
  late?: true;
}

type Verb = 'add' | 'edit' | 'delete' | 'view';
type Action = SeedButton['action'];
export type Extra = Omit<SeedButton, 'sort'>;

interface CrudOptions {
  /** standard verbs to generate (default all four) */
  only?: Verb[];
  /** extra buttons, numbered after the standard ones */
  extra?: Extra[];
  /** zh/en override of a standard button's name */
  label?: Partial<Record<Verb, [zh: string, en: string]>>;
}

const VERB: Record<Verb, { zh: string; en: string; source: string; action: Action; sort: number }> = {
  add: { zh: '新增', en: 'Add', source: 'plus', action: 1, sort: 1 },
  edit: { zh: '修改', en: 'Edit', source: 'form', action: 2, sort: 2 },
  delete: { zh: '删除', en: 'Delete', source: 'delete', action: 3, sort: 3 },
  view: { zh: '查看', en: 'View', source: 'file-text', action: 2, sort: 4 },
};
const ALL_VERBS: Verb[] = ['add', 'edit', 'delete', 'view'];

export const SYS = '/api/blade-system';
export const DESK = '/api/blade-desk';
export const RES = '/api/blade-resource';
export const DEV = '/api/blade-develop';
export const FLOW = '/api/blade-flow';
export const LOG = '/api/blade-log';

export function btn(
  code: string,
  zh: string,
  en: string,
  alias: string,
  source: string,
  action: Action,
  path?: string,
): Extra {
  return path === undefined ? { code, zh, en, alias, source, action } : { code, zh, en, alias, path, source, action };
}

/**
 * Buttons of a screen: `path` is the screen route (add/edit/view → `${path}/<verb>`), `api` the controller
 * base (delete → `${api}/remove`). Standard buttons keep sorts 1–4; extras follow from 5 (from 1 when alone).
 */
export function crud(code: string, path: string, api: string, opts: CrudOptions = {}): SeedButton[] {
  const std: SeedButton[] = (opts.only ?? ALL_VERBS).map((verb) => {
    const d = VERB[verb];
    const [zh, en] = opts.label?.[verb] ?? [d.zh, d.en];
    return {
      code: `${code}_${verb}`,
      zh,
      en,
      alias: verb,
      path: verb === 'delete' ? `${api}/remove` : `${path}/${verb}`,
      source: d.source,
      action: d.action,
      sort: d.sort,
    };
  });
  const first = std.length ? 5 : 1;
  return [...std, ...(opts.extra ?? []).map((b, i) => ({ ...b, sort: first + i }))];
}

export function menu(
  code: string,
  zh: string,
  en: string,
  path: string,
  sort: number,
  source: string,
  children?: SeedMenu[],
): SeedMenu {
  return children ? { code, zh, en, path, source, sort, children } : { code, zh, en, path, source, sort };
}

export function screen(
  code: string,
  zh: string,
  en: string,
  path: string,
  sort: number,
  source: string,
  api: string,
  opts?: CrudOptions,
): SeedMenu {
  return { code, zh, en, path, source, sort, buttons: crud(code, path, api, opts) };
}

/** A screen whose only buttons are `extra` (workflow screens). */
export function actions(
  code: string,
  zh: string,
  en: string,
  path: string,
  sort: number,
  source: string,
  extra: Extra[] = [],
): SeedMenu {
  const m = menu(code, zh, en, path, sort, source);
  return extra.length ? { ...m, buttons: crud(code, path, '', { only: [], extra }) } : m;
}

/**
 * A menu or button added to the tree after databases were seeded without a record of the grants they made (before
 * migration 0054): the first seed that records grants hands it to their roles (db/seed/menu-grants.ts). Menus added
 * since need no mark: a menu missing from the record is new.
 */
export const late = <T extends Extra | SeedMenu>(item: T): T => ({ ...item, late: true });

export const exportBtn = (code: string, api?: string) =>
  btn(`${code}_export`, '导出', 'Export', 'export', 'download', 1, api);
export const importBtn = (code: string, api?: string) =>
  btn(`${code}_import`, '导入', 'Import', 'import', 'upload', 1, api);

export type BizScreen = [code: string, zh: string, en: string, opts?: CrudOptions & { entity?: string }];

/** A business top menu: screens live at `/<module>/<code>`, their API at `/api/blade-system/<entity ?? code>`. */
export function business(
  code: string,
  zh: string,
  en: string,
  sort: number,
  source: string,
  screens: BizScreen[],
): SeedMenu {
  const path = `/${code}`;
  return menu(
    code,
    zh,
    en,
    path,
    sort,
    source,
    screens.map(([c, szh, sen, opts = {}], i) =>
      screen(c, szh, sen, `${path}/${c}`, i + 1, source, `${SYS}/${opts.entity ?? c}`, opts),
    ),
  );
}

/** A button of `POST <entity>/approval`: `code` exported by the entity's definition, `verb` the move it shows. */
export const approval = (code: string, entity: string, verb: string, zh: string, en: string, source: string) =>
  btn(code, zh, en, verb, source, 1, `${SYS}/${entity}/approval`);

/** Seed menu / dictionary ids are derived from their codes, so they stay the same on every install. */
export function seedIdOf(base: bigint, key: string): string {
  let hash = 0x811c9dc5;
  for (const ch of key) {
    hash ^= ch.codePointAt(0)!;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return (base + BigInt(hash)).toString();
}
const MENU_ID_BASE = 1_123_598_815_000_000_000n;
export const DICT_ID_BASE = 1_123_598_814_000_000_000n;
export const menuIdOf = (code: string) => seedIdOf(MENU_ID_BASE, code);

export interface MenuRow {
  id: string;
  parent_id: string;
  code: string;
  name: string;
  name_en: string;
  alias: string;
  path: string;
  source: string;
  sort: number;
  category: number;
  action: number;
  is_open: number;
  remark: string;
  is_deleted: number;
}

export function menuRows(tree: readonly SeedMenu[]): MenuRow[] {
  const rows: MenuRow[] = [];
  const walk = (menus: readonly SeedMenu[], parentId: string) => {
    for (const m of menus) {
      const id = menuIdOf(m.code);
      rows.push({
        id,
        parent_id: parentId,
        code: m.code,
        name: m.zh,
        name_en: m.en,
        alias: m.alias ?? 'menu',
        path: m.path,
        source: m.source ?? '',
        sort: m.sort,
        category: 1,
        action: 0,
        is_open: m.isOpen ?? 1,
        remark: m.remark ?? '',
        is_deleted: 0,
      });
      for (const b of m.buttons ?? []) {
        rows.push({
          id: menuIdOf(b.code),
          parent_id: id,
          code: b.code,
          name: b.zh,
          name_en: b.en,
          alias: b.alias,
          path: b.path ?? '',
          source: b.source ?? '',
          sort: b.sort,
          category: 2,
          action: b.action,
          is_open: 1,
          remark: '',
          is_deleted: 0,
        });
      }
      walk(m.children ?? [], id);
    }
  };
  walk(tree, '0');
  return rows;
}
