-- A counter per tenant that every change of its BOM lines moves, in the writing statement's own transaction: a server
-- process keeps the explosions it answered beside the counter they were read at, and answers one again only while
-- the counter has not moved. The database, not a message between processes, says whether a kept explosion is still
-- right, so several servers on one database never answer one that another has made stale.
create table erp_bom_stamp (
  tenant_id varchar(12) primary key,
  stamp bigint not null default 1
);
select tenon_isolate_tenant_rows('erp_bom_stamp');

create function erp_bom_stamp_move() returns trigger language plpgsql as $$
begin
  if tg_op = 'DELETE' then
    insert into erp_bom_stamp (tenant_id) select distinct tenant_id from old_rows
      on conflict (tenant_id) do update set stamp = erp_bom_stamp.stamp + 1;
  else
    -- An update cannot move a line to another tenant (tenant_id is never written), so its new rows name them all.
    insert into erp_bom_stamp (tenant_id) select distinct tenant_id from new_rows
      on conflict (tenant_id) do update set stamp = erp_bom_stamp.stamp + 1;
  end if;
  return null;
end
$$;

create trigger erp_bom_stamp_insert after insert on erp_product_bom referencing new table as new_rows
  for each statement execute function erp_bom_stamp_move();
create trigger erp_bom_stamp_update after update on erp_product_bom referencing new table as new_rows
  for each statement execute function erp_bom_stamp_move();
create trigger erp_bom_stamp_delete after delete on erp_product_bom referencing old table as old_rows
  for each statement execute function erp_bom_stamp_move();
