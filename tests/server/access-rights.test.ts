import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { menuIdOf } from '../../src/server/db/seed/seed.ts';
import { ROLE_POWER } from '../../src/server/platform/auth-context.ts';
import type { EntityDef } from '../../src/shared/entities/define.ts';
import { ENTITIES } from '../../src/server/modules/index.ts';
import { engineActions } from '../../src/server/platform/entity/routes.ts';
import { expectOk, startApp, type TestApp } from '../support/app.ts';
import {
  createRole,
  createTenantAdmin,
  createUser,
  crudCodes,
  minimalBody,
  withTestCompany,
} from '../support/factories.ts';
import { apiRoutes } from '../support/routes.ts';

/**
 * Access rights over every /api route (issue 4). Each route is declared in exactly one table below: PUBLIC (no
 * token), SELF (any signed-in caller, own data only) or GUARDED (the permission code its minimal request needs).
 * A route in none of them — a new route nobody thought about — fails the suite by name.
 */
const SYS = '/api/blade-system';
const AUTH = '/api/blade-auth/oauth';

const PUBLIC = [
  `POST ${AUTH}/token`,
  `POST ${AUTH}/token/refresh`,
  `GET ${AUTH}/captcha`,
  `GET ${AUTH}/logout`,
  `GET ${AUTH}/login-options`, // whether the login form shows the captcha (tests/server/online-users.test.ts)
  // SpringBlade's forms of them, for Saber 4.x (saber-compat.test.ts).
  `POST /api/blade-auth/token`,
  `GET /api/blade-auth/captcha`,
  `POST /api/blade-auth/logout`,
  `GET ${SYS}/tenant/info`,
  `GET ${SYS}/tenant/demo-accounts`, // the login page's demo hint (tests/server/demo-accounts.test.ts)
  // Enrolment during a sign-in that requires a second factor: the password grant's ticket instead of a token
  // (totp.test.ts).
  `POST /api/blade-auth/totp/ticket-enrol`,
  // Social login (tests/server/social-login.test.ts): the login page's providers, the trip to the provider and back,
  // and the registration, which takes a guest token (refused by every other route) instead of an access token.
  `GET ${AUTH}/sources`,
  `GET ${AUTH}/render/:source`,
  `GET ${AUTH}/callback/:source`,
  `POST ${SYS}/user/register-guest`,
  // Load balancers' probes (tests/server/health-metrics.test.ts).
  `GET /api/health/live`,
  `GET /api/health/ready`,
];

const SELF = [
  `GET ${AUTH}/user-info`,
  // The caller's own second factor (tests/server/totp.test.ts).
  `GET /api/blade-auth/totp/status`,
  `POST /api/blade-auth/totp/enrol`,
  `POST /api/blade-auth/totp/confirm`,
  `POST /api/blade-auth/totp/disable`,
  `GET ${AUTH}/refresh/:source`, // the caller's own binding at a provider, and its removal
  `GET ${AUTH}/revoke/:source/:token`,
  `POST ${AUTH}/logout`, // error-log upload, written under the caller's tenant
  `GET ${SYS}/user/info`,
  `POST ${SYS}/user/update-info`,
  `POST ${SYS}/user/update-password`,
  `GET ${SYS}/menu/routes`,
  `GET ${SYS}/menu/buttons`,
  `GET ${SYS}/menu/grant-tree`,
  `GET ${SYS}/menu/grant-top-tree`,
  `GET ${SYS}/menu/top-menu`,
  `GET ${SYS}/dict/dictionary`,
  `GET ${SYS}/dict-biz/dictionary`,
  `GET ${SYS}/dept/select`,
  `GET ${SYS}/role/select`,
  `GET ${SYS}/post/select`,
  `GET ${SYS}/data-scope/effective`, // the caller's own effective data scope, explained
  // Uploads (an avatar, a form's attachments) and links, in the caller's tenant's store (resource-oss*.test.ts).
  `POST /api/blade-resource/oss/endpoint/put-file`,
  `POST /api/blade-resource/oss/endpoint/put-file-attach`,
  `GET /api/blade-resource/oss/endpoint/stat-file`,
  `GET /api/blade-resource/oss/endpoint/file-path`,
  `GET /api/blade-resource/oss/endpoint/file-link`,
  // a validation code to a phone and its check, the caller's tenant's, limited per phone: tests/server/sms.test.ts
  `POST /api/blade-resource/sms/endpoint/send-validate`,
  `POST /api/blade-resource/sms/endpoint/validate-message`,
  `GET ${SYS}/dept/lazy-tree`,
  `GET ${SYS}/dept/listNoPage`,
  `GET ${SYS}/dept/listChildNoPage`,
  `GET ${SYS}/dept/company-select`, // the company select of forms with an orgId
  `GET ${SYS}/dept/business-unit-select`, // the business-unit select of forms with a business unit
  `GET ${SYS}/role/tree-by-id`,
  `GET ${SYS}/region/lazy-tree`,
  `GET ${SYS}/region/select`, // region pickers of customer/supplier forms
  `GET ${SYS}/product/listpage`, // the part picker of every form that selects a part
  `GET ${SYS}/employee/dicList`, // the workshop select of the employee form (the tenant's dictionary items)
  `GET ${SYS}/employee/mine`, // the caller's own employee: a new expense claim's default claimant
  `GET ${SYS}/work-calendar/year`, // the caller's tenant calendar: the leave forms count working days with it
  // The home page (tests/server/desk.home.test.ts): the caller's own screen visits and shortcuts, and the charts of
  // the modules, each drawn only for who holds its own code.
  `POST /api/blade-desk/home/visits`,
  `GET /api/blade-desk/home/shortcuts`,
  `GET /api/blade-desk/home/charts`,
  // Tree pickers of the entity engine (forms of other screens use them).
  ...ENTITIES.filter((e) => e.tree && !e.platformOnly).map((e) => `GET /api/${e.service}/${e.name}/tree`),
  // My work and the process view: the caller's own tasks, instances and requests in his tenant (flow.md §2, §3, §5,
  // §6).
  ...['start-list', 'claim-list', 'todo-list', 'send-list', 'done-list', 'user-select', 'start-form', 'task-form'].map(
    (a) => `GET /api/blade-flow/work/${a}`,
  ),
  ...['start-process', 'claim-task', 'complete-task', 'transfer-task', 'delete-task'].map(
    (a) => `POST /api/blade-flow/work/${a}`,
  ),
  // The approval actions (issue 34 point 5), like transfer: the caller's own task or the process he started
  // (tests/server/flow.actions.test.ts).
  ...['add-sign', 'remove-sign', 'delegate-task', 'resolve-task', 'copy-task', 'copy-read', 'return-task'].map(
    (a) => `POST /api/blade-flow/work/${a}`,
  ),
  ...['revoke-process', 'urge-task'].map((a) => `POST /api/blade-flow/work/${a}`),
  `GET /api/blade-flow/work/copy-list`,
  `GET /api/blade-flow/work/return-targets`,
  `GET /api/blade-flow/process/history-flow-list`,
  `GET /api/blade-flow/process/model-view`,
  `GET /api/blade-flow/process/resource-view`,
  `GET /api/blade-flow/process/diagram-view`,
  `GET /api/blade-flow/process/variables`, // an instance's variables: who may view it (issue 34)
  ...['leave', 'finance'].flatMap((p) => [
    `POST /api/blade-desk/process/${p}/start-process`,
    `GET /api/blade-desk/process/${p}/detail`,
  ]),
  // A budget line's process is started by its 提交 (budgetfill/approval); its detail is read like any request's: by
  // its submitter or who may see its process (tests/server/budget-fill.test.ts).
  `GET /api/blade-system/process/budgetfill/detail`,
  // An expense claim is sent by the fund approval's start-process (its `businessId` needs expense_submit:
  // tests/server/finance-expense.test.ts); its detail is read like any request's.
  `GET /api/blade-system/process/expense/detail`,
  // An approved live model's requests (read as any approvable's) and the definitions the inbox's cards render them
  // from (tests/server/develop-live-approval.test.ts).
  'GET /api/blade-live/process/:kind/detail',
  'GET /api/blade-live/approvals',
];

interface Guarded {
  route: string;
  code: string;
  superAdmin?: boolean;
  /** Query parameters the route needs to know which code guards it (a record's 操作记录: its entity). */
  query?: string;
}

/**
 * The engine's routes of every entity (engineActions: an approvable entity has none, a keyed one only its lists),
 * with the code the minimal request (no id in the body) needs; a tree's picker needs a signed-in caller only.
 */
const ACTION_CODES: Record<string, [method: string, verb: string]> = {
  list: ['GET', ''],
  page: ['GET', ''],
  detail: ['GET', ''],
  'lazy-list': ['GET', ''],
  picker: ['GET', ''],
  submit: ['POST', '_add'],
  save: ['POST', '_add'],
  update: ['POST', '_edit'],
  remove: ['POST', '_delete'],
  export: ['GET', '_export'],
  template: ['GET', '_import'],
  import: ['POST', '_import'],
};
/** Excel routes are named after their entity (`export-product`): keyed by what they do. */
const excelAction = (action: string) =>
  action === 'export-template'
    ? 'template'
    : action.startsWith('export-')
      ? 'export'
      : action.startsWith('import-')
        ? 'import'
        : action;
const engineRoutes = (e: EntityDef): Guarded[] =>
  engineActions(e)
    .filter((action) => action !== 'tree')
    .map((action) => {
      // A declared partial edit (`edits`) needs its own button.
      const edit = e.edits?.[action];
      if (edit) return { route: `POST /api/${e.service}/${e.name}/${action}`, code: edit.button };
      const [method, verb] = ACTION_CODES[excelAction(action)];
      return { route: `${method} /api/${e.service}/${e.name}/${action}`, code: `${e.code}${verb}` };
    });

const GUARDED: Guarded[] = [
  ...ENTITIES.flatMap(engineRoutes),
  { route: `GET ${SYS}/region/lazy-list`, code: 'region' },
  { route: `GET ${SYS}/region/detail`, code: 'region' },
  { route: `POST ${SYS}/region/submit`, code: 'region_add' },
  { route: `POST ${SYS}/region/remove`, code: 'region_delete' },
  { route: `GET ${SYS}/tenant/list`, code: 'tenant' },
  { route: `GET ${SYS}/tenant/page`, code: 'tenant' },
  { route: `GET ${SYS}/tenant/select`, code: 'tenant' },
  { route: `GET ${SYS}/tenant/detail`, code: 'tenant' },
  { route: `POST ${SYS}/tenant/submit`, code: 'tenant_add', superAdmin: true },
  { route: `POST ${SYS}/tenant/remove`, code: 'tenant_delete', superAdmin: true },
  { route: `POST ${SYS}/tenant/setting`, code: 'tenant_setting', superAdmin: true },
  { route: `POST ${SYS}/tenant/datasource`, code: 'tenant_datasource', superAdmin: true },
  { route: `POST ${SYS}/tenant/move`, code: 'tenant_datasource', superAdmin: true },
  { route: `GET ${SYS}/tenant/move-status`, code: 'tenant_datasource', superAdmin: true },
  { route: `GET ${SYS}/tenant/package-detail`, code: 'tenant_package', superAdmin: true },
  { route: `POST ${SYS}/tenant/package-setting`, code: 'tenant_package', superAdmin: true },
  { route: `POST ${SYS}/message/read`, code: 'message' },
  { route: `POST ${SYS}/message/read-all`, code: 'message' },
  { route: `GET ${SYS}/message/unread-count`, code: 'message' },
  { route: `GET /api/blade-desk/notice/feed`, code: 'notice' },
  { route: `GET /api/blade-desk/notice/receipts`, code: 'notice' },
  { route: `POST ${SYS}/role/grant`, code: 'role_edit' },
  { route: `GET ${SYS}/menu/role-tree-keys`, code: 'role' },
  { route: `POST ${SYS}/topmenu/grant`, code: 'topmenu_setting' },
  { route: `GET ${SYS}/menu/top-tree-keys`, code: 'topmenu' },
  { route: `GET ${SYS}/menu/lazy-menu-list`, code: 'menu' },
  { route: `GET ${SYS}/menu/menu-list`, code: 'menu' },
  ...['dict', 'dict-biz'].flatMap((name) => [
    { route: `GET ${SYS}/${name}/parent-list`, code: name === 'dict' ? 'dict' : 'dictbiz' },
    { route: `GET ${SYS}/${name}/child-list`, code: name === 'dict' ? 'dict' : 'dictbiz' },
  ]),
  { route: `GET ${SYS}/user/user-list`, code: 'user' },
  { route: `POST ${SYS}/user/grant`, code: 'user_role' },
  { route: `POST ${SYS}/user/reset-password`, code: 'user_reset' },
  { route: `POST ${SYS}/user/unlock`, code: 'user_unlock' },
  { route: `GET ${SYS}/user/platform-detail`, code: 'user' },
  { route: `POST ${SYS}/user/update-platform`, code: 'user_edit' },
  { route: `GET ${SYS}/user/export-user`, code: 'user_export' },
  { route: `GET ${SYS}/tenant-package/select`, code: 'tenant_package' },
  // BOM views and the cost roll-up and recalculation (modules/production).
  ...['groups', 'explode', 'where-used'].map((a) => ({ route: `GET ${SYS}/productbom/${a}`, code: 'productbom' })),
  { route: `GET ${SYS}/bomcost/detail`, code: 'bomcost' },
  { route: `POST ${SYS}/bomcost/calculate`, code: 'bomcost_calculate' },
  { route: `GET ${SYS}/bomcost/calculate-progress`, code: 'bomcost_calculate' },
  { route: `POST ${SYS}/inventorylog/handle`, code: 'inventorylog_handle' },
  // 固定资产台账: the monthly run behind its button, a card's records and the chart's sums (finance-fixed-assets.test.ts).
  { route: `POST ${SYS}/fixedledger/depreciate`, code: 'fixedledger_depreciate' },
  { route: `GET ${SYS}/fixedledger/depreciations`, code: 'fixedledger' },
  { route: `GET ${SYS}/fixedledger/category-stat`, code: 'fixedledger' },
  { route: `POST ${SYS}/financebudget/batchsave`, code: 'financebudget_batchsave' },
  { route: `POST ${SYS}/financebudget/batchcopy`, code: 'financebudget_batchcopy' },
  { route: `GET ${SYS}/differ/statlist`, code: 'differ' },
  // 科目余额表 (modules/finance/subject-balance.routes.ts): reads for the screen, 生成余额 behind its button
  // (tests/server/finance-balance.test.ts).
  ...['opening', 'check', 'summary'].map((a) => ({ route: `GET ${SYS}/subjectbalance/${a}`, code: 'subjectbalance' })),
  { route: `POST ${SYS}/subjectbalance/generate`, code: 'subjectbalance_generate' },
  // 明细账's voucher routes (modules/finance/ledger.routes.ts; tests/server/finance-ledger.test.ts): reading a voucher
  // with the menu, its number and a new voucher with 新增, each move behind its button; the 用友/金蝶 import, its
  // progress and templates behind 导入 (books-import/books.routes.ts; tests/server/finance-books-import.test.ts).
  { route: `GET ${SYS}/ledger/voucher`, code: 'ledger' },
  { route: `GET ${SYS}/ledger/next-voucher-no`, code: 'ledger_add' },
  { route: `POST ${SYS}/ledger/voucher-submit`, code: 'ledger_add' },
  { route: `POST ${SYS}/ledger/voucher-audit`, code: 'ledger_audit' },
  { route: `POST ${SYS}/ledger/voucher-unaudit`, code: 'ledger_unaudit' },
  { route: `POST ${SYS}/ledger/voucher-post`, code: 'ledger_post' },
  ...['ledger', 'subjectbalance'].flatMap((book) =>
    ['POST import-books', 'GET books-import-progress', 'GET books-template'].map((r) => {
      const [method, action] = r.split(' ');
      return { route: `${method} ${SYS}/${book}/${action}`, code: `${book}_import` };
    }),
  ),
  // The finance charts over what each list's search selects, and the parties a related-party row may name
  // (modules/finance/finance-charts.routes.ts): each behind its screen's menu.
  ...['financestat', 'overduestat', 'incomeexpense'].map((code) => ({ route: `GET ${SYS}/${code}/chart`, code })),
  { route: `GET ${SYS}/relatedstat/parties`, code: 'relatedstat' },
  // 存货预算's only routes (modules/budget/inventory-budget.routes.ts): add, edit and copy each behind its button;
  // statlist?groupBy= opens to the summary screen's menu too (tests/server/budget-inventory.test.ts).
  { route: `GET ${SYS}/inventorybudget/statlist`, code: 'inventorybudget' },
  { route: `GET ${SYS}/inventorybudget/totalstat`, code: 'inventorybudget' },
  { route: `POST ${SYS}/inventorybudget/batchsave`, code: 'inventorybudget_add' },
  { route: `POST ${SYS}/inventorybudget/batchupdate`, code: 'inventorybudget_edit' },
  { route: `POST ${SYS}/inventorybudget/batchcopy`, code: 'inventorybudget_batchcopy' },
  // Budget lines and situations (modules/budget/budget-fill.routes.ts): each approval action asks for its own
  // button beyond the screen's (tests/server/budget-fill.test.ts).
  { route: `GET ${SYS}/budgetfill/stat`, code: 'budgetfill' },
  { route: `POST ${SYS}/budgetfill/approval`, code: 'budgetfill' },
  ...['list', 'page', 'stat'].map((a) => ({ route: `GET ${SYS}/budgetsituation/${a}`, code: 'budgetsituation' })),
  // Read as its list (a month range's totals): tests/server/budget-excel.test.ts.
  { route: `GET ${SYS}/budgetsituation/export-budgetsituation`, code: 'budgetsituation_export' },
  { route: `POST ${SYS}/budgetsituation/approval`, code: 'budgetsituation_approve' },
  // Either code opens it (the data source screen, the tenant screen's 数据源 dialog): tests/server/datasource.test.ts.
  { route: 'GET /api/blade-develop/datasource/select', code: 'datasource' },
  // Data models read from a source's catalog (tests/server/develop-model.test.ts): the 数据模型设计 screen's menu.
  // 引用实体's published live models too.
  ...[
    'model/table-list',
    'model/table-info',
    'model/model-prototype',
    'model-prototype/select',
    'model/live-referable',
  ].map((a) => ({
    route: `GET /api/blade-develop/${a}`,
    code: 'model',
  })),
  { route: 'POST /api/blade-develop/model-prototype/submit-list', code: 'model' },
  // 代码生成 beyond the engine's CRUD (platform only): tests/server/develop-code.test.ts.
  ...['preview', 'download', 'dev-mode'].map((a) => ({ route: `GET /api/blade-develop/code/${a}`, code: 'code' })),
  ...['copy', 'gen-code'].map((a) => ({ route: `POST /api/blade-develop/code/${a}`, code: 'code' })),
  // Live models (tests/server/develop-live.test.ts): publishing is the platform's, with the model screen's edit code;
  // a live screen's definition is read with its own menu code, the one `code` names.
  { route: 'POST /api/blade-develop/model/publish', code: 'model_edit' },
  { route: 'POST /api/blade-develop/model/unpublish', code: 'model_edit' },
  { route: 'GET /api/blade-develop/model/live-definition', code: 'datasource', query: 'code=datasource' },
  // The engine's routes of a live entity ask for its codes as a built-in entity's do (develop-live.test.ts grants
  // them); here `:code` names no entity, so only the refusals are checked.
  ...[
    'GET /api/blade-live/:code/:action',
    'POST /api/blade-live/:code/:action',
    'GET /api/blade-live/:code/export-:sheet',
  ].map((route) => ({ route, code: "the live entity's", superAdmin: true })),
  // Naming objects and managing buckets: the 对象存储 screen (tests/server/resource-oss.test.ts).
  ...['put-file-by-name', 'remove-file', 'remove-files', 'make-bucket', 'remove-bucket', 'copy-file'].map((a) => ({
    route: `POST /api/blade-resource/oss/endpoint/${a}`,
    code: 'oss',
  })),
  { route: 'POST /api/blade-resource/oss/enable', code: 'oss_enable' },
  { route: 'POST /api/blade-resource/attach/remove', code: 'attach_delete' },
  // SMS (tests/server/sms.test.ts, sms-test-send.test.ts): 启用, 测试发送, and a message sent by a config's code.
  { route: 'POST /api/blade-resource/sms/enable', code: 'sms_enable' },
  { route: 'POST /api/blade-resource/sms/test-send', code: 'sms_test' },
  { route: 'POST /api/blade-resource/sms/endpoint/send-message', code: 'sms' },
  { route: `GET ${SYS}/user/export-template`, code: 'user_import' },
  { route: `POST ${SYS}/user/import-user`, code: 'user_import' },
  // Workflow engine administration (flow.md §4, "SA"): the platform super administrator.
  { route: 'GET /api/blade-flow/model/list', code: 'flow_model', superAdmin: true },
  { route: 'GET /api/blade-flow/model/detail', code: 'flow_model', superAdmin: true },
  { route: 'POST /api/blade-flow/model/submit', code: 'flow_model_add', superAdmin: true },
  { route: 'POST /api/blade-flow/model/remove', code: 'flow_model_delete', superAdmin: true },
  { route: 'POST /api/blade-flow/model/deploy', code: 'flow_model_deploy', superAdmin: true },
  { route: 'GET /api/blade-flow/manager/list', code: 'flow_manager', superAdmin: true },
  { route: 'GET /api/blade-flow/manager/select', code: 'flow_manager', superAdmin: true },
  { route: 'POST /api/blade-flow/manager/change-state', code: 'flow_manager_state', superAdmin: true },
  { route: 'POST /api/blade-flow/manager/deploy-upload', code: 'flow_deploy_upload', superAdmin: true },
  { route: 'POST /api/blade-flow/manager/check-upload', code: 'flow_deploy_upload', superAdmin: true },
  { route: 'POST /api/blade-flow/manager/delete-deployment', code: 'flow_manager_delete', superAdmin: true },
  { route: 'GET /api/blade-flow/follow/list', code: 'flow_follow', superAdmin: true },
  { route: 'POST /api/blade-flow/follow/delete-process-instance', code: 'flow_follow_delete', superAdmin: true },
  ...['signal', 'message', 'trigger'].map((a) => ({
    route: `POST /api/blade-flow/follow/${a}`,
    code: 'flow_follow',
    superAdmin: true,
  })),
  // 作业管理: administrators, a tenant's its tenant's jobs (tests/server/flow.jobs.test.ts).
  { route: 'GET /api/blade-flow/job/list', code: 'flow_job' },
  { route: 'GET /api/blade-flow/job/detail', code: 'flow_job' },
  { route: 'POST /api/blade-flow/job/retry', code: 'flow_job_retry' },
  { route: `GET ${SYS}/prodplane/list`, code: 'prodplane' },
  { route: `GET ${SYS}/prodplane/page`, code: 'prodplane' },
  // The OpenAPI document, for those who may open 接口文档 (tests/server/api-doc.test.ts).
  { route: 'GET /api/blade-log/api-doc', code: 'doc' },
  // 操作记录 of one record: its entity's menu code (tests/server/audit-log.test.ts); one call's changes: 接口日志's.
  { route: 'GET /api/blade-log/change/record', code: 'param', query: 'entity=param' },
  { route: 'GET /api/blade-log/change/call', code: 'log_api' },
  // 服务治理: the processes and their figures (tests/server/health-metrics.test.ts).
  { route: 'GET /api/blade-log/governance/status', code: 'admin', superAdmin: true },
  // 在线用户 and 强制退出: a tenant's administrator his tenant's logins (tests/server/online-users.test.ts).
  { route: 'GET /api/blade-auth/online-user/page', code: 'online_user' },
  { route: 'POST /api/blade-auth/online-user/logout', code: 'online_user_logout' },
  // Reports (modules/report/report.routes.ts): 运行 runs a saved report, 设计 saves and previews one
  // (tests/server/report.test.ts); the list and detail open with either screen.
  { route: 'GET /api/blade-report/report/rest/list', code: 'report_list' },
  { route: 'GET /api/blade-report/report/rest/detail', code: 'report_list' },
  { route: 'POST /api/blade-report/report/rest/remove', code: 'report_list_delete' },
  { route: 'POST /api/blade-report/report/rest/submit', code: 'report_setting_design' },
  { route: 'POST /api/blade-report/report/rest/run', code: 'report_list_run' },
  { route: 'GET /api/blade-report/report/rest/export', code: 'report_list_export' },
  { route: 'GET /api/blade-report/report/rest/views', code: 'report_setting_design' },
  // Flushes the caches of every process: no code opens it (tests/server/auth.session.test.ts).
  { route: `GET ${AUTH}/clear-cache`, code: 'the platform super administrator', superAdmin: true },
];

/** A minimal request for a route: GET with ?id=1&ids=1, POST with ?ids=1 and an empty body. */
const send = (route: string, token: string, query = '') => {
  const [method, url] = route.split(' ');
  const more = query ? `&${query}` : '';
  return method === 'GET' ? t.get(`${url}?id=1&ids=1${more}`, token) : t.post(`${url}?ids=1${more}`, token, {});
};

let t: TestApp;
let admin: string;
let routes: string[];
let nobody: string;
let holder: string;
let holderRole: string;
beforeAll(async () => {
  t = await startApp();
  admin = await t.tokenOf();
  routes = apiRoutes(t);
  // Administrators of the platform tenant (not SA) on purpose: the refusals must come from the code, not from an
  // administrator-only guard.
  const nobodyRole = await createRole(t, '000000', 'admin', [], [], ROLE_POWER.tenantAdmin);
  await createUser(t, { tenantId: '000000', account: 'ar_nobody', password: 'pw', roleId: nobodyRole });
  nobody = await t.tokenOf('ar_nobody', 'pw', '000000');
  holderRole = await createRole(t, '000000', 'admin', [], [], ROLE_POWER.tenantAdmin);
  await createUser(t, { tenantId: '000000', account: 'ar_holder', password: 'pw', roleId: holderRole });
  holder = await t.tokenOf('ar_holder', 'pw', '000000');
});
afterAll(() => t?.stop());

describe('route coverage', () => {
  it('parses the route tree, nested nodes included', () => {
    expect(routes).toContain(`POST ${SYS}/message/read-all`);
    expect(routes).toContain(`GET ${SYS}/dept/listChildNoPage`);
    expect(routes).toContain(`POST ${SYS}/user/update-platform`);
    expect(routes.length).toBeGreaterThan(100);
  });

  it('declares every /api route in exactly one access table', () => {
    const declared = [...PUBLIC, ...SELF, ...GUARDED.map((g) => g.route)];
    const problems = [
      ...routes.filter((r) => !declared.includes(r)).map((r) => `new route without access-rights coverage: ${r}`),
      ...routes
        .filter((r) => declared.filter((d) => d === r).length > 1)
        .map((r) => `route declared more than once: ${r}`),
      ...declared.filter((d) => !routes.includes(d)).map((d) => `access table entry matches no route: ${d}`),
    ];
    expect([...new Set(problems)]).toEqual([]);
  });

  it.each(PUBLIC)('%s answers without a token', async (route) => {
    const [method, url] = route.split(' ');
    const res = method === 'GET' ? await t.get(url) : await t.post(url, undefined, {});
    expect([401, 403]).not.toContain(res.statusCode);
  });

  it.each(SELF)('%s needs a token but no code', async (route) => {
    const [method, url] = route.split(' ');
    const anonymous = method === 'GET' ? await t.get(url) : await t.post(url, undefined, {});
    expect(anonymous.statusCode, anonymous.body).toBe(401);
    const res = await send(route, nobody);
    expect([401, 403], `${route}: ${res.body}`).not.toContain(res.statusCode);
  });
});

describe('guarded routes', () => {
  it.each(GUARDED.map((g) => [g.route, g.code, g] as const))(
    '%s: 401 anonymous, 403 without %s',
    async (route, _code, g) => {
      const [method, url] = route.split(' ');
      const anonymous = method === 'GET' ? await t.get(url) : await t.post(url, undefined, {});
      expect(anonymous.statusCode, anonymous.body).toBe(401);
      const res = await send(route, nobody, g.query);
      expect(res.statusCode, `${route}: ${res.body}`).toBe(403);
      expect(res.json()).toMatchObject({ code: 403, success: false, data: null });
      if (g.superAdmin) return;
      // The declared code is the one that opens it: a role holding just that code gets past the guard.
      await t.services.db.deleteFrom('blade_role_menu').where('role_id', '=', holderRole).execute();
      await createRoleMenu(holderRole, g.code);
      await t.services.permissions.invalidate();
      const granted = await send(route, holder, g.query);
      expect(granted.statusCode, `${route} with ${g.code}: ${granted.body}`).not.toBe(403);
    },
  );
});

async function createRoleMenu(roleId: string, code: string) {
  const { nextId } = await import('../../src/server/platform/ids.ts');
  await t.services.db
    .insertInto('blade_role_menu')
    .values({ id: nextId(), role_id: roleId, menu_id: menuIdOf(code) })
    .execute();
}

// ---- Tenant isolation (IDOR) ----

// Approval requests (leave, fund) have no CRUD route: their rows are written by starting their process only.
// Keyed entities (regions) are written by their module, by key: tests/server/region.test.ts.
const CRUD_ENTITIES = ENTITIES.filter((e) => !e.approval && !e.key);
// Rows written through the engine's submit; an entity whose module serves all its routes (inventorybudget: batches)
// proves its isolation in its own tests.
const TENANT_ENTITIES = CRUD_ENTITIES.filter((e) => e.tenant && engineActions(e).includes('submit'));
const GLOBAL_ENTITIES = CRUD_ENTITIES.filter((e) => !e.tenant);

describe('tenant isolation', () => {
  let other: string;
  const rowOf = new Map<string, Record<string, unknown>>();
  beforeAll(async () => {
    await withTestCompany(t);
    ({ token: other } = await createTenantAdmin(
      t,
      '600001',
      // Entities may share a menu (a model and its fields: 数据模型设计): each code once.
      [...new Set(CRUD_ENTITIES.flatMap((e) => crudCodes(e.code)))],
      'ar_boss',
    ));
    const me = expectOk(await t.get(`${AUTH}/user-info`, admin));
    const overrides: Record<string, Record<string, unknown>> = {
      user: { password: '123456', realName: 'idor', roleId: me.roleId.split(',')[0], deptId: me.deptId.split(',')[0] },
      'dict-biz': { dictKey: '-1', parentId: '0' },
      dept: { parentId: '0' },
      role: { parentId: '0' },
    };
    for (const e of TENANT_ENTITIES) {
      // A BOM line's component is another part than its parent; a BOM cost is of a version the part has.
      if (e.name === 'productbom') {
        const product = ENTITIES.find((p) => p.name === 'product')!;
        const body = minimalBody(product, {}, (target) => rowOf.get(target)?.id as string | undefined);
        overrides.productbom = { componentId: expectOk(await t.post(`${SYS}/product/submit`, admin, body)).id };
      }
      if (e.name === 'bomcost') overrides.bomcost = { bomVersion: rowOf.get('productbom')?.bomVersion, costYear: 2026 };
      const body = minimalBody(e, overrides[e.name], (target) => rowOf.get(target)?.id as string | undefined);
      const res = await t.post(`/api/${e.service}/${e.name}/submit`, admin, body);
      const saved = expectOk(res);
      rowOf.set(e.name, expectOk(await t.get(`/api/${e.service}/${e.name}/detail?id=${saved.id}`, admin)));
    }
    // Read again once all are made: a row counts the rows made after it that point at it (a line's stations).
    for (const e of TENANT_ENTITIES) {
      const id = String(rowOf.get(e.name)!.id);
      rowOf.set(e.name, expectOk(await t.get(`/api/${e.service}/${e.name}/detail?id=${id}`, admin)));
    }
  });

  it.each(TENANT_ENTITIES.map((e) => [e.name, e] as const))(
    '%s: a tenant-B administrator can neither read nor change a tenant-A row',
    async (_name, e) => {
      const base = `/api/${e.service}/${e.name}`;
      const row = rowOf.get(e.name)!;
      const id = String(row.id);
      const detail = await t.get(`${base}/detail?id=${id}`, other);
      expect(detail.statusCode, detail.body).toBe(200);
      expect(detail.json().data, detail.body).toBeNull();
      const list = expectOk(await t.get(`${base}/list?size=1000`, other));
      expect(JSON.stringify(list)).not.toContain(id);
      for (const action of ['submit', 'update']) {
        const res = await t.post(`${base}/${action}`, other, minimalBody(e, { id }));
        expect([400, 403], `${action}: ${res.body}`).toContain(res.statusCode);
      }
      const removed = await t.post(`${base}/remove?ids=${id}`, other);
      expect([400, 403], `remove: ${removed.body}`).toContain(removed.statusCode);
      expect(expectOk(await t.get(`${base}/detail?id=${id}`, admin))).toEqual(row);
    },
  );

  it.each(GLOBAL_ENTITIES.map((e) => [e.name, e] as const))(
    '%s: platform rows cannot be written by a tenant-B administrator',
    async (_name, e) => {
      const base = `/api/${e.service}/${e.name}`;
      for (const action of ['submit', 'remove']) {
        const res = await t.post(`${base}/${action}?ids=1`, other, minimalBody(e));
        expect(res.statusCode, `${action}: ${res.body}`).toBe(403);
      }
      if (e.platformOnly) {
        for (const action of ['list', 'detail']) {
          const res = await t.get(`${base}/${action}?id=1`, other);
          expect(res.statusCode, `${action}: ${res.body}`).toBe(403);
        }
      }
    },
  );
});
