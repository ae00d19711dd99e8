-- Issue 37 part 3: two-factor sign-in with a time-based one-time password (RFC 6238: SHA1, 6 digits, 30 s).
-- One row per user who started enrolment; `enabled` 0 while the secret awaits its first code. The secret is sealed
-- (platform/sealed-text.ts); recovery codes are kept as a JSON array of SHA-256 hashes, each removed when used.
create table blade_user_totp (
  user_id bigint primary key,
  tenant_id varchar(12) not null default '000000',
  secret varchar(512) not null,
  enabled int not null default 0,
  recovery_codes text not null default '[]',
  create_time timestamp(0),
  enable_time timestamp(0)
);
create index blade_user_totp_tenant on blade_user_totp (tenant_id);
select tenon_isolate_tenant_rows('blade_user_totp');

-- Administrators can require the second factor of every user of a tenant, or of the holders of a role (0 no, 1 yes).
alter table blade_tenant add column totp_required int not null default 0;
alter table blade_role add column totp_required int not null default 0;
