import type { Db } from '../../../db/connect.ts';
import { seedNpiDemo, seedNpiManagerDemo } from './npi-projects.ts';
import { seedDemoPlan } from './plans.ts';
import { seedShopfloorDemo } from './shopfloor.ts';
import { seedDemoBoms } from './boms.ts';

/**
 * Demo production data (`npm run demo`) of tenant 000000, after the master data's (companies, parts, employees):
 * each step adds its rows once and says what it added.
 */
export async function seedProductionDemo(db: Db): Promise<string[]> {
  const added: string[] = [];
  added.push(...(await seedShopfloorDemo(db)));
  added.push(...(await seedNpiDemo(db)));
  added.push(...(await seedNpiManagerDemo(db)));
  added.push(...(await seedDemoPlan(db)));
  added.push(...(await seedDemoBoms(db)));
  return added;
}
