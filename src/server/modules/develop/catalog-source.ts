import { CompiledQuery } from 'kysely';
import type { Db } from '../../db/connect.ts';
import { fail } from '../../platform/errors.ts';
import { isId } from '../../platform/ids.ts';
import type { Services } from '../../services.ts';
import { pgCatalog, externalPgCatalog } from './catalog-pg.ts';
import { mysqlCatalog } from './catalog-mysql.ts';
import type { CatalogReader, EntityOfTable } from './catalog.ts';
import { datasourcePassword } from './datasource-password.ts';
import { parseJdbcUrl } from './jdbc-url.ts';
import { datasourceRow } from './model.queries.ts';

/** Whether a `datasourceId` names the console's own database: absent, blank or 0 (BladeX's 本库). */
export const isOwnDatabase = (datasourceId: string | null | undefined) =>
  datasourceId === undefined || datasourceId === null || datasourceId === '' || datasourceId === '0';

/** Which known entity's table a foreign key points at (the engine's registered entities). */
export function entityOfTable(services: Services): EntityOfTable {
  const byTable = new Map<string, string>();
  for (const [name, service] of services.entities)
    if (!byTable.has(service.entity.table)) byTable.set(service.entity.table, name);
  return (table) => byTable.get(table);
}

function ownCatalog(db: Db, entityOf: EntityOfTable): CatalogReader {
  return pgCatalog(
    async (text, params) => (await db.executeQuery(CompiledQuery.raw(text, params))).rows as Record<string, unknown>[],
    entityOf,
    async () => undefined,
  );
}

/**
 * The catalog reader of a data source (none: the console's own database), connected. A source whose row is gone,
 * whose URL is not one of the supported kinds or whose password no longer unseals is a 400; so is one that does not
 * answer (catalog.ts `unreachable`).
 */
export async function openCatalog(services: Services, datasourceId: string | null | undefined): Promise<CatalogReader> {
  const entityOf = entityOfTable(services);
  if (isOwnDatabase(datasourceId)) return ownCatalog(services.db, entityOf);
  if (!isId(String(datasourceId))) throw fail('paramType', { name: 'datasourceId' });
  const row = await datasourceRow(services.db, String(datasourceId));
  if (!row) throw fail('sourceMissing');
  const parsed = parseJdbcUrl(row.url);
  if (!parsed) throw fail('sourceUrl');
  let password: string;
  try {
    password = datasourcePassword(row, services.config.jwtSecret);
  } catch {
    throw fail('sourcePassword');
  }
  const login = { user: row.username, password };
  return parsed.kind === 'pg'
    ? externalPgCatalog(parsed.address, login, entityOf)
    : mysqlCatalog(parsed.address, login, entityOf);
}

/** Runs `read` over a source's catalog and closes it, whatever happens. */
export async function withCatalog<T>(
  services: Services,
  datasourceId: string | null | undefined,
  read: (catalog: CatalogReader) => Promise<T>,
): Promise<T> {
  const catalog = await openCatalog(services, datasourceId);
  try {
    return await read(catalog);
  } finally {
    await catalog.close();
  }
}
