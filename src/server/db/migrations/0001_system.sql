-- Platform tables of system administration and auth (contract/system.md §1).
-- Times are timestamp(0) holding Asia/Shanghai wall-clock time, as the wire format has no zone.

create table blade_tenant (
  id bigint primary key,
  tenant_id varchar(12) not null,
  tenant_name varchar(50) not null,
  domain varchar(255) not null default '',
  background_url varchar(1000) not null default '',
  linkman varchar(20) not null default '',
  contact_number varchar(20) not null default '',
  address varchar(255) not null default '',
  account_number int not null default -1,
  expire_time timestamp(0),
  datasource_id bigint,
  license_key varchar(1000) not null default '',
  package_id bigint,
  create_user bigint, create_dept bigint, create_time timestamp(0), update_user bigint, update_time timestamp(0),
  status int not null default 1,
  is_deleted int not null default 0
);
create unique index blade_tenant_code on blade_tenant (tenant_id) where is_deleted = 0;

create table blade_tenant_package (
  id bigint primary key,
  package_name varchar(50) not null,
  menu_id varchar(3000) not null default '',
  remark varchar(255) not null default '',
  create_user bigint, create_dept bigint, create_time timestamp(0), update_user bigint, update_time timestamp(0),
  status int not null default 1,
  is_deleted int not null default 0
);

create table blade_user (
  id bigint primary key,
  tenant_id varchar(12) not null default '000000',
  code varchar(12) not null default '',
  user_type int not null default 1,
  account varchar(45) not null,
  password varchar(255) not null,
  name varchar(20) not null default '',
  real_name varchar(10) not null default '',
  avatar varchar(2000) not null default '',
  email varchar(45) not null default '',
  phone varchar(45) not null default '',
  birthday timestamp(0),
  sex smallint,
  role_id varchar(1000) not null default '',
  dept_id varchar(1000) not null default '',
  post_id varchar(1000) not null default '',
  create_user bigint, create_dept bigint, create_time timestamp(0), update_user bigint, update_time timestamp(0),
  status int not null default 1,
  is_deleted int not null default 0
);
create unique index blade_user_account on blade_user (tenant_id, account) where is_deleted = 0;

create table blade_user_oauth (
  id bigint primary key,
  tenant_id varchar(12) not null default '000000',
  uuid varchar(64) not null,
  user_id bigint,
  username varchar(32) not null default '',
  nickname varchar(64) not null default '',
  avatar varchar(1000) not null default '',
  blog varchar(255) not null default '',
  company varchar(255) not null default '',
  location varchar(255) not null default '',
  email varchar(255) not null default '',
  remark varchar(255) not null default '',
  gender varchar(16) not null default '',
  source varchar(16) not null
);
create unique index blade_user_oauth_source on blade_user_oauth (uuid, source);

create table blade_role (
  id bigint primary key,
  tenant_id varchar(12) not null default '000000',
  parent_id bigint not null default 0,
  role_name varchar(255) not null,
  sort int not null default 0,
  role_alias varchar(255) not null,
  is_deleted int not null default 0
);
create index blade_role_tenant on blade_role (tenant_id);

create table blade_role_menu (
  id bigint primary key,
  menu_id bigint not null,
  role_id bigint not null
);
create unique index blade_role_menu_pair on blade_role_menu (role_id, menu_id);

create table blade_role_scope (
  id bigint primary key,
  scope_category int not null,
  scope_id bigint not null,
  role_id bigint not null
);
create unique index blade_role_scope_triple on blade_role_scope (role_id, scope_category, scope_id);

create table blade_dept (
  id bigint primary key,
  tenant_id varchar(12) not null default '000000',
  parent_id bigint not null default 0,
  ancestors varchar(2000) not null default '0',
  dept_category int not null default 1,
  dept_name varchar(45) not null,
  full_name varchar(45) not null default '',
  sort int not null default 0,
  remark varchar(255) not null default '',
  is_deleted int not null default 0
);
create index blade_dept_tenant_parent on blade_dept (tenant_id, parent_id);

create table blade_post (
  id bigint primary key,
  tenant_id varchar(12) not null default '000000',
  category int not null default 1,
  post_code varchar(12) not null,
  post_name varchar(64) not null,
  sort int not null default 0,
  remark varchar(255) not null default '',
  create_user bigint, create_dept bigint, create_time timestamp(0), update_user bigint, update_time timestamp(0),
  status int not null default 1,
  is_deleted int not null default 0
);
create index blade_post_tenant on blade_post (tenant_id);

create table blade_menu (
  id bigint primary key,
  parent_id bigint not null default 0,
  code varchar(255) not null,
  name varchar(255) not null,
  name_en varchar(255) not null default '',
  alias varchar(255) not null default '',
  path varchar(255) not null default '',
  source varchar(255) not null default '',
  component varchar(255) not null default '',
  sort int not null default 0,
  category int not null default 1,
  action int not null default 0,
  is_open int not null default 1,
  remark varchar(255) not null default '',
  is_deleted int not null default 0
);
create unique index blade_menu_code on blade_menu (code) where is_deleted = 0;
create index blade_menu_parent on blade_menu (parent_id);

create table blade_top_menu (
  id bigint primary key,
  tenant_id varchar(12) not null default '000000',
  code varchar(255) not null,
  name varchar(255) not null,
  source varchar(255) not null default '',
  path varchar(255) not null default '',
  sort int not null default 0,
  create_user bigint, create_dept bigint, create_time timestamp(0), update_user bigint, update_time timestamp(0),
  status int not null default 1,
  is_deleted int not null default 0
);

create table blade_top_menu_setting (
  id bigint primary key,
  top_menu_id bigint not null,
  menu_id bigint not null
);
create unique index blade_top_menu_setting_pair on blade_top_menu_setting (top_menu_id, menu_id);

create table blade_dict (
  id bigint primary key,
  parent_id bigint not null default 0,
  code varchar(255) not null,
  dict_key varchar(255) not null,
  dict_value varchar(255) not null,
  sort int not null default 0,
  remark varchar(255) not null default '',
  is_sealed int not null default 0,
  is_deleted int not null default 0
);
create index blade_dict_code on blade_dict (code, parent_id);

create table blade_dict_biz (
  id bigint primary key,
  tenant_id varchar(12) not null default '000000',
  parent_id bigint not null default 0,
  code varchar(255) not null,
  dict_key varchar(255) not null,
  dict_value varchar(255) not null,
  sort int not null default 0,
  remark varchar(255) not null default '',
  is_sealed int not null default 0,
  is_deleted int not null default 0
);
create index blade_dict_biz_code on blade_dict_biz (tenant_id, code, parent_id);

create table blade_param (
  id bigint primary key,
  param_name varchar(255) not null,
  param_key varchar(255) not null,
  param_value varchar(2000) not null,
  remark varchar(255) not null default '',
  create_user bigint, create_dept bigint, create_time timestamp(0), update_user bigint, update_time timestamp(0),
  status int not null default 1,
  is_deleted int not null default 0
);
create unique index blade_param_key on blade_param (param_key) where is_deleted = 0;

create table blade_scope_data (
  id bigint primary key,
  menu_id bigint not null,
  resource_code varchar(255) not null default '',
  scope_name varchar(255) not null,
  scope_field varchar(255) not null default '*',
  scope_class varchar(500) not null default '',
  scope_column varchar(255) not null default 'create_dept',
  scope_type int not null default 1,
  scope_value varchar(2000) not null default '',
  remark varchar(255) not null default '',
  create_user bigint, create_dept bigint, create_time timestamp(0), update_user bigint, update_time timestamp(0),
  status int not null default 1,
  is_deleted int not null default 0
);

create table blade_scope_api (
  id bigint primary key,
  menu_id bigint not null,
  resource_code varchar(255) not null default '',
  scope_name varchar(255) not null,
  scope_path varchar(255) not null default '',
  scope_type int not null default 1,
  remark varchar(255) not null default '',
  create_user bigint, create_dept bigint, create_time timestamp(0), update_user bigint, update_time timestamp(0),
  status int not null default 1,
  is_deleted int not null default 0
);

create table blade_client (
  id bigint primary key,
  client_id varchar(48) not null,
  client_secret varchar(256) not null,
  resource_ids varchar(256) not null default '',
  scope varchar(256) not null default 'all',
  authorized_grant_types varchar(256) not null default '',
  web_server_redirect_uri varchar(256) not null default '',
  authorities varchar(256) not null default '',
  access_token_validity int not null default 3600,
  refresh_token_validity int not null default 604800,
  additional_information varchar(4096) not null default '',
  autoapprove varchar(256) not null default '',
  create_user bigint, create_dept bigint, create_time timestamp(0), update_user bigint, update_time timestamp(0),
  status int not null default 1,
  is_deleted int not null default 0
);
create unique index blade_client_client_id on blade_client (client_id) where is_deleted = 0;

create table blade_region (
  code varchar(12) primary key,
  parent_code varchar(12) not null default '00',
  ancestors varchar(255) not null default '',
  name varchar(32) not null,
  province_code varchar(12) not null default '',
  province_name varchar(32) not null default '',
  city_code varchar(12) not null default '',
  city_name varchar(32) not null default '',
  district_code varchar(12) not null default '',
  district_name varchar(32) not null default '',
  town_code varchar(12) not null default '',
  town_name varchar(32) not null default '',
  village_code varchar(12) not null default '',
  village_name varchar(32) not null default '',
  level int not null default 0,
  sort int not null default 0,
  remark varchar(255) not null default ''
);
create index blade_region_parent on blade_region (parent_code);
