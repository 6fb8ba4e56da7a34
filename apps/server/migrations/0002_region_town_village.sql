-- Generated from the entity definitions.
alter table blade_region add column town_code text;
--;
alter table blade_region add column town_name text;
--;
alter table blade_region add column village_code text;
--;
alter table blade_region add column village_name text;
