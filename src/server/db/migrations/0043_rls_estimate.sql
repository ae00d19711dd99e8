-- The tenant policy of 0012, reworded for the planner: the same rows (the platform tenant 000000 sees every tenant's,
-- any other its own, none without `app.tenant_id`), but as `a or b` the planner took it for a filter keeping one row
-- in 100,000 (the chance of a tenant id equal to an unknown value, plus that of an unknown string equal to '000000'),
-- on top of the query's own `tenant_id = ?`: a walk of the sort's index that stops after 10 rows looked like a walk of
-- every row, and it sorted a tenant's 480,000 error logs instead (1.9 s; 0.2 ms walked). As a case, it is weighed as a
-- plain condition (bench/README.md § bench/scale).
create or replace function tenon_isolate_tenant_rows(target regclass) returns void language plpgsql as $$
begin
  execute format('alter table %s enable row level security', target);
  execute format('drop policy if exists tenant_isolation on %s', target);
  execute format('create policy tenant_isolation on %s using (case when current_setting(''app.tenant_id'', true) = '
    || '''000000'' then true else tenant_id = current_setting(''app.tenant_id'', true) end)', target);
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
