import type { EntityDef, LineDef } from '../../../shared/entities/define.ts';
import { MESSAGES } from '../../../shared/i18n/server-messages.ts';
import type { DynamicDb } from '../../db/connect.ts';
import type { AuthUser } from '../auth-context.ts';
import { ApiError, fail } from '../errors.ts';
import { isId } from '../ids.ts';
import { fieldsOf } from './fields.ts';
import type { Row, VisibleRows, WireRecord } from './types.ts';

export const linesOf = (entity: EntityDef): Record<string, LineDef> => entity.lines ?? {};

/** What a line writer needs of the line entity's service (kept apart so the two files do not import each other). */
export interface LineTarget<C> {
  readonly entity: EntityDef;
  /** Validates and saves one line exactly as its own `submit` would, inside `trx`. */
  writeLine(trx: DynamicDb, user: AuthUser, context: C, body: Row): Promise<void>;
  /** The live lines of one header (with their reference names), in the line entity's default order. */
  lineRows(db: DynamicDb, visible: VisibleRows, column: string, headerId: string): Promise<Row[]>;
  wire(rows: Row[]): Promise<WireRecord[]>;
  /** Soft delete of the live rows whose `column` is one of `values`. */
  removeWhere(trx: DynamicDb, user: AuthUser, column: string, values: string[]): Promise<void>;
}

/** Lines of one kind of a header: the body's array is the full list, so lines left out are deleted. */
export class LineWriter<C extends { visible: VisibleRows }> {
  private readonly column: string;

  constructor(
    readonly key: string,
    private readonly line: LineDef,
    private readonly target: LineTarget<C>,
    private readonly context: C,
  ) {
    this.column = fieldsOf(target.entity).get(line.foreignKey)!.column;
  }

  /** Nothing changes when the body has no array under the key (an edit of the header alone). */
  async write(trx: DynamicDb, user: AuthUser, headerId: string, input: Row): Promise<void> {
    const sent = input[this.key];
    if (sent === undefined) return;
    if (!Array.isArray(sent)) throw new ApiError(400, MESSAGES.fieldType, { label: this.line.label });
    const existing = new Set(
      (await this.target.lineRows(trx, this.context.visible, this.column, headerId)).map((l) => String(l.id)),
    );
    const kept = new Set<string>();
    for (const [index, body] of sent.entries()) {
      try {
        if (!body || typeof body !== 'object' || Array.isArray(body)) throw fail('unreadable');
        const line = { ...(body as Row), [this.line.foreignKey]: headerId };
        if (isId(line.id) && String(line.id) !== '0') {
          // An id names a line of this header: another header's line is not moved here.
          if (!existing.has(String(line.id))) throw new ApiError(400, MESSAGES.dataNotFound);
          kept.add(String(line.id));
        } else {
          delete line.id;
        }
        await this.target.writeLine(trx, user, this.context, line);
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        throw new ApiError(error.status, MESSAGES.line, {
          name: index + 1,
          label: { zh: error.textIn('zh'), en: error.textIn('en') },
        });
      }
    }
    const removed = [...existing].filter((id) => !kept.has(id));
    if (removed.length) await this.target.removeWhere(trx, user, 'id', removed);
  }

  async read(db: DynamicDb, headerId: string): Promise<WireRecord[]> {
    return this.target.wire(await this.target.lineRows(db, this.context.visible, this.column, headerId));
  }
}
