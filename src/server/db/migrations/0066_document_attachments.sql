-- Issue 36: attachments on business documents. An attachments field (FieldType `attachments`) keeps comma-joined
-- blade_attach ids; the fund request's contract column `attach` (0007) already holds them.
alter table erp_expense add column attach varchar(1000) not null default '';
alter table erp_ledger add column attach varchar(1000) not null default '';
