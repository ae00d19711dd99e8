import { DEFINITIONS } from './catalog.ts';

/** What the console's picker needs of each entity a field's `ref` may name: where it is served, whether a tree. */
export interface RefTarget {
  service: string;
  tree: boolean;
  /** What references store instead of the id (EntityDef `refKey`). */
  refKey?: string;
}

/** Every entity a reference may name, derived from the definitions (client-only, as catalog.ts is). */
export const REF_TARGETS: Readonly<Record<string, RefTarget>> = Object.fromEntries(
  DEFINITIONS.map((entity) => [
    entity.name,
    { service: entity.service, tree: Boolean(entity.tree), ...(entity.refKey ? { refKey: entity.refKey } : {}) },
  ]),
);
