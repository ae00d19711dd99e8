-- The tenant screen's 数据源 button moves the tenant now (迁移租户, issue 39): its code stays, so that the roles holding
-- it keep it. A button an administrator renamed keeps his name.
update blade_menu set name = '迁移租户', name_en = 'Move tenant', path = '/api/blade-system/tenant/move'
 where code = 'tenant_datasource' and name = '数据源';
