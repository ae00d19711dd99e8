// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import type { SeedMenu } from '../../src/server/platform/menus.ts';
import { ENTITIES, MENU_TREE, MODULES } from '../../src/server/modules/index.ts';
import { PLANNED_SCREENS } from '../../src/desktop/pages/planned.ts';
import { OWN_SCREENS, screenOf } from '../../src/desktop/pages/registry.ts';
import { APPROVALS } from '../../src/shared/entities/approvals.ts';
import { definitionByCode, DEFINITIONS } from '../../src/shared/entities/catalog.ts';
import { hasProcess, startOf, startsElsewhere, type EntityDef } from '../../src/shared/entities/define.ts';
import { zh } from '../../src/shared/i18n/zh/index.ts';

/**
 * The pieces of a module are declared once (its manifest, its entity definitions, its screens); this holds them
 * together. Each entity's table is checked column by column in tests/server/entity-schema.test.ts, and the zh/en
 * console strings key by key in tests/client/i18n.test.ts.
 */
const leaves = (menus: readonly SeedMenu[]): SeedMenu[] =>
  menus.flatMap((menu) => (menu.children?.length ? leaves(menu.children) : [menu]));
// Menus that open another window (API docs, the report designer) have no screen of ours.
const screens = leaves(MENU_TREE).filter((menu) => menu.isOpen !== 2);
// What the console opens for a seeded menu (MenuPage): its own screen, else the entity whose code is the menu's.
const screenOfMenu = (menu: SeedMenu) =>
  screenOf({ menuPath: menu.path, code: menu.code }, (code) => definitionByCode(code) !== undefined);

describe('modules', () => {
  it('give every menu screen a desktop screen, or list it as planned', () => {
    const missing = screens
      .filter((menu) => !screenOfMenu(menu) && !PLANNED_SCREENS.includes(menu.path))
      .map((menu) => menu.path);
    expect(
      missing,
      'menu paths with no screen (an entity with the menu code, a screen of its own, or desktop/pages/planned.ts)',
    ).toEqual([]);
  });

  it('list as planned only menu screens that are not built', () => {
    const paths = new Set(screens.map((menu) => menu.path));
    expect(
      PLANNED_SCREENS.filter((path) => !paths.has(path)),
      'planned paths no menu has',
    ).toEqual([]);
    // A planned menu whose code names an entity (消息通知: the phone's messages) stays planned until it is built.
    expect(
      PLANNED_SCREENS.filter((path) => OWN_SCREENS[path]),
      'planned paths that have a screen of their own',
    ).toEqual([]);
  });

  it('install behaviour only on their own entities', () => {
    const foreign = MODULES.flatMap((module) =>
      Object.keys(module.hooks ?? {})
        .filter((name) => !module.entities?.some((entity) => entity.name === name))
        .map((name) => `${module.name}: ${name}`),
    );
    expect(foreign, 'hooks for an entity another module owns').toEqual([]);
  });

  it('give every screen of its own a menu', () => {
    const paths = new Set(screens.map((menu) => menu.path));
    expect(Object.keys(OWN_SCREENS).filter((path) => !paths.has(path))).toEqual([]);
  });

  it('serve the entity of every entity screen', async () => {
    const served = new Set(ENTITIES.map((entity) => `${entity.service}/${entity.name}`));
    const unknown: string[] = [];
    for (const menu of screens) {
      const path = menu.path;
      const entity = await screenOfMenu(menu)?.entity?.();
      if (entity && !served.has(`${entity.service}/${entity.name}`))
        unknown.push(`${path}: ${entity.service}/${entity.name}`);
    }
    expect(unknown).toEqual([]);
  });

  it('name their menus in zh and en, with codes unique across modules', () => {
    const all: SeedMenu[] = [];
    const walk = (menus: readonly SeedMenu[]) =>
      menus.forEach((menu) => {
        all.push(menu);
        walk(menu.children ?? []);
      });
    walk(MENU_TREE);
    const codes = [...all.map((m) => m.code), ...all.flatMap((m) => (m.buttons ?? []).map((b) => b.code))];
    expect(codes.filter((code, i) => codes.indexOf(code) !== i)).toEqual([]);
    const unnamed = [...all, ...all.flatMap((m) => m.buttons ?? [])]
      .filter((m) => !m.zh.trim() || !m.en.trim())
      .map((m) => m.code);
    expect(unnamed).toEqual([]);
  });

  it("give each declared partial edit a seeded button, form fields of its entity and a reference to a user's row", () => {
    const buttons = new Set<string>();
    const walk = (menus: readonly SeedMenu[]) =>
      menus.forEach((menu) => {
        for (const button of menu.buttons ?? []) buttons.add(button.code);
        walk(menu.children ?? []);
      });
    walk(MENU_TREE);
    const problems: string[] = [];
    for (const entity of ENTITIES)
      for (const [name, edit] of Object.entries(entity.edits ?? {})) {
        const where = `${entity.name}/${name}`;
        if (!buttons.has(edit.button)) problems.push(`${where}: no seeded button ${edit.button}`);
        for (const field of edit.fields)
          if (!entity.fields[field]?.form) problems.push(`${where}: ${field} is not a form field`);
        if (!edit.mine) continue;
        const target = ENTITIES.find((e) => e.name === entity.fields[edit.mine!.ref]?.ref);
        if (!target) problems.push(`${where}: ${edit.mine.ref} is not a reference`);
        else if (target.fields[edit.mine.user]?.ref !== 'user')
          problems.push(`${where}: ${target.name}.${edit.mine.user} does not reference a user`);
      }
    expect(problems).toEqual([]);
  });

  it('find on the console, without a list by hand, every entity the server serves, and only those', () => {
    const names = (entities: readonly { service: string; name: string }[]) =>
      entities.map((e) => `${e.service}/${e.name}`).sort();
    expect(names(DEFINITIONS)).toEqual(names(ENTITIES));
  });

  it('let the console render every approvable entity the server serves, and only those', () => {
    const kindsOf = (entities: readonly EntityDef[]) =>
      entities.flatMap((e) => (e.approval && hasProcess(e.approval) ? [e.approval.kind] : [])).sort();
    expect(kindsOf(APPROVALS)).toEqual(kindsOf(ENTITIES));
    const kinds = APPROVALS.map((e) => e.approval.kind);
    // The routes take any `[a-z]+` kind (the pages check it against the definitions).
    expect(kinds.filter((kind) => !/^[a-z]+$/.test(kind))).toEqual([]);
    expect(
      kinds.filter((kind, i) => kinds.indexOf(kind) !== i),
      'approval kinds used twice',
    ).toEqual([]);
  });

  it('title the pages of every approvable entity (zh; en must have the same keys, by its type)', () => {
    const pages = ['Form', 'Handle', 'Detail', 'Resubmit'];
    const titled = (keys: object, key: string) => {
      const text: unknown = Object.entries(keys).find(([k]) => k === key)?.[1];
      return typeof text === 'string' && text.trim() !== '';
    };
    // A business whose rows are sent from their own screen has no request form: a budget line only its handle and
    // detail pages, an expense claim (sent through the fund approval) also the page that gives it back to its sender.
    const pagesOf = (approval: (typeof APPROVALS)[number]['approval']) =>
      ({ form: pages, state: ['Handle', 'Detail'], kind: ['Handle', 'Detail', 'Resubmit'], direct: [] })[
        startOf(approval).by
      ];
    const missing = APPROVALS.flatMap(({ approval }) => [
      ...pagesOf(approval)
        .map((page) => `${approval.kind}${page}`)
        .filter((key) => !titled(zh.flow.route, key))
        .map((key) => `flow.route.${key}`),
      ...(startsElsewhere(approval) || titled(zh.mobile.approvals, `${approval.kind}Form`)
        ? []
        : [`mobile.approvals.${approval.kind}Form`]),
    ]);
    expect(missing).toEqual([]);
  });

  it('declare each entity, dictionary and module once', () => {
    const names = ENTITIES.map((e) => `${e.service}/${e.name}`);
    expect(names.filter((name, i) => names.indexOf(name) !== i)).toEqual([]);
    const dictionaries = MODULES.flatMap((m) => (m.dictionaries ?? []).map(([code]) => code));
    expect(dictionaries.filter((code, i) => dictionaries.indexOf(code) !== i)).toEqual([]);
    const modules = MODULES.map((m) => m.name);
    expect(modules.filter((name, i) => modules.indexOf(name) !== i)).toEqual([]);
  });
});
