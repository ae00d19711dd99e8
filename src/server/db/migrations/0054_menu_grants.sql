-- Which seeded menus and buttons this database has handed out (db/seed/menu-grants.ts): one row per menu code, written
-- by the seed once the menu's grants were made (the install's, or an upgrade's by the rules in code). A code missing
-- here is new to the database and granted once; a grant an administrator later removes is never made again.
create table tenon_menu_grant (
  code varchar(255) primary key,
  granted_at timestamp(0) not null
);
