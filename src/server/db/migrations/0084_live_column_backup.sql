-- A live model's dropped column, kept (issue 38 point 3): each row's value as text before the column went, under the
-- version of the definition that dropped it. Platform table: only the platform administrator drops columns.
create table blade_live_column_backup (
  model_id bigint not null,
  table_name varchar(100) not null,
  column_name varchar(64) not null,
  version int not null,
  row_id bigint not null,
  row_tenant varchar(12) not null,
  value text,
  backup_time timestamp(0) not null,
  primary key (model_id, column_name, version, row_id)
);
