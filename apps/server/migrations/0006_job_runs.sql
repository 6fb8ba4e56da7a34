-- Generated from the entity definitions.
create table blade_job_run (
  id bigint primary key default nextval('blade_id_seq'),
  create_user bigint,
  create_dept bigint,
  create_time timestamp(0) default localtimestamp(0),
  update_user bigint,
  update_time timestamp(0) default localtimestamp(0),
  status integer default 1,
  is_deleted integer not null default 0,
  tenant_id text not null default '000000',
  kind text,
  params jsonb,
  state text,
  progress_done integer default 0,
  progress_total integer default 0,
  outcome_key text,
  outcome_params jsonb,
  error text,
  started_at timestamp(0),
  finished_at timestamp(0),
  attempts integer default 0,
  cancel_requested integer default 0,
  scheduled integer default 0,
  run_key text
);
--;
create index blade_job_run_tenant_idx on blade_job_run (tenant_id, create_time desc, id desc) where is_deleted = 0;
--;
create index blade_job_run_kind_idx on blade_job_run (tenant_id, kind) where is_deleted = 0;
--;
create index blade_job_run_state_idx on blade_job_run (tenant_id, state) where is_deleted = 0;
--;
create unique index blade_job_run_run_key_uq on blade_job_run (tenant_id, run_key) where is_deleted = 0;
