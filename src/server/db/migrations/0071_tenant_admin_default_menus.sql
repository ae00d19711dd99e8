-- Tenants provisioned before 附件管理/对象存储/短信 (resource), 报表 (report), 通用日志 (log_usual) and 接口日志 (log_api)
-- joined DEFAULT_TENANT_MENU_ROOTS (system/tenant.service.ts) have administrators without them: each tenant without a
-- package (a package says what its tenant may have) gets them on its 管理员 role (alias admin), with their screens,
-- buttons and the parent menus above them, as a tenant provisioned now does. Only added: a role's other grants stay.
-- A fresh database has no tenants yet: the seed and provisioning grant these.
with recursive granted (id, parent_id) as (
  select m.id, m.parent_id
  from blade_menu m
  where m.code in ('resource', 'report', 'log_usual', 'log_api') and m.is_deleted = 0
  union
  select child.id, child.parent_id
  from blade_menu child
  join granted g on child.parent_id = g.id
  where child.is_deleted = 0
),
above (id, parent_id) as (
  select parent.id, parent.parent_id
  from blade_menu parent
  join blade_menu root on root.parent_id = parent.id
  where root.code in ('resource', 'report', 'log_usual', 'log_api') and root.is_deleted = 0 and parent.is_deleted = 0
  union
  select parent.id, parent.parent_id
  from blade_menu parent
  join above a on a.parent_id = parent.id
  where parent.is_deleted = 0
),
menus as (
  select id from granted
  union
  select id from above
),
admins as (
  select r.id
  from blade_role r
  join blade_tenant t on t.tenant_id = r.tenant_id and t.is_deleted = 0
  where r.is_deleted = 0 and r.role_alias = 'admin' and r.tenant_id <> '000000' and t.package_id is null
)
insert into blade_role_menu (id, role_id, menu_id)
select ((((extract(epoch from clock_timestamp()) * 1000)::bigint - 1577836800000) << 22) | (1023 << 12))
         + row_number() over (order by a.id, m.id),
       a.id, m.id
from admins a
cross join menus m
where not exists (select 1 from blade_role_menu own where own.role_id = a.id and own.menu_id = m.id);
