-- Workflow (contract flow.md, issue 5): models, deployed process definitions, instances with their saved engine state,
-- tasks with candidates, comments and historic activities. The inbox lists read blade_flow_task through its indexes,
-- never the engine state.

create table blade_flow_model (
  id bigint primary key,
  tenant_id varchar(12) not null default '000000',
  model_key varchar(255) not null,
  name varchar(255) not null,
  description varchar(4000) not null default '',
  xml text not null,
  version int not null default 1,
  model_type int not null default 0,
  create_user bigint, create_dept bigint, create_time timestamp(0), update_user bigint, update_time timestamp(0),
  status int not null default 1,
  is_deleted int not null default 0
);
create unique index blade_flow_model_key on blade_flow_model (tenant_id, model_key) where is_deleted = 0;

-- One row per deployed file per tenant; tenant_id '' = shared by every tenant. id = <key>:<version>:<deployment_id>.
create table blade_flow_definition (
  id varchar(255) primary key,
  tenant_id varchar(12) not null default '',
  process_key varchar(255) not null,
  name varchar(255) not null default '',
  description varchar(4000) not null default '',
  category varchar(64) not null default '',
  version int not null,
  deployment_id bigint not null,
  resource_name varchar(255) not null default '',
  xml text not null,
  model_id bigint,
  suspension_state int not null default 1,
  deploy_time timestamp(0) not null,
  create_user bigint
);
create unique index blade_flow_definition_version on blade_flow_definition (tenant_id, process_key, version);
create index blade_flow_definition_deployment on blade_flow_definition (deployment_id);

create table blade_flow_instance (
  id bigint primary key,
  tenant_id varchar(12) not null,
  definition_id varchar(255) not null,
  process_key varchar(255) not null,
  business_key varchar(255) not null default '',
  business_table varchar(128) not null default '',
  business_id varchar(64) not null default '',
  start_user bigint not null,
  -- running | finished | deleted
  state varchar(16) not null default 'running',
  delete_reason varchar(255) not null default '',
  start_time timestamp(0) not null,
  end_time timestamp(0),
  -- process variables (JSON object): the expression evaluator reads these, never the engine's copy
  variables text not null default '{}',
  -- bpmn-engine getState() JSON; '' once the instance has ended
  engine_state text not null default '',
  -- bumped by every step: a writer that read an older version lost the race
  version int not null default 0
);
create index blade_flow_instance_starter on blade_flow_instance (tenant_id, start_user, start_time desc);
create index blade_flow_instance_definition on blade_flow_instance (definition_id);
create index blade_flow_instance_business on blade_flow_instance (tenant_id, business_key);

create table blade_flow_task (
  id bigint primary key,
  tenant_id varchar(12) not null,
  instance_id bigint not null,
  definition_id varchar(255) not null,
  -- the engine's execution id of the waiting user task: a resumed engine reports it again, it identifies the task
  execution_id varchar(255) not null,
  task_key varchar(255) not null,
  name varchar(255) not null default '',
  -- taskUser_<userId>, '' while only candidates may claim it
  assignee varchar(64) not null default '',
  -- open | completed | deleted
  status varchar(16) not null default 'open',
  -- approve | reject | transfer | withdraw | cancel ('' while open)
  outcome varchar(16) not null default '',
  delete_reason varchar(255) not null default '',
  create_time timestamp(0) not null,
  claim_time timestamp(0),
  end_time timestamp(0)
);
create unique index blade_flow_task_execution on blade_flow_task (instance_id, execution_id);
create index blade_flow_task_todo on blade_flow_task (tenant_id, assignee, create_time desc) where status = 'open';
create index blade_flow_task_done on blade_flow_task (tenant_id, assignee, end_time desc) where status = 'completed';

-- Candidate users (taskUser_<id>) and groups (role aliases) of open tasks; removed when the task closes.
create table blade_flow_task_candidate (
  id bigint primary key,
  tenant_id varchar(12) not null,
  task_id bigint not null,
  -- user | group
  kind varchar(8) not null,
  value varchar(64) not null
);
create index blade_flow_task_candidate_lookup on blade_flow_task_candidate (tenant_id, kind, value, task_id);
create index blade_flow_task_candidate_task on blade_flow_task_candidate (task_id);

create table blade_flow_comment (
  id bigint primary key,
  tenant_id varchar(12) not null,
  instance_id bigint not null,
  task_id bigint,
  user_id bigint not null,
  -- comment | transfer | withdraw | delete
  type varchar(16) not null default 'comment',
  message varchar(4000) not null default '',
  create_time timestamp(0) not null
);
create index blade_flow_comment_instance on blade_flow_comment (instance_id, task_id);

create table blade_flow_activity (
  id bigint primary key,
  tenant_id varchar(12) not null,
  instance_id bigint not null,
  execution_id varchar(255) not null,
  activity_id varchar(255) not null,
  activity_name varchar(255) not null default '',
  -- startEvent | userTask | exclusiveGateway | parallelGateway | endEvent | sequenceFlow ...
  activity_type varchar(64) not null,
  task_id bigint,
  assignee varchar(64) not null default '',
  start_time timestamp(0) not null,
  end_time timestamp(0),
  duration_ms bigint
);
create unique index blade_flow_activity_execution on blade_flow_activity (instance_id, execution_id);
create index blade_flow_activity_history on blade_flow_activity (instance_id, start_time, id);

-- Business processes (contract flow.md §5, §6): the request row; status 1 审批中, 2 已驳回 (with the applicant),
-- 3 已通过, 4 已撤销. Changed in the transaction of each process step.
create table blade_process_leave (
  id bigint primary key,
  tenant_id varchar(12) not null default '000000',
  process_definition_id varchar(255) not null default '',
  process_instance_id varchar(64) not null default '',
  start_time timestamp(0),
  end_time timestamp(0),
  reason varchar(255) not null default '',
  task_user varchar(255) not null default '',
  apply_time timestamp(0),
  create_user bigint, create_dept bigint, create_time timestamp(0), update_user bigint, update_time timestamp(0),
  status int not null default 1,
  is_deleted int not null default 0
);
create index blade_process_leave_applicant on blade_process_leave (tenant_id, create_user);

create table blade_process_finance (
  id bigint primary key,
  tenant_id varchar(12) not null default '000000',
  process_definition_id varchar(255) not null default '',
  process_instance_id varchar(64) not null default '',
  title varchar(255) not null default '',
  amount numeric(18,2) not null default 0,
  reason varchar(255) not null default '',
  task_user varchar(255) not null default '',
  apply_time timestamp(0),
  attach varchar(1000) not null default '',
  create_user bigint, create_dept bigint, create_time timestamp(0), update_user bigint, update_time timestamp(0),
  status int not null default 1,
  is_deleted int not null default 0
);
create index blade_process_finance_applicant on blade_process_finance (tenant_id, create_user);
