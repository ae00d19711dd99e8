import type { SeedMenu, SeedButton } from './menu-tree.types.ts';

/**
 * The product's whole seeded menu tree (blade_menu): SpringBlade platform menus (contract/seed.md §5),
 * the BladeX additions (resource, flow, work, tenant package, business dictionary, messages, data models)
 * and the business menus of domain/menus.md. Codes of menus and buttons share one namespace.
 */

type Verb = 'add' | 'edit' | 'delete' | 'view';
type Action = SeedButton['action'];
type Extra = Omit<SeedButton, 'sort'>;

interface CrudOptions {
  /** standard verbs to generate (default all four) */
  only?: Verb[];
  /** extra buttons, numbered after the standard ones */
  extra?: Extra[];
  /** zh/en override of a standard button's name */
  label?: Partial<Record<Verb, [zh: string, en: string]>>;
}

const VERB: Record<Verb, { zh: string; en: string; source: string; action: Action; sort: number }> = {
  add: { zh: '新增', en: 'Add', source: 'plus', action: 1, sort: 1 },
  edit: { zh: '修改', en: 'Edit', source: 'form', action: 2, sort: 2 },
  delete: { zh: '删除', en: 'Delete', source: 'delete', action: 3, sort: 3 },
  view: { zh: '查看', en: 'View', source: 'file-text', action: 2, sort: 4 },
};
const ALL_VERBS: Verb[] = ['add', 'edit', 'delete', 'view'];

const SYS = '/api/blade-system';
const DESK = '/api/blade-desk';
const RES = '/api/blade-resource';
const DEV = '/api/blade-develop';
const FLOW = '/api/blade-flow';
const LOG = '/api/blade-log';

function btn(code: string, zh: string, en: string, alias: string, source: string, action: Action, path?: string): Extra {
  return path === undefined ? { code, zh, en, alias, source, action } : { code, zh, en, alias, path, source, action };
}

/**
 * Buttons of a screen: `path` is the screen route (add/edit/view → `${path}/<verb>`), `api` the controller
 * base (delete → `${api}/remove`). Standard buttons keep sorts 1–4; extras follow from 5 (from 1 when alone).
 */
function crud(code: string, path: string, api: string, opts: CrudOptions = {}): SeedButton[] {
  const std: SeedButton[] = (opts.only ?? ALL_VERBS).map((verb) => {
    const d = VERB[verb];
    const [zh, en] = opts.label?.[verb] ?? [d.zh, d.en];
    return {
      code: `${code}_${verb}`,
      zh,
      en,
      alias: verb,
      path: verb === 'delete' ? `${api}/remove` : `${path}/${verb}`,
      source: d.source,
      action: d.action,
      sort: d.sort,
    };
  });
  const first = std.length ? 5 : 1;
  return [...std, ...(opts.extra ?? []).map((b, i) => ({ ...b, sort: first + i }))];
}

function menu(code: string, zh: string, en: string, path: string, sort: number, source: string, children?: SeedMenu[]): SeedMenu {
  return children ? { code, zh, en, path, source, sort, children } : { code, zh, en, path, source, sort };
}

function screen(
  code: string, zh: string, en: string, path: string, sort: number, source: string, api: string, opts?: CrudOptions,
): SeedMenu {
  return { code, zh, en, path, source, sort, buttons: crud(code, path, api, opts) };
}

function external(code: string, zh: string, en: string, url: string, sort: number, source: string): SeedMenu {
  return { code, zh, en, path: url, source, sort, isOpen: 2 };
}

/** A screen whose only buttons are `extra` (workflow screens). */
function actions(code: string, zh: string, en: string, path: string, sort: number, source: string, extra: Extra[] = []): SeedMenu {
  const m = menu(code, zh, en, path, sort, source);
  return extra.length ? { ...m, buttons: crud(code, path, '', { only: [], extra }) } : m;
}

const exportBtn = (code: string, api?: string) => btn(`${code}_export`, '导出', 'Export', 'export', 'download', 1, api);
const importBtn = (code: string, api?: string) => btn(`${code}_import`, '导入', 'Import', 'import', 'upload', 1, api);

// ---------------------------------------------------------------------------------------------------------------
// Platform
// ---------------------------------------------------------------------------------------------------------------

const desk = menu('desk', '工作台', 'Desk', '/desk', 1, 'iconfont iconicon_airplay', [
  screen('notice', '通知公告', 'Notices', '/desk/notice', 1, 'iconfont iconicon_sms', `${DESK}/notice`),
  screen('message', '消息通知', 'Messages', '/desk/message', 2, 'iconfont iconicon_message', `${SYS}/message`),
]);

const monitor = menu('monitor', '系统监控', 'Monitoring', '/monitor', 3, 'iconfont iconicon_whole', [
  external('doc', '接口文档', 'API docs', 'http://localhost/swagger-ui.html', 1, 'iconfont iconicon_study'),
  external('admin', '服务治理', 'Service governance', 'http://localhost:7002', 2, 'iconfont iconicon_task_done'),
  menu('log', '日志管理', 'Logs', '/monitor/log', 3, 'iconfont iconicon_doc', [
    screen('log_usual', '通用日志', 'Usual logs', '/monitor/log/usual', 1, 'iconfont iconicon_doc', `${LOG}/usual`, { only: ['view'] }),
    screen('log_api', '接口日志', 'API logs', '/monitor/log/api', 2, 'iconfont iconicon_work', `${LOG}/api`, { only: ['view'] }),
    screen('log_error', '错误日志', 'Error logs', '/monitor/log/error', 3, 'iconfont iconicon_interspace', `${LOG}/error`, { only: ['view'] }),
  ]),
]);

const tool = menu('tool', '研发工具', 'Dev tools', '/tool', 4, 'iconfont iconicon_tool', [
  screen('code', '代码生成', 'Code generator', '/tool/code', 1, 'iconfont iconicon_savememo', `${DEV}/code`),
  screen('datasource', '数据源管理', 'Data sources', '/tool/datasource', 2, 'iconfont iconicon_ding', `${DEV}/datasource`),
  screen('model', '数据模型设计', 'Data model design', '/tool/model', 3, 'iconfont iconicon_compile', `${DEV}/model`),
]);

const report = menu('report', '报表管理', 'Reports', '/report', 5, 'iconfont iconicon_dispose', [
  external(
    'report_setting', '报表配置', 'Report designer',
    'http://localhost:8108/ureport/designer?blade-auth=bearer ${token}', 1, 'iconfont iconicon_compile',
  ),
  screen('report_list', '报表列表', 'Reports', '/report/reportlist', 2, 'iconfont iconicon_doc', '/api/blade-report/report/rest', {
    only: ['delete', 'view'],
  }),
]);

const resource = menu('resource', '资源管理', 'Resources', '/resource', 6, 'iconfont iconicon_coinpurse_line', [
  screen('oss', '对象存储', 'Object storage', '/resource/oss', 1, 'iconfont iconicon_folder', `${RES}/oss`, {
    extra: [btn('oss_enable', '启用', 'Enable', 'enable', 'check', 2, `${RES}/oss/enable`)],
  }),
  screen('sms', '短信配置', 'SMS', '/resource/sms', 2, 'iconfont iconicon_message', `${RES}/sms`, {
    extra: [btn('sms_enable', '启用', 'Enable', 'enable', 'check', 2, `${RES}/sms/enable`)],
  }),
  screen('attach', '附件管理', 'Attachments', '/resource/attach', 3, 'iconfont iconicon_ding', `${RES}/attach`),
]);

const flow = menu('flow', '流程管理', 'Workflow', '/flow', 7, 'iconfont iconicon_send', [
  screen('flow_model', '模型设计', 'Model design', '/flow/model', 1, 'iconfont iconicon_compile', `${FLOW}/model`, {
    extra: [btn('flow_model_deploy', '部署', 'Deploy', 'deploy', 'cloud-upload', 2, `${FLOW}/model/deploy`)],
  }),
  actions('flow_deploy', '部署管理', 'Deployment', '/flow/deploy', 2, 'iconfont iconicon_exchange', [
    btn('flow_deploy_upload', '上传部署', 'Upload and deploy', 'upload', 'upload', 1, `${FLOW}/manager/deploy-upload`),
  ]),
  actions('flow_manager', '流程管理', 'Process management', '/flow/manager', 3, 'iconfont iconicon_task', [
    btn('flow_manager_state', '变更状态', 'Change state', 'state', 'swap', 2, `${FLOW}/manager/change-state`),
    btn('flow_manager_delete', '删除', 'Delete', 'delete', 'delete', 3, `${FLOW}/manager/delete-deployment`),
  ]),
  actions('flow_follow', '流程跟踪', 'Process follow-up', '/flow/follow', 4, 'iconfont iconicon_discovery', [
    btn('flow_follow_delete', '删除', 'Delete', 'delete', 'delete', 2, `${FLOW}/follow/delete-process-instance`),
  ]),
]);

const work = menu('work', '我的事务', 'My work', '/work', 8, 'iconfont iconicon_task_done', [
  actions('work_start', '发起事务', 'Start a process', '/work/start', 1, 'iconfont iconicon_roundadd'),
  actions('work_claim', '待签事务', 'To claim', '/work/claim', 2, 'iconfont iconicon_attestation', [
    btn('work_claim_sign', '签收', 'Claim', 'sign', 'check', 2, `${FLOW}/work/claim-task`),
  ]),
  actions('work_todo', '待办事务', 'To do', '/work/todo', 3, 'iconfont iconicon_task', [
    btn('work_todo_handle', '办理', 'Handle', 'handle', 'form', 2, `${FLOW}/work/complete-task`),
  ]),
  actions('work_send', '已发事务', 'Sent', '/work/send', 4, 'iconfont iconicon_send'),
  actions('work_done', '办结事务', 'Done', '/work/done', 5, 'iconfont iconicon_dynamic'),
]);

const base = menu('base', '基础配置', 'Basic settings', '/base', 97, 'iconfont iconicon_cspace', [
  screen('region', '行政区划', 'Regions', '/base/region', 1, 'iconfont iconicon_map', `${SYS}/region`, {
    only: ['add', 'delete'],
    label: { add: ['新增下级', 'Add child'] },
    extra: [
      importBtn('region'),
      exportBtn('region'),
      btn('region_debug', '调试', 'Debug', 'debug', 'bug', 1),
    ],
  }),
  screen('workcalendar', '工作日历', 'Work calendar', '/base/workcalendar', 2, 'iconfont iconicon_dynamic', `${SYS}/work-calendar`),
]);

const authority = menu('authority', '权限管理', 'Authority', '/authority', 98, 'iconfont iconicon_safety', [
  screen('role', '角色管理', 'Roles', '/authority/role', 1, 'iconfont iconicon_boss', `${SYS}/role`),
  screen('data_scope', '数据权限', 'Data scopes', '/authority/datascope', 2, 'iconfont iconicon_glass', `${SYS}/data-scope`, {
    extra: [btn('data_scope_setting', '权限配置', 'Scope settings', 'setting', 'setting', 2)],
  }),
  screen('api_scope', '接口权限', 'API scopes', '/authority/apiscope', 3, 'iconfont iconicon_link', `${SYS}/api-scope`, {
    extra: [btn('api_scope_setting', '权限配置', 'Scope settings', 'setting', 'setting', 2)],
  }),
]);

const system = menu('system', '系统管理', 'System', '/system', 99, 'iconfont iconicon_setting', [
  screen('user', '用户管理', 'Users', '/system/user', 1, 'iconfont iconicon_principal', `${SYS}/user`, {
    extra: [
      btn('user_role', '角色配置', 'Assign roles', 'role', 'user', 1, `${SYS}/user/grant`),
      btn('user_reset', '密码重置', 'Reset password', 'reset-password', 'retweet', 1, `${SYS}/user/reset-password`),
      btn('user_unlock', '账号解封', 'Unlock account', 'unlock', 'unlock', 1, `${SYS}/user/unlock`),
      importBtn('user', `${SYS}/user/import-user`),
      exportBtn('user', `${SYS}/user/export-user`),
    ],
  }),
  screen('dept', '机构管理', 'Departments', '/system/dept', 2, 'iconfont iconicon_group', `${SYS}/dept`),
  screen('post', '岗位管理', 'Posts', '/system/post', 2, 'iconfont iconicon_shakehands', `${SYS}/post`),
  screen('dict', '系统字典', 'System dictionary', '/system/dict', 3, 'iconfont iconicon_addresslist', `${SYS}/dict`),
  screen('menu', '菜单管理', 'Menus', '/system/menu', 4, 'iconfont iconicon_subordinate', `${SYS}/menu`),
  screen('dictbiz', '业务字典', 'Business dictionary', '/system/dictbiz', 5, 'iconfont iconicon_addresslist', `${SYS}/dict-biz`),
  screen('param', '参数管理', 'Parameters', '/system/param', 6, 'iconfont iconicon_community_line', `${SYS}/param`),
  screen('topmenu', '顶部菜单', 'Top menus', '/system/topmenu', 7, 'iconfont iconicon_exchange', `${SYS}/topmenu`, {
    extra: [btn('topmenu_setting', '菜单配置', 'Menu settings', 'setting', 'setting', 2, `${SYS}/topmenu/grant`)],
  }),
  screen('tenant', '租户管理', 'Tenants', '/system/tenant', 7, 'iconfont iconicon_study', `${SYS}/tenant`, {
    extra: [
      btn('tenant_setting', '授权配置', 'License settings', 'setting', 'setting', 1, `${SYS}/tenant/setting`),
      btn('tenant_datasource', '数据源', 'Data source', 'datasource', 'database', 1, `${SYS}/tenant/datasource`),
      btn('tenant_package', '产品包', 'Product package', 'package', 'appstore', 1, `${SYS}/tenant/package-setting`),
    ],
  }),
  screen('client', '应用管理', 'Clients', '/system/client', 8, 'iconfont iconicon_mobilephone', `${SYS}/client`),
  screen('tenantpackage', '租户产品包', 'Tenant packages', '/system/tenantpackage', 9, 'iconfont iconicon_gift', `${SYS}/tenant-package`),
]);

// ---------------------------------------------------------------------------------------------------------------
// Business (domain/menus.md)
// ---------------------------------------------------------------------------------------------------------------

type BizScreen = [code: string, zh: string, en: string, opts?: CrudOptions & { entity?: string }];

/** A business top menu: screens live at `/<module>/<code>`, their API at `/api/blade-system/<entity ?? code>`. */
function business(code: string, zh: string, en: string, sort: number, source: string, screens: BizScreen[]): SeedMenu {
  const path = `/${code}`;
  return menu(code, zh, en, path, sort, source, screens.map(([c, szh, sen, opts = {}], i) =>
    screen(c, szh, sen, `${path}/${c}`, i + 1, source, `${SYS}/${opts.entity ?? c}`, opts)));
}

const approval = (code: string, entity: string, verb: string, zh: string, en: string, source: string) =>
  btn(`${code}_${verb}`, zh, en, verb, source, 1, `${SYS}/${entity}/approval`);

const masterdata = business('masterdata', '基础资料', 'Master data', 10, 'iconfont iconicon_addresslist', [
  ['customer', '客户管理', 'Customers', { extra: [exportBtn('customer')] }],
  ['supplier', '供应商管理', 'Suppliers', { extra: [exportBtn('supplier')] }],
  ['product', '产品管理', 'Products', { extra: [exportBtn('product'), importBtn('product')] }],
  ['goodscategory', '物料分类', 'Goods categories'],
  ['price', '价格管理', 'Prices'],
  ['employee', '员工管理', 'Employees'],
]);

const production = business('production', '生产管理', 'Production', 11, 'iconfont iconicon_tool', [
  ['line', '产线管理', 'Lines'],
  ['stationgroup', '工位组管理', 'Station groups'],
  ['station', '工位管理', 'Stations'],
  ['device', '设备管理', 'Devices'],
  ['mold', '模具管理', 'Moulds'],
  ['worker', '作业员管理', 'Workers'],
  ['productbom', '产品BOM', 'Product BOM'],
  ['bomcost', 'BOM成本', 'BOM cost', {
    extra: [btn('bomcost_calculate', '重新核算', 'Recalculate', 'calculate', 'calculator', 3)],
  }],
  ['productintroduce', '新品导入', 'New product introduction'],
  ['task', '项目任务', 'Project tasks'],
  ['prodplane', '生产计划', 'Production plan'],
]);

const warehouse = business('warehouse', '仓储管理', 'Warehouse', 12, 'iconfont iconicon_shop', [
  ['inventory', '库存台账', 'Inventory', { extra: [exportBtn('inventory')] }],
  ['inventorylog', '出入库记录', 'Inventory log', {
    extra: [btn('inventorylog_handle', '过账', 'Post', 'handle', 'check', 2, `${SYS}/inventorylog/handle`)],
  }],
  ['packaging', '包装规格', 'Packaging'],
]);

const finance = business('finance', '财务管理', 'Finance', 13, 'iconfont iconicon_coinpurse_line', [
  ['subject', '会计科目', 'Accounting subjects'],
  ['subjectbalance', '科目余额表', 'Subject balances'],
  ['ledger', '明细账', 'Ledger'],
  ['fixedledger', '固定资产台账', 'Fixed-asset ledger'],
  ['incomeexpense', '收支流水', 'Income and expense'],
  ['expense', '费用报销', 'Expense claims', {
    extra: [btn('expense_submit', '提交审批', 'Submit for approval', 'submit', 'upload', 2, `${DESK}/process/finance/start-process`)],
  }],
  ['financestat', '财务统计', 'Finance statistics'],
  ['overduestat', '逾期统计', 'Overdue statistics'],
  ['relatedstat', '关联交易统计', 'Related-party statistics'],
]);

const budget = business('budget', '预算管理', 'Budget', 14, 'iconfont iconicon_discount', [
  ['budgetfill', '预算填报', 'Budget fill-in', {
    extra: [
      approval('budgetfill', 'budgetfill', 'submit', '提交', 'Submit', 'upload'),
      approval('budgetfill', 'budgetfill', 'withdraw', '撤回', 'Withdraw', 'rollback'),
      approval('budgetfill', 'budgetfill', 'approve', '审核', 'Approve', 'check'),
      approval('budgetfill', 'budgetfill', 'reject', '驳回', 'Reject', 'close'),
      approval('budgetfill', 'budgetfill', 'unapprove', '反审核', 'Unapprove', 'undo'),
    ],
  }],
  ['budgetsituation', '预算执行情况', 'Budget situation', {
    extra: [approval('budgetsituation', 'budgetsituation', 'approve', '审核', 'Approve', 'check')],
  }],
  ['labourbudget', '人工预算执行', 'Labour budget situation', { entity: 'budgetsituation' }],
  ['expensesituation', '费用预算执行', 'Expense budget situation'],
  ['financebudget', '财务预算', 'Financial budget', {
    extra: [
      btn('financebudget_batchsave', '批量保存', 'Batch save', 'batchsave', 'save', 1, `${SYS}/financebudget/batchsave`),
      btn('financebudget_batchcopy', '复制到下一年', 'Copy to next year', 'batchcopy', 'copy', 1, `${SYS}/financebudget/batchcopy`),
    ],
  }],
  ['inventorybudget', '存货预算', 'Inventory budget', {
    only: ['add', 'edit', 'view'],
    extra: [btn('inventorybudget_batchcopy', '复制到下一年', 'Copy to next year', 'batchcopy', 'copy', 1, `${SYS}/inventorybudget/batchcopy`)],
  }],
  ['inventorybudgetstat', '存货预算汇总', 'Inventory budget summary', { entity: 'inventorybudget', only: ['view'] }],
  ['differ', '材料成本差异', 'Material cost difference'],
  ['differstat', '材料成本差异汇总', 'Material cost difference summary', { entity: 'differ', only: ['view'] }],
  ['retention', '集团管理费', 'Group management fee'],
]);

export const MENU_TREE: SeedMenu[] = [
  desk, monitor, tool, report, resource, flow, work,
  masterdata, production, warehouse, finance, budget,
  base, authority, system,
];

/** Grants of the seeded `user` role: desk + notices (seed.md §6), messages (read) and the whole approval inbox. */
export const USER_ROLE_MENU_CODES: string[] = [
  'desk',
  'notice', 'notice_add', 'notice_edit', 'notice_delete', 'notice_view',
  'message', 'message_view',
  'work', 'work_start', 'work_claim', 'work_claim_sign', 'work_todo', 'work_todo_handle', 'work_send', 'work_done',
];
