/** `log.*`: the 系统监控 screens' own words. */
export const log = {
  apiDoc: {
    title: '接口文档',
    hint: 'OpenAPI 3.1，「Try it out」以当前登录用户的身份调用接口',
    service: '服务',
    serviceOption: '{{service}}（{{operations}} 个接口）',
  },
  audit: {
    history: '操作记录',
    historyTitle: '操作记录：{{label}}',
    noHistory: '暂无操作记录',
    callChanges: '本次调用的数据变更',
    noChanges: '本次调用未变更数据',
    time: '时间',
    user: '操作人',
    operation: '操作',
    field: '字段',
    oldValue: '原值',
    newValue: '新值',
    insert: '新增',
    update: '修改',
    delete: '删除',
    record: '记录',
    normal: '正常',
    exception: '异常',
  },
};
