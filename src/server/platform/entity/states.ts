import type { EntityDef } from '../../../shared/entities/define.ts';
import { itemLabel } from '../../../shared/entities/dict-items.ts';
import { MESSAGES, type LocalText } from '../../../shared/i18n/server-messages.ts';
import type { DynamicDb } from '../../db/connect.ts';
import { ApiError, failWith, forbidden } from '../errors.ts';
import { fieldsOf, type ResolvedField } from './fields.ts';
import type { Row } from './types.ts';

/** The button codes a state machine's changes need (resolved before the write's transaction opens). */
export const stateCodes = (entity: EntityDef): string[] => Object.values(entity.states?.needs ?? {});

/**
 * Refuses a state the machine does not allow: a new row must start in an initial state, a changed state must be one
 * the old state leads to, with the button permission the change needs (`granted`).
 */
export async function checkTransition(
  trx: DynamicDb,
  entity: EntityDef,
  tenantId: string,
  values: Row,
  before: Row | undefined,
  granted: ReadonlySet<string>,
): Promise<void> {
  const states = entity.states;
  if (!states) return;
  const field = fieldsOf(entity).get(states.field)!;
  const to = values[field.column] === undefined ? undefined : String(values[field.column]);
  if (to === undefined) return;
  if (!before) {
    if (!states.initial.includes(to))
      throw new ApiError(400, MESSAGES.stateInitial, {
        label: field.label,
        to: await stateLabel(trx, field, tenantId, to),
      });
    return;
  }
  const from = String(before[field.column]);
  if (from === to) return;
  if (!(states.next[from] ?? []).includes(to)) {
    const [fromLabel, toLabel] = await Promise.all([
      stateLabel(trx, field, tenantId, from),
      stateLabel(trx, field, tenantId, to),
    ]);
    throw new ApiError(400, MESSAGES.stateChange, { label: field.label, from: fromLabel, to: toLabel });
  }
  const code = states.needs?.[`${from}>${to}`];
  if (code && !granted.has(code)) throw forbidden(code);
}

/**
 * Refuses changing what the row's state keeps. `to` leaves it free when it keeps nothing itself (a plan taken back to
 * draft is edited in the same save).
 */
export function checkFrozen(entity: EntityDef, values: Row, before: Row | undefined): void {
  const states = entity.states;
  if (!states?.frozen || !before) return;
  const fields = fieldsOf(entity);
  const column = fields.get(states.field)!.column;
  const from = String(before[column]);
  const to = values[column] === undefined ? from : String(values[column]);
  const rule = states.frozen[from];
  if (!rule || !states.frozen[to]) return;
  const open = new Set<string>([states.field, ...(rule.open ?? []), ...(states.setOnMove?.[`${from}>${to}`] ?? [])]);
  for (const field of fields.values()) {
    if (open.has(field.name) || !(field.column in values)) continue;
    if (!sameValue(field, values[field.column], before[field.column])) throw failWith(rule.message).about(field.name);
  }
}

/**
 * Refuses changing a field only a move writes (`setOnMove`) on any other write: a new row, an edit that stays in its
 * state or makes another move. Runs after `checkFrozen`, whose message comes first where the state keeps the field.
 */
export async function checkSetOnMove(
  trx: DynamicDb,
  entity: EntityDef,
  tenantId: string,
  values: Row,
  before: Row | undefined,
): Promise<void> {
  const states = entity.states;
  if (!states?.setOnMove) return;
  const fields = fieldsOf(entity);
  const state = fields.get(states.field)!;
  const from = before ? String(before[state.column]) : undefined;
  const to = values[state.column] === undefined ? from : String(values[state.column]);
  for (const [move, names] of Object.entries(states.setOnMove)) {
    if (before && move === `${from}>${to}`) continue;
    for (const name of names) {
      const field = fields.get(name)!;
      if (!(field.column in values) || sameValue(field, values[field.column], before?.[field.column])) continue;
      const [moveFrom, moveTo] = await Promise.all(move.split('>').map((key) => stateLabel(trx, state, tenantId, key)));
      throw new ApiError(400, MESSAGES.setOnMove, { label: field.label, from: moveFrom, to: moveTo }).about(name);
    }
  }
}

/** Refuses deleting rows in a state that keeps them; none is deleted. */
export async function checkKept(trx: DynamicDb, entity: EntityDef, ids: string[]): Promise<void> {
  const kept = entity.states?.kept;
  if (!kept) return;
  const column = fieldsOf(entity).get(entity.states!.field)!.column;
  const found = await trx
    .selectFrom(entity.table)
    .select(column)
    .where('id', 'in', ids)
    .where(column, 'in', Object.keys(kept))
    .limit(1)
    .executeTakeFirst();
  if (found) throw failWith(kept[String(found[column])]);
}

/** A value sent and the stored one are the same: numbers by value (`100` and `'100.00'`), blanks alike. */
function sameValue(field: ResolvedField, sent: unknown, stored: unknown): boolean {
  const blank = (v: unknown) => v === null || v === undefined || v === '';
  if (blank(sent) || blank(stored)) return blank(sent) && blank(stored);
  if (['int', 'switch', 'money', 'decimal'].includes(field.type)) return Number(sent) === Number(stored);
  if (field.type === 'date') return String(sent).slice(0, 10) === String(stored).slice(0, 10);
  return String(sent) === String(stored);
}

/** A state's name for the message: its business dictionary item, else the key itself. */
async function stateLabel(trx: DynamicDb, field: ResolvedField, tenantId: string, key: string): Promise<LocalText> {
  if (!field.bizDict) return { zh: key, en: key };
  const item = await trx
    .selectFrom('blade_dict_biz')
    .select(['dict_value', 'remark'])
    .where('tenant_id', '=', tenantId)
    .where('code', '=', field.bizDict)
    .where('dict_key', '=', key)
    .where('parent_id', '<>', '0')
    .where('is_deleted', '=', 0)
    .executeTakeFirst();
  if (!item) return { zh: key, en: key };
  const entry = { dictValue: String(item.dict_value), remark: String(item.remark ?? '') };
  return { zh: itemLabel(entry, 'zh'), en: itemLabel(entry, 'en') };
}
