-- Generated from the entity definitions.
create table blade_flow_model (
  id bigint primary key default nextval('blade_id_seq'),
  create_user bigint,
  create_dept bigint,
  create_time timestamp(0) default localtimestamp(0),
  update_user bigint,
  update_time timestamp(0) default localtimestamp(0),
  status integer default 1,
  is_deleted integer not null default 0,
  tenant_id text not null default '000000',
  model_key text,
  name text,
  description text,
  xml text,
  version integer default 0
);
--;
create index blade_flow_model_tenant_idx on blade_flow_model (tenant_id, create_time desc, id desc) where is_deleted = 0;
--;
create index blade_flow_model_list_idx on blade_flow_model (tenant_id, update_time desc, id desc) where is_deleted = 0;
--;
create unique index blade_flow_model_model_key_uq on blade_flow_model (tenant_id, model_key) where is_deleted = 0;
--;
create index blade_flow_model_model_key_trgm on blade_flow_model using gin (model_key gin_trgm_ops) where is_deleted = 0;
--;
create index blade_flow_model_name_trgm on blade_flow_model using gin (name gin_trgm_ops) where is_deleted = 0;
--;
create table blade_flow_definition (
  id bigint primary key default nextval('blade_id_seq'),
  create_user bigint,
  create_dept bigint,
  create_time timestamp(0) default localtimestamp(0),
  update_user bigint,
  update_time timestamp(0) default localtimestamp(0),
  status integer default 1,
  is_deleted integer not null default 0,
  tenant_id text not null default '000000',
  process_key text,
  name text,
  version integer,
  category text,
  resource_name text,
  xml text,
  model_id bigint
);
--;
create index blade_flow_definition_tenant_idx on blade_flow_definition (tenant_id, create_time desc, id desc) where is_deleted = 0;
--;
create index blade_flow_definition_process_key_version_idx on blade_flow_definition (tenant_id, process_key, version) where is_deleted = 0;
--;
create table blade_flow_instance (
  id bigint primary key default nextval('blade_id_seq'),
  create_user bigint,
  create_dept bigint,
  create_time timestamp(0) default localtimestamp(0),
  update_user bigint,
  update_time timestamp(0) default localtimestamp(0),
  status integer default 1,
  is_deleted integer not null default 0,
  tenant_id text not null default '000000',
  definition_id bigint,
  process_key text,
  business_table text,
  business_id bigint,
  start_user bigint,
  state jsonb,
  variables jsonb,
  end_time timestamp(0),
  delete_reason text
);
--;
create index blade_flow_instance_tenant_idx on blade_flow_instance (tenant_id, create_time desc, id desc) where is_deleted = 0;
--;
create index blade_flow_instance_start_user_idx on blade_flow_instance (tenant_id, start_user) where is_deleted = 0;
--;
create index blade_flow_instance_definition_id_idx on blade_flow_instance (tenant_id, definition_id) where is_deleted = 0;
--;
create table blade_flow_task (
  id bigint primary key default nextval('blade_id_seq'),
  create_user bigint,
  create_dept bigint,
  create_time timestamp(0) default localtimestamp(0),
  update_user bigint,
  update_time timestamp(0) default localtimestamp(0),
  status integer default 1,
  is_deleted integer not null default 0,
  tenant_id text not null default '000000',
  instance_id bigint,
  definition_id bigint,
  task_definition_key text,
  task_name text,
  execution_id text,
  assignee bigint,
  candidate_users text,
  candidate_groups text,
  claim_time timestamp(0),
  end_time timestamp(0),
  comment text,
  is_pass integer
);
--;
create index blade_flow_task_tenant_idx on blade_flow_task (tenant_id, create_time desc, id desc) where is_deleted = 0;
--;
create index blade_flow_task_instance_id_idx on blade_flow_task (tenant_id, instance_id) where is_deleted = 0;
--;
create index blade_flow_task_assignee_idx on blade_flow_task (tenant_id, assignee) where is_deleted = 0;
--;
create table blade_flow_activity (
  id bigint primary key default nextval('blade_id_seq'),
  create_user bigint,
  create_dept bigint,
  create_time timestamp(0) default localtimestamp(0),
  update_user bigint,
  update_time timestamp(0) default localtimestamp(0),
  status integer default 1,
  is_deleted integer not null default 0,
  tenant_id text not null default '000000',
  instance_id bigint,
  activity_id text,
  activity_name text,
  activity_type text,
  task_id bigint,
  assignee bigint,
  start_time timestamp(0),
  end_time timestamp(0),
  comment text
);
--;
create index blade_flow_activity_tenant_idx on blade_flow_activity (tenant_id, create_time desc, id desc) where is_deleted = 0;
--;
create index blade_flow_activity_instance_id_idx on blade_flow_activity (tenant_id, instance_id) where is_deleted = 0;
--;
create table blade_process_leave (
  id bigint primary key default nextval('blade_id_seq'),
  create_user bigint,
  create_dept bigint,
  create_time timestamp(0) default localtimestamp(0),
  update_user bigint,
  update_time timestamp(0) default localtimestamp(0),
  status integer default 1,
  is_deleted integer not null default 0,
  tenant_id text not null default '000000',
  process_definition_id bigint,
  process_instance_id bigint,
  start_time timestamp(0),
  end_time timestamp(0),
  days integer,
  reason text,
  task_user bigint,
  apply_time timestamp(0)
);
--;
create index blade_process_leave_tenant_idx on blade_process_leave (tenant_id, create_time desc, id desc) where is_deleted = 0;
