-- Issue 39: the tenant policy of 0043 with its setting read once a statement. As `current_setting(...)` in the policy,
-- PostgreSQL read the setting twice for every row the policy checks, before the query's own filters (a like search is
-- not leakproof): a name search over a tenant's 50,000 users took 16 ms under the policy, 7 as the owner. As a
-- subquery it is an InitPlan, read once, and each row costs a comparison: 21-29 ms -> 9-11 ms for such a scan under
-- load (bench/README.md § bench/scale-out). Still a case, weighed by the planner as one condition (0043).
create or replace function tenon_isolate_tenant_rows(target regclass) returns void language plpgsql as $$
begin
  execute format('alter table %s enable row level security', target);
  execute format('drop policy if exists tenant_isolation on %s', target);
  execute format('create policy tenant_isolation on %s using (case when (select current_setting(''app.tenant_id'', '
    || 'true)) = ''000000'' then true else tenant_id = (select current_setting(''app.tenant_id'', true)) end)', target);
  execute format('drop trigger if exists tenon_fence_moving on %s', target);
  execute format('create trigger tenon_fence_moving before insert or update or delete on %s '
    || 'for each row execute function tenon_fence_moving()', target);
end
$$;

do $$
declare
  target record;
begin
  for target in
    select distinct p.polrelid::regclass as name from pg_policy p where p.polname = 'tenant_isolation'
  loop
    perform tenon_isolate_tenant_rows(target.name);
  end loop;
end
$$;

-- blade_tenant has the policy (0012) but is the platform's table, never fenced (0087): a move switches the tenant's
-- row on it while the tenant is fenced.
drop trigger if exists tenon_fence_moving on blade_tenant;
