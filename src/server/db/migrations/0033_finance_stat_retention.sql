-- Finance statistics (domain/finance.md financestat): a company's income-statement lines and month-end balances of one
-- month, with the profits and margins the server works out on every write. (org_id, year, month) is unique among a
-- tenant's live rows. Optional lines and balances are NULL when not entered (0 in the formulas). The margins are
-- fractions with the rates' six decimals, wider than a rate's numeric(9,6): a loss on a tiny revenue is many times it.
create table erp_finance_stat (
  id bigint primary key,
  tenant_id varchar(12) not null default '000000',
  org_id varchar(64) not null,
  year int not null,
  month int not null,
  revenue numeric(18,2) not null,
  cost numeric(18,2) not null,
  tax_surcharge numeric(18,2),
  selling_expense numeric(18,2),
  admin_expense numeric(18,2),
  rd_expense numeric(18,2),
  finance_expense numeric(18,2),
  other_gains numeric(18,2),
  income_tax numeric(18,2),
  gross_profit numeric(18,2) not null default 0,
  gross_margin numeric(18,6),
  total_profit numeric(18,2) not null default 0,
  net_profit numeric(18,2) not null default 0,
  net_margin numeric(18,6),
  receivable_balance numeric(18,2),
  inventory_balance numeric(18,2),
  cash_balance numeric(18,2),
  create_user bigint, create_dept bigint, create_time timestamp(0), update_user bigint, update_time timestamp(0),
  status int not null default 1,
  is_deleted int not null default 0
);
create unique index erp_finance_stat_key on erp_finance_stat (tenant_id, org_id, year, month) where is_deleted = 0;
create index erp_finance_stat_year on erp_finance_stat (tenant_id, year, month) where is_deleted = 0;
select tenon_isolate_tenant_rows('erp_finance_stat');

-- Group management fee (domain/budget.md §5.7 retention): the rate of a company's base (fee_base 1 revenue, 2 total
-- profit) the group retains for a year, per business unit (dept_id) and company; the rate is a fraction. (year,
-- org_id) is unique among a tenant's live rows. The estimated fee is worked out on read from erp_finance_stat.
create table erp_retention (
  id bigint primary key,
  tenant_id varchar(12) not null default '000000',
  year int not null,
  dept_id bigint not null,
  org_id varchar(64) not null,
  total_amount numeric(9,6) not null,
  fee_base varchar(32) not null default '1',
  remark varchar(255) not null default '',
  create_user bigint, create_dept bigint, create_time timestamp(0), update_user bigint, update_time timestamp(0),
  status int not null default 1,
  is_deleted int not null default 0
);
create unique index erp_retention_key on erp_retention (tenant_id, year, org_id) where is_deleted = 0;
create index erp_retention_dept on erp_retention (tenant_id, dept_id) where is_deleted = 0;
select tenon_isolate_tenant_rows('erp_retention');
