-- Budget fill-in and budget situation (domain/budget.md §5.1, §5.2). A fill line is a department's budget for a year,
-- amounts only, with its approval state (§4) and its inbox task's process columns; approving it writes its amounts into
-- the situation row of the same key (year, org, department, budget type, account, caption), where finance enters
-- the actuals. Keys are unique among a tenant's live rows.
create table erp_budget_fill (
  id bigint primary key,
  tenant_id varchar(12) not null default '000000',
  year int not null,
  org_id varchar(64) not null,
  dept_id bigint not null,
  budget_type varchar(32) not null default '1',
  subject varchar(32) not null,
  title varchar(128) not null,
  post_id bigint,
  sort int not null default 0,
  remark varchar(255) not null default '',
  amount1 numeric(18,2) not null default 0,
  amount2 numeric(18,2) not null default 0,
  amount3 numeric(18,2) not null default 0,
  amount4 numeric(18,2) not null default 0,
  amount5 numeric(18,2) not null default 0,
  amount6 numeric(18,2) not null default 0,
  amount7 numeric(18,2) not null default 0,
  amount8 numeric(18,2) not null default 0,
  amount9 numeric(18,2) not null default 0,
  amount10 numeric(18,2) not null default 0,
  amount11 numeric(18,2) not null default 0,
  amount12 numeric(18,2) not null default 0,
  total_amount numeric(18,2) not null default 0,
  approve_status varchar(32) not null default '0',
  submit_user bigint,
  submit_time timestamp(0),
  approve_user bigint,
  approve_time timestamp(0),
  approve_opinion varchar(500) not null default '',
  process_definition_id varchar(255) not null default '',
  process_instance_id varchar(64) not null default '',
  task_user varchar(255) not null default '',
  apply_time timestamp(0),
  create_user bigint, create_dept bigint, create_time timestamp(0), update_user bigint, update_time timestamp(0),
  status int not null default 1,
  is_deleted int not null default 0
);
create unique index erp_budget_fill_key on erp_budget_fill (tenant_id, year, org_id, dept_id, budget_type, subject, title)
  where is_deleted = 0;
create unique index erp_budget_fill_post on erp_budget_fill (tenant_id, year, org_id, dept_id, post_id)
  where is_deleted = 0 and post_id is not null;
create index erp_budget_fill_state on erp_budget_fill (tenant_id, year, approve_status) where is_deleted = 0;
create index erp_budget_fill_subject on erp_budget_fill (tenant_id, subject) where is_deleted = 0;
select tenon_isolate_tenant_rows('erp_budget_fill');

create table erp_budget_situation (
  id bigint primary key,
  tenant_id varchar(12) not null default '000000',
  year int not null,
  org_id varchar(64) not null,
  dept_id bigint,
  budget_type varchar(32) not null default '1',
  subject varchar(32) not null default '',
  title varchar(128) not null,
  post_id bigint,
  customer_name varchar(128) not null default '',
  project varchar(64) not null default '',
  product_no varchar(64) not null default '',
  product_name varchar(128) not null default '',
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
  source_fill_id bigint,
  approve_status varchar(32) not null default '0',
  approve_user bigint,
  approve_time timestamp(0),
  create_user bigint, create_dept bigint, create_time timestamp(0), update_user bigint, update_time timestamp(0),
  status int not null default 1,
  is_deleted int not null default 0
);
-- A department-less row's key holds too (coalesce: null is not equal to null in a unique index).
create unique index erp_budget_situation_key on erp_budget_situation
  (tenant_id, year, org_id, coalesce(dept_id, 0), budget_type, subject, title) where is_deleted = 0;
create index erp_budget_situation_year on erp_budget_situation (tenant_id, year, org_id) where is_deleted = 0;
create index erp_budget_situation_subject on erp_budget_situation (tenant_id, subject) where is_deleted = 0;
select tenon_isolate_tenant_rows('erp_budget_situation');
