import { Type, type Static } from 'typebox';

/**
 * Route schemas (TypeBox): Fastify validates a request against them before the handler runs, and they type the
 * handler's `request.query` / `request.body` (withTypeProvider<TypeBoxTypeProvider>), so no handler casts. A refusal
 * speaks the contract's messages (platform/http.ts `validationError`).
 */

/**
 * A query string as sent: each key once (text) or repeated (a list). What the keys mean (an entity's filters with
 * their suffixes, paging, sorting) its definition decides: platform/entity/conditions.ts.
 */
export const QueryMap = Type.Record(Type.String(), Type.Union([Type.String(), Type.Array(Type.String())]));
export type QueryMap = Static<typeof QueryMap>;
/** The schema of a route whose query is a QueryMap (lists, filters, paging). */
export const LIST_QUERY = { querystring: QueryMap };

/** A JSON object or form body; its fields are checked by the entity definition or the handler. */
export const BodyMap = Type.Record(Type.String(), Type.Unknown());
export type BodyMap = Static<typeof BodyMap>;

/** `?id=` naming one row (its format is checked where it is used: ids.ts). */
export const IdQuery = Type.Object({ id: Type.String() }, { additionalProperties: Type.Union([Type.String(), Type.Array(Type.String())]) });

/** A plain object, checked: for values that reach the server untyped (a body shared by several routes). */
export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
