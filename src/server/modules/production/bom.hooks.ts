import { BOM_CYCLE } from '../../../shared/entities/production/product-bom.ts';
import type { Db } from '../../db/connect.ts';
import type { AuthUser } from '../../platform/auth-context.ts';
import { failWith } from '../../platform/errors.ts';
import { isId } from '../../platform/ids.ts';
import type { EntityHooks, EntityReaction } from '../../platform/entity/service.ts';
import type { Services } from '../../services.ts';
import { markBomStale, markStale, packagingCostOf } from './bom-cost.queries.ts';
import { defaultSalesPrice, rollUp } from './bom-cost.service.ts';
import {
  containsPart,
  defaultVersionOf,
  keepOneDefault,
  lockTenantBoms,
  makeDefault,
  partUnit,
  versionExists,
} from './bom.queries.ts';

type Row = Record<string, unknown>;
const text = (value: unknown) => (value === undefined || value === null ? '' : String(value));

/**
 * A BOM line's rules beyond its definition, inside the write transaction:
 * - no cycles: the component may not be the parent nor contain it at any level, through any version of any BOM
 *   (not only default versions: a version made default later must not close a cycle either). Writes of a tenant
 *   that add or move an edge are serialised by a lock, so two halves of a cycle saved at once are refused too;
 * - exactly one default version per parent: saving a line as default makes its version the default (every line of
 *   it 1, every line of the other versions 0); a line of the default version stays default (the default moves only
 *   by making another version default); a parent's first version is its default;
 * - a supplier only on buying and subcontracting lines (bom_source 2, 4): cleared on the others;
 * - a new line's unit is its component's unless one is sent.
 */
export function productBomHooks(services: Services): EntityHooks {
  return {
    // A new line without a unit takes its component's (the form's fillFrom, for API clients too).
    async prepare(user, input, inserting) {
      if (!inserting || (input.unit !== undefined && input.unit !== '') || !isId(input.componentId)) return input;
      const unit = await partUnit(services.db, user.tenantId, String(input.componentId));
      return unit ? { ...input, unit } : input;
    },
    async beforeWrite(trx, user, values, before) {
      const row: Row = { ...before, ...values };
      const productId = text(row.product_id);
      const componentId = text(row.component_id);
      const version = text(row.bom_version);
      await lockTenantBoms(trx, user.tenantId);
      const edgeChanged = !before || values.product_id !== undefined || values.component_id !== undefined;
      if (
        edgeChanged &&
        (productId === componentId || (await containsPart(trx, user.tenantId, componentId, productId)))
      )
        throw failWith(BOM_CYCLE);
      if (!['2', '4'].includes(text(row.source_type)) && row.supplier_id) values.supplier_id = null;
      const self = before ? text(before.id) : '0';
      if (Number(row.is_default) === 1) {
        await makeDefault(trx, user.tenantId, productId, version);
        values.is_default = 1;
        return;
      }
      const current = await defaultVersionOf(trx, user.tenantId, productId, self);
      values.is_default = current === undefined || current === version ? 1 : 0;
    },
  };
}

/**
 * Deleted lines: a parent left without a default version gets one (its highest version). A line written or deleted
 * marks stale the BOM costs its BOM feeds (the version's own, and those of every BOM holding the part), so a
 * recalculation never changes a cost shown as up to date.
 */
export function productBomReaction(): EntityReaction {
  const mark = async (trx: Db, user: AuthUser, row: Row | undefined) => {
    if (row?.product_id) await markBomStale(trx, user.tenantId, text(row.product_id), text(row.bom_version));
  };
  return {
    async afterWrite(trx, user, row, before) {
      await mark(trx, user, row);
      if (before && (before.product_id !== row.product_id || before.bom_version !== row.bom_version))
        await mark(trx, user, before);
    },
    async afterRemove(trx, user, rows) {
      await lockTenantBoms(trx, user.tenantId);
      await keepOneDefault(
        trx,
        user.tenantId,
        rows.map((r) => text(r.product_id)),
      );
      for (const row of rows) await mark(trx, user, row);
    },
  };
}

/**
 * A BOM cost's rules beyond its definition: its BOM version exists for the part; a new row without a selling price
 * sent takes the valid selling price of 1 January of its year; a save of its material cost or what its roll-up
 * depends on sets the stale mark to whether the material cost differs from the roll-up (cleared: the user
 * recalculated it with 按BOM计算; set: a typed figure 重新核算 would replace).
 */
export function bomCostHooks(services: Services): EntityHooks {
  return {
    // A new row's selling price and packaging cost, when not sent: the valid selling price and the part's packing.
    async prepare(user, input, inserting) {
      if (!inserting || !isId(input.productId)) return input;
      const productId = String(input.productId);
      const filled = { ...input };
      if (input.packagingCost === undefined) {
        const packaging = await packagingCostOf(services.db, user.tenantId, productId);
        if (packaging !== undefined) filled.packagingCost = packaging;
      }
      if (input.salesPrice !== undefined) return filled;
      const costYear = Number(input.costYear);
      if (!Number.isInteger(costYear) || costYear < 1000 || costYear > 9999) return filled;
      const currency = typeof input.currency === 'string' && input.currency ? input.currency : 'CNY';
      const price = await defaultSalesPrice(services.db, user.tenantId, { productId, costYear, currency });
      return price === undefined ? filled : { ...filled, salesPrice: price };
    },
    async beforeWrite(trx, user, values, before) {
      const row: Row = { ...before, ...values };
      const question = {
        productId: text(row.product_id),
        bomVersion: text(row.bom_version),
        costYear: Number(row.cost_year),
        currency: text(row.currency),
      };
      if (!(await versionExists(trx, user.tenantId, question.productId, question.bomVersion)))
        throw failWith({ zh: '该产品不存在此BOM版本', en: 'The part has no BOM of this version' });
      if (ROLLED_UP_FROM.every((column) => values[column] === undefined)) return;
      const { suggestedMaterialCost } = await rollUp(trx, user.tenantId, question);
      values.stale = Number(row.material_cost) === suggestedMaterialCost ? 0 : 1;
    },
  };
}

/** What a cost row's roll-up is worked out from, beside the BOM lines and prices. */
const ROLLED_UP_FROM = ['material_cost', 'product_id', 'bom_version', 'cost_year', 'currency'];

/**
 * A part's cost is what the BOMs holding it count it at (its total, in its year and currency): a change of its total,
 * or its removal, marks their costs of that year stale.
 */
export function bomCostReaction(): EntityReaction {
  const mark = async (trx: Db, user: AuthUser, row: Row) => {
    const day = `${String(row.cost_year).padStart(4, '0')}-01-01`;
    await markStale(trx, user.tenantId, text(row.product_id), day, day, 'users');
  };
  return {
    async afterWrite(trx, user, row, before) {
      const moved = before && (before.product_id !== row.product_id || before.cost_year !== row.cost_year);
      if (moved) await mark(trx, user, before);
      if (!moved && before && Number(before.total_cost) === Number(row.total_cost) && before.currency === row.currency)
        return;
      await mark(trx, user, row);
    },
    async afterRemove(trx, user, rows) {
      for (const row of rows) await mark(trx, user, row);
    },
  };
}

/** A buying price written or deleted marks stale the BOM costs whose roll-up it feeds, for the years it covers. */
export function priceReaction(): EntityReaction {
  const mark = async (trx: Db, user: AuthUser, row: Row | undefined) => {
    if (!row || text(row.price_type) !== '2' || !row.product_id || !row.valid_from) return;
    const to = row.valid_to ? text(row.valid_to) : null;
    await markStale(
      trx,
      user.tenantId,
      text(row.product_id),
      text(row.valid_from).slice(0, 10),
      to?.slice(0, 10) ?? null,
    );
  };
  return {
    async afterWrite(trx, user, row, before) {
      await mark(trx, user, row);
      await mark(trx, user, before);
    },
    async afterRemove(trx, user, rows) {
      for (const row of rows) await mark(trx, user, row);
    },
  };
}
