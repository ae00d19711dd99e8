-- 通知公告 (contract resource-desk-log.md §5) with its audience and read receipts. A notice goes to the whole tenant
-- when it names no department and no role, else to the members of the named departments or holders of the named
-- roles (comma-joined ids, as on blade_user); readers see it once its release time has passed.
create table blade_notice (
  id bigint primary key,
  tenant_id varchar(12) not null default '000000',
  title varchar(255) not null,
  category int not null,
  release_time timestamp(0) not null,
  content text not null default '',
  dept_ids varchar(1000) not null default '',
  role_ids varchar(1000) not null default '',
  create_user bigint, create_dept bigint, create_time timestamp(0), update_user bigint, update_time timestamp(0),
  status int not null default 1,
  is_deleted int not null default 0
);
create index blade_notice_release on blade_notice (tenant_id, release_time desc, id desc) where is_deleted = 0;
select tenon_isolate_tenant_rows('blade_notice');

-- Who read a notice, and when (first opening only).
create table blade_notice_read (
  notice_id bigint not null,
  user_id bigint not null,
  tenant_id varchar(12) not null default '000000',
  read_time timestamp(0) not null,
  primary key (notice_id, user_id)
);
create index blade_notice_read_user on blade_notice_read (tenant_id, user_id);
select tenon_isolate_tenant_rows('blade_notice_read');
