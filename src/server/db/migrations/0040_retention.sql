-- Issue 16: how long each tenant keeps its log-like rows; modules/log/retention.ts removes older ones in batches.
alter table blade_tenant add column log_retention_days int not null default 90;
alter table blade_tenant add column message_retention_days int not null default 365;
-- The sweep finds a tenant's oldest messages by time.
create index blade_message_tenant_time on blade_message (tenant_id, create_time);
