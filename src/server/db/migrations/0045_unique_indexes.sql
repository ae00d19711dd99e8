-- Every `unique` rule of the entity definitions held by a unique index (issue 30): the engine looks a key up and then
-- writes, so two writers at once both pass the look-up; only an index stops the second. Each index is named
-- <table>_<column>_unique after its rule's field, which is how the server turns the database's report of a
-- violation into the rule's own message (platform/entity/unique.ts; tests/server/unique-indexes.test.ts holds every
-- rule to its index). Four rules had none: a post's code, a top menu's code, and a dictionary item's key among the
-- items of its parent (its code inherited from the parent: a dictionary's own row, key -1 under parent 0, holds its
-- code once), platform and business dictionaries alike.

-- Those four tables may already hold duplicates the race made. The oldest live row keeps its key; each later one is
-- renamed with a visible suffix (P01~2, P01~3, cut to fit the column), so nothing anyone points at disappears (a
-- user's post, a top menu's settings, a dictionary's items) and the lists show the operator what to merge.
create function tenon_suffix_duplicate_keys(target regclass, key_column text, scope_columns text[])
returns void language plpgsql as $$
declare
  width int;
  same_scope text;
  later record;
  n int;
  candidate text;
  taken boolean;
begin
  select a.atttypmod - 4 into width from pg_attribute a where a.attrelid = target and a.attname = key_column;
  select coalesce(string_agg(format('d.%1$I = t.%1$I', c), ' and '), 'true') into same_scope
    from unnest(scope_columns) c;
  for later in execute format(
    'select t.id, t.%1$I as key from %2$s t where t.is_deleted = 0 and exists (select 1 from %2$s d '
    || 'where d.is_deleted = 0 and d.id < t.id and d.%1$I = t.%1$I and %3$s) order by t.id',
    key_column, target, same_scope)
  loop
    n := 2;
    loop
      candidate := (case when width > 0 then left(later.key, width - length('~' || n)) else later.key end) || '~' || n;
      execute format(
        'select exists (select 1 from %2$s d join %2$s t on t.id = $2 where d.is_deleted = 0 and d.%1$I = $1 and %3$s)',
        key_column, target, same_scope)
        into taken using candidate, later.id;
      exit when not taken;
      n := n + 1;
    end loop;
    execute format('update %2$s set %1$I = $1 where id = $2', key_column, target) using candidate, later.id;
  end loop;
end
$$;

-- Except a dictionary row copied whole (same parent, code, key and name) with no items under it: a second identical
-- option in every dropdown is noise, and business rows hold the key, which the oldest row still names. It goes.
update blade_dict t set is_deleted = 1
where t.is_deleted = 0
  and exists (select 1 from blade_dict d where d.is_deleted = 0 and d.id < t.id and d.parent_id = t.parent_id
    and d.code = t.code and d.dict_key = t.dict_key and d.dict_value = t.dict_value)
  and not exists (select 1 from blade_dict c where c.is_deleted = 0 and c.parent_id = t.id);
update blade_dict_biz t set is_deleted = 1
where t.is_deleted = 0
  and exists (select 1 from blade_dict_biz d where d.is_deleted = 0 and d.id < t.id and d.tenant_id = t.tenant_id
    and d.parent_id = t.parent_id and d.code = t.code and d.dict_key = t.dict_key and d.dict_value = t.dict_value)
  and not exists (select 1 from blade_dict_biz c where c.is_deleted = 0 and c.parent_id = t.id);

select tenon_suffix_duplicate_keys('blade_post', 'post_code', array['tenant_id']);
select tenon_suffix_duplicate_keys('blade_top_menu', 'code', array['tenant_id']);
select tenon_suffix_duplicate_keys('blade_dict', 'dict_key', array['parent_id', 'code']);
select tenon_suffix_duplicate_keys('blade_dict_biz', 'dict_key', array['tenant_id', 'parent_id', 'code']);
drop function tenon_suffix_duplicate_keys(regclass, text, text[]);

create unique index blade_post_post_code_unique on blade_post (tenant_id, post_code) where is_deleted = 0;
create unique index blade_top_menu_code_unique on blade_top_menu (tenant_id, code) where is_deleted = 0;
create unique index blade_dict_dict_key_unique on blade_dict (parent_id, code, dict_key) where is_deleted = 0;
create unique index blade_dict_biz_dict_key_unique on blade_dict_biz (tenant_id, parent_id, code, dict_key)
  where is_deleted = 0;

-- The rules' other indexes, named after their fields (`if exists`: the file can run again on its own result).
alter index if exists blade_param_key rename to blade_param_param_key_unique;
alter index if exists blade_client_client_id rename to blade_client_client_id_unique;
alter index if exists blade_menu_code rename to blade_menu_code_unique;
alter index if exists blade_user_account rename to blade_user_account_unique;
alter index if exists blade_work_calendar_day rename to blade_work_calendar_calendar_date_unique;
alter index if exists erp_customer_code rename to erp_customer_customer_code_unique;
alter index if exists erp_customer_name rename to erp_customer_customer_name_unique;
alter index if exists erp_supplier_code rename to erp_supplier_supplier_code_unique;
alter index if exists erp_supplier_name rename to erp_supplier_supplier_name_unique;
alter index if exists erp_goods_category_code rename to erp_goods_category_category_code_unique;
alter index if exists erp_goods_category_name rename to erp_goods_category_category_name_unique;
alter index if exists erp_product_no rename to erp_product_product_no_unique;
alter index if exists erp_employee_no rename to erp_employee_employee_no_unique;
alter index if exists erp_employee_user rename to erp_employee_user_id_unique;
alter index if exists erp_line_code rename to erp_line_line_code_unique;
alter index if exists erp_station_group_code rename to erp_station_group_group_code_unique;
alter index if exists erp_station_code rename to erp_station_station_code_unique;
alter index if exists erp_device_code rename to erp_device_device_code_unique;
alter index if exists erp_mold_code rename to erp_mold_mold_code_unique;
alter index if exists erp_worker_no rename to erp_worker_worker_no_unique;
alter index if exists erp_product_bom_line rename to erp_product_bom_line_no_unique;
alter index if exists erp_bom_cost_year rename to erp_bom_cost_cost_year_unique;
alter index if exists erp_prod_plan_key rename to erp_prod_plan_product_no_unique;
alter index if exists erp_inventory_key rename to erp_inventory_product_id_unique;
alter index if exists erp_packaging_code rename to erp_packaging_packaging_code_unique;
alter index if exists erp_packaging_part rename to erp_packaging_product_id_unique;
alter index if exists erp_subject_code rename to erp_subject_subject_code_unique;
alter index if exists erp_finance_stat_key rename to erp_finance_stat_month_unique;
alter index if exists erp_budget_fill_key rename to erp_budget_fill_title_unique;
alter index if exists erp_budget_fill_post rename to erp_budget_fill_post_id_unique;
alter index if exists erp_budget_situation_key rename to erp_budget_situation_title_unique;
alter index if exists erp_expense_situation_key rename to erp_expense_situation_title_unique;
alter index if exists erp_finance_budget_key rename to erp_finance_budget_title_unique;
alter index if exists erp_differ_key rename to erp_differ_title_unique;
alter index if exists erp_retention_key rename to erp_retention_org_id_unique;
alter index if exists erp_inventory_budget_key rename to erp_inventory_budget_product_no_unique;
