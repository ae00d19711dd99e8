-- Issue 34: a user task's priority (flowable:priority, an expression, 50 when the model gives none, as Flowable's
-- default) and due date (flowable:dueDate: a date, or a duration from the task's creation), stored on the task so
-- the work lists and the task's history show them.

alter table blade_flow_task
  add column priority integer not null default 50,
  add column due_date timestamp(0);
