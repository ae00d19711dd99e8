import { formatDateTime } from '../../../../shared/contract/time.ts';
import { bomCost } from '../../../../shared/entities/production/bom-cost.ts';
import { productBom } from '../../../../shared/entities/production/product-bom.ts';
import type { Db } from '../../../db/connect.ts';
import { computedValues } from '../../../platform/entity/derived.ts';
import { nextId } from '../../../platform/ids.ts';
import { SEED } from '../../system/install.ts';
import { demoParts, type DemoPart } from '../../masterdata/demo/parts.ts';
import { allLines, validPrices } from '../bom-cost.queries.ts';
import { CostModel, firstDayOf, priceMap } from '../bom-cost.service.ts';

/** One demo BOM line: parent and component part numbers and the line's figures. */
interface DemoLine {
  parent: string;
  component: string;
  lineNo: number;
  qty: number;
  unit: string;
  lossRate: number;
  /** bom_source: 1 make, 2 buy */
  sourceType: string;
  supplier?: string;
}

/**
 * The demo BOMs, four levels deep, over the demo parts: each finished part (a door ring, a pillar, a sub-frame)
 * → its two weld sub-assemblies, weld nuts and welding wire → each sub-assembly's four stampings and its bolts →
 * each stamping's steel coil (in kg, its gauge, with the press shop's scrap). About 5,000 lines.
 */
export function demoBomLines(parts: readonly DemoPart[]): DemoLine[] {
  const coils = parts.filter((p) => p.productType === '3' && p.unit === 'KG' && !p.productNo.startsWith('RM-5182'));
  const lines: DemoLine[] = [];
  let finished = 0;
  for (const part of parts) {
    const nos = /^SF-(.+)-W(\d)-(\d)$/.exec(part.productNo);
    if (part.productType === '1') {
      finished++;
      const base = part.productNo.slice(3);
      lines.push(
        {
          parent: part.productNo,
          component: `SF-${base}-W1`,
          lineNo: 10,
          qty: 1,
          unit: 'PCS',
          lossRate: 0,
          sourceType: '1',
        },
        {
          parent: part.productNo,
          component: `SF-${base}-W2`,
          lineNo: 20,
          qty: 1,
          unit: 'PCS',
          lossRate: 0,
          sourceType: '1',
        },
        {
          parent: part.productNo,
          component: `PP-NUT-M${finished % 2 ? 8 : 10}`,
          lineNo: 30,
          qty: 2 + (finished % 4),
          unit: 'PCS',
          lossRate: 0.005,
          sourceType: '2',
          supplier: 'S-FASTENER',
        },
        {
          parent: part.productNo,
          component: 'AUX-WIRE-10',
          lineNo: 40,
          qty: 0.05,
          unit: 'KG',
          lossRate: 0.02,
          sourceType: '2',
          supplier: 'S-BOSCH',
        },
      );
    } else if (/^SF-.+-W\d$/.test(part.productNo)) {
      for (const piece of [1, 2, 3, 4])
        lines.push({
          parent: part.productNo,
          component: `${part.productNo}-${piece}`,
          lineNo: piece * 10,
          qty: piece === 4 ? 2 : 1,
          unit: 'PCS',
          lossRate: 0,
          sourceType: '1',
        });
      lines.push({
        parent: part.productNo,
        component: 'PP-BLT-M8X20',
        lineNo: 50,
        qty: 2,
        unit: 'PCS',
        lossRate: 0.01,
        sourceType: '2',
        supplier: 'S-FASTENER',
      });
    } else if (nos) {
      const gauge = part.spec.replace('mm', '');
      const fitting = coils.filter((c) => c.productNo.endsWith(`-${gauge.replace('.', '')}`));
      const coil = fitting[(Number(nos[2]) * 5 + Number(nos[3]) + nos[1].length) % fitting.length];
      const weight = 0.6 + ((nos[1].charCodeAt(nos[1].length - 1) + Number(nos[3]) * 7) % 23) * 0.15;
      lines.push({
        parent: part.productNo,
        component: coil.productNo,
        lineNo: 10,
        qty: Math.round(weight * Number(gauge) * 100) / 100,
        unit: 'KG',
        lossRate: [0.08, 0.12, 0.15, 0.1][Number(nos[3]) - 1],
        sourceType: '2',
        supplier: coil.productNo.startsWith('RM-DX') || coil.productNo.includes('Z') ? 'S-ANSTEEL' : 'S-BAOSTEEL',
      });
    }
  }
  return lines;
}

/**
 * Adds the demo BOMs of tenant 000000 and, for 2026, a cost of each finished part: material rolled up from the
 * buying prices as 重新核算 rolls it up (a part without a price counts 0, as there: the stored costs are what a
 * recalculation gives, and none is stale), labour, overhead, packaging and freight from its weight, and its selling
 * price about 20 % over its cost. Idempotent: existing lines and costs stay.
 */
export async function seedDemoBoms(db: Db): Promise<string[]> {
  const tenant = '000000';
  const parts = demoParts();
  const ids = new Map(
    (
      await db
        .selectFrom('erp_product')
        .select(['id', 'product_no', 'product_name', 'spec'])
        .where('tenant_id', '=', tenant)
        .where('is_deleted', '=', 0)
        .execute()
    ).map((r) => [r.product_no, r]),
  );
  const suppliers = new Map(
    (
      await db
        .selectFrom('erp_supplier')
        .select(['id', 'supplier_code'])
        .where('tenant_id', '=', tenant)
        .where('is_deleted', '=', 0)
        .execute()
    ).map((r) => [r.supplier_code, String(r.id)]),
  );
  const now = formatDateTime();
  const audit = {
    create_user: SEED.userAdmin,
    create_dept: SEED.deptRoot,
    create_time: now,
    update_user: SEED.userAdmin,
    update_time: now,
    status: 1,
    is_deleted: 0,
  };
  const rows = demoBomLines(parts).flatMap((line) => {
    const parent = ids.get(line.parent);
    const component = ids.get(line.component);
    if (!parent || !component) return [];
    const row = {
      id: nextId(),
      tenant_id: tenant,
      product_id: String(parent.id),
      product_no: parent.product_no,
      product_name: parent.product_name,
      bom_version: 'V1.0',
      is_default: 1,
      line_no: line.lineNo,
      component_id: String(component.id),
      component_no: component.product_no,
      component_name: component.product_name,
      component_spec: component.spec,
      qty: String(line.qty),
      unit: line.unit,
      loss_rate: String(line.lossRate),
      source_type: line.sourceType,
      supplier_id: line.supplier ? (suppliers.get(line.supplier) ?? null) : null,
      remark: '',
      ...audit,
    };
    return [{ ...row, gross_qty: String(computedValues(productBom, row).gross_qty) }];
  });
  let linesAdded = 0;
  for (let start = 0; start < rows.length; start += 500) {
    const added = await db
      .insertInto('erp_product_bom')
      .values(rows.slice(start, start + 500))
      .onConflict((oc) => oc.doNothing())
      .returning('id')
      .execute();
    linesAdded += added.length;
  }

  const year = 2026;
  const [lines, prices] = await Promise.all([allLines(db, tenant), validPrices(db, tenant, '2', firstDayOf(year))]);
  const model = new CostModel(lines, priceMap(prices), [], 'recalculated');
  const costs = parts
    .filter((p) => p.productType === '1')
    .flatMap((part, index) => {
      const id = ids.get(part.productNo);
      if (!id) return [];
      const material = model.material(String(id.id), 'V1.0', 'CNY').cost;
      const weight = Number(part.netWeight ?? 5);
      const row = {
        id: nextId(),
        tenant_id: tenant,
        product_id: String(id.id),
        product_no: id.product_no,
        product_name: id.product_name,
        bom_version: 'V1.0',
        cost_year: year,
        currency: 'CNY',
        material_cost: material.toFixed(2),
        labor_cost: (weight * 3.1).toFixed(2),
        manufacturing_cost: (weight * 4.4).toFixed(2),
        packaging_cost: (1.2 + (index % 5) * 0.3).toFixed(2),
        freight_cost: (weight * 0.45).toFixed(2),
        sales_price: null as string | null,
        stale: 0,
        remark: '',
        ...audit,
      };
      const total = Number(computedValues(bomCost, row).total_cost);
      row.sales_price = (total * (1.12 + (index % 7) * 0.03)).toFixed(2);
      const derived = computedValues(bomCost, row);
      const margin = derived.gross_margin;
      return [
        { ...row, total_cost: String(derived.total_cost), gross_margin: margin === null ? null : String(margin) },
      ];
    });
  const added = costs.length
    ? await db
        .insertInto('erp_bom_cost')
        .values(costs)
        .onConflict((oc) => oc.doNothing())
        .returning('id')
        .execute()
    : [];
  return [`${linesAdded} BOM lines`, `${added.length} BOM costs of ${year}`];
}
