-- Each tenant's time zone (an IANA name): the server writes the dates of a tenant's requests in it and the console
-- shows its clock in it (docs/time-zones.md). Rows written before keep the contract's zone, which is the default.
alter table blade_tenant add column time_zone varchar(64) not null default 'Asia/Shanghai';

-- A tenant's work calendar: the days that differ from Monday-Friday work (weekends, public holidays, adjusted
-- working days 调休). day_type: 1 working day, 2 rest day, 3 public holiday (dictionary work_day_type).
create table blade_work_calendar (
  id bigint primary key,
  tenant_id varchar(12) not null default '000000',
  calendar_date date not null,
  day_type int not null default 2,
  day_name varchar(50) not null default '',
  remark varchar(255) not null default '',
  create_user bigint, create_dept bigint, create_time timestamp(0), update_user bigint, update_time timestamp(0),
  status int not null default 1,
  is_deleted int not null default 0,
  constraint blade_work_calendar_type check (day_type in (1, 2, 3))
);
create unique index blade_work_calendar_day on blade_work_calendar (tenant_id, calendar_date) where is_deleted = 0;

-- The leave's length in working days (half-day steps), counted by the server when the request is saved: the figure
-- its process decides on. Requests saved before were decided on whole calendar days between start and end.
alter table blade_process_leave add column days numeric(5,1) not null default 0;
update blade_process_leave
  set days = greatest(0, floor(extract(epoch from (end_time - start_time)) / 86400))
  where start_time is not null and end_time is not null;
