import { join } from 'node:path';
import { serverFile } from '../../server-files.ts';
import type { Db } from '../../db/connect.ts';
import { seedModels, type SeedModel } from '../../platform/workflow/index.ts';
import { SEED } from '../system/install.ts';

/**
 * Seed of the workflow (issue 5): the leave and fund-approval models, deployed for the platform tenant 000000 with
 * their `flow` dictionary categories. Idempotent: a model or deployment that exists is left as it is.
 */
const MODELS_DIR = serverFile('modules', 'flow', 'models');

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

export const seedFlow = (trx: Db): Promise<void> => seedModels(trx, SEED_MODELS, SEED.userAdmin);
