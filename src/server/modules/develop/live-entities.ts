import type { FastifyRequest } from 'fastify';
import { hasProcess, startOf, type ApprovableDef, type EntityDef } from '../../../shared/entities/define.ts';
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
}

/**
 * The live entities this process serves, by code, each at the version it last read. Publishing moves the grants stamp
 * (its menus change), which every process reads on each request (auth-context.ts) and which bumps its grants
 * generation: the first request under a new generation compares the stored versions (one read of the codes and
 * versions) and, when one differs, builds the set again. Between publications a request reads nothing more than a
 * built-in entity's.
 *
 * The set is built as a whole because live entities may reference each other: each one's engine resolves references,
 * pickers and the rows that still point at a row being removed through one registry, the built-in entities and every
 * live one.
 */
export class LiveEntities {
  private served = new Map<string, Served>();
  private generation = -1;

  /**
   * An approved model's rows go through the approval kit as a built-in entity's (a gadget's): its definition is
   * registered on the workflow whenever the set is built (the new one taking the old one's place), and the workflow
   * asks for it by table when a step of one of its processes comes first (after a restart); the kind it is sent
   * through finds it among the entities started through it (approval.routes.ts).
   */
  constructor(private readonly services: Services) {
    workflowOf(services).resolveBusinesses((_table, trx) => this.refresh(trx));
    services.startedThroughAtRunTime = (kind) => this.startedThrough(kind);
    services.entitiesAtRunTime = () => this.definitions();
  }

  /** The approved live entities (their definitions render a live row's card: live.routes.ts). */
  async approvables(): Promise<Served[]> {
    await this.refresh();
    return [...this.served.values()]
      .filter((served) => served.service.entity.approval)
      .sort((a, b) => a.service.entity.code.localeCompare(b.service.entity.code));
  }

  /** The live entities whose rows are sent through `kind`'s process, each with the button that sends them. */
  async startedThrough(kind: string): Promise<{ service: EntityService; code: string }[]> {
    await this.refresh();
    return [...this.served.values()].flatMap(({ service }) => {
      const start = service.entity.approval && startOf(service.entity.approval);
      return start?.by === 'kind' && start.kind === kind ? [{ service, code: start.code }] : [];
    });
  }

  /** The live entities' definitions by name (what a model's field may reference: live.routes.ts). */
  async definitions(): Promise<EntityDef[]> {
    await this.refresh();
    return [...this.served.values()].map((served) => served.service.entity);
  }

  /**
   * `reader`: what the definitions are read through (a workflow step's transaction); by default the main database's,
   * where they are published (a data source's copies follow it by replication: a request there could read the old one
   * and keep it until the next publication).
   */
  async find(code: string, reader: Db = this.services.database.platformDb): Promise<Served | undefined> {
    await this.refresh(reader);
    return this.served.get(code);
  }

  /** The routes' lookup (live-routes.ts RuntimeEntities). */
  readonly lookup = (_request: FastifyRequest, code: string) => this.find(code);

  /**
   * Brings the set to the stored versions once a generation. Concurrent callers each read for themselves: one inside
   * a transaction must not wait for a read that needs the embedded database's one connection, which it holds.
   */
  private async refresh(reader: Db = this.services.database.platformDb): Promise<void> {
    const generation = this.services.permissions.generation;
    if (this.generation === generation) return;
    const stored = await reader.selectFrom('blade_live_entity').select(['code', 'version']).execute();
    const changed = stored.filter((row) => this.served.get(row.code)?.version !== row.version).map((r) => r.code);
    // A version published or changed, or one unpublished.
    if (changed.length || stored.length !== this.served.size) {
      const read = changed.length
        ? await reader
            .selectFrom('blade_live_entity')
            .select(['code', 'version', 'definition'])
            .where('code', 'in', changed)
            .execute()
        : [];
      // Their decimal columns' precision, as the engine knows the built-in tables' (fields.ts checkDigits).
      if (read.length) await loadNumericColumns(reader);
      const fresh = new Map(
        read.map((row) => [
          row.code,
          { version: row.version, entity: (row.definition as unknown as LiveDefinition).entity },
        ]),
      );
      const next = stored.flatMap((row) => {
        const entity = fresh.get(row.code)?.entity ?? this.served.get(row.code)?.service.entity;
        return entity ? [{ code: row.code, version: fresh.get(row.code)?.version ?? row.version, entity }] : [];
      });
      this.served = this.build(next);
    }
    this.generation = generation;
  }

  /** Every live entity's engine over one registry: the built-in entities and the live ones. */
  private build(set: Array<{ code: string; version: number; entity: EntityDef }>): Map<string, Served> {
    const registry = new Map(this.services.entities);
    const deps = {
      db: this.services.db,
      permissions: this.services.permissions,
      dictionaries: this.services.dictionaries,
      accounts: this.services.accounts,
      entities: registry,
      attachmentFiles: () => this.services.attachmentFiles,
    };
    const services = set.map(({ code, version, entity }) => {
      const service = new EntityService(entity, deps);
      registry.set(entity.name, service);
      return { code, version, service };
    });
    const served = new Map<string, Served>();
    // Routes after the registry is whole: a picker's permission names the screens whose forms point at it.
    for (const { code, version, service } of services) {
      const { entity } = service;
      if (entity.approval && hasProcess(entity.approval))
        workflowOf(this.services).register(entity as ApprovableDef, undefined, { replace: true });
      served.set(code, { version, service, routes: recordEntityRoutes(service) });
    }
    return served;
  }
}
