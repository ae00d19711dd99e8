import type { Db } from '../../db/connect.ts';

/** Whether live stations stand on the line. */
export async function lineHasStations(db: Db, lineId: string): Promise<boolean> {
  const found = await db
    .selectFrom('erp_station')
    .select('id')
    .where('line_id', '=', lineId)
    .where('is_deleted', '=', 0)
    .limit(1)
    .executeTakeFirst();
  return found !== undefined;
}
