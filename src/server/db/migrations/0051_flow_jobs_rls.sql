-- The tenant wall of 0012 on the jobs and subscriptions of 0047 (tests/server/row-level-security.test.ts). The poller
-- and the start-up work run as the owner and see every tenant's; a request sees its tenant's, and, like shared
-- definitions, the start events of shared definitions (a message thrown in a tenant starts one there).
select tenon_isolate_tenant_rows('blade_flow_job');
select tenon_isolate_tenant_rows('blade_flow_subscription');
create policy shared_start on blade_flow_subscription for select using (tenant_id = '' and instance_id is null);
