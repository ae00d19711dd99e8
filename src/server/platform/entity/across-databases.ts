import { COUNT_CAP } from '../../../shared/contract/page.ts';
import { onDatabase } from '../../db/tenant-context.ts';
import { ApiError } from '../errors.ts';
import { MAX_PAGE_SIZE, type ListQuery } from './conditions.ts';
import type { Page } from './engine-types.ts';
import type { WireRecord } from './types.ts';

/**
 * A page of a list the platform reads across tenants (`platformReadsAll`: the logs of every tenant) when tenants are
 * placed on several databases (db/placement.ts): each database's rows up to the page's end in the list's order,
 * merged in that order, their totals added. A database that does not answer (503) is left out: the platform's screen
 * shows the others' rows, as a request of its tenants fails alone.
 *
 * Deep pages read more: page p of size s reads p × s rows of each database, at most COUNT_CAP (deeper pages ask for
 * a filter, as on one database).
 */
export async function pageAcrossDatabases(
  databases: readonly string[],
  list: Pick<ListQuery, 'current' | 'size' | 'sorts'>,
  rawQuery: Record<string, unknown>,
  pageOf: (query: Record<string, unknown>) => Promise<Page<WireRecord>>,
): Promise<Page<WireRecord>> {
  const end = list.current * list.size;
  const parts = await Promise.all(
    databases.map((database) =>
      onDatabase(database, () => firstRows(end, rawQuery, pageOf)).catch((error: unknown) => {
        if (error instanceof ApiError && error.status === 503) return undefined;
        throw error;
      }),
    ),
  );
  const answered = parts.filter((part) => part !== undefined);
  const counted = answered.reduce((sum, part) => sum + part.total, 0);
  const capped = answered.some((part) => part.capped) || counted > COUNT_CAP;
  const total = capped ? Math.min(counted, COUNT_CAP) : counted;
  const records = answered
    .flatMap((part) => part.records)
    .sort(inOrder(list.sorts))
    .slice(end - list.size, end);
  return {
    records,
    total,
    size: list.size,
    current: list.current,
    pages: Math.ceil(total / list.size),
    ...(capped ? { totalCapped: true } : {}),
  };
}

/** One database's first `end` rows of the list, a page of at most MAX_PAGE_SIZE at a time. */
async function firstRows(
  end: number,
  rawQuery: Record<string, unknown>,
  pageOf: (query: Record<string, unknown>) => Promise<Page<WireRecord>>,
): Promise<{ records: WireRecord[]; total: number; capped: boolean }> {
  const size = Math.min(end, MAX_PAGE_SIZE);
  const records: WireRecord[] = [];
  let total = 0;
  let capped = false;
  for (let current = 1; records.length < end; current++) {
    const page = await pageOf({ ...rawQuery, current: String(current), size: String(size) });
    records.push(...page.records);
    total = page.total;
    capped = Boolean(page.totalCapped);
    if (page.records.length < size) break;
  }
  return { records: records.slice(0, end), total, capped };
}

/**
 * Every row of such a list in its order, `size` at a time (an export): each database's rows read once, in the list's
 * order (`batchesOf`, under that database), merged as they come. Paging the merged list instead read each database's
 * earlier rows again for every page. Unlike a page, a database that does not answer fails the export: a file that
 * silently misses a database's rows would look complete.
 */
export async function* batchesAcrossDatabases(
  databases: readonly string[],
  sorts: ListQuery['sorts'],
  size: number,
  batchesOf: () => AsyncGenerator<WireRecord[]>,
): AsyncGenerator<WireRecord[]> {
  const order = inOrder(sorts);
  const sources = databases.map((database) => {
    const iterator = onDatabase(database, batchesOf);
    return { next: () => onDatabase(database, () => iterator.next()), rows: [] as WireRecord[], at: 0 };
  });
  /** A source's next unmerged rows, read once its buffer is used up: false when the database has none left. */
  const fill = async (source: (typeof sources)[number]): Promise<boolean> => {
    while (source.at === source.rows.length) {
      const step = await source.next();
      if (step.done) return false;
      source.rows = step.value;
      source.at = 0;
    }
    return true;
  };
  // Only the source a row was taken from can run dry: it alone is read again.
  let open = (await Promise.all(sources.map(fill))).flatMap((has, index) => (has ? [sources[index]!] : []));
  let batch: WireRecord[] = [];
  while (open.length) {
    const first = open.reduce((best, source) =>
      order(source.rows[source.at]!, best.rows[best.at]!) < 0 ? source : best,
    );
    batch.push(first.rows[first.at++]!);
    if (batch.length === size) {
      yield batch;
      batch = [];
    }
    if (!(await fill(first))) open = open.filter((source) => source !== first);
  }
  if (batch.length) yield batch;
}

/** The list's order over wire rows, as PostgreSQL sorts them: nulls last ascending, first descending. */
function inOrder(sorts: ListQuery['sorts']) {
  return (a: WireRecord, b: WireRecord): number => {
    for (const { field, direction } of sorts) {
      const order = compareValues(a[field.name], b[field.name]);
      if (order !== 0) return direction === 'asc' ? order : -order;
    }
    return 0;
  };
}

function compareValues(a: unknown, b: unknown): number {
  if (a == null || b == null) return a == null ? (b == null ? 0 : 1) : -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  const [x, y] = [String(a), String(b)];
  // Ids are strings on the wire: compared as the numbers they are.
  if (/^-?\d+$/.test(x) && /^-?\d+$/.test(y)) {
    const [p, q] = [BigInt(x), BigInt(y)];
    return p === q ? 0 : p < q ? -1 : 1;
  }
  return x < y ? -1 : x > y ? 1 : 0;
}
