-- Issue 34: service tasks run the platform's allow-listed actions (platform/workflow/service-actions.ts).
-- A process's business status (Flowable's `businessStatus`): set by a `status` action, shown in the lists.
alter table blade_flow_instance add column business_status varchar(255) not null default '';

-- The HTTP addresses of a tenant's own systems its processes may call (entities/flow/endpoint.ts); the secret is
-- sealed (platform/sealed-text.ts), which takes more room than the 100 typed characters.
create table blade_flow_endpoint (
  id bigint primary key,
  tenant_id varchar(12) not null default '000000',
  name varchar(64) not null default '',
  url varchar(500) not null default '',
  timeout_seconds int not null default 10,
  secret varchar(512) not null default '',
  remark varchar(255) not null default '',
  create_user bigint, create_dept bigint, create_time timestamp(0), update_user bigint, update_time timestamp(0),
  status int not null default 1,
  is_deleted int not null default 0
);
create unique index blade_flow_endpoint_name_unique on blade_flow_endpoint (tenant_id, name) where is_deleted = 0;
create index blade_flow_endpoint_list on blade_flow_endpoint (tenant_id, id desc) where is_deleted = 0;
select tenon_isolate_tenant_rows('blade_flow_endpoint');
