-- Prices (domain/masterdata.md § price): a selling price to a customer (price_type 1), or a buying / subcontract price
-- from a supplier, for one part and a validity period. partner_id points at erp_customer or erp_supplier by
-- price_type; product_no, product_name and partner_name are copied on save, tax_included_price is derived.
create table erp_price (
  id bigint primary key,
  tenant_id varchar(12) not null default '000000',
  price_type varchar(32) not null,
  product_id bigint not null,
  product_no varchar(64) not null default '',
  product_name varchar(128) not null default '',
  partner_id bigint not null,
  partner_name varchar(128) not null default '',
  currency varchar(32) not null default 'CNY',
  unit varchar(32) not null default 'PCS',
  unit_price numeric(18,6) not null,
  tax_rate numeric(9,6) not null default 0.13,
  tax_included_price numeric(18,6) not null,
  valid_from date not null,
  valid_to date,
  remark varchar(255) not null default '',
  create_user bigint, create_dept bigint, create_time timestamp(0), update_user bigint, update_time timestamp(0),
  status int not null default 1,
  is_deleted int not null default 0
);
-- The overlap rule's lookup, and BOM costing's "valid buying price of a part on a date".
create index erp_price_key on erp_price (tenant_id, product_id, price_type, partner_id, valid_from) where is_deleted = 0;
create index erp_price_partner on erp_price (tenant_id, partner_id) where is_deleted = 0;
select tenon_isolate_tenant_rows('erp_price');
