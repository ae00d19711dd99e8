-- Expense budget situation (domain/budget.md §5.3): a department's expense budget and actuals per expense account and
-- month, maintained directly (no approval). (year, org, department, account, caption) is unique among a tenant's live
-- rows. The year's claims beside each row (claimTotal) are summed on read from erp_expense (its account index).
create table erp_expense_situation (
  id bigint primary key,
  tenant_id varchar(12) not null default '000000',
  year int not null,
  org_id varchar(64) not null,
  dept_id bigint not null,
  subject varchar(32) not null,
  title varchar(128) not null,
  expense_type varchar(32) not null default '',
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
create unique index erp_expense_situation_key on erp_expense_situation
  (tenant_id, year, org_id, dept_id, subject, title) where is_deleted = 0;
-- The grid's default order (year descending, company, department, sort order, account) read from the index, as the
-- other budget grids' (0034): it serves no filter, a year, a year and company, and a year, company and department.
create index erp_expense_situation_grid on erp_expense_situation (tenant_id, year desc, org_id, dept_id, sort, subject)
  where is_deleted = 0;
-- A department's rows across companies and years (the department search), and an account's (the subject search, and
-- the account's delete guard).
create index erp_expense_situation_dept on erp_expense_situation (tenant_id, dept_id, year) where is_deleted = 0;
create index erp_expense_situation_subject on erp_expense_situation (tenant_id, subject) where is_deleted = 0;
select tenon_isolate_tenant_rows('erp_expense_situation');
