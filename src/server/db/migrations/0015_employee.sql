-- Master data (domain/masterdata.md): employees. The employee number is unique among a tenant's live rows, and a
-- system login belongs to one employee at most.
create table erp_employee (
  id bigint primary key,
  tenant_id varchar(12) not null default '000000',
  employee_no varchar(32) not null,
  name varchar(32) not null,
  sex int not null,
  org_id varchar(64) not null,
  dept_id bigint not null,
  post_id bigint,
  workshop_type varchar(32) not null default '',
  user_id bigint,
  phone varchar(11) not null,
  email varchar(64) not null default '',
  employment_type varchar(32) not null,
  entry_date date not null,
  leave_date date,
  employee_status varchar(32) not null default '1',
  create_user bigint, create_dept bigint, create_time timestamp(0), update_user bigint, update_time timestamp(0),
  status int not null default 1,
  is_deleted int not null default 0
);
create unique index erp_employee_no on erp_employee (tenant_id, employee_no) where is_deleted = 0;
create unique index erp_employee_user on erp_employee (tenant_id, user_id) where is_deleted = 0 and user_id is not null;
create index erp_employee_dept on erp_employee (tenant_id, dept_id) where is_deleted = 0;
select tenon_isolate_tenant_rows('erp_employee');
