-- Master data (domain/masterdata.md): customers and suppliers. Codes and names are unique among a tenant's live rows
-- (the engine says which field; the partial indexes hold under concurrent saves).
create table erp_customer (
  id bigint primary key,
  tenant_id varchar(12) not null default '000000',
  customer_code varchar(32) not null,
  customer_name varchar(128) not null,
  short_name varchar(64) not null default '',
  customer_type varchar(32) not null,
  is_related int not null default 0,
  tax_no varchar(32) not null default '',
  region_code varchar(12),
  address varchar(255) not null default '',
  contact_name varchar(32) not null default '',
  contact_phone varchar(32) not null default '',
  currency varchar(32) not null default 'CNY',
  settlement_method varchar(32) not null default '',
  credit_days int not null default 60,
  credit_limit numeric(18,2) not null default 0,
  remark varchar(500) not null default '',
  create_user bigint, create_dept bigint, create_time timestamp(0), update_user bigint, update_time timestamp(0),
  status int not null default 1,
  is_deleted int not null default 0
);
create unique index erp_customer_code on erp_customer (tenant_id, customer_code) where is_deleted = 0;
create unique index erp_customer_name on erp_customer (tenant_id, customer_name) where is_deleted = 0;
select tenon_isolate_tenant_rows('erp_customer');

create table erp_supplier (
  id bigint primary key,
  tenant_id varchar(12) not null default '000000',
  supplier_code varchar(32) not null,
  supplier_name varchar(128) not null,
  short_name varchar(64) not null default '',
  supplier_type varchar(32) not null,
  grade varchar(32) not null default '',
  is_related int not null default 0,
  tax_no varchar(32) not null default '',
  region_code varchar(12),
  address varchar(255) not null default '',
  contact_name varchar(32) not null default '',
  contact_phone varchar(32) not null default '',
  bank_name varchar(128) not null default '',
  bank_account varchar(64) not null default '',
  currency varchar(32) not null default 'CNY',
  payment_days int not null default 0,
  remark varchar(500) not null default '',
  create_user bigint, create_dept bigint, create_time timestamp(0), update_user bigint, update_time timestamp(0),
  status int not null default 1,
  is_deleted int not null default 0
);
create unique index erp_supplier_code on erp_supplier (tenant_id, supplier_code) where is_deleted = 0;
create unique index erp_supplier_name on erp_supplier (tenant_id, supplier_name) where is_deleted = 0;
select tenon_isolate_tenant_rows('erp_supplier');
