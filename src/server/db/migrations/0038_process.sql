-- The server processes sharing this database (服务治理, issue 15): each writes its row every 15 s (last_seen, on the
-- database's clock so hosts' clocks do not matter) with its last hour of figures, and deletes it on a clean close. A
-- row not seen for a minute is a process that is gone or stuck; rows a day old are pruned by the live processes.
create table tenon_process (
  instance_id varchar(64) primary key,
  host varchar(255) not null,
  pid int not null,
  version varchar(64) not null,
  database_kind varchar(16) not null,
  redis int not null default 0,
  started_at timestamp(0) not null default localtimestamp(0),
  last_seen timestamp(0) not null default localtimestamp(0),
  snapshot jsonb not null
);
create index tenon_process_last_seen on tenon_process (last_seen);
