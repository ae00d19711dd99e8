-- Document numbers (domain/README.md §3.6): the last number given per tenant, sequence and period. An insert that
-- needs one takes the next with one upsert inside its own transaction, so two saves at the same moment wait for each
-- other and never get the same number; a rolled-back save leaves no gap taken.
create table tenon_number_sequence (
  tenant_id varchar(12) not null,
  sequence_key varchar(32) not null,
  period varchar(8) not null,
  last_value int not null,
  primary key (tenant_id, sequence_key, period)
);
select tenon_isolate_tenant_rows('tenon_number_sequence');
