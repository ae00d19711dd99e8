/**
 * The movement type, warehouse and company a user entered last, kept on the device per user (`<tenant>:<user>`, the
 * queue's owner): the next form starts from them, and two keepers sharing a tablet each keep their own.
 */
export interface MovementDefaults {
  bizType: string;
  warehouse: string;
  orgId: string;
}

const keyOf = (owner: string) => `tenon.movement-defaults.${owner}`;

export function loadMovementDefaults(owner: string): Partial<MovementDefaults> {
  try {
    const kept = JSON.parse(localStorage.getItem(keyOf(owner)) ?? '{}') as Partial<MovementDefaults>;
    return {
      ...(typeof kept.bizType === 'string' ? { bizType: kept.bizType } : {}),
      ...(typeof kept.warehouse === 'string' ? { warehouse: kept.warehouse } : {}),
      ...(typeof kept.orgId === 'string' ? { orgId: kept.orgId } : {}),
    };
  } catch {
    // No storage (some private modes) or a damaged entry: the form starts empty.
    return {};
  }
}

export function saveMovementDefaults(owner: string, { bizType, warehouse, orgId }: MovementDefaults) {
  try {
    localStorage.setItem(keyOf(owner), JSON.stringify({ bizType, warehouse, orgId }));
  } catch {
    // A full or missing storage only costs the defaults.
  }
}
