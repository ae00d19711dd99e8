-- Production (domain/production.md): the shop floor. Lines of a company's workshops, station groups (costing pools),
-- stations on the lines, devices, moulds and workers. Codes are unique among a tenant's live rows; a station's code
-- among its line's.
create table erp_line (
  id bigint primary key,
  tenant_id varchar(12) not null default '000000',
  line_code varchar(32) not null,
  line_name varchar(64) not null,
  org_id varchar(64) not null,
  workshop_type varchar(32) not null,
  line_type varchar(32) not null,
  takt_time numeric(10,2),
  design_capacity numeric(18,4),
  shifts_per_day int not null default 2,
  leader_id bigint,
  remark varchar(255) not null default '',
  create_user bigint, create_dept bigint, create_time timestamp(0), update_user bigint, update_time timestamp(0),
  status int not null default 1,
  is_deleted int not null default 0
);
create unique index erp_line_code on erp_line (tenant_id, line_code) where is_deleted = 0;
select tenon_isolate_tenant_rows('erp_line');

create table erp_station_group (
  id bigint primary key,
  tenant_id varchar(12) not null default '000000',
  group_code varchar(32) not null,
  group_name varchar(64) not null,
  org_id varchar(64) not null,
  workshop_type varchar(32) not null,
  station_type varchar(32) not null,
  labor_rate numeric(18,2),
  machine_rate numeric(18,2),
  hour_rate numeric(18,2) not null default 0,
  description varchar(255) not null default '',
  create_user bigint, create_dept bigint, create_time timestamp(0), update_user bigint, update_time timestamp(0),
  status int not null default 1,
  is_deleted int not null default 0
);
create unique index erp_station_group_code on erp_station_group (tenant_id, group_code) where is_deleted = 0;
select tenon_isolate_tenant_rows('erp_station_group');

create table erp_station (
  id bigint primary key,
  tenant_id varchar(12) not null default '000000',
  station_code varchar(32) not null,
  station_name varchar(64) not null,
  line_id bigint not null,
  group_id bigint,
  operation_no varchar(16) not null default '',
  operation_name varchar(64) not null default '',
  station_type varchar(32) not null,
  sequence int not null,
  standard_time numeric(10,2),
  headcount int,
  remark varchar(255) not null default '',
  org_id varchar(64) not null default '',
  workshop_type varchar(32) not null default '',
  create_user bigint, create_dept bigint, create_time timestamp(0), update_user bigint, update_time timestamp(0),
  status int not null default 1,
  is_deleted int not null default 0
);
create unique index erp_station_code on erp_station (tenant_id, line_id, station_code) where is_deleted = 0;
create index erp_station_group_ref on erp_station (tenant_id, group_id) where is_deleted = 0;
select tenon_isolate_tenant_rows('erp_station');

create table erp_device (
  id bigint primary key,
  tenant_id varchar(12) not null default '000000',
  device_code varchar(32) not null,
  device_name varchar(64) not null,
  device_type varchar(32) not null,
  model varchar(64) not null default '',
  manufacturer varchar(128) not null default '',
  serial_no varchar(64) not null default '',
  org_id varchar(64) not null,
  line_id bigint,
  station_id bigint,
  asset_code varchar(32) not null default '',
  commission_date date,
  maintain_cycle_days int,
  last_maintain_date date,
  next_maintain_date date,
  device_status varchar(32) not null default '1',
  responsible_id bigint,
  remark varchar(255) not null default '',
  create_user bigint, create_dept bigint, create_time timestamp(0), update_user bigint, update_time timestamp(0),
  status int not null default 1,
  is_deleted int not null default 0
);
create unique index erp_device_code on erp_device (tenant_id, device_code) where is_deleted = 0;
create index erp_device_line on erp_device (tenant_id, line_id) where is_deleted = 0;
create index erp_device_station on erp_device (tenant_id, station_id) where is_deleted = 0;
select tenon_isolate_tenant_rows('erp_device');

create table erp_mold (
  id bigint primary key,
  tenant_id varchar(12) not null default '000000',
  mold_code varchar(32) not null,
  mold_name varchar(64) not null,
  mold_type varchar(32) not null,
  product_id bigint not null,
  product_no varchar(64) not null default '',
  product_name varchar(128) not null default '',
  cavity_count int not null default 1,
  ownership varchar(32) not null,
  customer_id bigint,
  supplier_id bigint,
  device_id bigint,
  design_life int,
  used_count int not null default 0,
  remaining_life int,
  storage_location varchar(64) not null default '',
  mold_status varchar(32) not null default '2',
  remark varchar(255) not null default '',
  life_warning int not null default 0,
  create_user bigint, create_dept bigint, create_time timestamp(0), update_user bigint, update_time timestamp(0),
  status int not null default 1,
  is_deleted int not null default 0
);
create unique index erp_mold_code on erp_mold (tenant_id, mold_code) where is_deleted = 0;
create index erp_mold_product on erp_mold (tenant_id, product_id) where is_deleted = 0;
select tenon_isolate_tenant_rows('erp_mold');

create table erp_worker (
  id bigint primary key,
  tenant_id varchar(12) not null default '000000',
  worker_no varchar(32) not null,
  worker_name varchar(32) not null,
  sex int not null,
  org_id varchar(64) not null,
  workshop_type varchar(32) not null,
  line_id bigint,
  post_id bigint,
  skill_level varchar(32) not null default '',
  employment_type varchar(32) not null,
  phone varchar(11) not null default '',
  entry_date date not null,
  leave_date date,
  worker_status varchar(32) not null default '1',
  create_user bigint, create_dept bigint, create_time timestamp(0), update_user bigint, update_time timestamp(0),
  status int not null default 1,
  is_deleted int not null default 0
);
create unique index erp_worker_no on erp_worker (tenant_id, worker_no) where is_deleted = 0;
create index erp_worker_line on erp_worker (tenant_id, line_id) where is_deleted = 0;
select tenon_isolate_tenant_rows('erp_worker');
