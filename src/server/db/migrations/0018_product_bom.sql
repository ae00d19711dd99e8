-- Product engineering (domain/production.md): BOM lines and BOM costs. Line numbers are unique within a BOM version,
-- cost years within a part's BOM version, among a tenant's live rows (partial indexes hold under concurrent saves).
-- The indexes serve the recursive explosion (parent → its default version's lines) and where-used (component → its
-- parents) walks.
create table erp_product_bom (
  id bigint primary key,
  tenant_id varchar(12) not null default '000000',
  product_id bigint not null,
  product_no varchar(64) not null default '',
  product_name varchar(128) not null default '',
  bom_version varchar(16) not null default 'V1.0',
  is_default int not null default 0,
  line_no int not null,
  component_id bigint not null,
  component_no varchar(64) not null default '',
  component_name varchar(128) not null default '',
  component_spec varchar(255) not null default '',
  qty numeric(18,4) not null,
  unit varchar(32) not null,
  loss_rate numeric(9,6) not null default 0,
  gross_qty numeric(18,4) not null default 0,
  source_type varchar(32) not null,
  supplier_id bigint,
  remark varchar(255) not null default '',
  create_user bigint, create_dept bigint, create_time timestamp(0), update_user bigint, update_time timestamp(0),
  status int not null default 1,
  is_deleted int not null default 0
);
create unique index erp_product_bom_line on erp_product_bom (tenant_id, product_id, bom_version, line_no)
  where is_deleted = 0;
create index erp_product_bom_default on erp_product_bom (tenant_id, product_id, is_default)
  include (component_id, gross_qty)
  where is_deleted = 0;
create index erp_product_bom_component on erp_product_bom (tenant_id, component_id) include (product_id, bom_version)
  where is_deleted = 0;
create index erp_product_bom_no on erp_product_bom (tenant_id, product_no, bom_version) where is_deleted = 0;
select tenon_isolate_tenant_rows('erp_product_bom');

-- gross_margin is a fraction like every rate, with room for a price far below the cost (a margin of -50,000 %).
create table erp_bom_cost (
  id bigint primary key,
  tenant_id varchar(12) not null default '000000',
  product_id bigint not null,
  product_no varchar(64) not null default '',
  product_name varchar(128) not null default '',
  bom_version varchar(16) not null default 'V1.0',
  cost_year int not null,
  currency varchar(32) not null default 'CNY',
  material_cost numeric(18,2) not null,
  labor_cost numeric(18,2),
  manufacturing_cost numeric(18,2),
  packaging_cost numeric(18,2),
  freight_cost numeric(18,2),
  total_cost numeric(18,2) not null default 0,
  sales_price numeric(18,2),
  gross_margin numeric(18,6),
  stale int not null default 0,
  remark varchar(255) not null default '',
  create_user bigint, create_dept bigint, create_time timestamp(0), update_user bigint, update_time timestamp(0),
  status int not null default 1,
  is_deleted int not null default 0
);
create unique index erp_bom_cost_year on erp_bom_cost (tenant_id, product_id, bom_version, cost_year)
  where is_deleted = 0;
create index erp_bom_cost_by_year on erp_bom_cost (tenant_id, cost_year, product_no) where is_deleted = 0;
select tenon_isolate_tenant_rows('erp_bom_cost');
