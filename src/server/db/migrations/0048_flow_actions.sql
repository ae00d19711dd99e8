-- The Chinese approval actions (issue 34 point 5): 加签 / 减签 as runtime tasks tied to the task they were added to,
-- 委派 as Flowable's owner + delegation state, 抄送 as rows of their own, and every action as a row of the history.

-- 加签: an added approver's task names the task it was added to and how (before | after | parallel) and who added
-- it (the one who may remove it again). The task it was added to waits (sign_state 'waiting') while it holds an
-- `after` or `parallel` decision (held_pass) or its `before` approvers decide first.
alter table blade_flow_task
  add column parent_task_id bigint,
  add column sign_type varchar(16) not null default '',
  add column added_by bigint,
  add column sign_state varchar(16) not null default '',
  add column held_pass boolean,
  -- 委派: the owner the task returns to (taskUser_<id>) and the delegation state (pending | resolved)
  add column owner varchar(64) not null default '',
  add column delegation varchar(16) not null default '';
create index blade_flow_task_parent on blade_flow_task (parent_task_id) where parent_task_id is not null;

-- An action (加签, 委派, 退回, 撤回, 催办 ...) in the history list: who (assignee), when, its name and the comment.
alter table blade_flow_activity add column note varchar(4000) not null default '';

-- 抄送: a request copied to a user, read or not.
create table blade_flow_copy (
  id bigint primary key,
  tenant_id varchar(12) not null,
  instance_id bigint not null,
  task_id bigint,
  user_id bigint not null,
  from_user bigint not null,
  comment varchar(4000) not null default '',
  is_read smallint not null default 0,
  create_time timestamp(0) not null,
  read_time timestamp(0)
);
create unique index blade_flow_copy_user on blade_flow_copy (instance_id, user_id);
create index blade_flow_copy_list on blade_flow_copy (tenant_id, user_id, create_time desc);
select tenon_isolate_tenant_rows('blade_flow_copy');
