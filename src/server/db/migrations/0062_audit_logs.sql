-- Issue 36, the audit trail (contract resource-desk-log.md §8): 接口日志 (blade_log_api: every mutating call and every
-- sign-in, written by the server after the answer) and 通用日志 (blade_log_usual: the business logger's rows), with
-- the columns the contract gives, plus blade_log_change: what each entity write changed (insert: the values; update:
-- the fields whose value changed, old and new; delete), tied to the API log row of the call that made it.
-- Rows are written in batches by the server (platform/audit), read through the entity engine (is_deleted: every row
-- is live, like 0042's error log) and swept after the tenant's 日志保留天数 (log/retention.ts).
create table blade_log_api (
  id bigint primary key,
  tenant_id varchar(12) not null default '000000',
  service_id varchar(32) not null default '',
  server_host varchar(255) not null default '',
  server_ip varchar(255) not null default '',
  env varchar(255) not null default '',
  type char(1) not null default '1',
  title varchar(255) not null default '',
  method varchar(10) not null default '',
  request_uri varchar(2000) not null default '',
  user_agent varchar(1000) not null default '',
  remote_ip varchar(255) not null default '',
  method_class varchar(255) not null default '',
  method_name varchar(255) not null default '',
  params text not null default '',
  time varchar(64) not null default '',
  create_by varchar(64) not null default '',
  create_time timestamp(0),
  is_deleted int not null default 0
);
-- The lists: newest first within a tenant, or across tenants for the platform; each equality filter (account, IP,
-- URI) after the tenant in the list's order. A time range is a range on the trailing create_time of each.
create index blade_log_api_time on blade_log_api (tenant_id, create_time);
create index blade_log_api_recent on blade_log_api (create_time);
create index blade_log_api_create_by on blade_log_api (tenant_id, create_by, create_time);
create index blade_log_api_remote_ip on blade_log_api (tenant_id, remote_ip, create_time);
create index blade_log_api_uri on blade_log_api (tenant_id, request_uri, create_time);
-- The platform's administrators filter every tenant's rows at once: the same filters without the tenant.
create index blade_log_api_create_by_all on blade_log_api (create_by, create_time);
create index blade_log_api_remote_ip_all on blade_log_api (remote_ip, create_time);
create index blade_log_api_uri_all on blade_log_api (request_uri, create_time);
select tenon_isolate_tenant_rows('blade_log_api');

create table blade_log_usual (
  id bigint primary key,
  tenant_id varchar(12) not null default '000000',
  service_id varchar(32) not null default '',
  server_host varchar(255) not null default '',
  server_ip varchar(255) not null default '',
  env varchar(255) not null default '',
  log_level varchar(10) not null default 'info',
  log_id varchar(64) not null default '',
  log_data text not null default '',
  method varchar(10) not null default '',
  request_uri varchar(2000) not null default '',
  user_agent varchar(1000) not null default '',
  remote_ip varchar(255) not null default '',
  method_class varchar(255) not null default '',
  method_name varchar(255) not null default '',
  params text not null default '',
  time timestamp(0),
  create_by varchar(64) not null default '',
  create_time timestamp(0),
  is_deleted int not null default 0
);
create index blade_log_usual_time on blade_log_usual (tenant_id, create_time);
create index blade_log_usual_recent on blade_log_usual (create_time);
create index blade_log_usual_log_id on blade_log_usual (tenant_id, log_id, create_time);
create index blade_log_usual_create_by on blade_log_usual (tenant_id, create_by, create_time);
create index blade_log_usual_log_id_all on blade_log_usual (log_id, create_time);
select tenon_isolate_tenant_rows('blade_log_usual');

-- One row per written record: `changes` is a JSON array of {field, old, new} (insert: new only; delete: old only),
-- field names as the entity definition spells them, so a reader labels them from it.
create table blade_log_change (
  id bigint primary key,
  tenant_id varchar(12) not null default '000000',
  entity varchar(64) not null,
  record_id varchar(64) not null,
  operation varchar(10) not null,
  changes jsonb not null default '[]',
  api_log_id bigint,
  create_user bigint,
  create_by varchar(64) not null default '',
  create_time timestamp(0),
  is_deleted int not null default 0
);
-- One record's history (its 操作记录), the changes of one API call (the API log's detail), and the lists by time.
create index blade_log_change_record on blade_log_change (tenant_id, entity, record_id, create_time);
create index blade_log_change_api on blade_log_change (api_log_id);
create index blade_log_change_time on blade_log_change (tenant_id, create_time);
create index blade_log_change_recent on blade_log_change (create_time);
select tenon_isolate_tenant_rows('blade_log_change');
