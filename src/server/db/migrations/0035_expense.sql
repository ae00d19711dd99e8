-- Expense claims (domain/finance.md expense): an employee's claim, numbered per tenant and day (BX<yyyyMMdd><seq>, in
-- tenon_number_sequence), with its state (expense_status 0 draft .. 4 paid) and its fund-approval process. The budget's
-- expense situation sums the approved and paid claims (2, 4) by company, department, account and month.
create table erp_expense (
  id bigint primary key,
  tenant_id varchar(12) not null default '000000',
  expense_no varchar(32) not null,
  applicant_id bigint not null,
  dept_id bigint not null,
  org_id varchar(64) not null,
  expense_type varchar(32) not null,
  subject_code varchar(32) not null default '',
  expense_date date not null,
  amount numeric(18,2) not null,
  invoice_count int not null default 0,
  project varchar(64) not null default '',
  reason varchar(500) not null default '',
  expense_status varchar(32) not null default '0',
  pay_date date,
  process_definition_id varchar(255) not null default '',
  process_instance_id varchar(64) not null default '',
  task_user varchar(255) not null default '',
  apply_time timestamp(0),
  create_user bigint, create_dept bigint, create_time timestamp(0), update_user bigint, update_time timestamp(0),
  status int not null default 1,
  is_deleted int not null default 0
);
create unique index erp_expense_no on erp_expense (tenant_id, expense_no) where is_deleted = 0;
-- The list's order (newest claims first) and its searches by claimant, department, company and state.
create index erp_expense_date on erp_expense (tenant_id, expense_date, id) where is_deleted = 0;
create index erp_expense_applicant on erp_expense (tenant_id, applicant_id, expense_date) where is_deleted = 0;
create index erp_expense_dept on erp_expense (tenant_id, dept_id, expense_date) where is_deleted = 0;
create index erp_expense_org on erp_expense (tenant_id, org_id, expense_date) where is_deleted = 0;
create index erp_expense_state on erp_expense (tenant_id, expense_status, expense_date) where is_deleted = 0;
-- The accounts' claims (the expense situation; a used account cannot be deleted).
create index erp_expense_subject on erp_expense (tenant_id, subject_code, expense_date) where is_deleted = 0;
select tenon_isolate_tenant_rows('erp_expense');
