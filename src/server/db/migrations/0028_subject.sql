-- The chart of accounts (domain/finance.md subject): a tree by code (4-2-2-2 digits), kept as the entity engine's
-- trees are (parent_id, ancestors) with the parent's code, level and full name stored beside it. Codes are unique
-- among a tenant's live accounts; budgets, ledger lines and balances name an account by its code.
create table erp_subject (
  id bigint primary key,
  tenant_id varchar(12) not null default '000000',
  parent_id bigint not null default 0,
  ancestors varchar(255) not null default '0',
  subject_code varchar(32) not null,
  subject_name varchar(64) not null,
  parent_code varchar(32) not null default '',
  level int not null default 1,
  full_name varchar(255) not null default '',
  subject_category varchar(32) not null,
  balance_direction varchar(32) not null,
  aux_types varchar(128) not null default '',
  is_leaf int not null default 1,
  is_cash int not null default 0,
  sort int not null default 0,
  remark varchar(255) not null default '',
  create_user bigint, create_dept bigint, create_time timestamp(0), update_user bigint, update_time timestamp(0),
  status int not null default 1,
  is_deleted int not null default 0
);
create unique index erp_subject_code on erp_subject (tenant_id, subject_code) where is_deleted = 0;
create index erp_subject_parent on erp_subject (tenant_id, parent_id) where is_deleted = 0;
select tenon_isolate_tenant_rows('erp_subject');
