-- Generated from the entity definitions.
create table property_club (
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
  subhead text,
  tel text,
  consume_products text,
  content text
);
--;
create index property_club_tenant_idx on property_club (tenant_id, create_time desc, id desc) where is_deleted = 0;
--;
create index property_club_name_trgm on property_club using gin (name gin_trgm_ops) where is_deleted = 0;
--;
create index property_club_tel_trgm on property_club using gin (tel gin_trgm_ops) where is_deleted = 0;
--;
create table property_club_reserve (
  id bigint primary key default nextval('blade_id_seq'),
  create_user bigint,
  create_dept bigint,
  create_time timestamp(0) default localtimestamp(0),
  update_user bigint,
  update_time timestamp(0) default localtimestamp(0),
  status integer default 0,
  is_deleted integer not null default 0,
  tenant_id text not null default '000000',
  club_id bigint,
  user_name text,
  user_tel text,
  reserve_time timestamp(0),
  people_num integer,
  remark text
);
--;
create index property_club_reserve_tenant_idx on property_club_reserve (tenant_id, create_time desc, id desc) where is_deleted = 0;
--;
create index property_club_reserve_club_id_idx on property_club_reserve (tenant_id, club_id) where is_deleted = 0;
--;
create index property_club_reserve_list_idx on property_club_reserve (tenant_id, update_time desc, id desc) where is_deleted = 0;
--;
create index property_club_reserve_user_name_trgm on property_club_reserve using gin (user_name gin_trgm_ops) where is_deleted = 0;
--;
create index property_club_reserve_user_tel_trgm on property_club_reserve using gin (user_tel gin_trgm_ops) where is_deleted = 0;
--;
create table property_club_category (
  id bigint primary key default nextval('blade_id_seq'),
  create_user bigint,
  create_dept bigint,
  create_time timestamp(0) default localtimestamp(0),
  update_user bigint,
  update_time timestamp(0) default localtimestamp(0),
  status integer default 1,
  is_deleted integer not null default 0,
  tenant_id text not null default '000000',
  club_category text,
  sort integer default 0
);
--;
create index property_club_category_tenant_idx on property_club_category (tenant_id, create_time desc, id desc) where is_deleted = 0;
--;
create index property_club_category_list_idx on property_club_category (tenant_id, sort desc, id desc) where is_deleted = 0;
--;
create unique index property_club_category_club_category_uq on property_club_category (tenant_id, club_category) where is_deleted = 0;
--;
create index property_club_category_club_category_trgm on property_club_category using gin (club_category gin_trgm_ops) where is_deleted = 0;
--;
create table property_club_product (
  id bigint primary key default nextval('blade_id_seq'),
  create_user bigint,
  create_dept bigint,
  create_time timestamp(0) default localtimestamp(0),
  update_user bigint,
  update_time timestamp(0) default localtimestamp(0),
  status integer default 1,
  is_deleted integer not null default 0,
  tenant_id text not null default '000000',
  club_product_code text,
  club_product_name text,
  category_id bigint,
  club_product_type text default 'goods',
  club_product_images text,
  club_product_price numeric(14,2),
  club_product_sort integer default 0
);
--;
create index property_club_product_tenant_idx on property_club_product (tenant_id, create_time desc, id desc) where is_deleted = 0;
--;
create index property_club_product_category_id_idx on property_club_product (tenant_id, category_id) where is_deleted = 0;
--;
create index property_club_product_list_idx on property_club_product (tenant_id, club_product_sort, id desc) where is_deleted = 0;
--;
create unique index property_club_product_club_product_code_uq on property_club_product (tenant_id, club_product_code) where is_deleted = 0;
--;
create index property_club_product_club_product_code_trgm on property_club_product using gin (club_product_code gin_trgm_ops) where is_deleted = 0;
--;
create index property_club_product_club_product_name_trgm on property_club_product using gin (club_product_name gin_trgm_ops) where is_deleted = 0;
--;
create table property_club_balance (
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
  owner_name text,
  club_user_name text,
  user_name text,
  user_tel text,
  club_user_id bigint,
  club_balance numeric(14,2) default '0.00',
  last_balance numeric(14,2) default '0.00'
);
--;
create index property_club_balance_tenant_idx on property_club_balance (tenant_id, create_time desc, id desc) where is_deleted = 0;
--;
create index property_club_balance_user_tel_idx on property_club_balance (tenant_id, user_tel) where is_deleted = 0;
--;
create index property_club_balance_list_idx on property_club_balance (tenant_id, update_time desc, id desc) where is_deleted = 0;
--;
create unique index property_club_balance_owner_id_uq on property_club_balance (tenant_id, owner_id) where is_deleted = 0;
--;
create index property_club_balance_owner_name_trgm on property_club_balance using gin (owner_name gin_trgm_ops) where is_deleted = 0;
--;
create index property_club_balance_club_user_name_trgm on property_club_balance using gin (club_user_name gin_trgm_ops) where is_deleted = 0;
--;
create index property_club_balance_user_name_trgm on property_club_balance using gin (user_name gin_trgm_ops) where is_deleted = 0;
--;
create index property_club_balance_user_tel_trgm on property_club_balance using gin (user_tel gin_trgm_ops) where is_deleted = 0;
--;
create table property_club_recharge (
  id bigint primary key default nextval('blade_id_seq'),
  create_user bigint,
  create_dept bigint,
  create_time timestamp(0) default localtimestamp(0),
  update_user bigint,
  update_time timestamp(0) default localtimestamp(0),
  status integer default 1,
  is_deleted integer not null default 0,
  tenant_id text not null default '000000',
  balance_id bigint,
  user_id bigint,
  user_name text,
  user_tel text,
  house_name text,
  owner_type integer,
  recharge_amount numeric(14,2),
  recharge_last_balance numeric(14,2),
  validity_date date,
  remaining_amount numeric(14,2)
);
--;
create index property_club_recharge_tenant_idx on property_club_recharge (tenant_id, create_time desc, id desc) where is_deleted = 0;
--;
create index property_club_recharge_balance_id_idx on property_club_recharge (tenant_id, balance_id) where is_deleted = 0;
--;
create index property_club_recharge_user_name_trgm on property_club_recharge using gin (user_name gin_trgm_ops) where is_deleted = 0;
--;
create index property_club_recharge_user_tel_trgm on property_club_recharge using gin (user_tel gin_trgm_ops) where is_deleted = 0;
--;
create table property_club_consume (
  id bigint primary key default nextval('blade_id_seq'),
  create_user bigint,
  create_dept bigint,
  create_time timestamp(0) default localtimestamp(0),
  update_user bigint,
  update_time timestamp(0) default localtimestamp(0),
  status integer default 1,
  is_deleted integer not null default 0,
  tenant_id text not null default '000000',
  balance_id bigint,
  user_id bigint,
  consume_user_name text,
  consume_user_tel text,
  house_id bigint,
  house_name text,
  consume_amount numeric(14,2),
  consume_before_amount numeric(14,2),
  consume_products jsonb,
  update_user_name text
);
--;
create index property_club_consume_tenant_idx on property_club_consume (tenant_id, create_time desc, id desc) where is_deleted = 0;
--;
create index property_club_consume_balance_id_idx on property_club_consume (tenant_id, balance_id) where is_deleted = 0;
--;
create index property_club_consume_list_idx on property_club_consume (tenant_id, update_time desc, id desc) where is_deleted = 0;
--;
create index property_club_consume_consume_user_name_trgm on property_club_consume using gin (consume_user_name gin_trgm_ops) where is_deleted = 0;
--;
create index property_club_consume_consume_user_tel_trgm on property_club_consume using gin (consume_user_tel gin_trgm_ops) where is_deleted = 0;
