import { Type, type TObject, type TProperties, type TSchema } from 'typebox';
import { Compile } from 'typebox/compile';
import { AttachedFile, filesKey } from '../../shared/contract/api/attachments.ts';
import { refNameKey, type EntityDef } from '../../shared/entities/define.ts';
import { AnyObject, Envelope, NoData, NumberOrNull, OpenObject, Page, TreeNode } from '../../shared/contract/wire.ts';
import { fieldsOf, type ResolvedField } from './entity/fields.ts';

export {
  AnyObject,
  DateTime,
  Envelope,
  Id,
  IdOrNull,
  NoData,
  NumberOrNull,
  OpenObject,
  Page,
  TreeNode,
} from '../../shared/contract/wire.ts';

/**
 * Response schemas: what a route answers inside the envelope, for the API document and the clients' types. The
 * answer is sent as the handler returns it (JSON.stringify, as without a schema): Fastify's schema serializer would
 * drop the keys a schema does not list and convert values, changing answers. Under the tests each answer is checked
 * against its schema instead, so a schema that says something else than the route fails there.
 */

/** The route schema part saying that a route answers `data` in the envelope. */
export const answers = <T extends TSchema>(data: T) => ({ response: { 200: Envelope(data) } });

/** A route that answers success and no data (`R.success`, `R.status(true)`). */
export const ANSWERS_NO_DATA = answers(NoData);

/** A field's value as the wire has it (fields.ts `wireValue`): text, or a number / an id that may be null. */
function wireSchema(field: ResolvedField): TSchema {
  const description = `${field.label.zh} (${field.label.en})`;
  switch (field.type) {
    case 'id':
      return Type.Union([Type.String(), Type.Null()], { description });
    case 'int':
    case 'switch':
    case 'money':
    case 'decimal':
      return { ...NumberOrNull, description } as TSchema;
    default:
      return Type.String({ description });
  }
}

const rows = new WeakMap<EntityDef, TObject>();

/**
 * A row of the entity as its routes answer it: each field it shows (secrets never), a dictionary field's label
 * (`<field>Name`), a reference's or company's name; the keys its hooks add (aggregates, states, `parentName`) pass.
 * `declared`: the row as a shared schema says it (the clients' type), over the keys it names.
 */
export function rowOf(entity: EntityDef, declared?: TObject): TObject {
  if (declared) return OpenObject({ ...rowOf(entity).properties, ...declared.properties });
  let row = rows.get(entity);
  if (!row) {
    const properties: TProperties = {};
    for (const field of fieldsOf(entity).values()) {
      if (field.secret) continue;
      properties[field.name] = wireSchema(field);
      if (field.dict || field.bizDict) properties[`${field.name}Name`] = Type.String();
      else if (field.ref || field.company) properties[refNameKey(field.name, field)] = Type.Optional(Type.String());
      if (field.type === 'attachments') properties[filesKey(field.name)] = Type.Optional(Type.Array(AttachedFile));
    }
    if (entity.tree) properties.parentName = Type.Optional(Type.String());
    row = OpenObject(properties);
    rows.set(entity, row);
  }
  return row;
}

/** A page of the entity's rows. */
export const pageOf = (entity: EntityDef, row = rowOf(entity)) => Page(row);

/** A tree entity's row with its children (tree `list`, `lazy-list`). */
export const treeRowOf = (entity: EntityDef, row = rowOf(entity)) =>
  OpenObject({
    ...row.properties,
    hasChildren: Type.Optional(Type.Boolean()),
    children: Type.Optional(Type.Array(AnyObject)),
  });

/**
 * The picker's option: the referenced value, its title, and the fields a form fills from it (entity-reads.ts
 * `picker`, typed as any wire record, hence optional here).
 */
export const PickerOption = OpenObject({
  id: Type.Optional(Type.Unknown({ description: '值 (the stored value: id or key)' })),
  title: Type.Optional(Type.Unknown({ description: '显示名 (display name)' })),
});

export const TreeNodes = Type.Array(TreeNode);

type Serialize = (data: unknown) => string;
type BuildSerializer = () => (route: { schema?: unknown; url: string; httpStatus?: string }) => Serialize;

// Vitest sets VITEST: the server tests check every answer that has a schema.
const CHECKED = process.env.VITEST !== undefined;

/**
 * The checks compiled so far, by the schema's shape: the engine's routes share a few dozen, and every app of a test
 * process (one per server test file, the worker's modules kept: vitest.config.ts) has the same routes.
 */
const compiled = new Map<string, ReturnType<typeof Compile>>();

/** The serializer of a route's answers: JSON.stringify, checked against the schema under the tests. */
export const buildSerializer: BuildSerializer = () => {
  return ({ schema, url, httpStatus }) => {
    if (!CHECKED) return JSON.stringify;
    const shape = JSON.stringify(schema);
    let validator = compiled.get(shape);
    if (!validator) {
      validator = Compile(schema as TSchema);
      compiled.set(shape, validator);
    }
    const checker = validator;
    return (data) => {
      if (!checker.Check(data)) {
        const errors = checker.Errors(data).slice(0, 3);
        throw new Error(`${url} answers ${httpStatus} outside its response schema: ${JSON.stringify(errors)}`);
      }
      return JSON.stringify(data);
    };
  };
};
