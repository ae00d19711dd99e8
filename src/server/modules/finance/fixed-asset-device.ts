import type { Db } from '../../db/connect.ts';
import type { EntityReaction } from '../../platform/entity/service.ts';

/**
 * An asset card and its device name each other (domain/README.md: DEVICE |o--o| FIXEDLEDGER): the card's `deviceId`,
 * the device's `assetCode`. Neither side is the only truth, since the domain lets both forms pick the other: the
 * side written last wins and sets the other in the same transaction, so the pair never disagrees. A device is the
 * device of one card at most, and a card the card of one device: linking takes the link from whoever held it.
 */

const text = (value: unknown) => (value === undefined || value === null ? '' : String(value));

/** A card's link written: its device holds its number, no other device does, no other card holds its device. */
export const assetLinksDevice: EntityReaction = {
  async afterWrite(trx, _user, row, before) {
    const code = text(row.asset_code);
    const device = text(row.device_id);
    const [codeWas, deviceWas] = [text(before?.asset_code), text(before?.device_id)];
    if (before && code === codeWas && device === deviceWas) return;
    const tenant = text(row.tenant_id);
    // Devices that named this card (by its old number too) and are no longer its device let it go.
    await unlinkDevices(trx, tenant, [...new Set([code, codeWas].filter(Boolean))], device);
    if (!device) return;
    await trx
      .updateTable('erp_device')
      .set({ asset_code: code })
      .where('tenant_id', '=', tenant)
      .where('id', '=', device)
      .execute();
    await trx
      .updateTable('erp_fixed_ledger')
      .set({ device_id: null })
      .where('tenant_id', '=', tenant)
      .where('device_id', '=', device)
      .where('id', '<>', text(row.id))
      .where('is_deleted', '=', 0)
      .execute();
  },
};

/** A device's asset number written: that card names the device, and no other card does. */
export const deviceLinksAsset: EntityReaction = {
  async afterWrite(trx, _user, row, before) {
    const code = text(row.asset_code);
    if (before && code === text(before.asset_code)) return;
    const tenant = text(row.tenant_id);
    const device = text(row.id);
    await trx
      .updateTable('erp_fixed_ledger')
      .set({ device_id: null })
      .where('tenant_id', '=', tenant)
      .where('device_id', '=', device)
      .where('is_deleted', '=', 0)
      .execute();
    if (!code) return;
    await unlinkDevices(trx, tenant, [code], device);
    await trx
      .updateTable('erp_fixed_ledger')
      .set({ device_id: device })
      .where('tenant_id', '=', tenant)
      .where('asset_code', '=', code)
      .where('is_deleted', '=', 0)
      .execute();
  },
};

/** Devices other than `keep` that hold one of `codes` hold none. */
async function unlinkDevices(trx: Db, tenant: string, codes: string[], keep: string) {
  if (!codes.length) return;
  let devices = trx
    .updateTable('erp_device')
    .set({ asset_code: '' })
    .where('tenant_id', '=', tenant)
    .where('asset_code', 'in', codes)
    .where('is_deleted', '=', 0);
  if (keep) devices = devices.where('id', '<>', keep);
  await devices.execute();
}
