import { Type, type TProperties, type TSchema } from 'typebox';

/**
 * What the server answers, as TypeBox schemas: the routes declare them as their response schemas (and the API
 * document shows them), the clients take their types (`import type` + `Static`, so no TypeBox in the bundle).
 * The server sends what a handler returns as it is (platform/response-schemas.ts): a schema describes, never reshapes.
 */

/** The contract's envelope `{ code, success, data, msg }` around a route's data. */
export const Envelope = <T extends TSchema>(data: T) =>
  Type.Object({ code: Type.Integer(), success: Type.Boolean(), data, msg: Type.String() });

/** A 64-bit id: a string on the wire. */
export const Id = Type.String({ description: '主键 (64-bit id as text)' });
/** `yyyy-MM-dd HH:mm:ss`, or '' when there is none. */
export const DateTime = Type.String({ description: 'yyyy-MM-dd HH:mm:ss' });
/** A number a column may leave empty. */
export const NumberOrNull = Type.Union([Type.Number(), Type.Null()]);
/** An id a column may leave empty. */
export const IdOrNull = Type.Union([Id, Type.Null()]);

/** An object whose listed keys are as said, and which may carry others (a hook's or a join's). */
export const OpenObject = <T extends TProperties>(properties: T) =>
  Type.Object(properties, { additionalProperties: true });

/** Any JSON object (a row whose keys its definition decides). */
export const AnyObject = Type.Object({}, { additionalProperties: true });

/**
 * A page: `records` and the contract's totals; an entity's page adds its sums (`sumAmount1`) beside them, and
 * `totalCapped` when more rows match than `total` says (contract/page.ts).
 */
export const Page = <T extends TSchema>(record: T) =>
  OpenObject({
    records: Type.Array(record),
    total: Type.Integer(),
    size: Type.Integer(),
    current: Type.Integer(),
    pages: Type.Integer(),
    totalCapped: Type.Optional(Type.Boolean()),
  });

/** The contract's picker node (contract/tree.ts `TreeNode`); `children` are nodes of the same shape. */
export const TreeNode = OpenObject({
  id: Type.String(),
  parentId: Type.String(),
  title: Type.String(),
  titleEn: Type.Optional(Type.String()),
  key: Type.String(),
  value: Type.String(),
  sort: Type.Optional(Type.Number()),
  hasChildren: Type.Boolean(),
  disabled: Type.Optional(Type.Boolean()),
  children: Type.Optional(Type.Array(AnyObject)),
});

/** `R.data(null)` / `R.status(true)`: an answer whose data says nothing but success. */
export const NoData = Type.Union([Type.Null(), Type.Boolean()]);
