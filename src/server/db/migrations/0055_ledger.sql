-- The detail ledger (domain/finance.md § ledger, issue 35): one row a voucher line. A voucher is the lines sharing
-- company, period, word and number (org_id, year, month, voucher_word, voucher_no); year and month follow the
-- voucher date; subject_name is the account's full name when saved. The trial balance sums its lines by company,
-- period and account.
create table erp_ledger (
  id bigint primary key,
  tenant_id varchar(12) not null default '000000',
  org_id varchar(64) not null,
  voucher_date date not null,
  year int not null,
  month int not null,
  voucher_word varchar(32) not null default '记',
  voucher_no int not null,
  entry_no int not null,
  summary varchar(255) not null default '',
  subject_code varchar(32) not null,
  subject_name varchar(255) not null default '',
  debit_amount numeric(18,2) not null default 0,
  credit_amount numeric(18,2) not null default 0,
  currency varchar(32) not null default 'CNY',
  exchange_rate numeric(12,6),
  original_amount numeric(18,2),
  customer_id bigint,
  supplier_id bigint,
  dept_id bigint,
  project varchar(64) not null default '',
  attachment_count int not null default 0,
  maker varchar(32) not null default '',
  voucher_status varchar(32) not null default '0',
  create_user bigint, create_dept bigint, create_time timestamp(0), update_user bigint, update_time timestamp(0),
  status int not null default 1,
  is_deleted int not null default 0
);
-- A line number once in its voucher; the same index finds a voucher's lines and its period's next number.
create unique index erp_ledger_entry_no_unique on erp_ledger
  (tenant_id, org_id, year, month, voucher_word, voucher_no, entry_no) where is_deleted = 0;
create index erp_ledger_list on erp_ledger (tenant_id, id desc) where is_deleted = 0;
-- The list's order (newest vouchers first) and its searches by date, account, customer, supplier and state.
create index erp_ledger_date on erp_ledger (tenant_id, voucher_date desc, voucher_no desc, entry_no)
  where is_deleted = 0;
-- The trial balance: a company's period by account; an account in use cannot be deleted.
create index erp_ledger_subject on erp_ledger (tenant_id, subject_code, org_id, year, month) where is_deleted = 0;
create index erp_ledger_customer on erp_ledger (tenant_id, customer_id, voucher_date) where is_deleted = 0
  and customer_id is not null;
create index erp_ledger_supplier on erp_ledger (tenant_id, supplier_id, voucher_date) where is_deleted = 0
  and supplier_id is not null;
create index erp_ledger_state on erp_ledger (tenant_id, voucher_status, voucher_date) where is_deleted = 0;
select tenon_isolate_tenant_rows('erp_ledger');
