import { sql } from 'kysely';
import { defineEntity } from '../../src/shared/entities/define.ts';
import type { TestApp } from './app.ts';

/**
 * An approvable entity declared in tests only (an expense claim): a new business is this declaration and its table,
 * nothing else. Its own status values, to tell the mapping from the leave's and fund's; a reference and a unique key,
 * checked in the transaction that starts the process.
 */
export const CLAIM_STATUS = { running: 10, rejected: 20, approved: 30, withdrawn: 40 } as const;

export const expenseClaim = defineEntity({
  name: 'test-expense-claim',
  service: 'blade-desk',
  table: 'test_expense_claim',
  label: { zh: '费用报销', en: 'Expense claim' },
  code: 'work_start',
  tenant: true,
  audit: true,
  fields: {
    processDefinitionId: {
      type: 'string',
      max: 255,
      readonly: true,
      label: { zh: '流程定义', en: 'Process definition' },
    },
    processInstanceId: { type: 'string', max: 64, readonly: true, label: { zh: '流程实例', en: 'Process instance' } },
    taskUser: { type: 'string', max: 255, readonly: true, label: { zh: '审批人', en: 'Approver' } },
    applyTime: { type: 'datetime', nullable: true, readonly: true, label: { zh: '申请时间', en: 'Applied at' } },
    total: {
      type: 'money',
      form: true,
      label: { zh: '报销金额', en: 'Total' },
      required: { zh: '请输入报销金额', en: 'Please enter the total' },
    },
    nights: { type: 'int', form: true, default: 0, label: { zh: '住宿晚数', en: 'Nights' } },
    purpose: { type: 'string', max: 200, form: true, label: { zh: '事由', en: 'Purpose' }, required: true },
    claimNo: {
      type: 'string',
      max: 32,
      nullable: true,
      form: true,
      unique: true,
      label: { zh: '报销单号', en: 'Claim no.' },
    },
    deptId: { type: 'id', nullable: true, ref: 'dept', form: true, label: { zh: '报销部门', en: 'Department' } },
  },
  defaultSort: [['createTime', 'desc']],
  approval: { kind: 'test-claim', status: CLAIM_STATUS, variables: ['total', 'nights'], summary: ['total', 'purpose'] },
});

/** Its table, as a module's migration would create it. */
export async function createExpenseClaimTable(t: TestApp) {
  await sql`create table test_expense_claim (id bigint primary key, tenant_id varchar(12) not null,
    process_definition_id varchar(255) not null default '', process_instance_id varchar(64) not null default '',
    task_user varchar(255) not null default '', apply_time timestamp(0), total numeric(18,2) not null default 0,
    nights int not null default 0, purpose varchar(200) not null default '', claim_no varchar(32), dept_id bigint,
    create_user bigint, create_dept bigint, create_time timestamp(0), update_user bigint, update_time timestamp(0),
    status int not null default 1, is_deleted int not null default 0)`.execute(t.services.db);
}
