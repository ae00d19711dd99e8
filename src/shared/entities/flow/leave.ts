import { REQUEST_STATUS } from '../../flow/types.ts';
import { defineEntity } from '../define.ts';
import { REQUEST_FIELDS } from './request-fields.ts';

/**
 * A leave request (请假, contract flow.md §5): started with its process, which decides on the working days the
 * server counts by the tenant's calendar (server/modules/flow/leave.hooks.ts: end after start, the count).
 */
export const leave = defineEntity({
  name: 'leave',
  service: 'blade-desk',
  table: 'blade_process_leave',
  label: { zh: '请假', en: 'Leave' },
  code: 'work_start',
  tenant: true,
  audit: true,
  fields: {
    ...REQUEST_FIELDS,
    startTime: {
      type: 'datetime',
      nullable: true,
      form: true,
      control: 'period-start',
      label: { zh: '开始时间', en: 'Start' },
      required: { zh: '请选择开始日期', en: 'Please choose the start date' },
    },
    endTime: {
      type: 'datetime',
      nullable: true,
      form: true,
      control: 'period-end',
      label: { zh: '结束时间', en: 'End' },
      required: { zh: '请选择结束日期', en: 'Please choose the end date' },
    },
    // Counted by the server from the period whatever a client sends (the hook replaces it); 0.5 steps.
    days: { type: 'decimal', default: 0, form: true, control: 'leave-days', label: { zh: '请假天数', en: 'Days' } },
    reason: {
      type: 'string',
      max: 255,
      form: true,
      control: 'textarea',
      label: { zh: '请假理由', en: 'Reason' },
      required: { zh: '请输入理由', en: 'Please enter the reason' },
      placeholder: { zh: '请输入理由', en: 'Enter the reason' },
    },
  },
  defaultSort: [
    ['createTime', 'desc'],
    ['id', 'desc'],
  ],
  approval: {
    kind: 'leave',
    start: { by: 'form' },
    status: REQUEST_STATUS,
    variables: ['days'],
    summary: ['days', { from: 'startTime', to: 'endTime', label: { zh: '请假时间', en: 'Period' } }],
  },
});
