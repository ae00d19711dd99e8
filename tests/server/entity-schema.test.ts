import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENTITIES } from '../../src/shared/entities/index.ts';
import { fieldsOf } from '../../src/server/platform/entity-fields.ts';
import { startApp, type TestApp } from '../support/app.ts';

let t: TestApp;
beforeAll(async () => { t = await startApp(); });
afterAll(() => t?.stop());

describe('entity definitions', () => {
  it.each(ENTITIES.map((e) => [e.name, e] as const))('%s matches its table column for column', async (_name, entity) => {
    const rows = await t.services.db.selectFrom('information_schema.columns').select('column_name')
      .where('table_name', '=', entity.table).where('table_schema', '=', 'public').execute();
    const tableColumns = rows.map((r) => r.column_name as string).sort();
    const definedColumns = [...fieldsOf(entity).values()].map((f) => f.column).sort();
    expect(definedColumns).toEqual(tableColumns);
  });

  it('gives every field a zh and an en label, and every sort key a field', () => {
    for (const entity of ENTITIES) {
      for (const field of fieldsOf(entity).values()) {
        expect(field.label.zh, `${entity.name}.${field.name}`).toBeTruthy();
        expect(field.label.en, `${entity.name}.${field.name}`).toBeTruthy();
      }
      for (const [name] of entity.defaultSort) expect(fieldsOf(entity).has(String(name)), `${entity.name} sort ${String(name)}`).toBe(true);
    }
  });
});
