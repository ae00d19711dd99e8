import { BUDGET_CONTROL_PARAM } from '../../../shared/entities/finance/expense.ts';
import type { Db } from '../../db/connect.ts';
import { insertSeedRows, SEED_AUDIT } from '../system/install.ts';

/**
 * The parameter of expense budget control (expense-budget.ts), in the 参数管理 screen with the modes in its remark; an
 * administrator's value, or its deletion, is kept (the row is only added where its id is new).
 */
export async function installBudgetControl(trx: Db): Promise<void> {
  await insertSeedRows(trx, 'blade_param', [
    {
      id: '1123598819738675211',
      param_name: '费用报销预算控制',
      param_key: BUDGET_CONTROL_PARAM,
      param_value: 'warn',
      remark: `warn 超预算提醒审批人；stop 超预算不能提交；off 不控制。单个租户另设参数 ${BUDGET_CONTROL_PARAM}.<租户ID>`,
      ...SEED_AUDIT,
    },
  ]);
}
