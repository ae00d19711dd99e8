-- The part list's like searches (a part number, a customer part number or a name containing the typed text) over a
-- tenant's hundreds of thousands of parts: trigram indexes instead of a pass over every part (bench/masterdata.ts).
-- pg_trgm is a trusted extension: the database's owner may create it without superuser rights.
create extension if not exists pg_trgm;
create index erp_product_no_trgm on erp_product using gin (product_no gin_trgm_ops);
create index erp_product_customer_no_trgm on erp_product using gin (customer_part_no gin_trgm_ops);
create index erp_product_name_trgm on erp_product using gin (product_name gin_trgm_ops);
