-- Messages of the top-bar drawer (contract resource-desk-log.md §6) and error logs (§8), incl. uploaded client errors.

create table blade_message (
  id bigint primary key,
  tenant_id varchar(12) not null default '000000',
  user_id bigint not null,
  title varchar(255) not null default '',
  content varchar(4000) not null,
  category int not null default 1,
  create_user bigint, create_dept bigint, create_time timestamp(0), update_user bigint, update_time timestamp(0),
  status int not null default 0,
  is_deleted int not null default 0
);
create index blade_message_inbox on blade_message (tenant_id, user_id, status) where is_deleted = 0;

create table blade_log_error (
  id bigint primary key,
  tenant_id varchar(12) not null default '000000',
  service_id varchar(32) not null default '',
  server_host varchar(255) not null default '',
  server_ip varchar(255) not null default '',
  env varchar(255) not null default '',
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
  stack_trace text not null default '',
  exception_name varchar(255) not null default '',
  message text not null default '',
  line_number int,
  file_name varchar(1000) not null default ''
);
create index blade_log_error_time on blade_log_error (tenant_id, create_time);
