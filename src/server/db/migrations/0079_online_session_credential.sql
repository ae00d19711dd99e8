-- 在线用户 (issue 37 §4): what a login's tokens were made under, so the list can leave out logins the account no longer
-- carries (password changed, user disabled, removed or locked, the chosen role taken away) as the requests of those
-- tokens are refused, not only when their refresh expires.
alter table blade_online_session add column credential varchar(32) not null default '';
alter table blade_online_session add column role_choice varchar(32) not null default '';
