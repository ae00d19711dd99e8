-- Issue 37 part 2: social login providers per tenant (OAuth2 / OpenID Connect), entities/auth/social-provider.ts.
-- `source` is the provider's name in the URLs (`oauth/render/{source}`) and in blade_user_oauth.source; the endpoints
-- of a preset (gitee, github, dingtalk, wecom, feishu) are filled in when left blank. client_secret is sealed
-- (platform/sealed-text.ts), which takes more room than the typed text. The *_field columns name the userinfo
-- fields that hold the identity's id, name, avatar and email (dotted paths for nested objects).
create table blade_social_provider (
  id bigint primary key,
  tenant_id varchar(12) not null default '000000',
  source varchar(16) not null,
  provider_name varchar(64) not null default '',
  authorize_url varchar(500) not null default '',
  token_url varchar(500) not null default '',
  userinfo_url varchar(500) not null default '',
  client_id varchar(255) not null default '',
  client_secret varchar(1024) not null default '',
  scopes varchar(255) not null default '',
  id_field varchar(64) not null default '',
  name_field varchar(64) not null default '',
  avatar_field varchar(64) not null default '',
  email_field varchar(64) not null default '',
  remark varchar(255) not null default '',
  sort int not null default 0,
  create_user bigint, create_dept bigint, create_time timestamp(0), update_user bigint, update_time timestamp(0),
  status int not null default 1,
  is_deleted int not null default 0
);
create unique index blade_social_provider_source_unique on blade_social_provider (tenant_id, source) where is_deleted = 0;
-- The list's default order (sort, id) after the tenant.
create index blade_social_provider_list on blade_social_provider (tenant_id, sort, id) where is_deleted = 0;
select tenon_isolate_tenant_rows('blade_social_provider');

-- One identity of a provider may be bound in several tenants (one person, two companies): unique per tenant.
drop index blade_user_oauth_source;
create unique index blade_user_oauth_source on blade_user_oauth (tenant_id, uuid, source);
