import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import type { Db } from '../../db/connect.ts';
import { deploy } from './flow-definitions.ts';

/** The time a shipped model was saved: fixed, so a seeded install reads the same everywhere. */
const SEED_TIME = '2018-08-08 08:08:08';

/** A model a module ships: its file, and the tenant it is deployed for (`''`: one definition every tenant shares). */
export interface SeedModel {
  id: string;
  key: string;
  name: string;
  /** the BPMN file's path */
  path: string;
  category: string;
  tenantId: string;
}

/**
 * Saves each model and deploys it once for its tenant, both in the name of `adminId` (the seeded administrator); a
 * model or deployment that exists is left as it is.
 */
export async function seedModels(trx: Db, models: readonly SeedModel[], adminId: string): Promise<void> {
  for (const model of models) {
    const xml = readFileSync(model.path, 'utf8');
    const file = basename(model.path);
    await trx
      .insertInto('blade_flow_model')
      .values({
        id: model.id,
        tenant_id: '000000',
        model_key: model.key,
        name: model.name,
        description: '',
        xml,
        version: 1,
        model_type: 0,
        create_user: adminId,
        create_time: SEED_TIME,
        update_user: adminId,
        update_time: SEED_TIME,
        status: 1,
        is_deleted: 0,
      })
      .onConflict((oc) => oc.doNothing())
      .execute();
    const deployed = await trx
      .selectFrom('blade_flow_definition')
      .select('id')
      .where('tenant_id', '=', model.tenantId)
      .where('process_key', '=', model.key)
      .executeTakeFirst();
    if (!deployed)
      await deploy(trx, adminId, {
        xml,
        category: model.category,
        tenantIds: [model.tenantId],
        resourceName: file,
        modelId: model.id,
      });
  }
}
