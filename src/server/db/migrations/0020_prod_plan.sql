-- Production (domain/production.md § prodplane): the yearly production plan of a company per part and month, in the
-- product-row shape of budget.md §2. (year, org_id, product_no) is unique among a tenant's live rows. line_id is a
-- plain id until the line table exists (then a reference to erp_line).
create table erp_prod_plan (
  id bigint primary key,
  tenant_id varchar(12) not null default '000000',
  year int not null,
  org_id varchar(64) not null,
  product_id bigint,
  product_no varchar(64) not null,
  product_name varchar(128) not null,
  customer_name varchar(128) not null default '',
  project varchar(64) not null,
  unit varchar(20) not null,
  line_id bigint,
  plan_status varchar(32) not null default '0',
  amount1 numeric(18,2) not null default 0, actual1 numeric(18,2) not null default 0,
  amount2 numeric(18,2) not null default 0, actual2 numeric(18,2) not null default 0,
  amount3 numeric(18,2) not null default 0, actual3 numeric(18,2) not null default 0,
  amount4 numeric(18,2) not null default 0, actual4 numeric(18,2) not null default 0,
  amount5 numeric(18,2) not null default 0, actual5 numeric(18,2) not null default 0,
  amount6 numeric(18,2) not null default 0, actual6 numeric(18,2) not null default 0,
  amount7 numeric(18,2) not null default 0, actual7 numeric(18,2) not null default 0,
  amount8 numeric(18,2) not null default 0, actual8 numeric(18,2) not null default 0,
  amount9 numeric(18,2) not null default 0, actual9 numeric(18,2) not null default 0,
  amount10 numeric(18,2) not null default 0, actual10 numeric(18,2) not null default 0,
  amount11 numeric(18,2) not null default 0, actual11 numeric(18,2) not null default 0,
  amount12 numeric(18,2) not null default 0, actual12 numeric(18,2) not null default 0,
  total_amount numeric(18,2) not null default 0,
  total_actual numeric(18,2) not null default 0,
  remark varchar(255) not null default '',
  create_user bigint, create_dept bigint, create_time timestamp(0), update_user bigint, update_time timestamp(0),
  status int not null default 1,
  is_deleted int not null default 0
);
create unique index erp_prod_plan_key on erp_prod_plan (tenant_id, year, org_id, product_no) where is_deleted = 0;
create index erp_prod_plan_product on erp_prod_plan (tenant_id, product_id) where is_deleted = 0;
select tenon_isolate_tenant_rows('erp_prod_plan');
