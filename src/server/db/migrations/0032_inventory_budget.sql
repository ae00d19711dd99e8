-- Budgets (domain/budget.md §5.5 inventorybudget): the month-end inventory value budget of a company per part and
-- month, in the product-row shape of §2, with the actual month-end values; the full-year totals are worked out by the
-- server on every write (averages and completion on read). (year, org_id, product_no) is unique among a tenant's live
-- rows: `batchcopy` skips a part the next year already has.
create table erp_inventory_budget (
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
  remark varchar(255) not null default '',
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
  create_user bigint, create_dept bigint, create_time timestamp(0), update_user bigint, update_time timestamp(0),
  status int not null default 1,
  is_deleted int not null default 0
);
create unique index erp_inventory_budget_key on erp_inventory_budget (tenant_id, year, org_id, product_no)
  where is_deleted = 0;
create index erp_inventory_budget_product on erp_inventory_budget (tenant_id, product_id) where is_deleted = 0;
select tenon_isolate_tenant_rows('erp_inventory_budget');
