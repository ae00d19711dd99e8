-- Moving a tenant between the databases of the placement (issue 39, db/tenant-move.ts): its rows are copied by a
-- logical-replication publication filtered by tenant_id, so every table holding a tenant's rows must name the tenant.

-- The grants of roles and top menus named their tenant through the role or the top menu only; the column is filled
-- from there on every insert that leaves it blank, so no writer has to know it.
alter table blade_role_menu add column tenant_id varchar(12);
update blade_role_menu g set tenant_id = r.tenant_id from blade_role r where r.id = g.role_id;
update blade_role_menu set tenant_id = '' where tenant_id is null;
alter table blade_role_menu alter column tenant_id set not null;
alter table blade_role_menu alter column tenant_id set default '';

alter table blade_role_scope add column tenant_id varchar(12);
update blade_role_scope g set tenant_id = r.tenant_id from blade_role r where r.id = g.role_id;
update blade_role_scope set tenant_id = '' where tenant_id is null;
alter table blade_role_scope alter column tenant_id set not null;
alter table blade_role_scope alter column tenant_id set default '';

alter table blade_top_menu_setting add column tenant_id varchar(12);
update blade_top_menu_setting g set tenant_id = t.tenant_id from blade_top_menu t where t.id = g.top_menu_id;
update blade_top_menu_setting set tenant_id = '' where tenant_id is null;
alter table blade_top_menu_setting alter column tenant_id set not null;
alter table blade_top_menu_setting alter column tenant_id set default '';

-- Security definer: the role or top menu is read whatever rows the writer's row-level security shows.
create or replace function tenon_grant_tenant() returns trigger language plpgsql security definer set search_path = public
as $$
begin
  if new.tenant_id is null or new.tenant_id = '' then
    if tg_table_name = 'blade_top_menu_setting' then
      new.tenant_id := coalesce((select tenant_id from blade_top_menu where id = new.top_menu_id), '');
    else
      new.tenant_id := coalesce((select tenant_id from blade_role where id = new.role_id), '');
    end if;
  end if;
  return new;
end
$$;
create trigger tenon_grant_tenant before insert on blade_role_menu for each row execute function tenon_grant_tenant();
create trigger tenon_grant_tenant before insert on blade_role_scope for each row execute function tenon_grant_tenant();
create trigger tenon_grant_tenant before insert on blade_top_menu_setting
  for each row execute function tenon_grant_tenant();

-- A tenant whose move is cutting over: no write of its rows may land on the database it leaves, whoever writes
-- (requests under row-level security, and the owner's background work alike), so the fence is a trigger, not a policy.
-- The move's own work on those rows (the marker, the removal after the move) names the tenant in
-- `tenon.move_tenant`.
create table tenon_moving_tenant (
  tenant_code varchar(12) primary key,
  move_id bigint not null
);
revoke all on tenon_moving_tenant from tenon_app;

create or replace function tenon_fence_moving() returns trigger language plpgsql security definer
set search_path = public as $$
declare
  tenant varchar(12);
begin
  if tg_op = 'DELETE' then
    tenant := old.tenant_id;
  else
    tenant := new.tenant_id;
  end if;
  if exists (select 1 from tenon_moving_tenant m where m.tenant_code = tenant)
     and current_setting('tenon.move_tenant', true) is distinct from tenant then
    raise exception 'tenant % is moving to another database', tenant using errcode = 'TNM01';
  end if;
  if tg_op = 'DELETE' then
    return old;
  end if;
  return new;
end
$$;

-- The marker a move writes once its tenant is fenced: when it has reached the new database, so has every earlier write.
-- (`tenant_code`, not tenant_id: it is the move's row, on both databases, not one of the tenant's.)
create table tenon_move_mark (
  id bigint primary key,
  tenant_code varchar(12) not null,
  move_id bigint not null
);
revoke all on tenon_move_mark from tenon_app;
-- A publication filters it by tenant_code, which its deletes must therefore carry.
alter table tenon_move_mark replica identity full;

-- The moves, on the main database: one running per tenant; a step that was cut short is taken up again from here.
create table tenon_tenant_move (
  id bigint primary key,
  tenant_code varchar(12) not null,
  -- null: the main database
  from_source bigint,
  to_source bigint,
  state varchar(20) not null,
  -- the process running it, and when it last said so: a move whose runner is gone is resumed or rolled back
  runner varchar(100) not null default '',
  beat_at timestamp(0) not null default localtimestamp(0),
  started_at timestamp(0) not null default localtimestamp(0),
  ended_at timestamp(0),
  paused_ms int,
  -- per table: rows and checksum on both sides, once verified
  verified text not null default '',
  error varchar(2000) not null default '',
  create_user bigint
);
create unique index tenon_tenant_move_running on tenon_tenant_move (tenant_code) where ended_at is null;
revoke all on tenon_tenant_move from tenon_app;
grant select on tenon_tenant_move to tenon_app;

-- Every tenant table gets the fence, now and when a later migration or a live model isolates a new one (the policy
-- worded as 0043 words it).
create or replace function tenon_isolate_tenant_rows(target regclass) returns void language plpgsql as $$
begin
  execute format('alter table %s enable row level security', target);
  execute format('drop policy if exists tenant_isolation on %s', target);
  execute format('create policy tenant_isolation on %s using (case when current_setting(''app.tenant_id'', true) = '
    || '''000000'' then true else tenant_id = current_setting(''app.tenant_id'', true) end)', target);
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
    select c.table_name from information_schema.columns c
    join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
    where c.table_schema = current_schema() and c.column_name = 'tenant_id' and t.table_type = 'BASE TABLE'
      and c.table_name <> 'blade_tenant'
  loop
    perform tenon_isolate_tenant_rows(quote_ident(target.table_name)::regclass);
  end loop;
end
$$;
