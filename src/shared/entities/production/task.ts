import { defineEntity } from '../define.ts';

/** Task states (business dictionary `task_status`). */
export const TASK_STATUS = { notStarted: '0', inProgress: '1', done: '2', cancelled: '3' } as const;

/**
 * A project task (项目任务, domain/production.md), usually of an NPI record, whose project it then takes. Its status
 * follows a state machine (未开始 → 进行中 → 已完成, either open state → 已取消, 已完成 → 进行中 to reopen); a completed task
 * is at 100 %. Overdue is worked out each day, not a state.
 */
export const task = defineEntity({
  name: 'task',
  service: 'blade-system',
  table: 'erp_task',
  label: { zh: '项目任务', en: 'Project task' },
  code: 'task',
  tenant: true,
  audit: true,
  dataScope: true,
  display: 'taskName',
  rowTone: { field: 'isOverdue', value: 1, tone: 'danger' },
  states: {
    field: 'taskStatus',
    // A task may be entered once work on it has begun.
    initial: [TASK_STATUS.notStarted, TASK_STATUS.inProgress],
    next: {
      [TASK_STATUS.notStarted]: [TASK_STATUS.inProgress, TASK_STATUS.cancelled],
      [TASK_STATUS.inProgress]: [TASK_STATUS.done, TASK_STATUS.cancelled],
      [TASK_STATUS.done]: [TASK_STATUS.inProgress],
    },
  },
  fields: {
    taskName: {
      type: 'string',
      max: 128,
      list: true,
      form: true,
      filter: true,
      export: true,
      label: { zh: '任务名称', en: 'Task' },
      required: true,
    },
    introduceId: {
      type: 'id',
      nullable: true,
      ref: 'productintroduce',
      list: true,
      form: true,
      filter: true,
      export: true,
      label: { zh: '所属新品导入', en: 'NPI record' },
    },
    project: {
      type: 'string',
      max: 64,
      copyFrom: { ref: 'introduceId', field: 'project' },
      fillFrom: { ref: 'introduceId', field: 'project' },
      list: true,
      form: true,
      filter: true,
      export: true,
      label: { zh: '项目', en: 'Project' },
      required: true,
    },
    ownerId: {
      type: 'id',
      ref: 'employee',
      list: true,
      form: true,
      filter: true,
      export: true,
      label: { zh: '负责人', en: 'Owner' },
      required: true,
    },
    deptId: {
      type: 'id',
      nullable: true,
      ref: 'dept',
      list: true,
      form: true,
      export: true,
      label: { zh: '责任部门', en: 'Responsible department' },
    },
    priority: {
      type: 'string',
      max: 32,
      bizDict: 'task_priority',
      default: '2',
      list: true,
      form: true,
      filter: true,
      export: true,
      label: { zh: '优先级', en: 'Priority' },
      required: true,
    },
    planStartDate: {
      type: 'date',
      list: true,
      form: true,
      export: true,
      label: { zh: '计划开始', en: 'Planned start' },
      required: true,
    },
    planEndDate: {
      type: 'date',
      notBefore: {
        field: 'planStartDate',
        message: {
          zh: '计划完成日期不能早于计划开始日期',
          en: 'The planned finish cannot be before the planned start',
        },
      },
      list: true,
      form: true,
      filter: true,
      export: true,
      label: { zh: '计划完成', en: 'Planned finish' },
      required: true,
    },
    actualEndDate: {
      type: 'date',
      nullable: true,
      requiredWhen: { field: 'taskStatus', values: [TASK_STATUS.done] },
      list: true,
      form: true,
      export: true,
      label: { zh: '实际完成', en: 'Actual finish' },
    },
    progress: {
      type: 'decimal',
      percent: true,
      range: { min: 0, max: 1 },
      default: 0,
      list: true,
      form: true,
      export: true,
      label: { zh: '进度', en: 'Progress' },
      required: true,
    },
    taskStatus: {
      type: 'string',
      max: 32,
      bizDict: 'task_status',
      default: TASK_STATUS.notStarted,
      list: true,
      form: true,
      filter: true,
      export: true,
      label: { zh: '任务状态', en: 'Status' },
      required: true,
    },
    isOverdue: {
      type: 'switch',
      derive: {
        today: (row, today) =>
          [TASK_STATUS.notStarted, TASK_STATUS.inProgress].includes(String(row.taskStatus) as '0') &&
          String(row.planEndDate) < today
            ? 1
            : 0,
      },
      list: true,
      export: true,
      label: { zh: '是否逾期', en: 'Overdue' },
    },
    description: {
      type: 'string',
      max: 1000,
      form: true,
      control: 'textarea',
      label: { zh: '任务说明', en: 'Description' },
    },
  },
  defaultSort: [
    ['planEndDate', 'asc'],
    ['id', 'asc'],
  ],
});
