import type { FastifyRequest } from 'fastify';
import { EntityService } from '../../platform/entity/service.ts';
import { recordEntityRoutes, type RecordedRoute } from '../../platform/entity/live-routes.ts';
import { loadNumericColumns } from '../../platform/entity/fields.ts';
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

  constructor(private readonly services: Services) {}

  async find(code: string): Promise<Served | undefined> {
    const { permissions, db } = this.services;
    const generation = permissions.generation;
    const held = this.served.get(code);
    if (held?.generation === generation) return held;
    const row = await db.selectFrom('blade_live_entity').select('version').where('code', '=', code).executeTakeFirst();
    if (!row) {
      this.served.delete(code);
      return undefined;
    }
    if (held?.version === row.version) {
      held.generation = generation;
      return held;
    }
    const full = await db
      .selectFrom('blade_live_entity')
      .select(['version', 'definition'])
      .where('code', '=', code)
      .executeTakeFirst();
    if (!full) return undefined;
    const { entity } = full.definition as unknown as LiveDefinition;
    // Its decimal columns' precision, as the engine knows the built-in tables' (fields.ts checkDigits).
    await loadNumericColumns(db);
    const service = new EntityService(entity, {
      db,
      permissions,
      dictionaries: this.services.dictionaries,
      accounts: this.services.accounts,
      entities: this.services.entities,
      attachmentFiles: () => this.services.attachmentFiles,
    });
    const served = { version: full.version, service, routes: recordEntityRoutes(service), generation };
    this.served.set(code, served);
    return served;
  }

  /** The routes' lookup (live-routes.ts RuntimeEntities). */
  readonly lookup = (_request: FastifyRequest, code: string) => this.find(code);
}
