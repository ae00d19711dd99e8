-- Issue 34: what a process waits for besides its tasks, as rows that every server process finds (docs/workflow-engine.md).
-- A timer is a job: each server process polls the due ones (a short lease taken with FOR UPDATE SKIP LOCKED) and fires
-- each in the step that locks its instance and deletes it, so a timer fires once whatever the number of processes,
-- and the jobs of a stopped server fire when one starts again.
create table blade_flow_job (
  id bigint primary key,
  tenant_id varchar(12) not null,
  -- timer: a waiting timer of an instance (its execution); start: a definition's timer start event (no instance)
  kind varchar(16) not null,
  definition_id varchar(255) not null,
  instance_id bigint,
  execution_id varchar(64) not null default '',
  element_id varchar(255) not null,
  due_time timestamptz not null,
  -- a start timer's cycle (resolved text) and the firings left after the next (-1: for ever)
  cycle varchar(255) not null default '',
  repeat_left int not null default 0,
  -- the server process that took it, until when (a killed process's lease runs out and another takes it)
  lock_owner varchar(64) not null default '',
  lock_until timestamptz,
  -- a failing job is retried later; at 0 it waits for an administrator, its error kept
  retries int not null default 3,
  error varchar(2000) not null default '',
  create_time timestamp(0) not null
);
create index blade_flow_job_due on blade_flow_job (due_time) where retries > 0;
create index blade_flow_job_instance on blade_flow_job (instance_id, execution_id);
create index blade_flow_job_definition on blade_flow_job (definition_id) where instance_id is null;

-- A message or signal an instance's execution or a definition's start event waits for, within a tenant.
create table blade_flow_subscription (
  id bigint primary key,
  tenant_id varchar(12) not null,
  -- message | signal
  kind varchar(16) not null,
  name varchar(255) not null,
  definition_id varchar(255) not null,
  -- none: a start event's (a new instance of the definition starts on it)
  instance_id bigint,
  execution_id varchar(64) not null default '',
  element_id varchar(255) not null,
  create_time timestamp(0) not null
);
create index blade_flow_subscription_name on blade_flow_subscription (tenant_id, kind, name);
create index blade_flow_subscription_instance on blade_flow_subscription (instance_id);
