-- Trial balance (domain/finance.md subjectbalance, issue 35): one leaf account's opening, movement, year to date and
-- closing of one company and month. (org_id, year, month, subject_code) is unique among a tenant's live rows; the
-- year to date and the closing are the server's (modules/finance/subject-balance.hooks.ts).
create table erp_subject_balance (
  id bigint primary key,
  tenant_id varchar(12) not null default '000000',
  org_id varchar(64) not null,
  year int not null,
  month int not null,
  subject_code varchar(32) not null,
  subject_name varchar(64) not null default '',
  opening_debit numeric(18,2) not null default 0,
  opening_credit numeric(18,2) not null default 0,
  period_debit numeric(18,2) not null default 0,
  period_credit numeric(18,2) not null default 0,
  ytd_debit numeric(18,2) not null default 0,
  ytd_credit numeric(18,2) not null default 0,
  closing_debit numeric(18,2) not null default 0,
  closing_credit numeric(18,2) not null default 0,
  create_user bigint, create_dept bigint, create_time timestamp(0), update_user bigint, update_time timestamp(0),
  status int not null default 1,
  is_deleted int not null default 0
);
create unique index erp_subject_balance_subject_code_unique on erp_subject_balance
  (tenant_id, org_id, year, month, subject_code) where is_deleted = 0;
-- The list's default order.
create index erp_subject_balance_list on erp_subject_balance (tenant_id, year desc, org_id, month, subject_code)
  where is_deleted = 0;
-- An account's months of a year: the running year to date that a save or a generation recomputes.
create index erp_subject_balance_account on erp_subject_balance (tenant_id, org_id, year, subject_code, month)
  where is_deleted = 0;
-- The rows of an account: a search by its code, and the chart's check that an account in use is not deleted.
create index erp_subject_balance_subject_code on erp_subject_balance (tenant_id, subject_code) where is_deleted = 0;
select tenon_isolate_tenant_rows('erp_subject_balance');

-- 生成余额 and 账表核对 sum a company's posted lines of one month by account: this index holds exactly those lines in
-- that order with their amounts, so a month is read from the index alone however many years the table holds.
create index erp_ledger_posted on erp_ledger (tenant_id, org_id, year, month, subject_code)
  include (debit_amount, credit_amount) where is_deleted = 0 and voucher_status = '2';
