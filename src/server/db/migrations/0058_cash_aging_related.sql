-- Issue 35: the cash journal, the receivable aging and the related-party statistics (domain/finance.md
-- § incomeexpense, § overduestat, § relatedstat).

-- 收支流水: one receipt (io_type 1) or payment (2) of a company; signed_amount is +amount for a receipt, −amount for a
-- payment, kept so that the footer's net and the monthly cash chart sum one column.
create table erp_income_expense (
  id bigint primary key,
  tenant_id varchar(12) not null default '000000',
  org_id varchar(64) not null,
  biz_date date not null,
  io_type varchar(32) not null,
  category varchar(32) not null,
  amount numeric(18,2) not null,
  signed_amount numeric(18,2) not null default 0,
  fund_account varchar(64) not null default '',
  settlement_method varchar(32) not null default '',
  counterparty varchar(128) not null default '',
  subject_code varchar(32) not null default '',
  voucher_no varchar(32) not null default '',
  handler varchar(32) not null default '',
  summary varchar(255) not null default '',
  create_user bigint, create_dept bigint, create_time timestamp(0), update_user bigint, update_time timestamp(0),
  status int not null default 1,
  is_deleted int not null default 0
);
create index erp_income_expense_list on erp_income_expense (tenant_id, id desc) where is_deleted = 0;
-- The journal's order (newest first), a company's days, and the accounts it books to (a used account stays).
create index erp_income_expense_date on erp_income_expense (tenant_id, biz_date desc, id desc) where is_deleted = 0;
create index erp_income_expense_org on erp_income_expense (tenant_id, org_id, biz_date) where is_deleted = 0;
create index erp_income_expense_subject on erp_income_expense (tenant_id, subject_code) where is_deleted = 0;
select tenon_isolate_tenant_rows('erp_income_expense');

-- 逾期统计: one customer's aging in one company at a month-end (stat_month yyyy-MM), the customer's name and credit
-- days as they were when the row was saved; (org_id, stat_month, customer_id) is unique among live rows.
create table erp_overdue_stat (
  id bigint primary key,
  tenant_id varchar(12) not null default '000000',
  org_id varchar(64) not null,
  stat_month varchar(7) not null,
  customer_id bigint not null,
  customer_name varchar(128) not null default '',
  credit_days int,
  not_due_amount numeric(18,2) not null,
  overdue1to30 numeric(18,2) not null default 0,
  overdue31to60 numeric(18,2) not null default 0,
  overdue61to90 numeric(18,2) not null default 0,
  overdue91to180 numeric(18,2) not null default 0,
  overdue181to365 numeric(18,2) not null default 0,
  overdue_over365 numeric(18,2) not null default 0,
  overdue_total numeric(18,2) not null default 0,
  receivable_amount numeric(18,2) not null default 0,
  overdue_rate numeric(9,6),
  salesman varchar(32) not null default '',
  collection_plan varchar(500) not null default '',
  create_user bigint, create_dept bigint, create_time timestamp(0), update_user bigint, update_time timestamp(0),
  status int not null default 1,
  is_deleted int not null default 0
);
create unique index erp_overdue_stat_customer_id_unique on erp_overdue_stat (tenant_id, org_id, stat_month, customer_id)
  where is_deleted = 0;
create index erp_overdue_stat_list on erp_overdue_stat (tenant_id, id desc) where is_deleted = 0;
-- The list's order: the latest month first, each company's largest overdue first.
create index erp_overdue_stat_order on erp_overdue_stat (tenant_id, stat_month desc, org_id, overdue_total desc)
  where is_deleted = 0;
-- A customer's rows (a customer in use is not deleted).
create index erp_overdue_stat_customer on erp_overdue_stat (tenant_id, customer_id) where is_deleted = 0;
select tenon_isolate_tenant_rows('erp_overdue_stat');

-- 关联交易统计: one company's transactions of one type with one related party in a month; ytd_amount is the sum of
-- months 1..month of the same (org_id, year, related_party, trans_type), kept by the server on every write.
create table erp_related_stat (
  id bigint primary key,
  tenant_id varchar(12) not null default '000000',
  org_id varchar(64) not null,
  year int not null,
  month int not null,
  related_party varchar(128) not null,
  related_org_id varchar(64) not null default '',
  relation_type varchar(32) not null,
  trans_type varchar(32) not null,
  amount numeric(18,2) not null,
  ytd_amount numeric(18,2) not null default 0,
  balance numeric(18,2),
  pricing_policy varchar(32) not null default '',
  remark varchar(255) not null default '',
  create_user bigint, create_dept bigint, create_time timestamp(0), update_user bigint, update_time timestamp(0),
  status int not null default 1,
  is_deleted int not null default 0
);
create unique index erp_related_stat_trans_type_unique
  on erp_related_stat (tenant_id, org_id, year, month, related_party, trans_type) where is_deleted = 0;
create index erp_related_stat_list on erp_related_stat (tenant_id, id desc) where is_deleted = 0;
-- The list's order: the latest month first, by company and party.
create index erp_related_stat_order on erp_related_stat (tenant_id, year desc, month desc, org_id, related_party)
  where is_deleted = 0;
-- The other company's rows of a month, which the counterparty check reads.
create index erp_related_stat_mirror on erp_related_stat (tenant_id, related_org_id, year, month) where is_deleted = 0;
select tenon_isolate_tenant_rows('erp_related_stat');
