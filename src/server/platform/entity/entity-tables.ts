import type { EntityDef } from '../../../shared/entities/define.ts';
import { fieldsOf, findField, type ResolvedField } from './fields.ts';

/** A field's unique rule with the fields of its scope. */
export interface UniqueRule {
  field: ResolvedField;
  scope: ResolvedField[];
}

/**
 * What a request consults in a definition, resolved once per entity: a list, a wire form and a write read these
 * tables instead of walking the fields again for each question.
 */
export interface EntityTables {
  fields: ReadonlyMap<string, ResolvedField>;
  dictFields: readonly ResolvedField[];
  bizDictFields: readonly ResolvedField[];
  companyFields: readonly ResolvedField[];
  /** Its attachments fields (attachments.ts). */
  attachments: readonly ResolvedField[];
  uniques: readonly UniqueRule[];
  /** The fields whose sums a page answers (`sums`). */
  sums: readonly ResolvedField[];
  /** The field naming the user a row belongs to (`owner`): the caller sees and writes only his own. */
  owner?: ResolvedField;
  /** Stored derived values (`compute`) and values worked out on read (`today`). */
  computed: readonly ResolvedField[];
  today: readonly ResolvedField[];
  /** Whether a field takes a document number (`sequence`). */
  sequenced: boolean;
  /** The list's order when the client asks none. */
  defaultSorts: ReadonlyArray<{ field: ResolvedField; direction: 'asc' | 'desc' }>;
}

const tables = new WeakMap<EntityDef, EntityTables>();

export function tablesOf(entity: EntityDef): EntityTables {
  let found = tables.get(entity);
  if (!found) tables.set(entity, (found = resolveTables(entity)));
  return found;
}

function resolveTables(entity: EntityDef): EntityTables {
  const fields = fieldsOf(entity);
  const all = [...fields.values()];
  return {
    fields,
    dictFields: all.filter((field) => field.dict),
    bizDictFields: all.filter((field) => field.bizDict),
    companyFields: all.filter((field) => field.company),
    attachments: all.filter((field) => field.type === 'attachments'),
    uniques: all
      .filter((field) => field.unique)
      .map((field) => ({
        field,
        scope: (typeof field.unique === 'object' ? field.unique.scope : []).map((name) => fields.get(name)!),
      })),
    sums: (entity.sums ?? []).map((name) => fields.get(name)!),
    owner: entity.owner ? fields.get(entity.owner) : undefined,
    computed: all.filter((field) => field.derive && 'compute' in field.derive),
    today: all.filter((field) => field.derive && 'today' in field.derive),
    sequenced: all.some((field) => field.sequence),
    defaultSorts: entity.defaultSort.map(([name, direction]) => ({
      field: findField(entity, String(name))!,
      direction,
    })),
  };
}
