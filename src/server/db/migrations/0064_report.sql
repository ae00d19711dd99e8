-- Reports (contract develop-report.md §4): saved read-only queries over allow-listed views of the modules.
-- blade_report_file keeps the contract's columns; `content` holds the report's definition as JSON.
create table blade_report_file (
  id bigint primary key,
  tenant_id varchar(12) not null default '000000',
  name varchar(100) not null,
  content text not null default '',
  create_user bigint, create_dept bigint, create_time timestamp(0), update_user bigint, update_time timestamp(0),
  status int not null default 1,
  is_deleted int not null default 0
);
create unique index blade_report_file_name_unique on blade_report_file (tenant_id, name) where is_deleted = 0;
create index blade_report_file_list on blade_report_file (tenant_id, id desc) where is_deleted = 0;
select tenon_isolate_tenant_rows('blade_report_file');

-- Whose rows a report run sees, one row per database backend, written by the server just before the run's
-- read-only transaction. The views read it instead of `app.tenant_id` because any role may call set_config() on a
-- custom setting inside its own query; nobody but the owner and the app role can touch this table.
create table tenon_report_run (
  pid int primary key,
  run_tenant varchar(12) not null,
  scope_all boolean not null,
  scope_user bigint,
  scope_depts text not null default ''
);

-- The role report queries run as (`set local role`): SELECT on the report views and nothing else.
do $$
begin
  if not exists (select 1 from pg_roles where rolname = 'tenon_report') then
    create role tenon_report nologin;
  end if;
exception when duplicate_object or unique_violation then null;
end
$$;

do $$
begin
  if not pg_has_role(current_user, 'tenon_report', 'member') then
    execute format('grant tenon_report to %I', current_user);
  end if;
end
$$;
grant usage on schema public to tenon_report;

-- A query that could call set_config() could switch its role back (`role` is checked against the session's login)
-- or sleep for minutes: the report role loses both. Only a superuser may revoke them; elsewhere the server's parse
-- check and the statement timeout stay.
do $$
begin
  revoke execute on function pg_catalog.set_config(text, text, boolean) from public;
  grant execute on function pg_catalog.set_config(text, text, boolean) to tenon_app;
  execute format('grant execute on function pg_catalog.set_config(text, text, boolean) to %I', current_user);
  revoke execute on function pg_catalog.pg_sleep(double precision) from public;
  revoke execute on function pg_catalog.pg_sleep_for(interval) from public;
  revoke execute on function pg_catalog.pg_sleep_until(timestamp with time zone) from public;
exception when insufficient_privilege then null;
end
$$;

-- The views: each filters its rows by the run's tenant and data scope (creator or department), as a security
-- barrier so a report's own conditions never run before those.
create view report_budget_execution with (security_barrier) as
select b.year, b.org_id, b.dept_id, d.dept_name, b.budget_type, b.subject, b.title, b.customer_name, b.project,
  b.product_no, b.product_name, b.total_amount, b.total_actual, b.total_finish, b.approve_status,
  b.create_user, b.create_dept
from erp_budget_situation b
join tenon_report_run r on r.pid = pg_backend_pid()
left join blade_dept d on d.id = b.dept_id and d.tenant_id = b.tenant_id
where b.tenant_id = r.run_tenant and b.is_deleted = 0
  and (r.scope_all or b.create_user = r.scope_user or b.create_dept = any(string_to_array(r.scope_depts, ',')::bigint[]));

create view report_budget_months with (security_barrier) as
select b.year, m.month, b.org_id, b.dept_id, d.dept_name, b.budget_type, b.subject, b.title, m.amount, m.actual,
  b.create_user, b.create_dept
from erp_budget_situation b
join tenon_report_run r on r.pid = pg_backend_pid()
left join blade_dept d on d.id = b.dept_id and d.tenant_id = b.tenant_id
cross join lateral (values (1, b.amount1, b.actual1), (2, b.amount2, b.actual2), (3, b.amount3, b.actual3),
  (4, b.amount4, b.actual4), (5, b.amount5, b.actual5), (6, b.amount6, b.actual6), (7, b.amount7, b.actual7),
  (8, b.amount8, b.actual8), (9, b.amount9, b.actual9), (10, b.amount10, b.actual10), (11, b.amount11, b.actual11),
  (12, b.amount12, b.actual12)) as m(month, amount, actual)
where b.tenant_id = r.run_tenant and b.is_deleted = 0
  and (r.scope_all or b.create_user = r.scope_user or b.create_dept = any(string_to_array(r.scope_depts, ',')::bigint[]));

create view report_stock with (security_barrier) as
select i.org_id, i.warehouse, i.location, i.product_no, i.product_name, i.spec, i.unit, i.batch_no, i.qty,
  i.locked_qty, i.available_qty, i.unit_cost, i.amount, i.safety_stock, i.below_safety, i.last_in_time,
  i.last_out_time, i.create_user, i.create_dept
from erp_inventory i
join tenon_report_run r on r.pid = pg_backend_pid()
where i.tenant_id = r.run_tenant and i.is_deleted = 0
  and (r.scope_all or i.create_user = r.scope_user or i.create_dept = any(string_to_array(r.scope_depts, ',')::bigint[]));

create view report_production_orders with (security_barrier) as
select p.year, p.org_id, p.product_no, p.product_name, p.customer_name, p.project, p.unit, p.plan_status,
  p.total_amount as planned_qty, p.total_actual as actual_qty, p.create_user, p.create_dept
from erp_prod_plan p
join tenon_report_run r on r.pid = pg_backend_pid()
where p.tenant_id = r.run_tenant and p.is_deleted = 0
  and (r.scope_all or p.create_user = r.scope_user or p.create_dept = any(string_to_array(r.scope_depts, ',')::bigint[]));

create view report_ledger_lines with (security_barrier) as
select l.org_id, l.voucher_date, l.year, l.month, l.voucher_word, l.voucher_no, l.entry_no, l.summary,
  l.subject_code, l.subject_name, l.debit_amount, l.credit_amount, l.currency, l.dept_id, d.dept_name, l.project,
  l.voucher_status, l.create_user, l.create_dept
from erp_ledger l
join tenon_report_run r on r.pid = pg_backend_pid()
left join blade_dept d on d.id = l.dept_id and d.tenant_id = l.tenant_id
where l.tenant_id = r.run_tenant and l.is_deleted = 0
  and (r.scope_all or l.create_user = r.scope_user or l.create_dept = any(string_to_array(r.scope_depts, ',')::bigint[]));

create view report_expense_claims with (security_barrier) as
select e.expense_no, e.org_id, e.applicant_id, u.real_name as applicant_name, e.dept_id, d.dept_name,
  e.expense_type, e.subject_code, e.expense_date, e.amount, e.invoice_count, e.project, e.reason, e.expense_status,
  e.pay_date, e.over_budget, e.create_user, e.create_dept
from erp_expense e
join tenon_report_run r on r.pid = pg_backend_pid()
left join blade_dept d on d.id = e.dept_id and d.tenant_id = e.tenant_id
left join blade_user u on u.id = e.applicant_id and u.tenant_id = e.tenant_id
where e.tenant_id = r.run_tenant and e.is_deleted = 0
  and (r.scope_all or e.create_user = r.scope_user or e.create_dept = any(string_to_array(r.scope_depts, ',')::bigint[]));

-- The app role (and with it every request) gets the views by the default privileges of 0012; the report role only
-- these, which is the allow-list the designer lists.
grant select on report_budget_execution, report_budget_months, report_stock, report_production_orders,
  report_ledger_lines, report_expense_claims to tenon_report;
