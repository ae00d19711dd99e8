-- Issue 35: the fixed-asset register (domain/finance.md § fixedledger) and its monthly depreciation (计提折旧).
-- monthly_depreciation and accumulated_depreciation are entered for methods 2-4; for the straight line (method 1)
-- the server works them out, stored as of the last save or depreciation run and worked out again on every read
-- (modules/finance/fixed-asset.hooks.ts): the stored figures serve the list's sort and nothing else.
create table erp_fixed_ledger (
  id bigint primary key,
  tenant_id varchar(12) not null default '000000',
  asset_code varchar(32) not null,
  asset_name varchar(128) not null,
  asset_category varchar(32) not null,
  spec varchar(128) not null default '',
  org_id varchar(64) not null,
  dept_id bigint,
  location varchar(128) not null default '',
  custodian varchar(32) not null default '',
  purchase_date date,
  start_use_date date not null,
  original_value numeric(18,2) not null,
  salvage_rate numeric(9,6) not null default 0.05,
  useful_life_months int not null,
  depreciation_method varchar(32) not null default '1',
  monthly_depreciation numeric(18,2) not null default 0,
  accumulated_depreciation numeric(18,2) not null default 0,
  impairment numeric(18,2) not null default 0,
  net_value numeric(18,2) not null default 0,
  device_id bigint,
  asset_status varchar(32) not null default '1',
  stop_month varchar(7) not null default '',
  remark varchar(255) not null default '',
  create_user bigint, create_dept bigint, create_time timestamp(0), update_user bigint, update_time timestamp(0),
  status int not null default 1,
  is_deleted int not null default 0
);
create unique index erp_fixed_ledger_asset_code_unique on erp_fixed_ledger (tenant_id, asset_code) where is_deleted = 0;
-- The list's order: by asset number.
create index erp_fixed_ledger_list on erp_fixed_ledger (tenant_id, asset_code, id desc) where is_deleted = 0;
-- The searches by company (and the depreciation run's assets of a company), department, category and state.
create index erp_fixed_ledger_org on erp_fixed_ledger (tenant_id, org_id, start_use_date) where is_deleted = 0;
create index erp_fixed_ledger_dept on erp_fixed_ledger (tenant_id, dept_id) where is_deleted = 0;
create index erp_fixed_ledger_category on erp_fixed_ledger (tenant_id, asset_category) where is_deleted = 0;
create index erp_fixed_ledger_state on erp_fixed_ledger (tenant_id, asset_status) where is_deleted = 0;
-- The card of a device (a device is linked to one asset at most).
create index erp_fixed_ledger_device on erp_fixed_ledger (tenant_id, device_id) where is_deleted = 0;
select tenon_isolate_tenant_rows('erp_fixed_ledger');

-- A device names its asset card by the asset's number: its card, and the delete guard of an asset in use.
create index erp_device_asset_code on erp_device (tenant_id, asset_code) where is_deleted = 0;

-- 计提折旧: one record per asset and period (yyyy-MM), the depreciation of that month and the asset's figures after it
-- (ERPNext's depreciation schedule entries, 金蝶's 折旧记录). The unique key is what lets a run of a period record
-- each asset once, however many runs overlap.
create table erp_fixed_depreciation (
  id bigint primary key,
  tenant_id varchar(12) not null default '000000',
  asset_id bigint not null,
  org_id varchar(64) not null,
  period varchar(7) not null,
  amount numeric(18,2) not null,
  accumulated numeric(18,2) not null,
  net_value numeric(18,2) not null,
  create_user bigint,
  create_time timestamp(0)
);
create unique index erp_fixed_depreciation_period on erp_fixed_depreciation (tenant_id, asset_id, period);
create index erp_fixed_depreciation_org on erp_fixed_depreciation (tenant_id, org_id, period);
select tenon_isolate_tenant_rows('erp_fixed_depreciation');
