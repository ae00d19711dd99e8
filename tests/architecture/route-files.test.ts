import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const SERVER = join(ROOT, 'src/server');

/**
 * SQL belongs in the module's data files (`<topic>.queries.ts`), where every statement can be reviewed: neither the
 * query builder nor raw SQL through kysely's `sql` template (sql`…`, sql<T>`…`, sql.ref(…) and the like).
 */
const SQL = /\b(selectFrom|updateTable|insertInto|deleteFrom)\(|\bsql(<|`|\.(ref|raw|lit|id|join|table|val)\()/;
/** Parameters come typed from the route's schema (platform/route-schemas.ts), not read untyped or cast. */
const UNTYPED_PARAMS = /request\.body as\b|request\.query as\b/;

/** A route registered on the Fastify instance (`app.get(`, `fastify.route(`, …): what makes a file a route file. */
const REGISTERS_ROUTE =
  /\b(app|fastify|instance|server|scope)\.(get|post|put|patch|delete|head|options|all|route)(<[^>]*>)?\(/;

/** Every server file that registers a route, whatever its name. */
function routeFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return routeFiles(path);
    return /\.tsx?$/.test(name) && REGISTERS_ROUTE.test(readFileSync(path, 'utf8')) ? [path] : [];
  });
}

/** Each route file's lines that match, as `file:line: text`. */
function offending(pattern: RegExp): string[] {
  return routeFiles(SERVER)
    .map((file) => relative(ROOT, file))
    .flatMap((file) =>
      readFileSync(join(ROOT, file), 'utf8')
        .split('\n')
        .flatMap((line, at) => (pattern.test(line) ? [`${file}:${at + 1}: ${line.trim()}`] : [])),
    );
}

describe('route files', () => {
  it('finds the route files it checks by what they do, not by their name', () => {
    const files = routeFiles(SERVER).map((file) => relative(ROOT, file));
    expect(files.length).toBeGreaterThan(10);
    expect(files).toContain('src/server/app.ts');
    expect(files).toContain('src/server/platform/entity/routes.ts');
    expect(files).not.toContain('src/server/modules/warehouse/stock-posting.queries.ts');
  });

  it('tells raw SQL from words that only look like it', () => {
    const sqlLines = ['await sql`select 1`', 'sql<{ id: string }>`', 'sql.ref(column)', 'db.selectFrom('];
    expect(sqlLines.filter((line) => !SQL.test(line))).toEqual([]);
    expect(['// no sql here', 'const sqlText = 1', 'mysql.query('].filter((line) => SQL.test(line))).toEqual([]);
  });

  it("hold no SQL: queries live in the module's data files", () => {
    expect(offending(SQL)).toEqual([]);
  });

  it('read parameters through their schema, never untyped or by a cast', () => {
    expect(offending(UNTYPED_PARAMS)).toEqual([]);
  });
});
