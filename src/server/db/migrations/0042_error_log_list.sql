-- 错误日志 served by the entity engine (contract resource-desk-log.md §8): its lists read live rows. Error logs are
-- never soft-deleted (the retention sweep removes them for good), so every row is live; a column with a constant
-- default is added without rewriting the table. The list's two equality filters get an index after the tenant, in
-- the list's order: a tenant keeps months of errors (half a million rows in bench/scale's big tenant). The platform's
-- administrators read every tenant's, newest first (an index of the time alone), or one exception's across them.
alter table blade_log_error add column is_deleted int not null default 0;
create index blade_log_error_exception on blade_log_error (tenant_id, exception_name, create_time);
create index blade_log_error_create_by on blade_log_error (tenant_id, create_by, create_time);
create index blade_log_error_recent on blade_log_error (create_time);
create index blade_log_error_exception_all on blade_log_error (exception_name, create_time);
