-- Platform extension of a user (user/platform-detail, user/update-platform): BladeX keeps one table per user_type
-- (blade_user_web/app/other); one row per user holds the extension text of its current platform here.
create table blade_user_ext (
  user_id bigint primary key,
  tenant_id varchar(12) not null default '000000',
  user_ext text not null default ''
);

-- user/page?deptId=: users whose comma-joined dept list overlaps the dept's subtree (UserService.inDeptTree).
create index blade_user_dept_ids on blade_user using gin (string_to_array(dept_id, ','));
