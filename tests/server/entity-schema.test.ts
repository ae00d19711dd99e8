import type { DynamicDb } from '../../src/server/db/connect.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENTITIES } from '../../src/server/modules/index.ts';
import { region } from '../../src/shared/entities/system/region.ts';
import { fieldsOf } from '../../src/server/platform/entity/fields.ts';
import { displayField, isStored, refTargetsOf, type EntityDef } from '../../src/shared/entities/define.ts';
import { startApp, type TestApp } from '../support/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startApp();
});
afterAll(() => t?.stop());

describe('entity definitions', () => {
  it.each(ENTITIES.map((e) => [e.name, e] as const))(
    '%s matches its table column for column',
    async (_name, entity) => {
      const rows = await (t.services.db as DynamicDb)
        .selectFrom('information_schema.columns')
        .select('column_name')
        .where('table_name', '=', entity.table)
        .where('table_schema', '=', 'public')
        .execute();
      const tableColumns = rows.map((r) => r.column_name as string).sort();
      const definedColumns = [...fieldsOf(entity).values()]
        .filter(isStored)
        .map((f) => f.column)
        .sort();
      expect(definedColumns).toEqual(tableColumns);
    },
  );

  // The engine reads a column's NULL-ability from the definition (a blank for a NOT NULL column is refused on update
  // and takes a default on insert): text stores blank as '', every other field says `nullable` exactly when its column
  // may hold NULL.
  it.each([...ENTITIES, region].map((e) => [e.name, e] as const))(
    '%s declares nullable exactly the non-text columns that may hold NULL',
    async (_name, entity) => {
      const rows = await (t.services.db as DynamicDb)
        .selectFrom('information_schema.columns')
        .select(['column_name', 'is_nullable', 'column_default'])
        .where('table_name', '=', entity.table)
        .where('table_schema', '=', 'public')
        .execute();
      const columns = new Map(rows.map((r) => [r.column_name as string, r]));
      const problems: string[] = [];
      for (const field of fieldsOf(entity).values()) {
        const column = columns.get(field.column);
        if (!column || field.type === 'string' || field.type === 'text' || field.type === 'ids') continue;
        const nullable = column.is_nullable === 'YES';
        if (Boolean(field.nullable) !== nullable)
          problems.push(
            `${field.name}: definition ${field.nullable ? 'nullable' : 'NOT NULL'}, column ${nullable ? 'nullable' : 'NOT NULL'}`,
          );
        // An insert that leaves such a column out needs someone to fill it.
        const filled =
          field.readonly ||
          field.required ||
          field.default !== undefined ||
          column.column_default !== null ||
          field.name === entity.owner ||
          (field.name === 'parentId' && entity.tree);
        if (!nullable && !filled) problems.push(`${field.name}: NOT NULL without a default, and not required`);
      }
      expect(problems).toEqual([]);
    },
  );

  it('copies, matches (within), aggregates and states name only what exists: a reference field, a field of its target, a field pointing back', () => {
    const byName = new Map(ENTITIES.map((e) => [e.name, e]));
    const problems: string[] = [];
    for (const entity of ENTITIES) {
      const fields = fieldsOf(entity);
      for (const field of fields.values()) {
        const at = `${entity.name}.${field.name}`;
        if (field.copyFrom) {
          // Every entity the reference may point at (a refBy reference: each of its targets) has the field copied.
          const ref = fields.get(field.copyFrom.ref);
          const targets = ref ? refTargetsOf(ref).map((name) => byName.get(name)) : [];
          const copied = (target: EntityDef | undefined) =>
            target && fieldsOf(target).has(field.copyFrom!.field ?? displayField(target) ?? '');
          if (!targets.length || !targets.every(copied)) problems.push(`${at}: copyFrom`);
        }
        if (field.within) {
          const target = field.ref ? byName.get(field.ref) : undefined;
          const pairs = Object.entries(field.within.match);
          if (!target || !pairs.every(([theirs, ours]) => fieldsOf(target).has(theirs) && fields.has(ours)))
            problems.push(`${at}: within`);
        }
        const aggregate = field.derive && 'aggregate' in field.derive ? field.derive.aggregate : undefined;
        if (aggregate) {
          const source = byName.get(aggregate.entity);
          const sourceFields = source ? fieldsOf(source) : new Map();
          const named = [aggregate.via, aggregate.of, aggregate.except?.field].filter((n) => n !== undefined);
          if (
            !source ||
            !named.every((n) => sourceFields.has(n)) ||
            sourceFields.get(aggregate.via)?.ref !== entity.name
          )
            problems.push(`${at}: aggregate`);
        }
      }
      const states = entity.states;
      if (states) {
        const named = [states.field, ...Object.values(states.frozen ?? {}).flatMap((rule) => rule.open ?? [])];
        for (const name of named) if (!fields.has(name)) problems.push(`${entity.name}: states name ${name}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('gives every field a zh and an en label, and every sort key a field', () => {
    for (const entity of ENTITIES) {
      for (const field of fieldsOf(entity).values()) {
        expect(field.label.zh, `${entity.name}.${field.name}`).toMatch(/\S/);
        expect(field.label.en, `${entity.name}.${field.name}`).toMatch(/\S/);
      }
      for (const [name] of entity.defaultSort)
        expect(fieldsOf(entity).has(String(name)), `${entity.name} sort ${String(name)}`).toBe(true);
    }
  });
});
