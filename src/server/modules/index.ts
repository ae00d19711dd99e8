import type { EntityDef } from '../../shared/entities/define.ts';
import type { ModuleManifest } from '../platform/module.ts';
import { authModule } from './auth/manifest.ts';
import { budgetModule } from './budget/manifest.ts';
import { deskModule } from './desk/manifest.ts';
import { developModule } from './develop/manifest.ts';
import { financeModule } from './finance/manifest.ts';
import { flowModule } from './flow/manifest.ts';
import { logModule } from './log/manifest.ts';
import { masterdataModule } from './masterdata/manifest.ts';
import { productionModule } from './production/manifest.ts';
import { reportModule } from './report/manifest.ts';
import { resourceModule } from './resource/manifest.ts';
import { systemModule } from './system/manifest.ts';
import { warehouseModule } from './warehouse/manifest.ts';

/**
 * Every module of the product, in install order (system first: the platform tenant the others' rows belong to).
 * Adding a module is its folder and a line here.
 */
export const MODULES: readonly ModuleManifest[] = [
  authModule,
  systemModule,
  deskModule,
  resourceModule,
  flowModule,
  developModule,
  logModule,
  reportModule,
  masterdataModule,
  productionModule,
  warehouseModule,
  financeModule,
  budgetModule,
];

/** Every entity the engine serves. */
export const ENTITIES: readonly EntityDef[] = MODULES.flatMap((module) => module.entities ?? []);

/** The whole seeded menu tree, every module's top menus. */
export const MENU_TREE = MODULES.flatMap((module) => module.menus ?? []);

/** The work desk the seeded `user` role and the approver roles hold (the seed hands install steps the same codes). */
export const USER_ROLE_MENU_CODES: readonly string[] = MODULES.flatMap((module) => module.userMenus ?? []);

/** Every tenant's business dictionaries (dict-biz). */
export const BUSINESS_DICTIONARIES = MODULES.flatMap((module) => module.businessDictionaries ?? []);
