import { recordChanges } from '../audit/changes.ts';
import { INSERT_BATCH } from '../../db/insert-rows.ts';
import type { DynamicDb } from '../../db/connect.ts';
import type { AuthUser } from '../auth-context.ts';
import { ApiError } from '../errors.ts';
import { readOnce } from './reads.ts';
import { targetsOf } from './refs.ts';
import { takenKeys, uniqueViolation } from './unique.ts';
import type { EntityRows } from './entity-rows.ts';
import type { EntityWrites } from './entity-writes.ts';
import type { BatchError, PreparedSubmit, SubmitMode, WriteContext } from './engine-types.ts';
import type { Row } from './types.ts';

/** Many writes of one entity in one transaction (an Excel import): all saved or none, each refusal by its index. */
export class EntityBatch {
  constructor(
    private readonly rows: EntityRows,
    private readonly writes: EntityWrites,
  ) {}

  private get entity() {
    return this.rows.entity;
  }

  /**
   * Many submits in one transaction (an Excel import): every body is validated exactly as `submit` does, and
   * either all are saved or none, with the error of each failing body by its index. Later bodies see the rows
   * earlier ones wrote (a duplicate key inside the batch, the tenant quota). `refused`: the caller has already
   * refused other rows of the batch (unknown names in an import): every body is still checked, none is saved.
   * `alsoWrite`: the caller's other writes of the same save (rows the batch replaces), in its transaction once every
   * body has been saved.
   */
  async submitAll(
    user: AuthUser,
    bodies: unknown[],
    mode: SubmitMode = 'submit',
    refused = false,
    alsoWrite?: (trx: DynamicDb) => Promise<void>,
  ): Promise<{ saved: number; errors: BatchError[] }> {
    const errors: BatchError[] = [];
    const collect = (index: number, error: unknown) => {
      if (!(error instanceof ApiError)) throw error;
      errors.push({ index, error });
    };
    const prepared: Array<{ index: number; submit: PreparedSubmit }> = [];
    for (const [index, body] of bodies.entries()) {
      try {
        prepared.push({ index, submit: await this.writes.prepareSubmit(user, body, mode) });
      } catch (error) {
        collect(index, error);
      }
    }
    const context = await this.writes.writeContext(user);
    const bulk = this.insertsInBulk(context);
    if (bulk) Object.assign(context, { reads: readOnce(), inserts: { rows: [], keys: new Set<string>() } });
    const rollback = Symbol('rollback');
    const { inserts } = context;
    try {
      await this.rows.deps.db.transaction().execute(async (trx) => {
        const insertedBy: number[] = [];
        let aborted = false;
        for (const { index, submit } of prepared) {
          // The engine's checks throw before anything is written, so the transaction stays usable after a refusal.
          try {
            await this.writes.write(trx, user, context, submit);
            if (inserts && inserts.rows.length > insertedBy.length) insertedBy.push(index);
          } catch (error) {
            const violation = uniqueViolation(error, this.rows.allEntities());
            collect(index, violation ?? error);
            // The database's refusal (a key a concurrent write took since the check) ends the transaction.
            if (violation) {
              aborted = true;
              break;
            }
          }
        }
        if (aborted) throw rollback;
        if (inserts) {
          const taken = await takenKeys(
            trx,
            this.entity,
            user.tenantId,
            inserts.rows.flatMap((pending) => pending.keys),
          );
          inserts.rows.forEach((pending, i) => {
            const key = pending.keys.find((k) => taken.has(k.text));
            if (key) collect(insertedBy[i], key.refusal);
          });
        }
        if (errors.length || refused) throw rollback;
        if (inserts) {
          const left = await this.insertUnlessTaken(
            trx,
            inserts.rows.map((pending) => pending.row),
          );
          if (!left.size) {
            await recordChanges(
              trx,
              this.entity,
              user,
              'insert',
              inserts.rows.map(({ row }) => ({ id: row.id, after: row })),
            );
            await alsoWrite?.(trx);
            return;
          }
          // Rows whose key a concurrent write took since the check: each refused by the key taken now.
          const late = inserts.rows.flatMap((pending, i) =>
            left.has(String(pending.row.id)) ? [{ ...pending, index: insertedBy[i] }] : [],
          );
          const taken = await takenKeys(
            trx,
            this.entity,
            user.tenantId,
            late.flatMap((pending) => pending.keys),
          );
          for (const pending of late) {
            const key = pending.keys.find((k) => taken.has(k.text)) ?? pending.keys[0];
            if (!key) throw new Error(`${this.entity.table}: a row meets a unique index that no unique rule declares`);
            collect(pending.index, key.refusal);
          }
          throw rollback;
        }
        await alsoWrite?.(trx);
      });
    } catch (error) {
      if (error !== rollback) throw error;
    }
    if (errors.length || refused) return { saved: 0, errors: errors.sort((a, b) => a.index - b.index) };
    await this.rows.sweepAttachments(user, context.dropped);
    await this.rows.afterWrite(user);
    return { saved: prepared.length, errors };
  }

  /**
   * Inserts a batch's new rows, INSERT_BATCH a statement; a row meeting a unique index's live key is left out rather
   * than ending the transaction (`on conflict do nothing` waits for a concurrent writer of the key to finish). Returns
   * the ids of the rows left out.
   */
  private async insertUnlessTaken(trx: DynamicDb, rows: Row[]): Promise<Set<string>> {
    const left = new Set(rows.map((row) => String(row.id)));
    for (let i = 0; i < rows.length; i += INSERT_BATCH) {
      const inserted = await trx
        .insertInto(this.entity.table)
        .values(rows.slice(i, i + INSERT_BATCH))
        .onConflict((conflict) => conflict.doNothing())
        .returning('id')
        .execute();
      for (const row of inserted) left.delete(String(row.id));
    }
    return left;
  }

  /**
   * Whether a batch's new rows can wait and go in together (`INSERT` of hundreds): when nothing a row's write sets
   * off reads or follows the rows written before it: no tree, lines, document numbers, reaction, module check inside
   * the transaction or reference to its own entity. Later rows still meet earlier ones' unique keys (kept in memory).
   */
  private insertsInBulk(context: WriteContext): boolean {
    const { entity } = this;
    return (
      !entity.tree &&
      !context.lines.length &&
      !this.rows.reactions.length &&
      !this.rows.hooks.beforeWrite &&
      !this.rows.tables.sequenced &&
      !this.rows.refFields().some((ref) => targetsOf(ref).some((target) => target.name === entity.name))
    );
  }
}
