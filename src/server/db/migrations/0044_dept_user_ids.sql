-- The users of a dept set, through the GIN index of their dept lists (0004). Under row-level security the index cannot
-- serve `string_to_array(dept_id, ',') && …` for the app role (array overlap is not leakproof): a team of 127 among a
-- tenant's 50,000 users was a scan of all of them, 117 ms. Run as the owner within the caller's tenant as the policy
-- sees it (as tenon_match_ids, 0024), at most `most` ids: the user list filters by them when they are that few.
create or replace function tenon_dept_user_ids(depts text[], most int) returns setof bigint
language plpgsql stable security definer set search_path = public, pg_catalog rows 100 as $$
declare
  tenant text := coalesce(current_setting('app.tenant_id', true), '');
begin
  if current_setting('role') = 'tenon_app' and tenant = '' then
    return;
  end if;
  if current_setting('role') <> 'tenon_app' or tenant = '000000' then
    return query select u.id from blade_user u
      where string_to_array(u.dept_id, ',') && depts and u.is_deleted = 0 limit most;
  else
    return query select u.id from blade_user u
      where string_to_array(u.dept_id, ',') && depts and u.is_deleted = 0 and u.tenant_id = tenant limit most;
  end if;
end
$$;
revoke all on function tenon_dept_user_ids(text[], int) from public;
grant execute on function tenon_dept_user_ids(text[], int) to tenon_app;
