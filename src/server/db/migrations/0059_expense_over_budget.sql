-- Budget control of expense claims (issue 35, docs/budget-control.md): by how much a claim went over its expense
-- budget when it was last sent for approval (null: within it, no budget row, or control off). Stored so the
-- approver's task, the phone's card and the claims list show 超预算 without working the budget out again.
alter table erp_expense add column over_budget numeric(18,2);
