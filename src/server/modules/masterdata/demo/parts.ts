import type { Db } from '../../../db/connect.ts';
import { nextId } from '../../../platform/ids.ts';

/**
 * The demo part master of an automotive body-parts group: a category tree and about 2,000 parts (finished body and
 * chassis parts for the OEM customers' programs, their stampings and weld sub-assemblies, coil and sheet steel,
 * fasteners, consumables and packaging). Generated from a few tables, the same on every run: part numbers are
 * stable, so `npm run demo` adds what is missing and leaves what is there.
 */

/** code, name, item type, parent code ('' for a root) */
const CATEGORIES: ReadonlyArray<readonly [code: string, name: string, type: string, parent: string]> = [
  ['FG', '成品', '1', ''],
  ['FG-BODY', '车身结构件', '1', 'FG'],
  ['FG-CHASSIS', '底盘件', '1', 'FG'],
  ['FG-SEAT', '座椅骨架', '1', 'FG'],
  ['SF', '半成品', '2', ''],
  ['SF-STAMP', '冲压件', '2', 'SF'],
  ['SF-WELD', '焊接分总成', '2', 'SF'],
  ['RM', '原材料', '3', ''],
  ['RM-STEEL', '钢材', '3', 'RM'],
  ['RM-STEEL-CR', '冷轧板', '3', 'RM-STEEL'],
  ['RM-STEEL-HR', '热轧板', '3', 'RM-STEEL'],
  ['RM-STEEL-GI', '镀锌板', '3', 'RM-STEEL'],
  ['RM-AL', '铝材', '3', 'RM'],
  ['PP', '外购件', '4', ''],
  ['PP-FASTENER', '紧固件', '4', 'PP'],
  ['PP-NUT', '焊接螺母/螺栓', '4', 'PP'],
  ['AUX', '辅料', '5', ''],
  ['AUX-WELD', '焊材', '5', 'AUX'],
  ['AUX-COAT', '防锈/涂料', '5', 'AUX'],
  ['PKG', '包材', '6', ''],
  ['SP', '备品备件', '7', ''],
];

/** Customer code, vehicle program, model prefix of its part numbers. */
const PROGRAMS: ReadonlyArray<readonly [customer: string, project: string, prefix: string]> = [
  ['C-FAW-VW', 'VW316', '5G0'],
  ['C-FAW-VW', 'VW427', '3G0'],
  ['C-SAIC-GM', 'GM-E2', '8401'],
  ['C-GAC-HONDA', 'HD-T7A', '6410'],
  ['C-BYD', 'BYD-SA2', 'SA2'],
  ['C-BYD', 'BYD-HC', 'HC1'],
  ['C-GEELY', 'GL-KX11', 'KX11'],
  ['C-GWM', 'GW-P01', 'P01'],
  ['C-NIO', 'NIO-NT2', 'NT2'],
  ['C-LI', 'LI-X01', 'X01'],
  ['C-CHERY', 'CR-T1X', 'T1X'],
  ['C-CAF', 'CAF-CX7', 'CX7'],
];

/** Finished part families: category, name, the sub-assemblies and stampings under each, sides (左/右 or one). */
const FAMILIES: ReadonlyArray<readonly [category: string, name: string, sided: boolean]> = [
  ['FG-BODY', 'A柱内板总成', true],
  ['FG-BODY', 'B柱加强板总成', true],
  ['FG-BODY', '门槛梁总成', true],
  ['FG-BODY', '前纵梁总成', true],
  ['FG-BODY', '后纵梁总成', true],
  ['FG-BODY', '前围板总成', false],
  ['FG-BODY', '后地板总成', false],
  ['FG-BODY', '顶盖横梁总成', false],
  ['FG-CHASSIS', '前副车架总成', false],
  ['FG-CHASSIS', '后扭力梁总成', false],
  ['FG-CHASSIS', '控制臂总成', true],
  ['FG-SEAT', '座椅滑轨总成', true],
];

const STEELS: ReadonlyArray<readonly [category: string, grade: string, name: string]> = [
  ['RM-STEEL-CR', 'DC01', '冷轧板'],
  ['RM-STEEL-CR', 'DC04', '冷轧板'],
  ['RM-STEEL-CR', 'HC340LA', '冷轧高强板'],
  ['RM-STEEL-CR', 'HC420LA', '冷轧高强板'],
  ['RM-STEEL-HR', 'SAPH440', '热轧酸洗板'],
  ['RM-STEEL-HR', 'QStE420TM', '热轧高强板'],
  ['RM-STEEL-GI', 'DX54D+Z', '热镀锌板'],
  ['RM-STEEL-GI', 'HC340LAD+Z', '热镀锌高强板'],
  ['RM-STEEL-GI', 'CR780DP+Z', '镀锌双相钢'],
  ['RM-AL', '5182-O', '铝板'],
];
const THICKNESSES = ['0.7', '0.8', '1.0', '1.2', '1.5', '1.8', '2.0', '2.5', '3.0', '3.5'];

export interface DemoPart {
  productNo: string;
  customerPartNo: string;
  productName: string;
  spec: string;
  productType: string;
  category: string;
  unit: string;
  customer?: string;
  project: string;
  /** The producing company's code (the demo group's 1010 常州 / 1020 苏州). */
  orgId?: string;
  netWeight?: string;
  productStatus: string;
}

/** The demo part list, in a fixed order. */
export function demoParts(): DemoPart[] {
  const parts: DemoPart[] = [];
  for (const [steelIndex, [category, grade, name]] of STEELS.entries()) {
    for (const thickness of THICKNESSES) {
      parts.push({
        productNo: `RM-${grade.replace(/[^A-Za-z0-9]/g, '')}-${thickness.replace('.', '')}`,
        customerPartNo: '',
        productName: `${name} ${grade}`,
        spec: `${grade} ${thickness}mm×1250mm 卷`,
        productType: '3',
        category,
        unit: 'KG',
        project: '',
        productStatus: steelIndex % 7 === 6 ? '3' : '2',
      });
    }
  }
  for (const size of ['M6', 'M8', 'M10', 'M12']) {
    for (const length of [12, 16, 20, 25, 30, 35, 40, 50]) {
      parts.push(
        purchased(`PP-BLT-${size}X${length}`, `六角法兰面螺栓 ${size}×${length}`, 'PP-FASTENER', '10.9级 达克罗'),
      );
    }
    parts.push(purchased(`PP-NUT-${size}`, `凸焊螺母 ${size}`, 'PP-NUT', 'GB/T 13680'));
    parts.push(purchased(`PP-STUD-${size}`, `焊接螺柱 ${size}`, 'PP-NUT', 'ISO 13918'));
  }
  for (const [no, name, spec, unit] of [
    ['AUX-WIRE-10', '气保焊丝', 'ER50-6 Φ1.0', 'KG'],
    ['AUX-WIRE-12', '气保焊丝', 'ER50-6 Φ1.2', 'KG'],
    ['AUX-CO2', '混合保护气', 'Ar80%+CO2 20%', 'L'],
    ['AUX-OIL', '防锈油', 'Anticorit RP 4107', 'L'],
    ['AUX-SEALER', '点焊密封胶', 'Betamate 1496', 'KG'],
  ] as const) {
    parts.push({
      ...purchased(no, name, 'AUX-WELD', spec),
      productType: '5',
      unit,
      category: no.includes('OIL') || no.includes('SEALER') ? 'AUX-COAT' : 'AUX-WELD',
    });
  }
  for (const [no, name, spec] of [
    ['PKG-BOX-1', '塑料周转箱', '600×400×280'],
    ['PKG-BOX-2', '塑料周转箱', '800×600×400'],
    ['PKG-RACK-1', '钢制料架', '1200×1000×1100'],
    ['PKG-CARTON', '瓦楞纸箱', '五层 600×400×300'],
  ] as const) {
    parts.push({ ...purchased(no, name, 'PKG', spec), productType: '6', unit: no.includes('CARTON') ? 'PCS' : 'SET' });
  }
  for (const [no, name] of [
    ['SP-ELEC-01', '焊枪电极帽'],
    ['SP-ELEC-02', '电极握杆'],
    ['SP-PIN-01', '定位销 Φ10'],
    ['SP-PIN-02', '定位销 Φ12'],
  ] as const) {
    parts.push({ ...purchased(no, name, 'SP', ''), productType: '7' });
  }

  // Each program makes each family (both sides when sided): a finished part, two weld sub-assemblies, and four
  // stampings per sub-assembly.
  for (const [programIndex, [customer, project, prefix]] of PROGRAMS.entries()) {
    const orgId = programIndex % 3 === 2 ? '1020' : '1010';
    for (const [familyIndex, [category, family, sided]] of FAMILIES.entries()) {
      for (const side of sided ? ['左', '右'] : ['']) {
        const base = `${prefix}-${String(familyIndex + 1).padStart(2, '0')}${side === '右' ? 'R' : side ? 'L' : ''}`;
        const status = programIndex % 5 === 4 ? '1' : programIndex === 11 ? '4' : '2';
        parts.push({
          productNo: `FG-${base}`,
          customerPartNo: `${prefix}${809 + familyIndex}${side === '右' ? 'B' : 'A'}`,
          productName: `${side}${family}`,
          spec: '',
          productType: '1',
          category,
          unit: 'PCS',
          customer,
          project,
          orgId,
          netWeight: (3 + ((familyIndex * 7 + programIndex) % 11) * 0.8).toFixed(2),
          productStatus: status,
        });
        for (const sub of [1, 2]) {
          parts.push({
            productNo: `SF-${base}-W${sub}`,
            customerPartNo: '',
            productName: `${side}${family.replace('总成', '')}焊接分总成${sub}`,
            spec: '',
            productType: '2',
            category: 'SF-WELD',
            unit: 'PCS',
            customer,
            project,
            orgId,
            productStatus: status,
          });
          for (const piece of [1, 2, 3, 4]) {
            parts.push({
              productNo: `SF-${base}-W${sub}-${piece}`,
              customerPartNo: '',
              productName: `${side}${family.replace('总成', '')}冲压件${sub}-${piece}`,
              spec: `${THICKNESSES[(familyIndex + piece) % THICKNESSES.length]}mm`,
              productType: '2',
              category: 'SF-STAMP',
              unit: 'PCS',
              customer,
              project,
              orgId,
              productStatus: status,
            });
          }
        }
      }
    }
  }
  return parts;
}

function purchased(productNo: string, productName: string, category: string, spec: string): DemoPart {
  return {
    productNo,
    customerPartNo: '',
    productName,
    spec,
    productType: '4',
    category,
    unit: 'PCS',
    project: '',
    productStatus: '2',
  };
}

/** Adds the demo categories and parts of `tenant` that are missing; returns what was added. */
export async function seedDemoParts(db: Db, tenant: string, audit: () => Record<string, unknown>): Promise<string[]> {
  let categoriesAdded = 0;
  const categoryIds = new Map<string, { id: string; ancestors: string }>();
  const existing = await db
    .selectFrom('erp_goods_category')
    .select(['id', 'category_code', 'ancestors'])
    .where('tenant_id', '=', tenant)
    .where('is_deleted', '=', 0)
    .execute();
  for (const row of existing) categoryIds.set(row.category_code, { id: String(row.id), ancestors: row.ancestors });
  // Parents come before their children in CATEGORIES.
  for (const [index, [code, name, type, parentCode]] of CATEGORIES.entries()) {
    if (categoryIds.has(code)) continue;
    const parent = parentCode ? categoryIds.get(parentCode) : undefined;
    const ancestors = parent ? `${parent.ancestors},${parent.id}` : '0';
    const added = await db
      .insertInto('erp_goods_category')
      .values({
        id: nextId(),
        tenant_id: tenant,
        parent_id: parent?.id ?? '0',
        ancestors,
        category_code: code,
        category_name: name,
        category_type: type,
        sort: index,
        ...audit(),
        status: 1,
        is_deleted: 0,
      })
      // A tenant's own category of that name under the parent stays, and holds the demo's rows.
      .onConflict((oc) => oc.doNothing())
      .returning('id')
      .executeTakeFirst();
    const id =
      added?.id ??
      (
        await db
          .selectFrom('erp_goods_category')
          .select('id')
          .where('tenant_id', '=', tenant)
          .where('parent_id', '=', parent?.id ?? '0')
          .where('category_name', '=', name)
          .where('is_deleted', '=', 0)
          .executeTakeFirstOrThrow()
      ).id;
    categoryIds.set(code, { id: String(id), ancestors });
    if (added) categoriesAdded++;
  }

  const customers = new Map(
    (
      await db
        .selectFrom('erp_customer')
        .select(['id', 'customer_code'])
        .where('tenant_id', '=', tenant)
        .where('is_deleted', '=', 0)
        .execute()
    ).map((row) => [row.customer_code, String(row.id)]),
  );
  const rows = demoParts().map((part) => ({
    id: nextId(),
    tenant_id: tenant,
    product_no: part.productNo,
    customer_part_no: part.customerPartNo,
    product_name: part.productName,
    spec: part.spec,
    product_type: part.productType,
    category_id: categoryIds.get(part.category)!.id,
    unit: part.unit,
    customer_id: part.customer ? (customers.get(part.customer) ?? null) : null,
    project: part.project,
    org_id: part.orgId ?? '',
    net_weight: part.netWeight ?? null,
    product_status: part.productStatus,
    ...audit(),
    status: 1,
    is_deleted: 0,
  }));
  let partsAdded = 0;
  for (let start = 0; start < rows.length; start += 500) {
    const added = await db
      .insertInto('erp_product')
      .values(rows.slice(start, start + 500))
      .onConflict((oc) => oc.doNothing())
      .returning('id')
      .execute();
    partsAdded += added.length;
  }
  return [`${categoriesAdded} goods categories`, `${partsAdded} parts`];
}
