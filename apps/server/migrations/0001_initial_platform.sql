-- Generated from the entity definitions.
create sequence if not exists blade_id_seq start 1000000000000000001;
--;
create table blade_tenant (
  id bigint primary key default nextval('blade_id_seq'),
  create_user bigint,
  create_dept bigint,
  create_time timestamp(0) default localtimestamp(0),
  update_user bigint,
  update_time timestamp(0) default localtimestamp(0),
  status integer default 1,
  is_deleted integer not null default 0,
  tenant_id text not null default '000000',
  tenant_name text,
  domain text,
  background_url text,
  linkman text,
  contact_number text,
  address text,
  account_number integer default -1,
  expire_time timestamp(0),
  package_id bigint,
  datasource_id bigint,
  license_key text
);
--;
create unique index blade_tenant_tenant_id_uq on blade_tenant (tenant_id) where is_deleted = 0;
--;
create table blade_tenant_package (
  id bigint primary key default nextval('blade_id_seq'),
  create_user bigint,
  create_dept bigint,
  create_time timestamp(0) default localtimestamp(0),
  update_user bigint,
  update_time timestamp(0) default localtimestamp(0),
  status integer default 1,
  is_deleted integer not null default 0,
  package_name text,
  menu_id text,
  remark text
);
--;
create table blade_client (
  id bigint primary key default nextval('blade_id_seq'),
  create_user bigint,
  create_dept bigint,
  create_time timestamp(0) default localtimestamp(0),
  update_user bigint,
  update_time timestamp(0) default localtimestamp(0),
  status integer default 1,
  is_deleted integer not null default 0,
  client_id text,
  client_secret text,
  resource_ids text,
  scope text default 'all',
  authorized_grant_types text,
  web_server_redirect_uri text,
  authorities text,
  access_token_validity integer,
  refresh_token_validity integer,
  additional_information text,
  autoapprove text
);
--;
create unique index blade_client_client_id_uq on blade_client (client_id) where is_deleted = 0;
--;
create table blade_param (
  id bigint primary key default nextval('blade_id_seq'),
  create_user bigint,
  create_dept bigint,
  create_time timestamp(0) default localtimestamp(0),
  update_user bigint,
  update_time timestamp(0) default localtimestamp(0),
  status integer default 1,
  is_deleted integer not null default 0,
  param_name text,
  param_key text,
  param_value text,
  remark text
);
--;
create unique index blade_param_param_key_uq on blade_param (param_key) where is_deleted = 0;
--;
create table blade_menu (
  id bigint primary key default nextval('blade_id_seq'),
  create_user bigint,
  create_dept bigint,
  create_time timestamp(0) default localtimestamp(0),
  update_user bigint,
  update_time timestamp(0) default localtimestamp(0),
  status integer default 1,
  is_deleted integer not null default 0,
  parent_id bigint default 0,
  code text,
  name text,
  alias text,
  path text,
  source text,
  sort integer,
  category integer,
  action integer default 0,
  is_open integer default 1,
  remark text
);
--;
create index blade_menu_parent_idx on blade_menu (parent_id);
--;
create table blade_dict (
  id bigint primary key default nextval('blade_id_seq'),
  create_user bigint,
  create_dept bigint,
  create_time timestamp(0) default localtimestamp(0),
  update_user bigint,
  update_time timestamp(0) default localtimestamp(0),
  status integer default 1,
  is_deleted integer not null default 0,
  parent_id bigint default 0,
  code text,
  dict_key text,
  dict_value text,
  sort integer,
  remark text,
  is_sealed integer default 0
);
--;
create index blade_dict_parent_idx on blade_dict (parent_id);
--;
create table blade_region (
  id bigint primary key default nextval('blade_id_seq'),
  create_user bigint,
  create_dept bigint,
  create_time timestamp(0) default localtimestamp(0),
  update_user bigint,
  update_time timestamp(0) default localtimestamp(0),
  status integer default 1,
  is_deleted integer not null default 0,
  code text,
  parent_code text,
  ancestors text,
  name text,
  province_code text,
  province_name text,
  city_code text,
  city_name text,
  district_code text,
  district_name text,
  region_level integer,
  sort integer,
  remark text
);
--;
create index blade_region_parent_idx on blade_region (parent_code);
--;
create unique index blade_region_code_uq on blade_region (code) where is_deleted = 0;
--;
create table blade_scope_data (
  id bigint primary key default nextval('blade_id_seq'),
  create_user bigint,
  create_dept bigint,
  create_time timestamp(0) default localtimestamp(0),
  update_user bigint,
  update_time timestamp(0) default localtimestamp(0),
  status integer default 1,
  is_deleted integer not null default 0,
  menu_id bigint,
  resource_code text,
  scope_name text,
  scope_field text,
  scope_class text,
  scope_column text,
  scope_type integer,
  scope_value text,
  remark text
);
--;
create table blade_scope_api (
  id bigint primary key default nextval('blade_id_seq'),
  create_user bigint,
  create_dept bigint,
  create_time timestamp(0) default localtimestamp(0),
  update_user bigint,
  update_time timestamp(0) default localtimestamp(0),
  status integer default 1,
  is_deleted integer not null default 0,
  menu_id bigint,
  resource_code text,
  scope_name text,
  scope_path text,
  scope_type integer,
  remark text
);
--;
create table blade_user (
  id bigint primary key default nextval('blade_id_seq'),
  create_user bigint,
  create_dept bigint,
  create_time timestamp(0) default localtimestamp(0),
  update_user bigint,
  update_time timestamp(0) default localtimestamp(0),
  status integer default 1,
  is_deleted integer not null default 0,
  tenant_id text not null default '000000',
  code text,
  user_type integer default 1,
  account text,
  password text,
  name text,
  real_name text,
  avatar text,
  email text,
  phone text,
  birthday timestamp(0),
  sex integer,
  role_id text,
  dept_id text,
  post_id text,
  user_ext text
);
--;
create index blade_user_tenant_idx on blade_user (tenant_id, create_time desc);
--;
create unique index blade_user_account_uq on blade_user (tenant_id, account) where is_deleted = 0;
--;
create table blade_dept (
  id bigint primary key default nextval('blade_id_seq'),
  create_user bigint,
  create_dept bigint,
  create_time timestamp(0) default localtimestamp(0),
  update_user bigint,
  update_time timestamp(0) default localtimestamp(0),
  status integer default 1,
  is_deleted integer not null default 0,
  tenant_id text not null default '000000',
  parent_id bigint default 0,
  ancestors text,
  dept_category integer,
  dept_name text,
  full_name text,
  sort integer,
  remark text
);
--;
create index blade_dept_tenant_idx on blade_dept (tenant_id, create_time desc);
--;
create index blade_dept_parent_idx on blade_dept (tenant_id, parent_id);
--;
create table blade_role (
  id bigint primary key default nextval('blade_id_seq'),
  create_user bigint,
  create_dept bigint,
  create_time timestamp(0) default localtimestamp(0),
  update_user bigint,
  update_time timestamp(0) default localtimestamp(0),
  status integer default 1,
  is_deleted integer not null default 0,
  tenant_id text not null default '000000',
  parent_id bigint default 0,
  role_name text,
  sort integer,
  role_alias text
);
--;
create index blade_role_tenant_idx on blade_role (tenant_id, create_time desc);
--;
create index blade_role_parent_idx on blade_role (tenant_id, parent_id);
--;
create table blade_post (
  id bigint primary key default nextval('blade_id_seq'),
  create_user bigint,
  create_dept bigint,
  create_time timestamp(0) default localtimestamp(0),
  update_user bigint,
  update_time timestamp(0) default localtimestamp(0),
  status integer default 1,
  is_deleted integer not null default 0,
  tenant_id text not null default '000000',
  category integer,
  post_code text,
  post_name text,
  sort integer,
  remark text
);
--;
create index blade_post_tenant_idx on blade_post (tenant_id, create_time desc);
--;
create unique index blade_post_post_code_uq on blade_post (tenant_id, post_code) where is_deleted = 0;
--;
create table blade_top_menu (
  id bigint primary key default nextval('blade_id_seq'),
  create_user bigint,
  create_dept bigint,
  create_time timestamp(0) default localtimestamp(0),
  update_user bigint,
  update_time timestamp(0) default localtimestamp(0),
  status integer default 1,
  is_deleted integer not null default 0,
  tenant_id text not null default '000000',
  code text,
  name text,
  source text,
  sort integer
);
--;
create index blade_top_menu_tenant_idx on blade_top_menu (tenant_id, create_time desc);
--;
create table blade_dict_biz (
  id bigint primary key default nextval('blade_id_seq'),
  create_user bigint,
  create_dept bigint,
  create_time timestamp(0) default localtimestamp(0),
  update_user bigint,
  update_time timestamp(0) default localtimestamp(0),
  status integer default 1,
  is_deleted integer not null default 0,
  tenant_id text not null default '000000',
  parent_id bigint default 0,
  code text,
  dict_key text,
  dict_value text,
  sort integer,
  remark text,
  is_sealed integer default 0
);
--;
create index blade_dict_biz_tenant_idx on blade_dict_biz (tenant_id, create_time desc);
--;
create index blade_dict_biz_parent_idx on blade_dict_biz (tenant_id, parent_id);
--;
create table blade_role_menu (
  id bigint primary key default nextval('blade_id_seq'),
  create_user bigint,
  create_dept bigint,
  create_time timestamp(0) default localtimestamp(0),
  update_user bigint,
  update_time timestamp(0) default localtimestamp(0),
  status integer default 1,
  is_deleted integer not null default 0,
  tenant_id text not null default '000000',
  menu_id bigint,
  role_id bigint
);
--;
create index blade_role_menu_tenant_idx on blade_role_menu (tenant_id, create_time desc);
--;
create table blade_role_scope (
  id bigint primary key default nextval('blade_id_seq'),
  create_user bigint,
  create_dept bigint,
  create_time timestamp(0) default localtimestamp(0),
  update_user bigint,
  update_time timestamp(0) default localtimestamp(0),
  status integer default 1,
  is_deleted integer not null default 0,
  tenant_id text not null default '000000',
  scope_category integer,
  scope_id bigint,
  role_id bigint
);
--;
create index blade_role_scope_tenant_idx on blade_role_scope (tenant_id, create_time desc);
--;
create table blade_top_menu_setting (
  id bigint primary key default nextval('blade_id_seq'),
  create_user bigint,
  create_dept bigint,
  create_time timestamp(0) default localtimestamp(0),
  update_user bigint,
  update_time timestamp(0) default localtimestamp(0),
  status integer default 1,
  is_deleted integer not null default 0,
  tenant_id text not null default '000000',
  top_menu_id bigint,
  menu_id bigint
);
--;
create index blade_top_menu_setting_tenant_idx on blade_top_menu_setting (tenant_id, create_time desc);
--;
create table blade_log_usual (
  id bigint primary key default nextval('blade_id_seq'),
  create_user bigint,
  create_dept bigint,
  create_time timestamp(0) default localtimestamp(0),
  update_user bigint,
  update_time timestamp(0) default localtimestamp(0),
  status integer default 1,
  is_deleted integer not null default 0,
  tenant_id text not null default '000000',
  service_id text,
  server_host text,
  server_ip text,
  env text,
  method text,
  request_uri text,
  user_agent text,
  remote_ip text,
  method_class text,
  method_name text,
  params text,
  create_by text,
  log_level text,
  log_id text,
  log_data text,
  time timestamp(0)
);
--;
create index blade_log_usual_tenant_idx on blade_log_usual (tenant_id, create_time desc);
--;
create table blade_log_api (
  id bigint primary key default nextval('blade_id_seq'),
  create_user bigint,
  create_dept bigint,
  create_time timestamp(0) default localtimestamp(0),
  update_user bigint,
  update_time timestamp(0) default localtimestamp(0),
  status integer default 1,
  is_deleted integer not null default 0,
  tenant_id text not null default '000000',
  service_id text,
  server_host text,
  server_ip text,
  env text,
  method text,
  request_uri text,
  user_agent text,
  remote_ip text,
  method_class text,
  method_name text,
  params text,
  create_by text,
  type text,
  title text,
  time integer
);
--;
create index blade_log_api_tenant_idx on blade_log_api (tenant_id, create_time desc);
--;
create table blade_log_error (
  id bigint primary key default nextval('blade_id_seq'),
  create_user bigint,
  create_dept bigint,
  create_time timestamp(0) default localtimestamp(0),
  update_user bigint,
  update_time timestamp(0) default localtimestamp(0),
  status integer default 1,
  is_deleted integer not null default 0,
  tenant_id text not null default '000000',
  service_id text,
  server_host text,
  server_ip text,
  env text,
  method text,
  request_uri text,
  user_agent text,
  remote_ip text,
  method_class text,
  method_name text,
  params text,
  create_by text,
  stack_trace text,
  exception_name text,
  message text,
  line_number integer,
  file_name text,
  time timestamp(0)
);
--;
create index blade_log_error_tenant_idx on blade_log_error (tenant_id, create_time desc);
