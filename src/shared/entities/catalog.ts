import type { EntityDef } from './define.ts';

/**
 * Every entity definition of the console, found by file rather than listed by hand: a definition file in a domain
 * folder is all it takes. Client-only (Vite and Vitest resolve `import.meta.glob`; the server's esbuild bundle does
 * not, and it reads the manifests' `entities` instead). All definitions already travel in one chunk (vite.config.ts
 * `entities`), so listing them all costs no byte more; the shell and the login page do not import this module.
 */
const modules = import.meta.glob<Record<string, unknown>>('./*/*.ts', { eager: true });

const isDefinition = (value: unknown): value is EntityDef =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as EntityDef).name === 'string' &&
  typeof (value as EntityDef).table === 'string' &&
  typeof (value as EntityDef).code === 'string' &&
  typeof (value as EntityDef).fields === 'object';

export const DEFINITIONS: readonly EntityDef[] = [
  ...new Set(Object.values(modules).flatMap((exports) => Object.values(exports).filter(isDefinition))),
];

/** The entity a menu with `code` lists on the shared CRUD screen, if any. */
export const definitionByCode = (code: string): EntityDef | undefined =>
  DEFINITIONS.find((entity) => entity.code === code);

/** The entity named `name` (what a field's `ref` names), if any. */
export const definitionNamed = (name: string): EntityDef | undefined =>
  DEFINITIONS.find((entity) => entity.name === name);
