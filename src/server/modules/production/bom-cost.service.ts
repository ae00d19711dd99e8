import { randomUUID } from 'node:crypto';
import { formatDateTime } from '../../../shared/contract/time.ts';
import { bomCost } from '../../../shared/entities/production/bom-cost.ts';
import type { Db } from '../../db/connect.ts';
import type { AuthUser } from '../../platform/auth-context.ts';
import { computedValues } from '../../platform/entity/derived.ts';
import type { KeyValueStore } from '../../platform/kv.ts';
import { background, isDraining } from '../../platform/lifecycle.ts';
import {
  allLines,
  costsOfYear,
  linesBelow,
  mainCustomerOf,
  packagingCostOf,
  validPrices,
  writeRecalculated,
  type CostLine,
  type CostRow,
  type RecalculatedCost,
} from './bom-cost.queries.ts';

/** One line of a BOM as its cost roll-up sees it (`GET bomcost/detail` → `lines`). */
export interface CostedLine {
  componentId: string;
  componentNo: string;
  componentName: string;
  grossQty: number;
  unit: string;
  unitPrice: number | null;
  lineCost: number;
  /** 1: no valid buying price (and no BOM of its own): the line adds nothing. */
  priceMissing: 0 | 1;
  /** Where the unit price comes from: a buying price, the component's BOM cost of the year, or its own roll-up. */
  costSource: 'price' | 'bomcost' | 'bom' | 'none';
  /** Parts below a sub-assembly without a valid buying price (they add nothing to its roll-up). */
  missingBelow: number;
}

/** A part a roll-up found no valid buying price for: it counted 0 (`CostModel.unpriced`). */
export interface UnpricedPart {
  productNo: string;
  productName: string;
}

interface Material {
  cost: number;
  missing: number;
  lines: CostedLine[];
}

interface UnitCost {
  cost: number;
  missing: number;
  source: CostedLine['costSource'];
}

const round = (n: number, places: number) => Math.round(n * 10 ** places) / 10 ** places;
const OTHER_COSTS = ['labor_cost', 'manufacturing_cost', 'packaging_cost', 'freight_cost'] as const;

/**
 * The material cost of BOMs, rolled up through every level in memory from lines, buying prices and the BOM costs of
 * sub-assemblies. A component with BOM cost of the year (in the same currency) costs its total: the stored one
 * (`stored`, what a user's detail shows) or the one this roll-up works out again (a whole year's recalculation,
 * bottom-up by recursion); else a component with a BOM of its own costs its default version's roll-up; else its
 * buying price, or nothing (`priceMissing`).
 */
export class CostModel {
  private readonly bomLines = new Map<string, CostLine[]>();
  private readonly defaults = new Map<string, string>();
  private readonly costRows = new Map<string, CostRow>();
  private readonly materials = new Map<string, Material>();
  private readonly visiting = new Set<string>();
  /** The parts the roll-ups so far found no price for (and no BOM nor cost of their own), by id: each counted 0. */
  readonly unpriced = new Map<string, UnpricedPart>();

  constructor(
    lines: CostLine[],
    private readonly prices: Map<string, number>,
    costs: CostRow[],
    private readonly mode: 'stored' | 'recalculated',
  ) {
    for (const line of lines) {
      const key = `${line.product_id}|${line.bom_version}`;
      this.bomLines.set(key, [...(this.bomLines.get(key) ?? []), line]);
      if (Number(line.is_default) === 1) this.defaults.set(line.product_id, line.bom_version);
    }
    // A part's cost row: the one of its default version, else its first.
    for (const row of costs) {
      const held = this.costRows.get(`${row.product_id}|${row.currency}`);
      if (!held || (held.bom_version !== this.defaults.get(row.product_id) && this.isDefault(row)))
        this.costRows.set(`${row.product_id}|${row.currency}`, row);
    }
  }

  private isDefault(row: CostRow) {
    return this.defaults.get(row.product_id) === row.bom_version;
  }

  /** The material cost of one BOM version in `currency`, with its costed lines. */
  material(productId: string, version: string, currency: string): Material {
    const key = `${productId}|${version}|${currency}`;
    const known = this.materials.get(key);
    if (known) return known;
    this.visiting.add(key);
    let cost = 0;
    let missing = 0;
    const lines: CostedLine[] = [];
    for (const line of this.bomLines.get(`${productId}|${version}`) ?? []) {
      const unit = this.unitCost(line.component_id, currency);
      const grossQty = Number(line.gross_qty);
      const lineCost = round(grossQty * unit.cost, 4);
      cost += lineCost;
      missing += unit.source === 'none' ? 1 : unit.missing;
      if (unit.source === 'none')
        this.unpriced.set(line.component_id, { productNo: line.component_no, productName: line.component_name });
      lines.push({
        componentId: line.component_id,
        componentNo: line.component_no,
        componentName: line.component_name,
        grossQty,
        unit: line.unit,
        unitPrice: unit.source === 'none' ? null : round(unit.cost, 6),
        lineCost,
        priceMissing: unit.source === 'none' ? 1 : 0,
        costSource: unit.source,
        missingBelow: unit.missing,
      });
    }
    this.visiting.delete(key);
    const material = { cost: round(cost, 2), missing, lines };
    this.materials.set(key, material);
    return material;
  }

  /** The cost of one unit of a part: the total cost of its BOM cost row without `stored` totals recomputed. */
  totalOf(row: CostRow): { material: number; total: number; missing: number } {
    const material = this.material(row.product_id, row.bom_version, row.currency);
    const others = OTHER_COSTS.reduce((sum, column) => sum + Number(row[column] ?? 0), 0);
    return { material: material.cost, total: round(material.cost + others, 2), missing: material.missing };
  }

  private unitCost(partId: string, currency: string): UnitCost {
    const row = this.costRows.get(`${partId}|${currency}`);
    const version = this.defaults.get(partId);
    // A cycle (refused on save, so only in foreign data) costs nothing rather than recursing forever.
    const cyclic = (v: string | undefined) => v !== undefined && this.visiting.has(`${partId}|${v}|${currency}`);
    if (row && this.mode === 'stored') return { cost: Number(row.total_cost), missing: 0, source: 'bomcost' };
    if (row && !cyclic(row.bom_version)) {
      const { total, missing } = this.totalOf(row);
      return { cost: total, missing, source: 'bomcost' };
    }
    if (version !== undefined && !cyclic(version)) {
      const { cost, missing } = this.material(partId, version, currency);
      return { cost, missing, source: 'bom' };
    }
    const price = this.prices.get(`${partId}|${currency}`);
    return price === undefined ? { cost: 0, missing: 0, source: 'none' } : { cost: price, missing: 0, source: 'price' };
  }
}

/** Buying prices by part and currency, as the roll-up reads them. */
export const priceMap = (rows: Array<{ product_id: string; currency: string; unit_price: string }>) =>
  new Map(rows.map((p) => [`${p.product_id}|${p.currency}`, Number(p.unit_price)]));

/** 1 January of a cost year: the day its prices are valid on. */
export const firstDayOf = (year: number) => `${String(year).padStart(4, '0')}-01-01`;

export interface CostQuestion {
  productId: string;
  bomVersion: string;
  costYear: number;
  currency: string;
}

/**
 * What `GET bomcost/detail` adds: the BOM version's lines costed, the suggested material cost (the lines with a
 * price), the suggested selling price (valid selling price on 1 January, the part's main customer first) and the
 * suggested packaging cost (the part's packing, its main customer's first).
 */
export async function rollUp(db: Db, tenantId: string, q: CostQuestion) {
  const lines = await linesBelow(db, tenantId, q.productId, q.bomVersion);
  const parts = [...new Set(lines.map((l) => l.component_id))];
  const day = firstDayOf(q.costYear);
  const [prices, costs, customer, packaging] = await Promise.all([
    validPrices(db, tenantId, '2', day, parts),
    costsOfYear(db, tenantId, q.costYear, parts),
    mainCustomerOf(db, tenantId, q.productId),
    packagingCostOf(db, tenantId, q.productId),
  ]);
  const model = new CostModel(lines, priceMap(prices), costs, 'stored');
  const material = model.material(q.productId, q.bomVersion, q.currency);
  const selling = await validPrices(db, tenantId, '1', day, [q.productId], customer);
  const sales = selling.find((p) => p.currency === q.currency);
  return {
    lines: material.lines,
    suggestedMaterialCost: material.cost,
    suggestedSalesPrice: sales ? Number(sales.unit_price) : null,
    suggestedPackagingCost: packaging === undefined ? null : Number(packaging),
  };
}

/** The selling price a new cost row starts with: valid on 1 January of its year, the main customer's first. */
export async function defaultSalesPrice(db: Db, tenantId: string, q: Omit<CostQuestion, 'bomVersion'>) {
  const customer = await mainCustomerOf(db, tenantId, q.productId);
  const selling = await validPrices(db, tenantId, '1', firstDayOf(q.costYear), [q.productId], customer);
  const price = selling.find((p) => p.currency === q.currency);
  return price ? price.unit_price : undefined;
}

export interface JobProgress {
  jobId: string;
  costYear: number;
  total: number;
  done: number;
  state: 'running' | 'done' | 'failed';
  /**
   * Once done: the parts without a valid buying price on 1 January (nor a BOM or cost of their own), counted at 0 —
   * the first UNPRICED_SHOWN by part number, and how many there were.
   */
  unpriced?: UnpricedPart[];
  unpricedCount?: number;
}

/** How many parts without a price a finished job names (its count says the rest). */
export const UNPRICED_SHOWN = 50;

/** Rows written per transaction: other requests get the database between batches. */
export const BATCH_SIZE = 500;
/** How long a finished job's progress stays readable, and how long a lost job blocks its year (seconds). */
const JOB_TTL = 3600;

/**
 * 重新核算 (`bomcost_calculate`): recalculates every cost row of a year in the background, bottom-up, in batches
 * that are each their own transaction, and keeps its progress in the key-value store (shared by every process) for
 * the console to poll. One job per tenant and year at a time: starting it again returns the running one. A job
 * lives in its process: a stop ends it after its current batch (failed, its year free again), a crash ends it at once
 * and its year is free again when its lock expires.
 */
export class BomCostJobs {
  constructor(
    private readonly db: Db,
    private readonly kv: KeyValueStore,
  ) {}

  private progressKey = (tenantId: string, jobId: string) => `bomcost-job:${tenantId}:${jobId}`;
  private lockKey = (tenantId: string, year: number) => `bomcost-job-running:${tenantId}:${year}`;

  async progress(tenantId: string, jobId: string): Promise<JobProgress | undefined> {
    const text = await this.kv.get(this.progressKey(tenantId, jobId));
    return text ? (JSON.parse(text) as JobProgress) : undefined;
  }

  /** Starts the year's recalculation (or finds the running one); resolves once it is counted, not when done. */
  async start(user: AuthUser, costYear: number): Promise<JobProgress> {
    const { tenantId } = user;
    const jobId = randomUUID();
    if (!(await this.kv.claim(this.lockKey(tenantId, costYear), jobId, JOB_TTL))) {
      const running = await this.kv.get(this.lockKey(tenantId, costYear));
      const progress = running ? await this.progress(tenantId, running) : undefined;
      if (progress) return progress;
    }
    const rows = await costsOfYear(this.db, tenantId, costYear);
    const progress: JobProgress = { jobId, costYear, total: rows.length, done: 0, state: 'running' };
    await this.save(tenantId, progress);
    void background(this.run(user, progress, rows));
    return progress;
  }

  private async save(tenantId: string, progress: JobProgress) {
    await this.kv.set(this.progressKey(tenantId, progress.jobId), JSON.stringify(progress), JOB_TTL);
  }

  private async run(user: AuthUser, progress: JobProgress, rows: CostRow[]) {
    const { tenantId } = user;
    try {
      const [lines, prices] = await Promise.all([
        allLines(this.db, tenantId),
        validPrices(this.db, tenantId, '2', firstDayOf(progress.costYear)),
      ]);
      const model = new CostModel(lines, priceMap(prices), rows, 'recalculated');
      for (let start = 0; start < rows.length; start += BATCH_SIZE) {
        if (isDraining()) throw new Error('the server is stopping');
        const batch = rows.slice(start, start + BATCH_SIZE).map((row): RecalculatedCost => {
          const { material } = model.totalOf(row);
          const derived = computedValues(bomCost, { ...row, material_cost: material });
          return {
            id: row.id,
            material_cost: material,
            total_cost: Number(derived.total_cost),
            gross_margin: derived.gross_margin === null ? null : Number(derived.gross_margin),
          };
        });
        await this.db
          .transaction()
          .execute((trx) => writeRecalculated(trx, tenantId, user.userId, formatDateTime(), batch));
        progress.done += batch.length;
        await this.save(tenantId, progress);
        await new Promise((resolve) => setImmediate(resolve));
      }
      const unpriced = [...model.unpriced.values()].sort((a, b) => a.productNo.localeCompare(b.productNo));
      Object.assign(progress, {
        state: 'done',
        unpriced: unpriced.slice(0, UNPRICED_SHOWN),
        unpricedCount: unpriced.length,
      });
    } catch {
      progress.state = 'failed';
    }
    await this.save(tenantId, progress).catch(() => undefined);
    await this.kv.del(this.lockKey(tenantId, progress.costYear)).catch(() => undefined);
  }
}
