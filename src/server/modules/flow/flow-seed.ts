import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db } from '../../db/connect.ts';
import { SEED } from '../system/install.ts';
import { deploy } from './flow-definitions.ts';

/**
 * Seed of the workflow (issue 5): the leave and fund-approval models, deployed for the platform tenant 000000 with
 * their `flow` dictionary categories. Idempotent: a model or deployment that exists is left as it is.
 */
const MODELS_DIR = join(dirname(fileURLToPath(import.meta.url)), 'models');
const SEED_TIME = '2018-08-08 08:08:08';
const ADMIN = SEED.userAdmin;

const SEED_MODELS = [
  { id: '1123598822738675201', key: 'Leave', name: '请假流程', file: 'leave.bpmn20.xml', category: '1' },
  { id: '1123598822738675202', key: 'Finance', name: '资金审批流程', file: 'finance.bpmn20.xml', category: '2' },
];

export async function seedFlow(trx: Db): Promise<void> {
  for (const model of SEED_MODELS) {
    const xml = readFileSync(join(MODELS_DIR, model.file), 'utf8');
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
      .where('tenant_id', '=', '000000')
      .where('process_key', '=', model.key)
      .executeTakeFirst();
    if (!deployed)
      await deploy(trx, ADMIN, {
        xml,
        category: model.category,
        tenantIds: ['000000'],
        resourceName: model.file,
        modelId: model.id,
      });
  }
}
