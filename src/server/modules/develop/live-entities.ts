import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { hasProcess, startOf, type ApprovableDef } from '../../../shared/entities/define.ts';
import { workflowOf } from '../../platform/workflow/index.ts';
import { EntityService } from '../../platform/entity/service.ts';
import { recordEntityRoutes, type RecordedRoute } from '../../platform/entity/live-routes.ts';
import { loadNumericColumns } from '../../platform/entity/fields.ts';
import type { Db } from '../../db/connect.ts';
import type { Services } from '../../services.ts';
import type { LiveDefinition } from './live-publish.ts';

interface Served {
  version: number;
  service: EntityService;
  routes: Map<string, RecordedRoute>;
  /** The grants generation (permissions.ts) under which the version was last compared with the database's. */
  generation: number;
}

/**
 * The live entities this process serves, by code, each at the version it last read. Publishing moves the grants stamp
 * (its menus change), which every process reads on each request (auth-context.ts) and which bumps its grants
 * generation: the first request for a code under a new generation compares the stored version (one indexed read)
 * and builds the new one's service. Between publications a request reads nothing more than a built-in entity's.
 */
export class LiveEntities {
  private readonly served = new Map<string, Served>();

  /**
   * An approved model's rows go through the approval kit as a built-in entity's (a gadget's): its definition is
   * registered on the workflow whenever a version is built (the new one taking the old one's place), and the workflow
   * asks for it by table when a step of one of its processes comes first (after a restart); the kind it is sent
   * through finds it among the entities started through it (approval.routes.ts).
   */
  constructor(private readonly services: Services) {
    workflowOf(services).resolveBusinesses((table, trx) => this.findByTable(table, trx));
    services.startedThroughAtRunTime = (kind) => this.startedThrough(kind);
  }

  /** Reads through `trx`, a workflow step's transaction (which holds the embedded database's one connection). */
  private async findByTable(table: string, trx: Db): Promise<void> {
    const row = await trx
      .selectFrom('blade_live_entity')
      .select('code')
      .where('table_name', '=', table)
      .executeTakeFirst();
    if (row) await this.find(row.code, trx);
  }

  /** The approved live entities (their definitions render a live row's card: live.routes.ts). */
  async approvables(): Promise<Served[]> {
    const rows = await this.services.db
      .selectFrom('blade_live_entity')
      .select('code')
      .where(sql<string>`definition #>> '{entity,approval,kind}'`, 'is not', null)
      .orderBy('code')
      .execute();
    const found: Served[] = [];
    for (const { code } of rows) {
      const served = await this.find(code);
      if (served?.service.entity.approval) found.push(served);
    }
    return found;
  }

  /** The live entities whose rows are sent through `kind`'s process, each with the button that sends them. */
  async startedThrough(kind: string): Promise<{ service: EntityService; code: string }[]> {
    const rows = await this.services.db
      .selectFrom('blade_live_entity')
      .select('code')
      .where(sql<string>`definition #>> '{entity,approval,start,kind}'`, '=', kind)
      .execute();
    const found = [];
    for (const { code } of rows) {
      const served = await this.find(code);
      const start = served?.service.entity.approval && startOf(served.service.entity.approval);
      if (served && start?.by === 'kind' && start.kind === kind)
        found.push({ service: served.service, code: start.code });
    }
    return found;
  }

  /** `reader`: what the definition is read through (a caller's transaction); the service is the app's. */
  async find(code: string, reader: Db = this.services.db): Promise<Served | undefined> {
    const { permissions, db } = this.services;
    const generation = permissions.generation;
    const held = this.served.get(code);
    if (held?.generation === generation) return held;
    const row = await reader
      .selectFrom('blade_live_entity')
      .select('version')
      .where('code', '=', code)
      .executeTakeFirst();
    if (!row) {
      this.served.delete(code);
      return undefined;
    }
    if (held?.version === row.version) {
      held.generation = generation;
      return held;
    }
    const full = await reader
      .selectFrom('blade_live_entity')
      .select(['version', 'definition'])
      .where('code', '=', code)
      .executeTakeFirst();
    if (!full) return undefined;
    const { entity } = full.definition as unknown as LiveDefinition;
    // Its decimal columns' precision, as the engine knows the built-in tables' (fields.ts checkDigits).
    await loadNumericColumns(reader);
    const service = new EntityService(entity, {
      db,
      permissions,
      dictionaries: this.services.dictionaries,
      accounts: this.services.accounts,
      entities: this.services.entities,
      attachmentFiles: () => this.services.attachmentFiles,
    });
    if (entity.approval && hasProcess(entity.approval))
      workflowOf(this.services).register(entity as ApprovableDef, undefined, { replace: true });
    const served = { version: full.version, service, routes: recordEntityRoutes(service), generation };
    this.served.set(code, served);
    return served;
  }

  /** The routes' lookup (live-routes.ts RuntimeEntities). */
  readonly lookup = (_request: FastifyRequest, code: string) => this.find(code);
}
