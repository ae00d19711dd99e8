-- 接口日志 and 通用日志 at 10,000,000 rows (issue 36, bench/logs): a list counts its matches up to COUNT_CAP
-- (entity-reads.ts), and a filter that matches between a few hundred and ten thousand rows (an account across
-- tenants, a URI or a week in one tenant) was counted again on every request by reading each matching row from the
-- table: 7,071 rows of one tenant's week, 100-140 ms on this machine. Each list index of 0062 now carries the key and
-- `is_deleted` (the engine's live-row filter), and those without the tenant first its `tenant_id` (the row-level
-- security policy reads it), so the count, the sort and the page's keys come from the index alone (an index-only
-- scan; autovacuum keeps the appended pages all-visible). The keys are unchanged: the retention sweep
-- (log/retention.ts) reads `(tenant_id, create_time)` as before.
drop index blade_log_api_time;
create index blade_log_api_time on blade_log_api (tenant_id, create_time) include (id, is_deleted);
drop index blade_log_api_recent;
create index blade_log_api_recent on blade_log_api (create_time) include (id, is_deleted, tenant_id);
drop index blade_log_api_create_by;
create index blade_log_api_create_by on blade_log_api (tenant_id, create_by, create_time) include (id, is_deleted);
drop index blade_log_api_remote_ip;
create index blade_log_api_remote_ip on blade_log_api (tenant_id, remote_ip, create_time) include (id, is_deleted);
drop index blade_log_api_uri;
create index blade_log_api_uri on blade_log_api (tenant_id, request_uri, create_time) include (id, is_deleted);
drop index blade_log_api_create_by_all;
create index blade_log_api_create_by_all on blade_log_api (create_by, create_time) include (id, is_deleted, tenant_id);
drop index blade_log_api_remote_ip_all;
create index blade_log_api_remote_ip_all on blade_log_api (remote_ip, create_time) include (id, is_deleted, tenant_id);
drop index blade_log_api_uri_all;
create index blade_log_api_uri_all on blade_log_api (request_uri, create_time) include (id, is_deleted, tenant_id);

drop index blade_log_usual_time;
create index blade_log_usual_time on blade_log_usual (tenant_id, create_time) include (id, is_deleted);
drop index blade_log_usual_recent;
create index blade_log_usual_recent on blade_log_usual (create_time) include (id, is_deleted, tenant_id);
drop index blade_log_usual_log_id;
create index blade_log_usual_log_id on blade_log_usual (tenant_id, log_id, create_time) include (id, is_deleted);
drop index blade_log_usual_create_by;
create index blade_log_usual_create_by on blade_log_usual (tenant_id, create_by, create_time) include (id, is_deleted);
drop index blade_log_usual_log_id_all;
create index blade_log_usual_log_id_all on blade_log_usual (log_id, create_time) include (id, is_deleted, tenant_id);
