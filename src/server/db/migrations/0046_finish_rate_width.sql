-- A completion rate is actual / plan of two amounts of up to 16 integer digits: 1,000,000.00 done against a plan of
-- 0.01 is a rate of 10^8, which numeric(9,4) (below 10^5) could not hold, so saving such a row was a numeric field
-- overflow (a 500 the fuzz test found). The rate is worked out by the server, never typed, so its column holds any
-- rate two amounts make: at most 10^16 / 0.01 = 10^18, 19 integer digits.

alter table erp_finance_budget
  alter column finish1 type numeric(24,4),
  alter column finish2 type numeric(24,4),
  alter column finish3 type numeric(24,4),
  alter column finish4 type numeric(24,4),
  alter column finish5 type numeric(24,4),
  alter column finish6 type numeric(24,4),
  alter column finish7 type numeric(24,4),
  alter column finish8 type numeric(24,4),
  alter column finish9 type numeric(24,4),
  alter column finish10 type numeric(24,4),
  alter column finish11 type numeric(24,4),
  alter column finish12 type numeric(24,4),
  alter column total_finish type numeric(24,4);

alter table erp_differ
  alter column finish1 type numeric(24,4),
  alter column finish2 type numeric(24,4),
  alter column finish3 type numeric(24,4),
  alter column finish4 type numeric(24,4),
  alter column finish5 type numeric(24,4),
  alter column finish6 type numeric(24,4),
  alter column finish7 type numeric(24,4),
  alter column finish8 type numeric(24,4),
  alter column finish9 type numeric(24,4),
  alter column finish10 type numeric(24,4),
  alter column finish11 type numeric(24,4),
  alter column finish12 type numeric(24,4),
  alter column total_finish type numeric(24,4);

alter table erp_budget_situation
  alter column finish1 type numeric(24,4),
  alter column finish2 type numeric(24,4),
  alter column finish3 type numeric(24,4),
  alter column finish4 type numeric(24,4),
  alter column finish5 type numeric(24,4),
  alter column finish6 type numeric(24,4),
  alter column finish7 type numeric(24,4),
  alter column finish8 type numeric(24,4),
  alter column finish9 type numeric(24,4),
  alter column finish10 type numeric(24,4),
  alter column finish11 type numeric(24,4),
  alter column finish12 type numeric(24,4),
  alter column total_finish type numeric(24,4);

alter table erp_expense_situation
  alter column finish1 type numeric(24,4),
  alter column finish2 type numeric(24,4),
  alter column finish3 type numeric(24,4),
  alter column finish4 type numeric(24,4),
  alter column finish5 type numeric(24,4),
  alter column finish6 type numeric(24,4),
  alter column finish7 type numeric(24,4),
  alter column finish8 type numeric(24,4),
  alter column finish9 type numeric(24,4),
  alter column finish10 type numeric(24,4),
  alter column finish11 type numeric(24,4),
  alter column finish12 type numeric(24,4),
  alter column total_finish type numeric(24,4);
