-- Issue 16: every list reads its page through an index in its default order, after the tenant and the owner
-- (tests/server/list-indexes.test.ts holds each entity's list to one). Partial on live rows, as the lists read them.
create index blade_post_list on blade_post (tenant_id, sort, id) where is_deleted = 0;
create index blade_top_menu_list on blade_top_menu (tenant_id, sort, id) where is_deleted = 0;
create index blade_dept_list on blade_dept (tenant_id, sort, id) where is_deleted = 0;
create index blade_role_list on blade_role (tenant_id, sort, id) where is_deleted = 0;
create index blade_menu_list on blade_menu (sort, id) where is_deleted = 0;
create index blade_dict_list on blade_dict (sort, id) where is_deleted = 0;
create index blade_dict_biz_list on blade_dict_biz (tenant_id, sort, id) where is_deleted = 0;
create index blade_user_list on blade_user (tenant_id, create_time desc, id desc) where is_deleted = 0;
create index blade_region_list on blade_region (sort, code);
create index blade_message_list on blade_message (tenant_id, user_id, create_time desc, id desc) where is_deleted = 0;
create index blade_process_leave_list on blade_process_leave (tenant_id, create_time desc, id desc) where is_deleted = 0;
create index blade_process_finance_list on blade_process_finance (tenant_id, create_time desc, id desc) where is_deleted = 0;
create index erp_goods_category_list on erp_goods_category (tenant_id, sort, category_code) where is_deleted = 0;
create index erp_price_list on erp_price (tenant_id, product_no, price_type, valid_from desc) where is_deleted = 0;
create index erp_station_list on erp_station (tenant_id, line_id, sequence) where is_deleted = 0;
create index erp_bom_cost_list on erp_bom_cost (tenant_id, cost_year desc, product_no) where is_deleted = 0;
create index erp_task_list on erp_task (tenant_id, plan_end_date, id) where is_deleted = 0;
create index erp_prod_plan_list on erp_prod_plan (tenant_id, year desc, org_id, product_no) where is_deleted = 0;
create index erp_packaging_list on erp_packaging (tenant_id, packaging_code, id) where is_deleted = 0;
create index erp_finance_stat_list on erp_finance_stat (tenant_id, year desc, org_id, month) where is_deleted = 0;
create index erp_differ_list on erp_differ (tenant_id, year desc, org_id, subject, title) where is_deleted = 0;
create index erp_retention_list on erp_retention (tenant_id, year desc, org_id) where is_deleted = 0;
create index erp_inventory_budget_list on erp_inventory_budget (tenant_id, org_id, customer_name, project, product_no) where is_deleted = 0;
