-- 首页常用功能 (issue 36): how often each user opened each menu screen, so the home page's shortcuts follow him
-- between devices. One row per user and path, counted up by the console's batched reports (a few a minute at most),
-- never per request: the API log records writes only, so no existing log knows which screens were opened.
create table blade_menu_visit (
  tenant_id varchar(12) not null default '000000',
  user_id bigint not null,
  path varchar(255) not null,
  visits int not null default 0,
  last_time timestamp(0) not null,
  primary key (tenant_id, user_id, path)
);
select tenon_isolate_tenant_rows('blade_menu_visit');
