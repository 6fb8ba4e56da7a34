-- Generated from the entity definitions.
alter table blade_log_usual add column request_id text;
--;
alter table blade_log_api add column request_id text;
--;
alter table blade_log_error add column request_id text;
--;
create table blade_audit_log (
  id bigint primary key default nextval('blade_id_seq'),
  create_user bigint,
  create_dept bigint,
  create_time timestamp(0) default localtimestamp(0),
  update_user bigint,
  update_time timestamp(0) default localtimestamp(0),
  status integer default 1,
  is_deleted integer not null default 0,
  tenant_id text not null default '000000',
  entity_name text,
  row_id bigint,
  action text,
  changes jsonb,
  account text,
  user_name text,
  remote_ip text,
  request_id text
);
--;
create index blade_audit_log_tenant_idx on blade_audit_log (tenant_id, create_time desc, id desc) where is_deleted = 0;
--;
create index blade_audit_log_entity_name_row_id_idx on blade_audit_log (tenant_id, entity_name, row_id) where is_deleted = 0;
--;
create index blade_audit_log_account_trgm on blade_audit_log using gin (account gin_trgm_ops) where is_deleted = 0;
