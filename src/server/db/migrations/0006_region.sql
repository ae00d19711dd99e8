-- Administrative divisions (contract/system.md §1 and §15, domain/masterdata.md "region"): 0001 created blade_region
-- empty. The level column takes BladeX's name (wire field regionLevel), and names widen to 64: the dataset's longest
-- village name has 33 characters.
alter table blade_region rename column level to region_level;
alter table blade_region
  alter column name type varchar(64),
  alter column province_name type varchar(64),
  alter column city_name type varchar(64),
  alter column district_name type varchar(64),
  alter column town_name type varchar(64),
  alter column village_name type varchar(64);

-- Divisions whose children were imported from the dataset (00 = the eager provinces, cities and districts; a district
-- code = its towns; a town code = its villages). Imported once: children deleted later stay deleted.
create table blade_region_loaded (
  parent_code varchar(12) primary key
);
