-- Generated from the entity definitions.
create table property_garden (
  id bigint primary key default nextval('blade_id_seq'),
  create_user bigint,
  create_dept bigint,
  create_time timestamp(0) default localtimestamp(0),
  update_user bigint,
  update_time timestamp(0) default localtimestamp(0),
  status integer default 1,
  is_deleted integer not null default 0,
  tenant_id text not null default '000000',
  garden_name text,
  garden_code text,
  region_code text,
  address text,
  floor_area numeric(14,2),
  built_area numeric(14,2),
  developer text,
  tel text,
  majordomo_info jsonb,
  sort integer default 0,
  remark text
);
--;
create index property_garden_tenant_idx on property_garden (tenant_id, create_time desc);
--;
create unique index property_garden_garden_name_uq on property_garden (tenant_id, garden_name) where is_deleted = 0;
--;
create table property_building (
  id bigint primary key default nextval('blade_id_seq'),
  create_user bigint,
  create_dept bigint,
  create_time timestamp(0) default localtimestamp(0),
  update_user bigint,
  update_time timestamp(0) default localtimestamp(0),
  status integer default 1,
  is_deleted integer not null default 0,
  tenant_id text not null default '000000',
  garden_id bigint,
  building_name text,
  building_type integer,
  floor_count integer,
  built_area numeric(14,2),
  sort integer default 0,
  remark text
);
--;
create index property_building_tenant_idx on property_building (tenant_id, create_time desc);
--;
create unique index property_building_garden_id_building_name_uq on property_building (tenant_id, garden_id, building_name) where is_deleted = 0;
--;
create table property_unit (
  id bigint primary key default nextval('blade_id_seq'),
  create_user bigint,
  create_dept bigint,
  create_time timestamp(0) default localtimestamp(0),
  update_user bigint,
  update_time timestamp(0) default localtimestamp(0),
  status integer default 1,
  is_deleted integer not null default 0,
  tenant_id text not null default '000000',
  garden_id bigint,
  building_id bigint,
  unit_name text,
  floor_count integer,
  sort integer default 0,
  remark text
);
--;
create index property_unit_tenant_idx on property_unit (tenant_id, create_time desc);
--;
create unique index property_unit_building_id_unit_name_uq on property_unit (tenant_id, building_id, unit_name) where is_deleted = 0;
--;
create index property_unit_garden_id_idx on property_unit (tenant_id, garden_id) where is_deleted = 0;
--;
create table property_house (
  id bigint primary key default nextval('blade_id_seq'),
  create_user bigint,
  create_dept bigint,
  create_time timestamp(0) default localtimestamp(0),
  update_user bigint,
  update_time timestamp(0) default localtimestamp(0),
  status integer default 1,
  is_deleted integer not null default 0,
  tenant_id text not null default '000000',
  garden_id bigint,
  building_id bigint,
  unit_id bigint,
  floor integer,
  name text,
  house_name text,
  built_area numeric(14,2),
  inner_area numeric(14,2),
  house_type integer,
  house_status integer,
  remark text
);
--;
create index property_house_tenant_idx on property_house (tenant_id, create_time desc);
--;
create unique index property_house_garden_id_building_id_unit_id_name_uq on property_house (tenant_id, garden_id, building_id, unit_id, name) where is_deleted = 0;
--;
create index property_house_garden_id_building_id_unit_id_floor_name_idx on property_house (tenant_id, garden_id, building_id, unit_id, floor, name) where is_deleted = 0;
--;
create table property_garden_user (
  id bigint primary key default nextval('blade_id_seq'),
  create_user bigint,
  create_dept bigint,
  create_time timestamp(0) default localtimestamp(0),
  update_user bigint,
  update_time timestamp(0) default localtimestamp(0),
  status integer default 1,
  is_deleted integer not null default 0,
  tenant_id text not null default '000000',
  user_id bigint,
  garden_id bigint
);
--;
create index property_garden_user_tenant_idx on property_garden_user (tenant_id, create_time desc);
--;
create unique index property_garden_user_user_id_garden_id_uq on property_garden_user (tenant_id, user_id, garden_id) where is_deleted = 0;
--;
create index property_garden_user_garden_id_idx on property_garden_user (tenant_id, garden_id) where is_deleted = 0;
