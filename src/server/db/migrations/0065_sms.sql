-- Issue 36: SMS configurations per tenant (contract resource-desk-log.md §4, entities/resource/sms.ts). category is
-- dict `sms` (1 yunpian, 2 qiniu, 3 ali, 4 tencent, 5 log only: the default, nothing leaves the server); status
-- 1 disabled / 2 enabled, at most one enabled per tenant (the index below; `enable` switches in one transaction).
-- secret_key is sealed (platform/sealed-text.ts), which takes more room than the typed text.
create table blade_sms (
  id bigint primary key,
  tenant_id varchar(12) not null default '000000',
  category int not null default 5,
  sms_code varchar(32) not null default '',
  template_id varchar(64) not null default '',
  access_key varchar(255) not null default '',
  secret_key varchar(512) not null default '',
  region_id varchar(255) not null default '',
  sign_name varchar(64) not null default '',
  -- Tencent Cloud's SmsSdkAppId (its API needs an application beside the key pair); unused by the others
  app_id varchar(64) not null default '',
  remark varchar(255) not null default '',
  create_user bigint, create_dept bigint, create_time timestamp(0), update_user bigint, update_time timestamp(0),
  status int not null default 1,
  is_deleted int not null default 0
);
create unique index blade_sms_sms_code_unique on blade_sms (tenant_id, sms_code) where is_deleted = 0;
create unique index blade_sms_one_enabled on blade_sms (tenant_id) where status = 2 and is_deleted = 0;
create index blade_sms_list on blade_sms (tenant_id, id desc) where is_deleted = 0;
select tenon_isolate_tenant_rows('blade_sms');

-- An approver's choice to get an SMS for each new task (0 no, 1 yes), sent by the workflow's job queue.
alter table blade_user add column sms_task int not null default 0;
