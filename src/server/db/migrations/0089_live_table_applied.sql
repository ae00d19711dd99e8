-- What each database's live tables are at (issue 39): publishing a model changes its table on every database of the
-- placement (the main one and each data source tenants are placed on), each from the definition it applied last,
-- recorded here in the same transaction. A data source set up later, or one that missed a publication, is brought to
-- the published definitions from it. Local to each database: neither a platform table nor a tenant's.
create table if not exists tenon_live_table (
  model_id bigint primary key,
  definition jsonb not null,
  applied_at timestamp(0) not null default localtimestamp(0)
);
-- The tables published before: on a data source the published definitions are copies of the main's, whose tables it
-- may lack.
insert into tenon_live_table (model_id, definition)
select model_id, definition from blade_live_entity where to_regclass(table_name) is not null
on conflict do nothing;
-- Idempotent: tests/server/placement.test.ts runs it again on a data source to stand for an upgrade's migration.
