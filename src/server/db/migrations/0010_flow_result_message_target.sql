-- Issue 10, workflow: a process's result as its starter sees it, and what a message points at.

-- running | rejected (back with the starter, or ended by a rejection) | approved | withdrawn (by the starter, or
-- the instance was deleted). Set in the transaction of each step, like the business row's status.
alter table blade_flow_instance add column result varchar(16) not null default 'running';

update blade_flow_instance i set result = case p.status when 2 then 'rejected' when 3 then 'approved' when 4 then 'withdrawn' else 'running' end
from blade_process_leave p where i.business_table = 'blade_process_leave' and i.business_id = p.id::text;
update blade_flow_instance i set result = case p.status when 2 then 'rejected' when 3 then 'approved' when 4 then 'withdrawn' else 'running' end
from blade_process_finance p where i.business_table = 'blade_process_finance' and i.business_id = p.id::text;
-- Ended instances without a business row: deleted ones were withdrawn; otherwise the last decision tells.
update blade_flow_instance i set result = case
    when i.state = 'deleted' then 'withdrawn'
    when (select t.outcome from blade_flow_task t where t.instance_id = i.id and t.status = 'completed'
          order by t.end_time desc, t.id desc limit 1) = 'reject' then 'rejected'
    else 'approved' end
where i.state <> 'running' and i.result = 'running';

-- A workflow message opens what it is about: the task (a new to-do) or the process and its business record.
alter table blade_message add column task_id bigint;
alter table blade_message add column process_instance_id bigint;
alter table blade_message add column business_table varchar(128) not null default '';
alter table blade_message add column business_id bigint;
