import { describe, expect, it } from 'vitest';
import { allFields, displayField, refTargetsOf } from '../../src/shared/entities/define.ts';
import { ENTITIES } from '../../src/server/modules/index.ts';
import { DOCUMENT_ENTITIES } from '../support/document-fixture.ts';

const ALL = [...ENTITIES, ...DOCUMENT_ENTITIES];
const fields = ALL.flatMap((e) =>
  Object.entries(allFields(e)).map(([name, field]) => ({ entity: e.name, name, field })),
);

describe('references and lines in the definitions', () => {
  it.each(fields.filter((f) => f.field.ref).map((f) => [`${f.entity}.${f.name}`, f] as const))(
    '%s points at an entity with a display field',
    (_name, { entity, field }) => {
      // A refBy reference: each of its targets, chosen by a field of the same entity.
      if (field.refBy) expect(Object.keys(ALL.find((e) => e.name === entity)!.fields)).toContain(field.refBy.field);
      for (const name of refTargetsOf(field)) {
        const target = ALL.find((e) => e.name === name);
        expect(target, name).toBeDefined();
        expect(displayField(target!)).toBeDefined();
        // A reference holds what the target is known by: its id, or the key of a keyed entity (a region's code), or
        // the field references name it by (an account's code).
        const key = target!.key ?? target!.refKey;
        expect(key ? [allFields(target!)[key].type] : ['id', 'ids']).toContain(field.type);
      }
    },
  );

  it('gives a delete message and a choosing field only to reference fields', () => {
    expect(fields.filter((f) => f.field.inUse && !f.field.ref).map((f) => `${f.entity}.${f.name}`)).toEqual([]);
    expect(fields.filter((f) => f.field.refBy && !f.field.ref).map((f) => `${f.entity}.${f.name}`)).toEqual([]);
  });

  it('keys each line on an id field of the line entity, registered like any entity', () => {
    for (const e of ALL) {
      for (const line of Object.values(e.lines ?? {})) {
        expect(ALL).toContain(line.entity);
        expect(allFields(line.entity)[line.foreignKey]?.type).toBe('id');
      }
    }
  });
});
