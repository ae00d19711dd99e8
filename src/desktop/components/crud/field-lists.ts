import type { EntityDef, FieldDef } from '../../../shared/entities/define.ts';

/** A field of the definition with its name; `picker` (the URL of TreeNodes) marks a tree entity's parent field. */
export interface CrudField extends FieldDef {
  name: string;
  picker?: string;
}

/**
 * The definition's fields by name and the search bar's among them: outside fields.ts (in the CRUD blocks' chunk)
 * because a screen about to open reads them to ask for its search bar's options while that chunk loads.
 */
export const namedFields = (entity: EntityDef) =>
  Object.entries(entity.fields).map(([name, def]): CrudField => ({ ...def, name }));
export const shownFields =
  (hidden: readonly string[] = []) =>
  (f: CrudField) =>
    !hidden.includes(f.name);
export const filterFields = (entity: EntityDef, hidden?: readonly string[]) =>
  namedFields(entity)
    .filter((f) => f.filter && !f.secret)
    .filter(shownFields(hidden));
