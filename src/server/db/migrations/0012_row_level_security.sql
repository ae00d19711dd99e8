-- Row-level security: the second wall behind the tenant predicate of the entity engine and the repositories, so a
-- forgotten predicate returns nothing foreign. Owners and superusers bypass it (PGlite always connects as the
-- superuser), so requests run as the NOLOGIN role tenon_app (db/tenant-scoped-driver.ts switches each connection
-- with `set role` and `app.tenant_id`); migrations, seed and start-up work keep the owner's rights.

-- Roles belong to the cluster, not the database: another database of it (a test run, a second deployment) may have
-- created tenon_app already, or be creating it right now.
do $$
begin
  if not exists (select 1 from pg_roles where rolname = 'tenon_app') then
    create role tenon_app nologin;
  end if;
exception when duplicate_object or unique_violation then null;
end
$$;

-- A login role that is not a superuser may only switch to a role it is a member of.
do $$
begin
  if not pg_has_role(current_user, 'tenon_app', 'member') then
    execute format('grant tenon_app to %I', current_user);
  end if;
end
$$;

grant usage on schema public to tenon_app;
grant select, insert, update, delete on all tables in schema public to tenon_app;
grant usage, select on all sequences in schema public to tenon_app;
-- Tables of later migrations (created by the same owner) get the same rights without a grant of their own.
alter default privileges in schema public grant select, insert, update, delete on tables to tenon_app;
alter default privileges in schema public grant usage, select on sequences to tenon_app;
revoke all on tenon_migration from tenon_app;

-- One policy for every tenant table: the request's tenant, or any tenant for the platform tenant 000000, whose
-- administrators the contract lets work across tenants (tenant list, provisioning, `tenantId=` of the super
-- administrator). Without `app.tenant_id` (or with '') no tenant row matches: fail closed. A later migration that
-- adds a tenant table calls this too (tests/server/row-level-security.test.ts fails otherwise).
create or replace function tenon_isolate_tenant_rows(target regclass) returns void language plpgsql as $$
begin
  execute format('alter table %s enable row level security', target);
  execute format('drop policy if exists tenant_isolation on %s', target);
  execute format('create policy tenant_isolation on %s using (tenant_id = current_setting(''app.tenant_id'', true) '
    || 'or current_setting(''app.tenant_id'', true) = ''000000'')', target);
end
$$;

do $$
declare
  target record;
begin
  for target in
    select c.table_name from information_schema.columns c
    join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
    where c.table_schema = current_schema() and c.column_name = 'tenant_id' and t.table_type = 'BASE TABLE'
  loop
    perform tenon_isolate_tenant_rows(quote_ident(target.table_name)::regclass);
  end loop;
end
$$;

-- Process definitions deployed for every tenant carry tenant_id '' (0007_flow.sql): every tenant reads them.
create policy shared_definition on blade_flow_definition for select using (tenant_id = '');
