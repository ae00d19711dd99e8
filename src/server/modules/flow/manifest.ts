import { flowEndpoint } from '../../../shared/entities/flow/endpoint.ts';
import { approvalHomeChart } from './home-chart.ts';
import { finance } from '../../../shared/entities/flow/finance.ts';
import { leave } from '../../../shared/entities/flow/leave.ts';
import { defineModule } from '../../platform/module.ts';
import { addApproverRoles, COPY_HOOK } from '../../platform/workflow/index.ts';
import { flowRoutes } from './flow.routes.ts';
import { leaveHooks } from './leave.hooks.ts';
import { endpointHooks } from './endpoint.hooks.ts';
import { seedFlow } from './flow-seed.ts';
import { flowMenu, WORK_USER_MENUS, workMenu } from './menus.ts';
import { SEED } from '../system/install.ts';

/** Workflow: models, deployments, the approval inbox and the business processes (leave, fund). */
export const flowModule = defineModule({
  name: 'flow',
  entities: [leave, finance, flowEndpoint],
  hooks: { [leave.name]: leaveHooks, [flowEndpoint.name]: endpointHooks },
  // 抄送 as a step of a process (a service task `flowable:type="hook"` with the field hook = flow.copy).
  flowHooks: { 'flow.copy': () => COPY_HOOK },
  routes: [flowRoutes],
  homeChart: approvalHomeChart,
  menus: [flowMenu, workMenu],
  userMenus: WORK_USER_MENUS,
  dictionaries: [
    [
      'flow',
      '流程类型',
      [
        ['1', '请假流程', 'leave'],
        ['2', '资金审批流程', 'finance'],
        ['3', '预算审批流程', 'budgetfill'],
        // Processes of no business form (a Flowable model brought as it is): started from the start-list by hand.
        ['4', '通用流程'],
      ],
    ],
  ],
  install: async (trx, seed) => {
    await addApproverRoles(trx, '000000', {
      userMenuCodes: seed.userMenuCodes,
      ids: [SEED.roleHr, SEED.roleFinance, SEED.roleBoss],
    });
    await seedFlow(trx);
  },
});
