import type { TaskSmsSender } from './platform/workflow/index.ts';
import type { Accounts } from './platform/accounts.ts';
import type { AuditLog } from './platform/audit/audit-log.ts';
import type { EntityDef } from '../shared/entities/define.ts';
import type { Config } from './config.ts';
import type { Database, Db } from './db/connect.ts';
import type { Sessions } from './platform/auth-context.ts';
import type { Dictionaries } from './platform/dictionaries.ts';
import type { EntityService } from './platform/entity/service.ts';
import type { AttachmentFiles } from './platform/entity/attachments.ts';
import type { KeyValueStore } from './platform/kv.ts';
import type { TenantPlacing } from './modules/system/tenant-placement.ts';
import type { TenantMoves } from './modules/system/tenant-move.service.ts';
import type { Permissions } from './platform/permissions.ts';
import type { TenantTimeZones } from './platform/tenant-time.ts';
import type { TokenSigner } from './platform/token.ts';
import type { ApprovalEffect, FlowHook } from './platform/workflow/index.ts';
import type { AuthUser } from './platform/auth-context.ts';
import type { HomeChart } from '../shared/contract/api/desk.schemas.ts';

/** What modules are built from: created once in app.ts, passed to each module plugin. */
export interface Services {
  config: Config;
  database: Database;
  db: Db;
  kv: KeyValueStore;
  /** Tenants placed on data sources (modules/system/tenant-placement.ts). */
  placing: TenantPlacing;
  /** Tenants moved between the databases of the placement (modules/system/tenant-move.service.ts). */
  moves: TenantMoves;
  signer: TokenSigner;
  sessions: Sessions;
  /** The current state of signed-in users; `changed` after writing a tenant's users. */
  accounts: Accounts;
  permissions: Permissions;
  dictionaries: Dictionaries;
  /** Each tenant's time zone: the zone of the dates written for its requests. */
  timeZones: TenantTimeZones;
  /** What every module adds to a new tenant (its business dictionaries), inside the transaction that makes it. */
  setUpTenant(trx: Db, tenantId: string): Promise<void>;
  /** The work desk the seeded `user` role holds, every module's share: a new tenant's approver roles get it too. */
  userMenuCodes: readonly string[];
  /**
   * The audit trail's writers: 接口日志 and 通用日志 (write through `usualLog(services)`, platform/audit/usual-log.ts).
   */
  audit: AuditLog;
  /** One service per defined entity, by entity name. */
  entities: Map<string, EntityService>;
  /** The actions modules offer to workflow service tasks, by name (ModuleManifest.flowHooks). */
  flowHooks: Map<string, FlowHook>;
  /** What modules add to their entities' approval moves, by entity name (ModuleManifest.approvalEffects). */
  approvalEffects: Map<string, ApprovalEffect>;
  /**
   * The approvable entities served at run time (live models: modules/develop/live-entities.ts) whose saved rows are
   * sent through `kind`'s process, each with the button whose holders send them; set by the module serving them.
   */
  startedThroughAtRunTime?: (kind: string) => Promise<{ service: EntityService; code: string }[]>;
  /** The entities served at run time (live models), whose rows may point at a built-in entity's rows. */
  entitiesAtRunTime?: () => Promise<readonly EntityDef[]>;
  /** The home page's charts, one per module that draws one (ModuleManifest.homeChart), in module order. */
  homeCharts: readonly HomeChartSource[];
  /** Who sends the new-task SMS of approvers who chose it (ModuleManifest.taskSms): the workflow's queue calls it. */
  taskSms?: TaskSmsSender;
  /** The files behind the entities' attachments fields (ModuleManifest.attachmentFiles): links and deletion. */
  attachmentFiles?: AttachmentFiles;
}

/**
 * A chart a module adds to the home page: drawn for callers holding `permission` (none: for every caller), from what
 * they may see of the module's rows.
 */
export interface HomeChartSource {
  permission?: string;
  /** The caller's chart in his language, or undefined when he has no figures: the home page then shows no box. */
  chart: (services: Services, user: AuthUser) => Promise<HomeChart | undefined>;
}
