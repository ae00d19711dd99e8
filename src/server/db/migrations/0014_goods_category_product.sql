-- Master data (domain/masterdata.md): the goods-category tree and the part master. Category codes and part numbers
-- are unique among a tenant's live rows, a category name among its siblings (partial indexes hold under concurrent
-- saves; the engine says which field).
create table erp_goods_category (
  id bigint primary key,
  tenant_id varchar(12) not null default '000000',
  parent_id bigint not null default 0,
  ancestors varchar(500) not null default '0',
  category_code varchar(32) not null,
  category_name varchar(64) not null,
  category_type varchar(32) not null,
  sort int not null default 0,
  remark varchar(255) not null default '',
  create_user bigint, create_dept bigint, create_time timestamp(0), update_user bigint, update_time timestamp(0),
  status int not null default 1,
  is_deleted int not null default 0
);
create unique index erp_goods_category_code on erp_goods_category (tenant_id, category_code) where is_deleted = 0;
create unique index erp_goods_category_name on erp_goods_category (tenant_id, parent_id, category_name)
  where is_deleted = 0;
create index erp_goods_category_parent on erp_goods_category (tenant_id, parent_id);
select tenon_isolate_tenant_rows('erp_goods_category');

create table erp_product (
  id bigint primary key,
  tenant_id varchar(12) not null default '000000',
  product_no varchar(64) not null,
  customer_part_no varchar(64) not null default '',
  product_name varchar(128) not null,
  spec varchar(255) not null default '',
  product_type varchar(32) not null,
  category_id bigint not null,
  unit varchar(32) not null default 'PCS',
  customer_id bigint,
  project varchar(64) not null default '',
  org_id varchar(64) not null default '',
  drawing_no varchar(64) not null default '',
  net_weight numeric(18,4),
  safety_stock numeric(18,4),
  product_status varchar(32) not null default '1',
  remark varchar(500) not null default '',
  create_user bigint, create_dept bigint, create_time timestamp(0), update_user bigint, update_time timestamp(0),
  status int not null default 1,
  is_deleted int not null default 0
);
create unique index erp_product_no on erp_product (tenant_id, product_no) where is_deleted = 0;
create index erp_product_category on erp_product (tenant_id, category_id) where is_deleted = 0;
create index erp_product_customer on erp_product (tenant_id, customer_id) where is_deleted = 0;
select tenon_isolate_tenant_rows('erp_product');
