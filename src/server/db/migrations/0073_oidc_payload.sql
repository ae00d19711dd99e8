-- SSO (issue 37): what the OpenID Connect authorization server (oidc-provider, modules/auth/oidc) keeps between
-- requests — sessions, interactions, grants, authorization codes, tokens, and its sealed signing key — here rather
-- than in one process's memory, so every server process behind a load balancer redeems the same codes. Platform
-- rows (a login spans no tenant until the account is known): no tenant_id. `consumed_at` is set once, by the
-- UPDATE that redeems a code, whichever endpoint redeems it.
create table blade_oidc_payload (
  id varchar(255) not null,
  kind varchar(64) not null,
  payload jsonb not null,
  grant_id varchar(255),
  uid varchar(255),
  user_code varchar(255),
  expires_at timestamptz,
  consumed_at timestamptz,
  primary key (kind, id)
);
create index blade_oidc_payload_grant on blade_oidc_payload (grant_id) where grant_id is not null;
create index blade_oidc_payload_uid on blade_oidc_payload (uid) where uid is not null;
create index blade_oidc_payload_user_code on blade_oidc_payload (user_code) where user_code is not null;
create index blade_oidc_payload_expires on blade_oidc_payload (expires_at) where expires_at is not null;
