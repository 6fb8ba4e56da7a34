-- Generated from the entity definitions.
create table property_epidemic_point (
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
  name text,
  point_type integer,
  location text,
  charge_name text,
  charge_phone text,
  open_time text,
  close_time text,
  remark text
);
--;
create index property_epidemic_point_tenant_idx on property_epidemic_point (tenant_id, create_time desc, id desc) where is_deleted = 0;
--;
create index property_epidemic_point_list_idx on property_epidemic_point (tenant_id, name, id desc) where is_deleted = 0;
--;
create index property_epidemic_point_garden_list_idx on property_epidemic_point (tenant_id, garden_id, name, id desc) where is_deleted = 0;
--;
create unique index property_epidemic_point_garden_id_name_uq on property_epidemic_point (tenant_id, garden_id, name) where is_deleted = 0;
--;
create index property_epidemic_point_name_trgm on property_epidemic_point using gin (name gin_trgm_ops) where is_deleted = 0;
--;
create index property_epidemic_point_charge_name_trgm on property_epidemic_point using gin (charge_name gin_trgm_ops) where is_deleted = 0;
--;
create table property_epidemic_user (
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
  epidemic_point_id bigint,
  name text,
  phone text,
  duty integer,
  shift integer,
  remark text
);
--;
create index property_epidemic_user_tenant_idx on property_epidemic_user (tenant_id, create_time desc, id desc) where is_deleted = 0;
--;
create index property_epidemic_user_epidemic_point_id_idx on property_epidemic_user (tenant_id, epidemic_point_id) where is_deleted = 0;
--;
create index property_epidemic_user_list_idx on property_epidemic_user (tenant_id, name, id desc) where is_deleted = 0;
--;
create index property_epidemic_user_garden_list_idx on property_epidemic_user (tenant_id, garden_id, name, id desc) where is_deleted = 0;
--;
create index property_epidemic_user_name_trgm on property_epidemic_user using gin (name gin_trgm_ops) where is_deleted = 0;
--;
create index property_epidemic_user_phone_trgm on property_epidemic_user using gin (phone gin_trgm_ops) where is_deleted = 0;
--;
create table property_epidemic_info (
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
  name text,
  phone text,
  abnormal integer default 0,
  temperature numeric(14,2),
  health_code integer,
  person_type integer,
  house_id bigint,
  id_card text,
  temperature_limit numeric(14,2),
  from_region text,
  from_region_name text,
  travel_history text,
  isolation_type integer default 0,
  isolation_start date,
  isolation_end date,
  epidemic_point_id bigint,
  register_time timestamp(0),
  remark text
);
--;
create index property_epidemic_info_tenant_idx on property_epidemic_info (tenant_id, create_time desc, id desc) where is_deleted = 0;
--;
create index property_epidemic_info_garden_id_abnormal_idx on property_epidemic_info (tenant_id, garden_id, abnormal) where is_deleted = 0;
--;
create index property_epidemic_info_epidemic_point_id_idx on property_epidemic_info (tenant_id, epidemic_point_id) where is_deleted = 0;
--;
create index property_epidemic_info_list_idx on property_epidemic_info (tenant_id, register_time desc, id desc) where is_deleted = 0;
--;
create index property_epidemic_info_garden_list_idx on property_epidemic_info (tenant_id, garden_id, register_time desc, id desc) where is_deleted = 0;
--;
create index property_epidemic_info_name_trgm on property_epidemic_info using gin (name gin_trgm_ops) where is_deleted = 0;
--;
create index property_epidemic_info_phone_trgm on property_epidemic_info using gin (phone gin_trgm_ops) where is_deleted = 0;
--;
create index property_epidemic_info_id_card_trgm on property_epidemic_info using gin (id_card gin_trgm_ops) where is_deleted = 0;
--;
create index property_epidemic_info_from_region_name_trgm on property_epidemic_info using gin (from_region_name gin_trgm_ops) where is_deleted = 0;
--;
create table property_epidemic_family (
  id bigint primary key default nextval('blade_id_seq'),
  create_user bigint,
  create_dept bigint,
  create_time timestamp(0) default localtimestamp(0),
  update_user bigint,
  update_time timestamp(0) default localtimestamp(0),
  status integer default 1,
  is_deleted integer not null default 0,
  tenant_id text not null default '000000',
  epidemic_info_id bigint,
  garden_id bigint,
  name text,
  relation integer,
  phone text,
  id_card text,
  temperature numeric(14,2),
  health_code integer,
  abnormal integer default 0,
  remark text
);
--;
create index property_epidemic_family_tenant_idx on property_epidemic_family (tenant_id, create_time desc, id desc) where is_deleted = 0;
--;
create index property_epidemic_family_epidemic_info_id_idx on property_epidemic_family (tenant_id, epidemic_info_id) where is_deleted = 0;
--;
create index property_epidemic_family_list_idx on property_epidemic_family (tenant_id, create_time, id desc) where is_deleted = 0;
--;
create index property_epidemic_family_garden_list_idx on property_epidemic_family (tenant_id, garden_id, create_time, id desc) where is_deleted = 0;
--;
create index property_epidemic_family_name_trgm on property_epidemic_family using gin (name gin_trgm_ops) where is_deleted = 0;
--;
create table property_epidemic_config (
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
  temperature_limit numeric(14,2) default '37.3',
  isolation_days integer default 14,
  health_code_required integer default 1,
  entry_rule text
);
--;
create index property_epidemic_config_tenant_idx on property_epidemic_config (tenant_id, create_time desc, id desc) where is_deleted = 0;
--;
create index property_epidemic_config_garden_list_idx on property_epidemic_config (tenant_id, garden_id, create_time desc, id desc) where is_deleted = 0;
--;
create unique index property_epidemic_config_garden_id_uq on property_epidemic_config (tenant_id, garden_id) where is_deleted = 0;
--;
create table property_report (
  id bigint primary key default nextval('blade_id_seq'),
  create_user bigint,
  create_dept bigint,
  create_time timestamp(0) default localtimestamp(0),
  update_user bigint,
  update_time timestamp(0) default localtimestamp(0),
  status integer default 1,
  is_deleted integer not null default 0,
  tenant_id text not null default '000000',
  name text,
  kind text,
  garden_id bigint,
  garden_name text,
  period_start text,
  period_end text,
  figures jsonb,
  create_user_name text,
  remark text
);
--;
create index property_report_tenant_idx on property_report (tenant_id, create_time desc, id desc) where is_deleted = 0;
--;
create index property_report_garden_list_idx on property_report (tenant_id, garden_id, create_time desc, id desc) where is_deleted = 0;
--;
create index property_report_name_trgm on property_report using gin (name gin_trgm_ops) where is_deleted = 0;
