-- Budgets (domain/budget.md §5.4 financebudget): a company's P&L budget by account and month in the monthly row of
-- §1, with the completions and full-year figures the server works out on every write. (year, org_id, subject, title)
-- is unique among a tenant's live rows; subject is an account's code (erp_subject.subject_code of the same tenant).
create table erp_finance_budget (
  id bigint primary key,
  tenant_id varchar(12) not null default '000000',
  year int not null,
  org_id varchar(64) not null,
  subject varchar(32) not null,
  title varchar(128) not null,
  sort int not null default 0,
  remark varchar(255) not null default '',
  amount1 numeric(18,2) not null default 0, actual1 numeric(18,2) not null default 0, finish1 numeric(9,4),
  amount2 numeric(18,2) not null default 0, actual2 numeric(18,2) not null default 0, finish2 numeric(9,4),
  amount3 numeric(18,2) not null default 0, actual3 numeric(18,2) not null default 0, finish3 numeric(9,4),
  amount4 numeric(18,2) not null default 0, actual4 numeric(18,2) not null default 0, finish4 numeric(9,4),
  amount5 numeric(18,2) not null default 0, actual5 numeric(18,2) not null default 0, finish5 numeric(9,4),
  amount6 numeric(18,2) not null default 0, actual6 numeric(18,2) not null default 0, finish6 numeric(9,4),
  amount7 numeric(18,2) not null default 0, actual7 numeric(18,2) not null default 0, finish7 numeric(9,4),
  amount8 numeric(18,2) not null default 0, actual8 numeric(18,2) not null default 0, finish8 numeric(9,4),
  amount9 numeric(18,2) not null default 0, actual9 numeric(18,2) not null default 0, finish9 numeric(9,4),
  amount10 numeric(18,2) not null default 0, actual10 numeric(18,2) not null default 0, finish10 numeric(9,4),
  amount11 numeric(18,2) not null default 0, actual11 numeric(18,2) not null default 0, finish11 numeric(9,4),
  amount12 numeric(18,2) not null default 0, actual12 numeric(18,2) not null default 0, finish12 numeric(9,4),
  total_amount numeric(18,2) not null default 0,
  total_actual numeric(18,2) not null default 0,
  total_finish numeric(9,4),
  create_user bigint, create_dept bigint, create_time timestamp(0), update_user bigint, update_time timestamp(0),
  status int not null default 1,
  is_deleted int not null default 0
);
create unique index erp_finance_budget_key on erp_finance_budget (tenant_id, year, org_id, subject, title)
  where is_deleted = 0;
create index erp_finance_budget_subject on erp_finance_budget (tenant_id, subject) where is_deleted = 0;
select tenon_isolate_tenant_rows('erp_finance_budget');
