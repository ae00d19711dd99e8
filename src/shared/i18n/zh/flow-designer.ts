/**
 * The model designer's side panel: loaded with the designer (PropertiesPanel.tsx adds it under `flowDesigner`), so
 * its labels stay out of every first load.
 */
export const flowDesigner = {
  prop: {
    name: '名称',
    assignee: '处理人',
    candidateUsers: '候选人',
    candidateGroups: '候选组',
    condition: '流转条件',
    documentation: '流程说明',
    formKey: '表单标识',
    dueDate: '到期时间',
    priority: '优先级',
    timerType: '定时方式',
    timerValue: '定时表达式',
    calledElement: '调用流程',
    multiInstance: '多实例',
    collection: '集合',
    elementVariable: '元素变量',
    cardinality: '实例数',
    completionCondition: '完成条件',
  },
  hint: {
    assignee: '如 ${taskUser} (申请人选择的审批人)、${createUser} (申请人)',
    candidateUsers: '多个以逗号分隔, 如 taskUser_1123598821738675201',
    candidateGroups: '角色别名, 多个以逗号分隔, 如 hr,finance',
    condition: '一个 ${...} 表达式, 如 ${pass}、${!pass}、${days > 3}',
    documentation: '部署后作为流程描述',
    timerValue: '如 PT48H、2030-01-01T09:00:00、R3/PT10M',
    calledElement: '被调用流程的流程ID',
  },
  choice: {
    timeDuration: '等待时长',
    timeDate: '指定时间',
    timeCycle: '循环周期',
    none: '无',
    parallel: '并行',
    sequential: '串行',
  },
};
