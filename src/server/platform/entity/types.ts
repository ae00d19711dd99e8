import type { EntityDef } from '../../../shared/entities/define.ts';
import type { DynamicDb, DynamicQuery } from '../../db/connect.ts';
import type { AuthUser } from '../auth-context.ts';

/** A row as the database returns it (snake_case columns). */
export type Row = Record<string, unknown>;
/** A record as the wire carries it (camelCase keys, ids as strings). */
export type WireRecord = Record<string, unknown>;
/** The caller's visible rows of an entity's table: tenant, owner and data scope already applied. */
export type VisibleRows = (db: DynamicDb) => DynamicQuery;

/** What the tree routes need of the entity's service (kept apart so the two files do not import each other). */
export interface RowSource {
  readonly entity: EntityDef;
  visibleRows(user: AuthUser): Promise<VisibleRows>;
  wire(rows: Row[]): Promise<WireRecord[]>;
  /** Every column plus the reference names joined in (what `wire` expects). */
  selectColumns<Q extends DynamicQuery>(query: Q): DynamicQuery;
}
