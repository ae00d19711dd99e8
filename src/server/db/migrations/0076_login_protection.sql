-- Login protection and sessions (issue 37 §4).
-- 验证码模式 per tenant: when on, the token endpoint refuses that tenant's password grant without a captcha.
alter table blade_tenant add column captcha_mode int not null default 0;

-- 在线用户: one row per login (the token's sid), written at sign-in and refresh, its last activity kept up to date
-- (at most once a minute per process); what ends the login (logout, 强制退出) is the key-value store's revocation,
-- read on every request by every process. Rows are dropped when their login can no longer be refreshed.
create table blade_online_session (
  session_id varchar(64) primary key,
  tenant_id varchar(12) not null default '000000',
  user_id bigint not null,
  account varchar(45) not null default '',
  real_name varchar(64) not null default '',
  client_id varchar(64) not null default '',
  ip varchar(64) not null default '',
  user_agent varchar(500) not null default '',
  login_time timestamp(0) not null,
  last_active_time timestamp(0) not null,
  expires_at bigint not null
);
create index blade_online_session_tenant on blade_online_session (tenant_id, last_active_time);
select tenon_isolate_tenant_rows('blade_online_session');
