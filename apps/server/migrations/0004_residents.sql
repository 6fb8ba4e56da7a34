-- Generated from the entity definitions.
create table property_owner (
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
  sex integer,
  phone text,
  id_card text,
  garden_id bigint,
  birthday date,
  work_unit text,
  user_id bigint,
  owner_type integer default 1,
  remark text
);
--;
create index property_owner_tenant_idx on property_owner (tenant_id, create_time desc);
--;
create unique index property_owner_phone_uq on property_owner (tenant_id, phone) where is_deleted = 0;
--;
create index property_owner_garden_id_idx on property_owner (tenant_id, garden_id) where is_deleted = 0;
--;
create index property_owner_user_id_idx on property_owner (tenant_id, user_id) where is_deleted = 0;
--;
create table property_ownership (
  id bigint primary key default nextval('blade_id_seq'),
  create_user bigint,
  create_dept bigint,
  create_time timestamp(0) default localtimestamp(0),
  update_user bigint,
  update_time timestamp(0) default localtimestamp(0),
  status integer default 1,
  is_deleted integer not null default 0,
  tenant_id text not null default '000000',
  owner_id bigint,
  house_id bigint,
  garden_id bigint,
  building_id bigint,
  unit_id bigint,
  owner_type integer default 1,
  check_in_time date,
  remark text
);
--;
create index property_ownership_tenant_idx on property_ownership (tenant_id, create_time desc);
--;
create unique index property_ownership_owner_id_house_id_uq on property_ownership (tenant_id, owner_id, house_id) where is_deleted = 0;
--;
create index property_ownership_owner_id_idx on property_ownership (tenant_id, owner_id) where is_deleted = 0;
--;
create index property_ownership_house_id_idx on property_ownership (tenant_id, house_id) where is_deleted = 0;
--;
create index property_ownership_garden_id_idx on property_ownership (tenant_id, garden_id) where is_deleted = 0;
--;
create table property_family (
  id bigint primary key default nextval('blade_id_seq'),
  create_user bigint,
  create_dept bigint,
  create_time timestamp(0) default localtimestamp(0),
  update_user bigint,
  update_time timestamp(0) default localtimestamp(0),
  status integer default 1,
  is_deleted integer not null default 0,
  tenant_id text not null default '000000',
  owner_id bigint,
  house_id bigint,
  garden_id bigint,
  name text,
  sex integer,
  phone text,
  id_card text,
  relation integer,
  user_id bigint,
  remark text
);
--;
create index property_family_tenant_idx on property_family (tenant_id, create_time desc);
--;
create index property_family_owner_id_idx on property_family (tenant_id, owner_id) where is_deleted = 0;
--;
create index property_family_house_id_idx on property_family (tenant_id, house_id) where is_deleted = 0;
--;
create index property_family_garden_id_idx on property_family (tenant_id, garden_id) where is_deleted = 0;
--;
create index property_family_user_id_idx on property_family (tenant_id, user_id) where is_deleted = 0;
--;
create table property_lessee (
  id bigint primary key default nextval('blade_id_seq'),
  create_user bigint,
  create_dept bigint,
  create_time timestamp(0) default localtimestamp(0),
  update_user bigint,
  update_time timestamp(0) default localtimestamp(0),
  status integer default 1,
  is_deleted integer not null default 0,
  tenant_id text not null default '000000',
  house_id bigint,
  owner_id bigint,
  garden_id bigint,
  name text,
  phone text,
  id_card text,
  lease_start date,
  lease_end date,
  rent numeric(14,2),
  remark text
);
--;
create index property_lessee_tenant_idx on property_lessee (tenant_id, create_time desc);
--;
create index property_lessee_house_id_idx on property_lessee (tenant_id, house_id) where is_deleted = 0;
--;
create index property_lessee_garden_id_idx on property_lessee (tenant_id, garden_id) where is_deleted = 0;
--;
create index property_lessee_owner_id_idx on property_lessee (tenant_id, owner_id) where is_deleted = 0;
--;
create table property_car (
  id bigint primary key default nextval('blade_id_seq'),
  create_user bigint,
  create_dept bigint,
  create_time timestamp(0) default localtimestamp(0),
  update_user bigint,
  update_time timestamp(0) default localtimestamp(0),
  status integer default 1,
  is_deleted integer not null default 0,
  tenant_id text not null default '000000',
  owner_id bigint,
  house_id bigint,
  garden_id bigint,
  car_area text,
  car_city text,
  car_number text,
  car_type integer,
  car_color text,
  remark text
);
--;
create index property_car_tenant_idx on property_car (tenant_id, create_time desc);
--;
create unique index property_car_car_area_car_city_car_number_uq on property_car (tenant_id, car_area, car_city, car_number) where is_deleted = 0;
--;
create index property_car_owner_id_idx on property_car (tenant_id, owner_id) where is_deleted = 0;
--;
create index property_car_garden_id_idx on property_car (tenant_id, garden_id) where is_deleted = 0;
--;
create table citizen_user (
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
  tel text,
  avatar text,
  sex integer,
  remark text
);
--;
create index citizen_user_tenant_idx on citizen_user (tenant_id, create_time desc);
--;
create unique index citizen_user_tel_uq on citizen_user (tenant_id, tel) where is_deleted = 0;
--;
create table citizen_user_info (
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
  real_name text,
  id_card text,
  birthday date,
  work_unit text,
  address text,
  remark text
);
--;
create index citizen_user_info_tenant_idx on citizen_user_info (tenant_id, create_time desc);
--;
create unique index citizen_user_info_user_id_uq on citizen_user_info (tenant_id, user_id) where is_deleted = 0;
--;
create table citizen_user_house (
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
  house_id bigint,
  garden_id bigint,
  building_id bigint,
  unit_id bigint,
  owner_type integer,
  remark text
);
--;
create index citizen_user_house_tenant_idx on citizen_user_house (tenant_id, create_time desc);
--;
create unique index citizen_user_house_user_id_house_id_uq on citizen_user_house (tenant_id, user_id, house_id) where is_deleted = 0;
--;
create index citizen_user_house_user_id_idx on citizen_user_house (tenant_id, user_id) where is_deleted = 0;
--;
create index citizen_user_house_house_id_idx on citizen_user_house (tenant_id, house_id) where is_deleted = 0;
--;
create index citizen_user_house_garden_id_idx on citizen_user_house (tenant_id, garden_id) where is_deleted = 0;
--;
create table property_parking (
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
  parking_type integer,
  space_count integer default 0,
  address text,
  sort integer default 0,
  remark text
);
--;
create index property_parking_tenant_idx on property_parking (tenant_id, create_time desc);
--;
create unique index property_parking_garden_id_name_uq on property_parking (tenant_id, garden_id, name) where is_deleted = 0;
--;
create table property_parking_space (
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
  parking_id bigint,
  space_no text,
  area numeric(14,2),
  space_type integer,
  space_status integer default 1,
  owner_id bigint,
  car_id bigint,
  remark text
);
--;
create index property_parking_space_tenant_idx on property_parking_space (tenant_id, create_time desc);
--;
create unique index property_parking_space_parking_id_space_no_uq on property_parking_space (tenant_id, parking_id, space_no) where is_deleted = 0;
--;
create index property_parking_space_garden_id_parking_id_idx on property_parking_space (tenant_id, garden_id, parking_id) where is_deleted = 0;
--;
create index property_parking_space_owner_id_idx on property_parking_space (tenant_id, owner_id) where is_deleted = 0;
--;
create index property_parking_space_car_id_idx on property_parking_space (tenant_id, car_id) where is_deleted = 0;
--;
create table property_parking_space_child (
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
  parking_space_id bigint,
  owner_id bigint,
  hold_type integer,
  start_date date,
  end_date date,
  price numeric(14,2),
  remark text
);
--;
create index property_parking_space_child_tenant_idx on property_parking_space_child (tenant_id, create_time desc);
--;
create index property_parking_space_child_parking_space_id_idx on property_parking_space_child (tenant_id, parking_space_id) where is_deleted = 0;
--;
create table property_car_parking (
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
  parking_space_id bigint,
  car_id bigint,
  owner_id bigint,
  bind_time timestamp(0),
  unbind_time timestamp(0),
  remark text
);
--;
create index property_car_parking_tenant_idx on property_car_parking (tenant_id, create_time desc);
--;
create index property_car_parking_parking_space_id_idx on property_car_parking (tenant_id, parking_space_id) where is_deleted = 0;
--;
create index property_car_parking_car_id_idx on property_car_parking (tenant_id, car_id) where is_deleted = 0;
--;
create table property_elevator (
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
  code text,
  last_inspection date,
  next_inspection date,
  user_id bigint,
  remark text,
  building_id bigint,
  elevator_type integer,
  brand text,
  model text,
  install_date date
);
--;
create index property_elevator_tenant_idx on property_elevator (tenant_id, create_time desc);
--;
create unique index property_elevator_garden_id_code_uq on property_elevator (tenant_id, garden_id, code) where is_deleted = 0;
--;
create index property_elevator_garden_id_building_id_idx on property_elevator (tenant_id, garden_id, building_id) where is_deleted = 0;
--;
create table property_hydrant (
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
  code text,
  last_inspection date,
  next_inspection date,
  user_id bigint,
  remark text,
  location text,
  hydrant_type integer,
  pressure numeric(14,2)
);
--;
create index property_hydrant_tenant_idx on property_hydrant (tenant_id, create_time desc);
--;
create unique index property_hydrant_garden_id_code_uq on property_hydrant (tenant_id, garden_id, code) where is_deleted = 0;
--;
create index property_hydrant_garden_id_idx on property_hydrant (tenant_id, garden_id) where is_deleted = 0;
--;
create table property_owner_examine (
  id bigint primary key default nextval('blade_id_seq'),
  create_user bigint,
  create_dept bigint,
  create_time timestamp(0) default localtimestamp(0),
  update_user bigint,
  update_time timestamp(0) default localtimestamp(0),
  status integer default 0,
  is_deleted integer not null default 0,
  tenant_id text not null default '000000',
  name text,
  phone text,
  id_card text,
  garden_id bigint,
  house_id bigint,
  relation integer default 1,
  attachments jsonb,
  citizen_user_id bigint,
  reason text,
  reviewer bigint,
  review_time timestamp(0),
  owner_id bigint
);
--;
create index property_owner_examine_tenant_idx on property_owner_examine (tenant_id, create_time desc);
--;
create index property_owner_examine_garden_id_status_idx on property_owner_examine (tenant_id, garden_id, status) where is_deleted = 0;
--;
create table property_owner_attachment (
  id bigint primary key default nextval('blade_id_seq'),
  create_user bigint,
  create_dept bigint,
  create_time timestamp(0) default localtimestamp(0),
  update_user bigint,
  update_time timestamp(0) default localtimestamp(0),
  status integer default 1,
  is_deleted integer not null default 0,
  tenant_id text not null default '000000',
  owner_id bigint,
  house_id bigint,
  attach_id bigint,
  file_name text,
  content_type text,
  file_size bigint,
  remark text
);
--;
create index property_owner_attachment_tenant_idx on property_owner_attachment (tenant_id, create_time desc);
--;
create index property_owner_attachment_owner_id_house_id_idx on property_owner_attachment (tenant_id, owner_id, house_id) where is_deleted = 0;
--;
create table blade_attach (
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
  original_name text,
  extension text,
  content_type text,
  attach_size bigint,
  link text,
  domain text,
  storage text,
  is_public integer default 0
);
--;
create index blade_attach_tenant_idx on blade_attach (tenant_id, create_time desc);
--;
create unique index blade_attach_name_uq on blade_attach (tenant_id, name) where is_deleted = 0;
--;
create table blade_attach_blob (
  id bigint primary key default nextval('blade_id_seq'),
  create_user bigint,
  create_dept bigint,
  create_time timestamp(0) default localtimestamp(0),
  update_user bigint,
  update_time timestamp(0) default localtimestamp(0),
  status integer default 1,
  is_deleted integer not null default 0,
  name text,
  content bytea
);
--;
create unique index blade_attach_blob_name_uq on blade_attach_blob (name) where is_deleted = 0;
