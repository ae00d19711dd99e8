import { allFields, camelToSnake, isStored, type EntityDef, type FieldDef } from '../../../shared/entities/define.ts';

/**
 * The table of an entity definition as a migration creates it (design/ARCHITECTURE.md § Data): the base columns,
 * each field's column, the unique indexes its `unique` fields need, the index its list reads its pages by, and
 * row-level security for a tenant table. What the code generator writes as a module's migration and what publishing
 * a live model runs: one text, so a generated module and a live model of the same model have the same table.
 * Identifiers are always quoted: a column may be named `order` or `用户`.
 */

/** numeric(p, s) of decimal fields by field name (the source column's), else numeric(18,4). */
export type Decimals = Readonly<Record<string, { precision: number; scale: number }>>;

export const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

export function columnType(field: FieldDef, decimal?: { precision: number; scale: number }): string {
  switch (field.type) {
    case 'string':
      return `varchar(${field.max ?? 255})`;
    case 'text':
      return 'text';
    case 'int':
    case 'switch':
      return 'int';
    case 'id':
      return 'bigint';
    case 'ids':
    case 'attachments':
      return 'varchar(2000)';
    case 'money':
      return 'numeric(18,2)';
    case 'decimal':
      return `numeric(${decimal?.precision ?? 18},${decimal?.scale ?? 4})`;
    case 'date':
      return 'date';
    case 'datetime':
      return 'timestamp(0)';
  }
}

const literal = (value: string | number) =>
  typeof value === 'number' ? String(value) : `'${String(value).replaceAll("'", "''")}'`;

/** One column of the table as `create table` and `alter table add column` say it. */
export function columnSql(name: string, field: FieldDef, decimals: Decimals): string {
  const column = `${quoted(camelToSnake(name))} ${columnType(field, decimals[name])}`;
  if (name === 'id') return `${column} primary key`;
  if (name === 'tenantId') return `${column} not null default '000000'`;
  if (name === 'isDeleted') return `${column} not null default 0`;
  if (name === 'parentId') return `${column} not null default 0`;
  if (field.type === 'string' || field.type === 'text' || field.type === 'ids' || field.type === 'attachments')
    return `${column} not null default ${literal(field.default ?? '')}`;
  if (field.nullable) return column;
  return field.default === undefined ? `${column} not null` : `${column} not null default ${literal(field.default)}`;
}

/** The statements creating the entity's table, in order, each one statement (no trailing semicolon). */
export function entityTableStatements(entity: EntityDef, decimals: Decimals = {}): string[] {
  const table = quoted(entity.table);
  const fields = Object.entries(allFields(entity)).filter(([, field]) => isStored(field));
  const statements = [
    `create table ${table} (\n  ${fields.map(([n, f]) => columnSql(n, f, decimals)).join(',\n  ')}\n)`,
  ];
  const tenant = entity.tenant ? ['tenant_id'] : [];
  for (const [name, field] of fields) {
    if (!field.unique) continue;
    const column = camelToSnake(name);
    const scope = typeof field.unique === 'object' ? field.unique.scope.map(camelToSnake) : [];
    const columns = [...tenant, ...scope, column].map(quoted).join(', ');
    statements.push(
      `create unique index ${quoted(`${entity.table}_${column}_unique`)} on ${table} (${columns}) where is_deleted = 0`,
    );
  }
  const order = entity.defaultSort.map(
    ([name, direction]) => `${quoted(camelToSnake(String(name)))}${direction === 'desc' ? ' desc' : ''}`,
  );
  statements.push(
    `create index ${quoted(`${entity.table}_list`)} on ${table} (${[...tenant.map(quoted), ...order].join(', ')}) where is_deleted = 0`,
  );
  if (entity.tenant) statements.push(`select tenon_isolate_tenant_rows(${literal(entity.table)})`);
  return statements;
}

/** The same as one migration file's text. */
export const entityTableSql = (entity: EntityDef, decimals: Decimals = {}): string =>
  `${entityTableStatements(entity, decimals).join(';\n')};\n`;
