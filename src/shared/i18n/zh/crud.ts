/** `crud.*`: words of the shared list/form screen (field labels come from the entity definitions). */
export const crud = {
  index: '序号',
  actions: '操作',
  total: '共 {{total}} 条',
  totalCapped: '共 {{total}}+ 条',
  countAll: '精确计数',
  sumAll: '计算合计',
  sum: '合计',
  selected: '已选择 {{count}} 项',
  input: '请输入{{label}}',
  select: '请选择{{label}}',
  required: '请输入{{label}}',
  requiredSelect: '请选择{{label}}',
  tooLong: '{{label}}长度不能超过{{max}}',
  addLine: '添加一行',
  /** Top menus: which menus a top menu groups (contract system.md §5). */
  topMenu: {
    setting: '菜单配置',
    grantTitle: '下级菜单配置',
  },
  /** Tenant screen's own buttons and dialogs (contract system.md §10). */
  tenantAdmin: {
    setting: '授权配置',
    datasource: '数据源',
    package: '产品包',
    accountNumber: '账号额度',
    accountNumberHint: '-1 或留空表示不限',
    expireTime: '过期时间',
    expireTimeHint: '留空表示永不过期',
    datasourceId: '数据源',
    packageId: '产品包',
    selectDatasource: '请选择数据源',
    selectPackage: '请选择产品包',
    datasourceUnavailable: '数据源列表加载失败',
    onlyOne: '只能选择一条数据',
  },
  /** Role screen: 权限设置 (contract system.md §3 grant). */
  role: {
    grant: '权限设置',
    grantTitle: '角色权限配置',
    menuTab: '菜单权限',
    dataTab: '数据权限',
    apiTab: '接口权限',
    dataEmpty: '还没有可分配的数据权限。数据权限按菜单配置，请先在「数据权限」中为菜单新建规则。',
    apiEmpty: '还没有可分配的接口权限。接口权限按菜单配置，请先在「接口权限」中为菜单新建规则。',
    goTo: '前往{{name}}',
  },
  /** User screen's own buttons and dialogs (contract system.md §2). */
  user: {
    depts: '组织机构',
    role: '角色配置',
    roleTitle: '用户角色配置',
    reset: '密码重置',
    resetConfirm: '确定将选择账号密码重置为初始密码?',
    unlock: '账号解封',
    unlockConfirm: '确定将选择账号解封?',
  },
  /** Excel export and import of a screen (menus.md `<code>_export`, `<code>_import`). */
  excel: {
    import: '导入',
    importTitle: '{{label}}数据导入',
    importFile: '模板上传',
    importPick: '选择文件',
    importTip: '请上传 .xlsx 标准格式文件',
    importNoFile: '请选择要导入的文件',
    importFailed: '导入失败,请修改以下数据后重新上传',
    importCovered: '数据覆盖',
    templateDownload: '模板下载',
    templateLink: '点击下载',
    export: '导出',
    exportConfirm: '是否导出{{label}}数据?',
    uploading: '正在上传 {{percent}}%',
    importing: '正在导入,请稍候…',
    imported: '已导入 {{count}} 条数据',
  },
  /** Tree tables of the shared page. */
  tree: {
    addChild: '新增子项',
  },
  /** The dictionary screens (spec §2): a dictionary list and the tree of its items. */
  dict: {
    horizontal: '字典管理(横向)',
    vertical: '字典管理(纵向)',
    parents: '字典列表',
    items: '字典项',
    itemsOf: '字典项:{{name}}',
    pickParent: '请先在字典列表中选择一个字典',
  },
  /** Region screen: the division tree and its form (contract system.md §15). */
  region: {
    tree: '行政区划',
    detail: '区划信息',
    addChild: '新增下级',
    newChild: '新增下级区划',
    parentName: '父区划名称',
    pick: '请在左侧选择区划',
    codeHint: '以上级区划编号开头',
  },
  /** The monthly grid of budgets and plans (budget.md §1) and its dimension search (§3). */
  grid: {
    total: '合计',
    pasteNumbers: '粘贴的内容须为数字',
    searchType: '查询维度',
    searchContent: '查询内容',
    searchMonth: '月份区间',
  },
  /** Production plan screen: its status buttons (domain/production.md § prodplane). */
  prodplane: {
    release: '下达',
    withdraw: '撤回',
    close: '关闭',
    releaseConfirm: '确定下达该计划? 下达后计划数量不能修改',
    withdrawConfirm: '确定将该计划撤回为草稿?',
    closeConfirm: '确定关闭该计划? 关闭后不能修改或删除',
  },
} as const;
