-- Issue 34: a call activity's instance names the instance and the execution that called it (its end continues them,
-- their end cancels it), so the caller's and the called instances stay rows of their own in the same lists.
alter table blade_flow_instance add column parent_id bigint;
alter table blade_flow_instance add column parent_execution_id varchar(64) not null default '';
create index blade_flow_instance_parent on blade_flow_instance (parent_id) where parent_id is not null;
