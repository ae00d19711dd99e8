import { describe, expect, it } from 'vitest';
import { stateAllows } from '../../src/shared/entities/define.ts';
import { customer } from '../../src/shared/entities/masterdata/customer.ts';
import { PLAN_STATUS, prodplane } from '../../src/shared/entities/production/prodplane.ts';
import { HANDLE_STATUS, inventoryLog } from '../../src/shared/entities/warehouse/inventory-log.ts';

/** Lists offer 修改/删除 by the server's own state rules (states.frozen, states.next, states.kept). */
describe('row actions by state', () => {
  it('offer neither on a posted movement, both on a pending one', () => {
    const posted = { handleStatus: HANDLE_STATUS.handled };
    const pending = { handleStatus: HANDLE_STATUS.pending };
    expect([stateAllows(inventoryLog, posted, 'edit'), stateAllows(inventoryLog, posted, 'delete')]).toEqual([
      false,
      false,
    ]);
    expect([stateAllows(inventoryLog, pending, 'edit'), stateAllows(inventoryLog, pending, 'delete')]).toEqual([
      true,
      true,
    ]);
  });

  it('edit a released plan (actuals, or back to draft) but keep a closed one', () => {
    expect(stateAllows(prodplane, { planStatus: PLAN_STATUS.released }, 'edit')).toBe(true);
    expect(stateAllows(prodplane, { planStatus: PLAN_STATUS.released }, 'delete')).toBe(true);
    expect(stateAllows(prodplane, { planStatus: PLAN_STATUS.closed }, 'edit')).toBe(false);
    expect(stateAllows(prodplane, { planStatus: PLAN_STATUS.closed }, 'delete')).toBe(false);
  });

  it('leave entities without states alone', () => {
    expect(stateAllows(customer, {}, 'edit')).toBe(true);
    expect(stateAllows(customer, {}, 'delete')).toBe(true);
  });
});
