-- What a role may do beyond its grants is a property of the role row, never of its alias (which a tenant types):
-- 0 none, 1 tenant administrator (not narrowed by data or API scopes), 2 platform super administrator.
alter table blade_role add column role_power int not null default 0;
alter table blade_role add constraint blade_role_power_range check (role_power in (0, 1, 2));

-- The seeded super administrator role.
update blade_role set role_power = 2 where id = 1123598816738675201 and tenant_id = '000000' and role_alias = 'administrator';

-- Each tenant's administrator role made when the tenant was provisioned: its first `admin` role (ids grow with
-- time, and provisioning creates it before any user of the tenant exists). Later `admin` roles a tenant user may
-- have typed get no power.
update blade_role r set role_power = 1
where r.tenant_id <> '000000' and r.role_alias = 'admin'
  and r.id = (select min(x.id) from blade_role x where x.tenant_id = r.tenant_id and x.role_alias = 'admin');

-- State that must outlive a restart when there is no Redis: revoked logins, closed tenants, login-failure
-- counters, spent refresh tokens. With REDIS_URL it lives in Redis instead; rows past `expires_at` mean nothing.
create table tenon_kv (
  kv_key varchar(512) primary key,
  kv_value text not null,
  expires_at bigint not null
);
create index tenon_kv_expiry on tenon_kv (expires_at);
