-- Warehouse (domain/warehouse.md): stock per company, warehouse, part and batch; the movements posted into it; how
-- parts are packed. A stock row's quantity and moving average cost change only by posting (`inventorylog/handle`),
-- which locks the rows it changes; derived figures (available quantity, value, below safety stock) are saved with
-- every change so lists filter and sum them.
create table erp_inventory (
  id bigint primary key,
  tenant_id varchar(12) not null default '000000',
  org_id varchar(64) not null,
  warehouse varchar(32) not null,
  location varchar(32) not null default '',
  product_id bigint not null,
  product_no varchar(64) not null,
  product_name varchar(128) not null,
  spec varchar(255) not null default '',
  unit varchar(32) not null default '',
  batch_no varchar(32) not null default '',
  qty numeric(18,4) not null,
  locked_qty numeric(18,4) not null default 0,
  available_qty numeric(18,4) not null default 0,
  unit_cost numeric(18,6) not null,
  amount numeric(18,2) not null default 0,
  safety_stock numeric(18,4),
  below_safety int not null default 0,
  last_in_time timestamp(0),
  last_out_time timestamp(0),
  remark varchar(255) not null default '',
  create_user bigint, create_dept bigint, create_time timestamp(0), update_user bigint, update_time timestamp(0),
  status int not null default 1,
  is_deleted int not null default 0
);
-- One stock row per company, warehouse, part and batch: posting finds it (and creates it) by this key.
create unique index erp_inventory_key on erp_inventory (tenant_id, org_id, warehouse, product_id, batch_no)
  where is_deleted = 0;
create index erp_inventory_list on erp_inventory (tenant_id, product_no, id) where is_deleted = 0;
create index erp_inventory_product on erp_inventory (tenant_id, product_id) where is_deleted = 0;
select tenon_isolate_tenant_rows('erp_inventory');

create table erp_inventory_log (
  id bigint primary key,
  tenant_id varchar(12) not null default '000000',
  log_no varchar(32) not null,
  biz_type varchar(32) not null,
  direction int not null,
  biz_date date not null,
  org_id varchar(64) not null,
  warehouse varchar(32) not null,
  location varchar(32) not null default '',
  product_id bigint not null,
  product_no varchar(64) not null,
  product_name varchar(128) not null,
  unit varchar(32) not null default '',
  batch_no varchar(32) not null default '',
  qty numeric(18,4) not null,
  unit_cost numeric(18,6),
  amount numeric(18,2),
  partner_name varchar(128) not null default '',
  source_no varchar(64) not null default '',
  handle_status varchar(32) not null default '0',
  handle_user bigint,
  handle_time timestamp(0),
  qty_after numeric(18,4),
  client_key varchar(64) not null default '',
  remark varchar(255) not null default '',
  create_user bigint, create_dept bigint, create_time timestamp(0), update_user bigint, update_time timestamp(0),
  status int not null default 1,
  is_deleted int not null default 0
);
create unique index erp_inventory_log_no on erp_inventory_log (tenant_id, log_no) where is_deleted = 0;
-- A movement sent again with its client key (a retry, a replayed offline queue) is the same movement.
create unique index erp_inventory_log_client_key on erp_inventory_log (tenant_id, client_key)
  where client_key <> '';
-- The list's default order, and its usual filters (pending first, a part's movements).
create index erp_inventory_log_list on erp_inventory_log (tenant_id, biz_date desc, create_time desc, id desc)
  where is_deleted = 0;
create index erp_inventory_log_status on erp_inventory_log (tenant_id, handle_status, biz_date desc)
  where is_deleted = 0;
create index erp_inventory_log_product on erp_inventory_log (tenant_id, product_id) where is_deleted = 0;
select tenon_isolate_tenant_rows('erp_inventory_log');

create table erp_packaging (
  id bigint primary key,
  tenant_id varchar(12) not null default '000000',
  packaging_code varchar(32) not null,
  product_id bigint not null,
  product_no varchar(64) not null,
  product_name varchar(128) not null,
  customer_id bigint,
  packaging_type varchar(32) not null,
  qty_per_pack numeric(18,4) not null,
  packs_per_pallet int,
  length numeric(10,1),
  width numeric(10,1),
  height numeric(10,1),
  gross_weight numeric(18,4),
  is_returnable int not null default 0,
  unit_cost numeric(18,2),
  cost_per_part numeric(18,6),
  remark varchar(255) not null default '',
  create_user bigint, create_dept bigint, create_time timestamp(0), update_user bigint, update_time timestamp(0),
  status int not null default 1,
  is_deleted int not null default 0
);
create unique index erp_packaging_code on erp_packaging (tenant_id, packaging_code) where is_deleted = 0;
create unique index erp_packaging_part on erp_packaging (tenant_id, product_id, coalesce(customer_id, 0))
  where is_deleted = 0;
select tenon_isolate_tenant_rows('erp_packaging');
