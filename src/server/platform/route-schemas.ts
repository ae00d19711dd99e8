import { Type, type Static, type TProperties, type TSchema } from 'typebox';

declare module 'fastify' {
  interface FastifySchema {
    /**
     * The query string's parameters as the API document lists them, for a route whose `querystring` takes any key
     * (a QueryMap or BodyMap): documentation only, never validated (`mapQuery`, platform/api-doc.ts).
     */
    documentedQuery?: TSchema;
  }
}

/**
 * Route schemas (TypeBox): Fastify validates a request against them before the handler runs, and they type the
 * handler's `request.query` / `request.body` (withTypeProvider<TypeBoxTypeProvider>), so no handler casts. A refusal
 * speaks the contract's messages (platform/http.ts `validationError`).
 */

/** One query key's value: the key once (text) or repeated (a list). */
export const QueryValue = Type.Union([Type.String(), Type.Array(Type.String())]);
/**
 * A query string as sent: each key once (text) or repeated (a list). What the keys mean (an entity's filters with
 * their suffixes, paging, sorting) its definition decides: platform/entity/conditions.ts.
 */
export const QueryMap = Type.Record(Type.String(), QueryValue);
export type QueryMap = Static<typeof QueryMap>;

/** The query parameters the API document lists for a route whose query schema takes any key: `params`, optional. */
export function documentedQuery(params: Readonly<Record<string, TSchema>>) {
  const optional = Object.entries(params).map(([key, schema]) => [key, Type.Optional(schema)]);
  return { documentedQuery: Type.Object(Object.fromEntries(optional) as TProperties) };
}

/**
 * The schema of a route whose query is a QueryMap (lists: filters, paging, sorting), any key passing as before, and
 * the keys it reads named for the API document only. Validating them by name changed what the product screen's
 * requests got (commit 65d22ea).
 */
export function mapQuery(params: Readonly<Record<string, TSchema>>) {
  return { querystring: QueryMap, ...documentedQuery(params) };
}
export type MapQuery = ReturnType<typeof mapQuery>;

/** A JSON object or form body; its fields are checked by the entity definition or the handler. */
export const BodyMap = Type.Record(Type.String(), Type.Unknown());
export type BodyMap = Static<typeof BodyMap>;

/** `?id=` naming one row (its format is checked where it is used: ids.ts). */
export const IdQuery = Type.Object(
  { id: Type.String() },
  { additionalProperties: Type.Union([Type.String(), Type.Array(Type.String())]) },
);

/** A plain object, checked: for values that reach the server untyped (a body shared by several routes). */
export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** One parameter as a client sends it: query-string or form text, a JSON scalar, or a list (a repeated key). */
export type Param = string | number | boolean | null | Array<string | number | boolean | null>;
const SCALAR_TYPES = ['string', 'number', 'boolean', 'null'];
// One multi-type keyword, not a union: Fastify's Ajv coerces types, and it leaves alone a value of a listed type
// (a union would turn a JSON number into text in its string branch).
const ParamSchema = Type.Unsafe<Param>({ type: [...SCALAR_TYPES, 'array'], items: { type: SCALAR_TYPES } });
/** An optional parameter of a `queryOrBody` / `bodyParams` route (required ones are checked by `requiredParam`). */
export const Param = Type.Optional(ParamSchema);

/** Any body that is not an object (none at all, on a GET): the contract ignores it, so the schema lets it pass. */
const NotAnObject = Type.Union([Type.Null(), Type.Array(Type.Unknown()), Type.String(), Type.Number(), Type.Boolean()]);
type NotAnObject = Static<typeof NotAnObject>;

/** The schema of named query parameters (a GET has no body); other keys pass (the contract ignores them). */
export function queryParams<T extends TProperties>(fields: T) {
  return { querystring: Type.Object(fields) };
}

/** The schema of parameters sent in a form or JSON body; other keys pass (the contract ignores them). */
export function bodyParams<T extends TProperties>(fields: T) {
  return { body: Type.Union([Type.Object(fields), NotAnObject]) };
}

/**
 * The schema of a POST's parameters that the contract accepts in the query string or in a form/JSON body (BladeX
 * clients send either): the same fields declared for both, read together by `paramsOf`.
 */
export function queryOrBody<T extends TProperties>(fields: T) {
  return { querystring: Type.Object(fields), ...bodyParams(fields) };
}

/** The parameters of a `bodyParams` route: those of the body, if it is an object. */
export function bodyOf<T extends object>(body: T | NotAnObject): Partial<T> {
  return isParamObject(body) ? body : {};
}

/** The parameters of a `queryOrBody` route: the body's, then the query string's over them (as BladeX reads them). */
export function paramsOf<T extends object>({ query, body }: { query: T; body: T | NotAnObject }): T {
  return isParamObject(body) ? { ...body, ...query } : query;
}

const isParamObject = <T extends object>(body: T | NotAnObject): body is T => isRecord(body);

/** Any body: a record is checked by its entity definition or service, anything else is ignored. */
export const ANY_BODY = { body: Type.Union([BodyMap, NotAnObject]) };

/**
 * Any parameters, in the query string or a body (a whole record, checked by its entity definition): `paramsOf`. The
 * route names its query's keys for the API document with `documentedQuery`.
 */
export const ANY_PARAMS = { querystring: BodyMap, body: Type.Union([BodyMap, NotAnObject]) };

/**
 * The schema of a route that reads nothing from the request but its caller: declared so on purpose, where a route
 * without any schema is one nobody described (tests/server/api-doc.test.ts fails on it).
 */
export const NO_INPUT = {};

/** An uploaded file, as the API document shows a multipart part. */
export const UploadFile = Type.Unsafe<never>({ type: 'string', contentMediaType: 'application/octet-stream' });

/**
 * The schema of a multipart upload's parts. They are read from the stream by the handler (the body is empty when the
 * schema is checked), so it describes them for the API document without refusing anything.
 */
export function multipartBody(parts: TProperties) {
  const schema = Type.Unsafe<null>({ type: ['object', 'null'], properties: parts });
  return { body: { content: { 'multipart/form-data': { schema } } } };
}
