-- Data sources (contract develop-report.md §1): global connection settings the code generator reads tables from and a
-- tenant may be bound to. The password column holds the sealed password (AES-256-GCM, modules/develop/datasource-
-- password.ts) of at most 50 typed characters, which takes more room than the contract's vc50.
create table blade_datasource (
  id bigint primary key,
  name varchar(100) not null default '',
  driver_class varchar(100) not null default '',
  url varchar(500) not null default '',
  username varchar(50) not null default '',
  password varchar(512) not null default '',
  remark varchar(255) not null default '',
  create_user bigint, create_dept bigint, create_time timestamp(0), update_user bigint, update_time timestamp(0),
  status int not null default 1,
  is_deleted int not null default 0
);
