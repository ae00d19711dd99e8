-- A package may list every menu and button of the product (hundreds of 19-digit ids).
alter table blade_tenant_package alter column menu_id type varchar(20000);
