-- 明细账 searched by account and period (issue 35, bench/finance): the list finds the lines of the accounts whose
-- codes contain the search (ledger.hooks.ts, the chart's codes) within the voucher-date range, and counts them from
-- this index alone (the company, the sort's columns and the key included): 1,028 lines of one account in a month
-- among 5,000,000 without reading the month's 61,000 other lines. It also serves the chart's check that an account in
-- use is not deleted, which erp_ledger_subject served.
create index erp_ledger_account on erp_ledger (tenant_id, subject_code, voucher_date)
  include (org_id, voucher_no, entry_no, id) where is_deleted = 0;
drop index if exists erp_ledger_subject;
