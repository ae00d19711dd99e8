import type { FieldDef } from '../define.ts';

/**
 * The columns every approval request table has (migrations 0007): its process and first approver, owned by the
 * server (set when the process starts), never read from a body.
 */
export const REQUEST_FIELDS = {
  processDefinitionId: {
    type: 'string',
    max: 255,
    readonly: true,
    label: { zh: '流程定义', en: 'Process definition' },
  },
  processInstanceId: { type: 'string', max: 64, readonly: true, label: { zh: '流程实例', en: 'Process instance' } },
  taskUser: { type: 'string', max: 255, readonly: true, label: { zh: '审批人', en: 'Approver' } },
  applyTime: { type: 'datetime', nullable: true, readonly: true, label: { zh: '申请时间', en: 'Applied at' } },
} as const satisfies Record<string, FieldDef>;
