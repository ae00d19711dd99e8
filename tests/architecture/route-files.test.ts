import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const SERVER = join(ROOT, 'src/server');

/** SQL belongs in the module's data files (`<topic>.queries.ts`), where every statement can be reviewed. */
const SQL = /\b(selectFrom|updateTable|insertInto|deleteFrom)\(/;
/** Parameters come typed from the route's schema (platform/route-schemas.ts), not read untyped or cast. */
const UNTYPED_PARAMS = /request\.body as\b|request\.query as\b/;

function routeFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return routeFiles(path);
    return name.endsWith('.routes.ts') ? [path] : [];
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
  it('finds the route files it checks', () => {
    expect(routeFiles(SERVER).length).toBeGreaterThan(10);
  });

  it("hold no SQL: queries live in the module's data files", () => {
    expect(offending(SQL)).toEqual([]);
  });

  it('read parameters through their schema, never untyped or by a cast', () => {
    expect(offending(UNTYPED_PARAMS)).toEqual([]);
  });
});
