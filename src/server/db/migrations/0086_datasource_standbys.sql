-- A data source's streaming-replication standbys (issue 39 point 2): lists, reports and exports of its tenants read
-- there (db/standbys.ts). One or more jdbc:postgresql:// URLs separated by commas or new lines, reached with the
-- source's user and password.
alter table blade_datasource add column standby_urls varchar(1000) not null default '';
