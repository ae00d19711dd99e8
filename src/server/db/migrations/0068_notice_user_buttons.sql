-- seed.md §6: the `user` role holds 通知公告 with its four buttons; databases seeded before this held only 查看.
-- Who may change or remove a notice is decided on the server (its author or an administrator: desk/notice.hooks.ts),
-- so publishing is given back to the roles holding the work desk of `user` (the seeded `user` role and the approver
-- roles every tenant starts with) wherever they hold the notice screen and the tenant's package allows the button. The seed records these grants as made
-- (tenon_menu_grant), so this runs once; a fresh database has no menus yet and gets them from the seed.
insert into blade_role_menu (id, role_id, menu_id)
select ((((extract(epoch from clock_timestamp()) * 1000)::bigint - 1577836800000) << 22) | (1023 << 12))
         + row_number() over (order by r.id, b.id),
       r.id, b.id
from blade_role r
join blade_role_menu screen_grant on screen_grant.role_id = r.id
join blade_menu screen on screen.id = screen_grant.menu_id and screen.code = 'notice' and screen.is_deleted = 0
join blade_menu b on b.parent_id = screen.id and b.code in ('notice_add', 'notice_edit', 'notice_delete')
  and b.is_deleted = 0
left join blade_tenant t on t.tenant_id = r.tenant_id and t.is_deleted = 0
left join blade_tenant_package p on p.id = t.package_id and p.is_deleted = 0
where r.is_deleted = 0
  and (t.package_id is null or b.id::text = any (string_to_array(coalesce(p.menu_id, ''), ',')))
  and r.role_alias in ('user', 'hr', 'finance', 'boss')
  and not exists (select 1 from blade_role_menu own where own.role_id = r.id and own.menu_id = b.id);
