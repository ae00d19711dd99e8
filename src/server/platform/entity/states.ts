import type { EntityDef } from '../../../shared/entities/define.ts';
import { itemLabel } from '../../../shared/entities/dict-items.ts';
import { MESSAGES, type LocalText } from '../../../shared/i18n/server-messages.ts';
import type { DynamicDb } from '../../db/connect.ts';
import { ApiError, forbidden } from '../errors.ts';
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
