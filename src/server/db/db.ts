import type { ExpressionBuilder, Kysely, SelectQueryBuilder } from 'kysely';
import type { Schema } from './schema.ts';

/**
 * The database as the migrations made it: queries are checked against db/schema.ts (generated, see schema-types.ts).
 */
export type Db = Kysely<Schema>;
/**
 * For code that names its tables at run time (the entity engine: an entity's table is in its definition, which a
 * test holds to the table). Every other query goes through `Db`.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type DynamicDb = Kysely<any>;
/** A select over a table named at run time (see `DynamicDb`). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type DynamicQuery = SelectQueryBuilder<any, any, any>;
/** The expressions of such a select. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type DynamicExpressions = ExpressionBuilder<any, any>;
