import { describe, expect, it } from 'vitest';
import { currentPinnedDatabase } from '../../src/server/db/tenant-context.ts';
import { batchesAcrossDatabases } from '../../src/server/platform/entity/across-databases.ts';
import type { ResolvedField } from '../../src/server/platform/entity/fields.ts';
import type { WireRecord } from '../../src/server/platform/entity/types.ts';

/**
 * An export of a list the platform reads across databases (the logs of every tenant, tenants on several databases):
 * each database's batches, read under that database, merged in the list's order (platform/entity/across-databases.ts).
 */
describe('batchesAcrossDatabases', () => {
  const rowsOf: Record<string, WireRecord[]> = {
    main: [3, 5, 8, 13].map((n) => ({ id: String(n), at: `2030-01-${String(n).padStart(2, '0')}` })),
    ds1: [1, 2, 9, 21, 34].map((n) => ({ id: String(n), at: `2030-01-${String(n).padStart(2, '0')}` })),
    ds2: [],
  };
  const field = (name: string) => ({ name }) as ResolvedField;
  const reads: string[] = [];
  /** One database's rows, `size` at a time, as EntityReads.batches gives them: the database comes from the context. */
  async function* batchesOf(descending: boolean, size: number) {
    const database = currentPinnedDatabase()!;
    const rows = descending ? [...rowsOf[database]!].reverse() : rowsOf[database]!;
    for (let i = 0; i < rows.length; i += size) {
      reads.push(database);
      yield rows.slice(i, i + size);
      // The next batch is read under the same database, whichever database the merge read last.
      expect(currentPinnedDatabase()).toBe(database);
    }
  }
  const exported = async (descending: boolean, size: number) => {
    const batches: string[][] = [];
    const sorts = [{ field: field('id'), direction: descending ? 'desc' : 'asc' } as const];
    for await (const batch of batchesAcrossDatabases(['main', 'ds1', 'ds2'], sorts, size, () =>
      batchesOf(descending, size),
    ))
      batches.push(batch.map((row) => row.id as string));
    return batches;
  };

  it('merges the databases in the order of the list, ids compared as numbers, in batches of the size asked', async () => {
    expect(await exported(false, 4)).toEqual([['1', '2', '3', '5'], ['8', '9', '13', '21'], ['34']]);
    expect((await exported(true, 3)).flat()).toEqual(['34', '21', '13', '9', '8', '5', '3', '2', '1']);
  });

  it('reads each database once, never a batch twice', async () => {
    reads.length = 0;
    await exported(false, 2);
    expect(reads.filter((database) => database === 'main')).toHaveLength(2);
    expect(reads.filter((database) => database === 'ds1')).toHaveLength(3);
  });
});
