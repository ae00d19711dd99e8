import type { TaskSmsSender } from './workflow/index.ts';
import type { FastifyInstance } from 'fastify';
import type { EntityDef } from '../../shared/entities/define.ts';
import type { Db } from '../db/connect.ts';
import type { BusinessDictionary } from '../db/seed/business-dictionaries.ts';
import type { MenuRow, SeedDictionary, SeedMenu } from './menus.ts';
import type { HomeChartSource, Services } from '../services.ts';
import type { EntityHooks, EntityReaction } from './entity/service.ts';
import type { AttachmentFiles } from './entity/attachments.ts';
import type { ApprovalEffect, FlowHook } from './workflow/index.ts';

/** The product's domains, the same names on the server and in the console (design/ARCHITECTURE.md § Modules). */
export const MODULE_NAMES = [
  'auth',
  'system',
  'resource',
  'desk',
  'flow',
  'develop',
  'report',
  'log',
  'masterdata',
  'production',
  'warehouse',
  'budget',
  'finance',
] as const;
export type ModuleName = (typeof MODULE_NAMES)[number];

export type ModuleRoutes = (app: FastifyInstance, options: { services: Services }) => Promise<void>;

/**
 * Everything the server knows about one domain, in one place: app.ts registers its entities and routes, the seed
 * writes its menus and dictionaries and runs its install step, `npm run demo` its demo step. Nothing about a module is
 * registered by a string anywhere else (tests/architecture/modules.test.ts holds the pieces together).
 */
export interface ModuleManifest {
  name: ModuleName;
  /** Served by the entity engine (CRUD routes, Excel, trees). Each needs a table: a migration. */
  entities?: readonly EntityDef[];
  /**
   * Behaviour of its own entities beyond their definitions (checks, derived values, names), by entity name: installed
   * once while the app is built, before any route is registered, so no route set owns another's rules.
   */
  hooks?: Readonly<Record<string, (services: Services) => EntityHooks>>;
  /**
   * What the module does when rows of an entity, its own or another module's, are written (a price change marks BOM
   * costs stale), by entity name: inside the write's transaction, beside the reactions of other modules. A name no
   * module serves stops the start.
   */
  reactions?: Readonly<Record<string, (services: Services) => EntityReaction>>;
  /**
   * Named actions the module offers to workflow service tasks (`flowable:type="hook"`, field `hook` the name, e.g.
   * `system.disableUser`): the only code a process can run. Names are unique across modules.
   */
  flowHooks?: Readonly<Record<string, (services: Services) => FlowHook>>;
  /**
   * What the module adds to the approval moves of its entities sent through another kind's process (an expense claim
   * checked against its budget when sent), by entity name: in the move's transaction, and it may refuse the move.
   */
  approvalEffects?: Readonly<Record<string, (services: Services) => ApprovalEffect>>;
  /** Sends the workflow's new-task SMS (one module at most: the resource module, through the tenant's SMS config). */
  taskSms?: (services: Services) => TaskSmsSender;
  /** Keeps the files of the entities' attachments fields (one module at most: the resource module's store). */
  attachmentFiles?: (services: Services) => AttachmentFiles;
  /** Routes the module serves itself (Fastify plugins), registered after the engine's. */
  routes?: readonly ModuleRoutes[];
  /** Its top-level menus with their screens and buttons. */
  menus?: readonly SeedMenu[];
  /** Menu and button codes the seeded `user` role (and the approver roles) hold. */
  userMenus?: readonly string[];
  /** Platform dictionaries (blade_dict) it owns. */
  dictionaries?: readonly SeedDictionary[];
  /** Business dictionaries (blade_dict_biz) every tenant gets, new ones when made, existing ones on the next start. */
  businessDictionaries?: readonly BusinessDictionary[];
  /**
   * Rows every tenant starts with beyond its dictionaries (the chart of accounts), for tenants that have none of them
   * yet: a new tenant inside the transaction that makes it, and every tenant lacking them at each start (seed).
   */
  tenantRows?: (trx: Db, tenantIds: readonly string[]) => Promise<void>;
  /**
   * Rows of a fresh install beyond menus and dictionaries; idempotent, inside the seed's transaction, in module order.
   */
  install?: (trx: Db, seed: SeedContext) => Promise<void>;
  /** Its chart on the home page (issue 36): the module's figures for the callers they concern. */
  homeChart?: HomeChartSource;
  /** Demo rows (`npm run demo`), never part of an install; idempotent; returns what it added, for the console. */
  demo?: (db: Db) => Promise<string[]>;
}

/** What the seed hands every install step: the menu rows to grant, and the codes the `user` role holds. */
export interface SeedContext {
  /** The menus new to this database (every menu on a fresh install; db/seed/menu-grants.ts) */
  menus: readonly MenuRow[];
  userMenuCodes: readonly string[];
}

export type { BusinessDictionary, HomeChartSource };

export const defineModule = (manifest: ModuleManifest): ModuleManifest => manifest;
