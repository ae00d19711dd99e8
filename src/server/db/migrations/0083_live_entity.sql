-- Live models (issue 38 point 3): a data model published as an entity the engine serves without generated code. The
-- definition is modelToEntity's output as published; every change of it moves the version, which each server process
-- compares on its next request. A platform table (no tenant): the entity's own table holds the tenants' rows.
create table blade_live_entity (
  id bigint primary key,
  model_id bigint not null,
  code varchar(64) not null,
  table_name varchar(100) not null,
  definition jsonb not null,
  version int not null default 1,
  create_user bigint, create_time timestamp(0), update_user bigint, update_time timestamp(0)
);
create unique index blade_live_entity_code_unique on blade_live_entity (code);
create unique index blade_live_entity_model_unique on blade_live_entity (model_id);
