-- Production (domain/production.md): new product introduction (NPI) records and project tasks. An NPI number is
-- given once per tenant and year (tenon_number_sequence); a task's progress is a fraction, 1 once completed.
create table erp_product_introduce (
  id bigint primary key,
  tenant_id varchar(12) not null default '000000',
  introduce_no varchar(32) not null,
  customer_id bigint not null,
  project varchar(64) not null,
  product_id bigint,
  product_no varchar(64) not null,
  product_name varchar(128) not null,
  org_id varchar(64) not null,
  stage varchar(32) not null,
  nomination_date date,
  ppap_date date,
  sop_date date,
  annual_volume numeric(18,4),
  target_price numeric(18,2),
  manager_id bigint,
  introduce_status varchar(32) not null default '1',
  remark varchar(500) not null default '',
  create_user bigint, create_dept bigint, create_time timestamp(0), update_user bigint, update_time timestamp(0),
  status int not null default 1,
  is_deleted int not null default 0
);
create unique index erp_product_introduce_no on erp_product_introduce (tenant_id, introduce_no) where is_deleted = 0;
create index erp_product_introduce_customer on erp_product_introduce (tenant_id, customer_id) where is_deleted = 0;
select tenon_isolate_tenant_rows('erp_product_introduce');

create table erp_task (
  id bigint primary key,
  tenant_id varchar(12) not null default '000000',
  task_name varchar(128) not null,
  introduce_id bigint,
  project varchar(64) not null,
  owner_id bigint not null,
  dept_id bigint,
  priority varchar(32) not null default '2',
  plan_start_date date not null,
  plan_end_date date not null,
  actual_end_date date,
  progress numeric(9,6) not null default 0,
  task_status varchar(32) not null default '0',
  description varchar(1000) not null default '',
  create_user bigint, create_dept bigint, create_time timestamp(0), update_user bigint, update_time timestamp(0),
  status int not null default 1,
  is_deleted int not null default 0
);
create index erp_task_introduce on erp_task (tenant_id, introduce_id) where is_deleted = 0;
create index erp_task_owner on erp_task (tenant_id, owner_id) where is_deleted = 0;
select tenon_isolate_tenant_rows('erp_task');
