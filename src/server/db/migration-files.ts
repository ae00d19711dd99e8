import { readdirSync } from 'node:fs';
import { serverFile } from '../server-files.ts';

export const MIGRATIONS_DIR = serverFile('db', 'migrations');

/** The build's migration files (`NNNN_name.sql`), in the order they apply. */
export function migrationFiles(dir = MIGRATIONS_DIR): string[] {
  return readdirSync(dir)
    .filter((f) => /^\d{4}_[\w-]+\.sql$/.test(f))
    .sort();
}
