-- Issue 37: the user list's 待审核 filter (`awaiting=1`): accounts a social guest registered and nobody has given a
-- role yet (awaitingApproval in entities/system/user.ts; derived from role_id, not stored). A handful among a
-- tenant's thousands of users: this index holds them alone, in the list's default order.
create index blade_user_awaiting on blade_user (tenant_id, create_time desc, id desc)
  where is_deleted = 0 and role_id = '';
