-- Tallies: the count and sums of a big list's rows by a date and a few dimensions, kept by the database itself, so a
-- list filtered on those answers its total and footer sums exactly from a few thousand tally rows instead of counting
-- millions (bench/warehouse: 10,000,000 movements). An entity declares `tally` (src/shared/entities/define.ts); its
-- migration calls tenon_tally_rows, which makes `<table>_tally` and the triggers that feed it.
--
-- Writers never wait for each other here: each statement on the table appends its change as delta rows (one per day
-- and one per month of each dimension key it touched, `merged` false); `<table>_tally_merge()`, run by the server in
-- the background, folds a key's rows into one. Counting sums whatever rows a key has, merged or not.
create or replace function tenon_tally_rows(target regclass, date_column text, dims text[], sums text[])
returns void language plpgsql as $tally$
declare
  tally text := format('%s_tally', target);
  keys text := 'tenant_id, grain, at' || (select coalesce(string_agg(', ' || quote_ident(d), ''), '') from unnest(dims) d);
  dim_columns text := (select coalesce(string_agg(format(', %I text not null', d), ''), '') from unnest(dims) d);
  sum_columns text := (select coalesce(string_agg(format(', %I numeric not null default 0', s), ''), '')
    from unnest(sums) s);
  -- A row as the tally sees it: its day, its dimensions as text, 1 and its sums (negated for a row taken away).
  row_of text := format('tenant_id, %I as day', date_column)
    || (select coalesce(string_agg(format(', coalesce(%I::text, '''') as %I', d, d), ''), '') from unnest(dims) d);
  plus text := (select coalesce(string_agg(format(', coalesce(%I, 0) as %I', s, s), ''), '') from unnest(sums) s);
  minus text := (select coalesce(string_agg(format(', -coalesce(%I, 0) as %I', s, s), ''), '') from unnest(sums) s);
  totals text := (select coalesce(string_agg(format(', sum(%I)', s), ''), '') from unnest(sums) s);
  changed text := 'sum(n) <> 0' || (select coalesce(string_agg(format(' or sum(%I) <> 0', s), ''), '') from unnest(sums) s);
  sum_names text := (select coalesce(string_agg(', ' || quote_ident(s), ''), '') from unnest(sums) s);
  delta text;
begin
  if not exists (select 1 from pg_attribute where attrelid = target and attname = date_column and attnotnull) then
    raise exception 'tally of %: the date column % must be not null', target, date_column;
  end if;
  execute format('create table %I (tenant_id varchar(12) not null, grain char(1) not null, at date not null%s, '
    'n bigint not null%s, merged boolean not null default false)', tally, dim_columns, sum_columns);
  execute format('create index %I on %I (tenant_id, grain, at)', tally || '_at', tally);
  execute format('create index %I on %I (tenant_id, grain, at) where not merged', tally || '_delta', tally);
  perform tenon_isolate_tenant_rows(tally::regclass);

  -- Each row twice: by its day (grain d) and by its month (grain m, dated the 1st).
  delta := format('insert into %I (%s, n%s) select tenant_id, g.grain, '
    'case g.grain when ''d'' then day else date_trunc(''month'', day)::date end%s, sum(n)%s '
    'from (%%s) r cross join (values (''d''), (''m'')) g(grain) group by %s having %s',
    tally, keys, sum_names,
    (select coalesce(string_agg(', ' || quote_ident(d), ''), '') from unnest(dims) d), totals,
    (select string_agg(i::text, ', ') from generate_series(1, 3 + cardinality(dims)) i), changed);
  execute format($f$create function %I() returns trigger language plpgsql as $body$
    begin
      if tg_op = 'INSERT' then
        %s;
      elsif tg_op = 'DELETE' then
        %s;
      else
        %s;
      end if;
      return null;
    end $body$$f$, tally || '_delta',
    format(delta, format('select %s, 1 as n%s from new_rows where is_deleted = 0', row_of, plus)),
    format(delta, format('select %s, -1 as n%s from old_rows where is_deleted = 0', row_of, minus)),
    format(delta, format('select %s, 1 as n%s from new_rows where is_deleted = 0 union all '
      'select %s, -1 as n%s from old_rows where is_deleted = 0', row_of, plus, row_of, minus)));
  execute format('create trigger %I after insert on %s referencing new table as new_rows '
    'for each statement execute function %I()', tally || '_insert', target, tally || '_delta');
  execute format('create trigger %I after update on %s referencing old table as old_rows new table as new_rows '
    'for each statement execute function %I()', tally || '_update', target, tally || '_delta');
  execute format('create trigger %I after delete on %s referencing old table as old_rows '
    'for each statement execute function %I()', tally || '_delete', target, tally || '_delta');

  -- Folds the rows of every key that has unmerged deltas into one merged row (none when they cancel out). Safe beside
  -- writers and another merge: deltas appended meanwhile are not in its snapshot, and rows another merge took
  -- first are skipped by the delete.
  execute format($f$create function %I() returns bigint language sql as $body$
    with touched as (select distinct %s from %I where not merged),
    gone as (delete from %I t using touched k where %s returning t.*),
    merged as (insert into %I (%s, n%s, merged) select %s, sum(n)%s, true from gone group by %s having %s
      returning 1)
    select count(*) from gone $body$$f$, tally || '_merge', keys, tally, tally,
    (select string_agg(format('t.%1$I = k.%1$I', k), ' and ') from unnest(string_to_array(keys, ', ')) k),
    tally, keys, sum_names, keys, totals, keys, changed);

  -- The rows already there (an existing table gets its tally), merged.
  execute format(delta, format('select %s, 1 as n%s from %s where is_deleted = 0', row_of, plus, target));
  execute format('select %I()', tally || '_merge');
end
$tally$;

-- The movements list (domain/warehouse.md search): by company, warehouse, type and posting state, dated by bizDate.
select tenon_tally_rows('erp_inventory_log', 'biz_date', array['org_id', 'warehouse', 'biz_type', 'handle_status'],
  array['amount']);

-- Its page in its order within one type or one warehouse (a rare type in a big table would otherwise be searched
-- for along the whole date index), and like searches of its numbers (the trigram index, through tenon_match_ids).
create index erp_inventory_log_type on erp_inventory_log (tenant_id, biz_type, biz_date desc) where is_deleted = 0;
create index erp_inventory_log_warehouse on erp_inventory_log (tenant_id, warehouse, biz_date desc)
  where is_deleted = 0;
create index erp_inventory_log_no_trgm on erp_inventory_log using gin (log_no gin_trgm_ops);
create index erp_inventory_log_product_no_trgm on erp_inventory_log using gin (product_no gin_trgm_ops);
create index erp_inventory_log_source_no_trgm on erp_inventory_log using gin (source_no gin_trgm_ops);

-- Like searches of codes (document, part, order numbers) share long prefixes (`RK2025…`, `WP0…`): their trigrams are
-- in millions of rows, and a GIN scan reads every posting list it is given (150 ms for one document among 10
-- million). The index is asked for the last six characters of a longer text, whose trigrams are rare, and the whole
-- pattern is checked on those candidates: the same rows, a few milliseconds.
create or replace function tenon_match_ids(target regclass, columns text[], pattern text) returns setof bigint
language plpgsql stable security definer set search_path = public, pg_catalog rows 100 as $$
declare
  tenant text := coalesce(current_setting('app.tenant_id', true), '');
  scope text := 'true';
  inner_text text := substr(pattern, 2, length(pattern) - 2);
  indexed text := pattern;
begin
  -- The app role sees its tenant only (every tenant for the platform tenant 000000) and nothing without one, as the
  -- policy does; the owner (system work, TENON_RLS=off) sees every row anyway.
  if current_setting('role') = 'tenon_app' then
    if tenant = '' then
      return;
    end if;
    if tenant <> '000000' then
      scope := format('tenant_id = %L', tenant);
    end if;
  end if;
  -- A window cut through an escape (`\%`) only finds more candidates; the whole pattern decides.
  if pattern like '\%%\%' and length(inner_text) > 6 then
    indexed := '%' || right(inner_text, 6) || '%';
  end if;
  return query execute format('select id from %s where %s and (%s) and (%s)', target, scope,
    (select string_agg(format('%I ilike $1', c), ' or ') from unnest(columns) c),
    (select string_agg(format('(%I || '''') ilike $2', c), ' or ') from unnest(columns) c)) using indexed, pattern;
end
$$;
