import { ENTITIES } from '../../src/server/modules/index.ts';
import { fieldsOf, type ResolvedField } from '../../src/server/platform/entity/fields.ts';
import type { EntityDef } from '../../src/shared/entities/define.ts';

/** A unique rule of a definition: `field`'s value is unique among the live rows sharing the `scope` fields' values. */
export interface UniqueRule {
  entity: EntityDef;
  field: ResolvedField;
  scope: ResolvedField[];
}

/** Every unique rule of every definition, in definition and field order. */
export function uniqueRules(): UniqueRule[] {
  return ENTITIES.flatMap((entity) => {
    const fields = fieldsOf(entity);
    return [...fields.values()]
      .filter((field) => field.unique)
      .map((field) => ({
        entity,
        field,
        scope: (typeof field.unique === 'object' ? field.unique.scope : []).map((name) => fields.get(name)!),
      }));
  });
}
