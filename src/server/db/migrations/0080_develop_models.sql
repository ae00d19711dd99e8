-- Developer tools (contract develop-report.md §2-§3, issue 38): data models read from a data source's catalog, their
-- field prototypes, and the code generator's rows. Platform tables (no tenant): the platform administrator's tools.
create table blade_model (
  id bigint primary key,
  -- null: the console's own database (PGlite or DATABASE_URL); else a blade_datasource row.
  datasource_id bigint,
  model_name varchar(50) not null,
  model_code varchar(50) not null,
  model_table varchar(100) not null,
  model_class varchar(100) not null default '',
  model_remark varchar(500) not null default '',
  create_user bigint, create_dept bigint, create_time timestamp(0), update_user bigint, update_time timestamp(0),
  status int not null default 1,
  is_deleted int not null default 0
);
create unique index blade_model_model_code_unique on blade_model (model_code) where is_deleted = 0;
create index blade_model_list on blade_model (id desc) where is_deleted = 0;

-- One field of a model. Beyond BladeX's columns: the Tenon field type, its length, uniqueness, NULL-ability, the
-- entity a reference points at, an English label and the order, all read from the catalog and then the designer's.
create table blade_model_prototype (
  id bigint primary key,
  model_id bigint not null,
  jdbc_name varchar(64) not null,
  jdbc_type varchar(64) not null default '',
  comment varchar(255) not null default '',
  comment_en varchar(255) not null default '',
  property_type varchar(64) not null default '',
  property_entity varchar(255) not null default '',
  property_name varchar(64) not null,
  field_type varchar(16) not null default 'string',
  max_length int,
  is_list int not null default 1,
  is_form int not null default 1,
  is_row int not null default 0,
  is_required int not null default 0,
  is_query int not null default 0,
  is_unique int not null default 0,
  is_nullable int not null default 1,
  component_type varchar(32) not null default 'input',
  dict_code varchar(64) not null default '',
  query_type varchar(32) not null default 'equal',
  ref_entity varchar(64) not null default '',
  sort int not null default 0,
  create_user bigint, create_dept bigint, create_time timestamp(0), update_user bigint, update_time timestamp(0),
  status int not null default 1,
  is_deleted int not null default 0
);
create unique index blade_model_prototype_jdbc_name_unique on blade_model_prototype (model_id, jdbc_name)
  where is_deleted = 0;
create index blade_model_prototype_list on blade_model_prototype (sort, id) where is_deleted = 0;
create index blade_model_prototype_model on blade_model_prototype (model_id, sort, id) where is_deleted = 0;

create table blade_code (
  id bigint primary key,
  datasource_id bigint,
  model_id bigint,
  service_name varchar(64) not null default 'blade-system',
  code_name varchar(64) not null,
  table_name varchar(64) not null default '',
  table_prefix varchar(64) not null default '',
  pk_name varchar(32) not null default 'id',
  package_name varchar(500) not null default '',
  base_mode int not null default 1,
  wrap_mode int not null default 1,
  api_path varchar(2000) not null default '',
  web_path varchar(2000) not null default '',
  template_type varchar(16) not null default 'crud',
  author varchar(64) not null default '',
  sub_model_id bigint,
  sub_fk_id varchar(64) not null default '',
  tree_id varchar(64) not null default '',
  tree_pid varchar(64) not null default '',
  tree_name varchar(64) not null default '',
  is_deleted int not null default 0
);
create index blade_code_list on blade_code (id desc) where is_deleted = 0;
