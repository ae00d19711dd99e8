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

/** The definitions among the exports of some files (what `import.meta.glob` answers), each once. */
export const definitionsIn = (files: Readonly<Record<string, Record<string, unknown>>>): EntityDef[] => [
  ...new Set(Object.values(files).flatMap((exports) => Object.values(exports).filter(isDefinition))),
];

/** The lookups of a list of definitions (the console's: below; an architecture test's with its fixture's added). */
export const catalogOf = (definitions: readonly EntityDef[]) => {
  // A document's line entity shares its header's code (the header's rights cover its lines) but has no screen.
  const lines = new Set(definitions.flatMap((entity) => Object.values(entity.lines ?? {}).map((line) => line.entity)));
  return {
    DEFINITIONS: definitions,
    /** The entity a menu with `code` lists on the shared CRUD screen, if any. */
    definitionByCode: (code: string): EntityDef | undefined =>
      definitions.find((entity) => entity.code === code && !lines.has(entity)),
    /** The entity named `name` (what a field's `ref` names), if any. */
    definitionNamed: (name: string): EntityDef | undefined => definitions.find((entity) => entity.name === name),
  };
};

export const { DEFINITIONS, definitionByCode, definitionNamed } = catalogOf(definitionsIn(modules));
