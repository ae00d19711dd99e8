import type { Db } from '../../db/connect.ts';
import { seedDemoBoms } from './demo-bom.ts';

/**
 * Demo production data (`npm run demo`) of tenant 000000, after the master data's (companies, parts, employees):
 * each step adds its rows once and says what it added.
 */
export async function seedProductionDemo(db: Db): Promise<string[]> {
  const added: string[] = [];
  void db;
  added.push(...(await seedDemoBoms(db)));
  return added;
}
