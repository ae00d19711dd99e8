import { DEFINITIONS } from './catalog.ts';
import type { EntityDef } from './define.ts';

/** What the console's picker needs of each entity a field's `ref` may name: where it is served, whether a tree. */
export interface RefTarget {
  service: string;
  tree: boolean;
  /** What references store instead of the id (EntityDef `refKey`). */
  refKey?: string;
}

/** The entities a reference may name among `definitions`, by name. */
export const refTargetsOf = (definitions: readonly EntityDef[]): Readonly<Record<string, RefTarget>> =>
  Object.fromEntries(
    definitions.map((entity) => [
      entity.name,
      { service: entity.service, tree: Boolean(entity.tree), ...(entity.refKey ? { refKey: entity.refKey } : {}) },
    ]),
  );

/** Every entity a reference may name, derived from the definitions (client-only, as catalog.ts is). */
export const REF_TARGETS = refTargetsOf(DEFINITIONS);
