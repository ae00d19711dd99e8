import { readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { serverFile } from '../../server-files.ts';
import type { Db } from '../../db/connect.ts';
import { SEED } from '../system/install.ts';
import { deploy } from './flow-definitions.ts';

/**
 * Seed of the workflow (issue 5): the leave and fund-approval models, deployed for the platform tenant 000000 with
 * their `flow` dictionary categories. Idempotent: a model or deployment that exists is left as it is.
 */
const MODELS_DIR = serverFile('modules', 'flow', 'models');
const SEED_TIME = '2018-08-08 08:08:08';
const ADMIN = SEED.userAdmin;

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

const SEED_MODELS: SeedModel[] = [
  {
    id: '1123598822738675201',
    key: 'Leave',
    name: '请假流程',
    path: join(MODELS_DIR, 'leave.bpmn20.xml'),
    category: '1',
    tenantId: '000000',
  },
  {
    id: '1123598822738675202',
    key: 'Finance',
    name: '资金审批流程',
    path: join(MODELS_DIR, 'finance.bpmn20.xml'),
    category: '2',
    tenantId: '000000',
  },
];

export const seedFlow = (trx: Db): Promise<void> => seedModels(trx, SEED_MODELS);

/** Saves each model and deploys it once for its tenant; a model or deployment that exists is left as it is. */
export async function seedModels(trx: Db, models: readonly SeedModel[]): Promise<void> {
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
        create_user: ADMIN,
        create_time: SEED_TIME,
        update_user: ADMIN,
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
      await deploy(trx, ADMIN, {
        xml,
        category: model.category,
        tenantIds: [model.tenantId],
        resourceName: file,
        modelId: model.id,
      });
  }
}
