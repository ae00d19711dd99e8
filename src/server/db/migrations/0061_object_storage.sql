-- Issue 36: object storage configs (contract resource-desk-log.md §1) and attachments (§3).
-- blade_oss: status 1 = disabled, 2 = enabled, at most one enabled per tenant (the partial unique index holds it
-- against two concurrent `enable` calls). secret_key is sealed (platform/sealed-text.ts), hence its length.
-- max_size (MB, 0 = the server's default) and allowed_types (comma-separated extensions, '' = the server's default
-- list) are the tenant's upload limits while the config is the enabled one [DESIGN].
create table blade_oss (
  id bigint primary key,
  tenant_id varchar(12) not null default '000000',
  category int not null,
  oss_code varchar(32) not null,
  endpoint varchar(255) not null default '',
  access_key varchar(255) not null default '',
  secret_key varchar(512) not null default '',
  bucket_name varchar(255) not null default '',
  app_id varchar(255) not null default '',
  region varchar(255) not null default '',
  max_size int not null default 0,
  allowed_types varchar(500) not null default '',
  remark varchar(255) not null default '',
  create_user bigint, create_dept bigint, create_time timestamp(0), update_user bigint, update_time timestamp(0),
  status int not null default 1,
  is_deleted int not null default 0
);
create unique index blade_oss_oss_code_unique on blade_oss (tenant_id, oss_code) where is_deleted = 0;
create unique index blade_oss_enabled on blade_oss (tenant_id) where is_deleted = 0 and status = 2;
create index blade_oss_list on blade_oss (tenant_id, id) where is_deleted = 0;
select tenon_isolate_tenant_rows('blade_oss');

-- blade_attach: `domain` names the store the object lives in (/oss/<tenant>/<config id>, 0 = the server's default
-- store), `name` its key there; removing the row removes the object.
create table blade_attach (
  id bigint primary key,
  tenant_id varchar(12) not null default '000000',
  link varchar(1000) not null default '',
  domain varchar(500) not null default '',
  name varchar(500) not null default '',
  original_name varchar(500) not null default '',
  extension varchar(12) not null default '',
  attach_size bigint not null default 0,
  create_user bigint, create_dept bigint, create_time timestamp(0), update_user bigint, update_time timestamp(0),
  status int not null default 1,
  is_deleted int not null default 0
);
create index blade_attach_list on blade_attach (tenant_id, id desc) where is_deleted = 0;
create index blade_attach_name on blade_attach (tenant_id, name) where is_deleted = 0;
select tenon_isolate_tenant_rows('blade_attach');
