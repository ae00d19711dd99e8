import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { SeedMenu } from '../../src/server/platform/menus.ts';
import { MENU_TREE } from '../../src/server/modules/index.ts';
import type { EntityDef } from '../../src/shared/entities/define.ts';

/**
 * A button code an entity's definition file exports (`INVENTORYLOG_HANDLE`) is written there only: the server's
 * menus and routes, the desktop and the phone import it, so a renamed code fails to compile instead of failing a
 * permission check at run time. A standard button (`productbom_add`) is derived from the definition's code.
 */
const definitionModules = import.meta.glob<Record<string, unknown>>('../../src/shared/entities/*/*.ts', {
  eager: true,
});

const seededButtons = new Set<string>();
const walk = (menus: readonly SeedMenu[]) =>
  menus.forEach((menu) => {
    for (const button of menu.buttons ?? []) seededButtons.add(button.code);
    walk(menu.children ?? []);
  });
walk(MENU_TREE);

const exportedValues = Object.values(definitionModules).flatMap((exports) => Object.values(exports));
const isDefinition = (value: unknown): value is EntityDef =>
  typeof value === 'object' && value !== null && 'code' in value && 'fields' in value && 'table' in value;

/** Every definition's standard buttons, written `${entity.code}_add` as the menus and the engine derive them. */
const STANDARD_VERBS = ['add', 'edit', 'delete', 'view', 'export', 'import', 'batchsave', 'batchcopy'];
const derivedCodes = exportedValues
  .filter(isDefinition)
  .flatMap((entity) => STANDARD_VERBS.map((verb) => `${entity.code}_${verb}`));

const exportedCodes = new Set(
  [...exportedValues, ...derivedCodes].filter(
    (value): value is string => typeof value === 'string' && seededButtons.has(value),
  ),
);

const root = join(import.meta.dirname, '../..');
const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });

describe('button codes', () => {
  it('are exported by the definitions that own them', () => {
    expect([...exportedCodes].sort()).toEqual(
      expect.arrayContaining([
        'budgetfill_approve',
        'budgetsituation_approve',
        'expense_pay',
        'expense_submit',
        'financebudget_batchcopy',
        'inventorylog_handle',
        'prodplane_release',
        'productbom_add',
        'tenant_package',
        'topmenu_setting',
        'user_reset',
      ]),
    );
  });

  it('are written as literals only in the entity definitions, once exported there', () => {
    const literal = /(['"])([a-z0-9_]+)\1/g;
    const found: string[] = [];
    for (const file of sourceFiles(join(root, 'src'))) {
      const path = relative(root, file);
      if (path.startsWith('src/shared/entities/')) continue;
      for (const [, , text] of readFileSync(file, 'utf8').matchAll(literal))
        if (exportedCodes.has(text)) found.push(`${path}: '${text}'`);
    }
    expect(found, 'import the constant from the entity definition instead').toEqual([]);
  });

  it('are spelt once: a code used beyond the menu seeding it is a constant of src/shared (screens with no entity)', () => {
    const literal = /(['"])([a-z0-9_]+)\1/g;
    const filesOf = new Map<string, Set<string>>();
    for (const file of sourceFiles(join(root, 'src'))) {
      const path = relative(root, file);
      if (path.startsWith('src/shared/')) continue;
      for (const [, , text] of readFileSync(file, 'utf8').matchAll(literal))
        if (seededButtons.has(text)) filesOf.set(text, (filesOf.get(text) ?? new Set()).add(path));
    }
    const spread = [...filesOf]
      .filter(([, files]) => files.size > 1 || ![...files][0].endsWith('/menus.ts'))
      .map(([code, files]) => `${code}: ${[...files].join(', ')}`);
    expect(spread, 'export the code from src/shared and import it where it is used').toEqual([]);
  });
});
