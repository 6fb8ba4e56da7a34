-- Generated from the entity definitions.
alter table property_sms_use add column sms_config_id bigint;
--;
alter table property_sms_use add column sms_code text;
--;
alter table property_sms_use add column template_id text;
--;
create table blade_oss (
  id bigint primary key default nextval('blade_id_seq'),
  create_user bigint,
  create_dept bigint,
  create_time timestamp(0) default localtimestamp(0),
  update_user bigint,
  update_time timestamp(0) default localtimestamp(0),
  status integer default 0,
  is_deleted integer not null default 0,
  tenant_id text not null default '000000',
  category integer,
  oss_code text,
  endpoint text,
  access_key text,
  secret_key text,
  bucket_name text,
  region text,
  app_id text,
  remark text
);
--;
create index blade_oss_tenant_idx on blade_oss (tenant_id, create_time desc, id desc) where is_deleted = 0;
--;
create unique index blade_oss_oss_code_uq on blade_oss (tenant_id, oss_code) where is_deleted = 0;
--;
create index blade_oss_oss_code_trgm on blade_oss using gin (oss_code gin_trgm_ops) where is_deleted = 0;
--;
create index blade_oss_bucket_name_trgm on blade_oss using gin (bucket_name gin_trgm_ops) where is_deleted = 0;
--;
create table blade_sms (
  id bigint primary key default nextval('blade_id_seq'),
  create_user bigint,
  create_dept bigint,
  create_time timestamp(0) default localtimestamp(0),
  update_user bigint,
  update_time timestamp(0) default localtimestamp(0),
  status integer default 0,
  is_deleted integer not null default 0,
  tenant_id text not null default '000000',
  category integer,
  sms_code text,
  template_id text,
  access_key text,
  secret_key text,
  region_id text,
  sign_name text,
  remark text
);
--;
create index blade_sms_tenant_idx on blade_sms (tenant_id, create_time desc, id desc) where is_deleted = 0;
--;
create unique index blade_sms_sms_code_uq on blade_sms (tenant_id, sms_code) where is_deleted = 0;
--;
create index blade_sms_sms_code_trgm on blade_sms using gin (sms_code gin_trgm_ops) where is_deleted = 0;
