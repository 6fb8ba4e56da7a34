-- Generated from the entity definitions.
create table property_prepaid_account (
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
  house_id bigint,
  house_name text,
  owner_id bigint,
  owner_name text,
  owner_phone text,
  balance numeric(14,2) default '0.00',
  remark text
);
--;
create index property_prepaid_account_tenant_idx on property_prepaid_account (tenant_id, create_time desc, id desc) where is_deleted = 0;
--;
create index property_prepaid_account_house_id_idx on property_prepaid_account (tenant_id, house_id) where is_deleted = 0;
--;
create index property_prepaid_account_list_idx on property_prepaid_account (tenant_id, update_time desc, id desc) where is_deleted = 0;
--;
create index property_prepaid_account_garden_list_idx on property_prepaid_account (tenant_id, garden_id, update_time desc, id desc) where is_deleted = 0;
--;
create unique index property_prepaid_account_owner_id_garden_id_uq on property_prepaid_account (tenant_id, owner_id, garden_id) where is_deleted = 0;
--;
create index property_prepaid_account_house_name_trgm on property_prepaid_account using gin (house_name gin_trgm_ops) where is_deleted = 0;
--;
create index property_prepaid_account_owner_name_trgm on property_prepaid_account using gin (owner_name gin_trgm_ops) where is_deleted = 0;
--;
create index property_prepaid_account_owner_phone_trgm on property_prepaid_account using gin (owner_phone gin_trgm_ops) where is_deleted = 0;
--;
create table property_prepaid_ledger (
  id bigint primary key default nextval('blade_id_seq'),
  create_user bigint,
  create_dept bigint,
  create_time timestamp(0) default localtimestamp(0),
  update_user bigint,
  update_time timestamp(0) default localtimestamp(0),
  status integer default 1,
  is_deleted integer not null default 0,
  tenant_id text not null default '000000',
  prepaid_account_id bigint,
  garden_id bigint,
  house_name text,
  owner_name text,
  kind integer,
  amount numeric(14,2),
  balance_after numeric(14,2),
  pay_type integer,
  order_id bigint,
  bill_id bigint,
  refund_id bigint,
  receipt_no text,
  receipt_year integer,
  receipt_seq integer,
  client_key text,
  remark text
);
--;
create index property_prepaid_ledger_tenant_idx on property_prepaid_ledger (tenant_id, create_time desc, id desc) where is_deleted = 0;
--;
create index property_prepaid_ledger_prepaid_account_id_idx on property_prepaid_ledger (tenant_id, prepaid_account_id) where is_deleted = 0;
--;
create index property_prepaid_ledger_garden_id_receipt_year_receipt_seq_idx on property_prepaid_ledger (tenant_id, garden_id, receipt_year, receipt_seq) where is_deleted = 0;
--;
create index property_prepaid_ledger_garden_list_idx on property_prepaid_ledger (tenant_id, garden_id, create_time desc, id desc) where is_deleted = 0;
--;
create unique index property_prepaid_ledger_client_key_uq on property_prepaid_ledger (tenant_id, client_key) where is_deleted = 0;
--;
create index property_prepaid_ledger_house_name_trgm on property_prepaid_ledger using gin (house_name gin_trgm_ops) where is_deleted = 0;
--;
create index property_prepaid_ledger_owner_name_trgm on property_prepaid_ledger using gin (owner_name gin_trgm_ops) where is_deleted = 0;
--;
create index property_prepaid_ledger_receipt_no_trgm on property_prepaid_ledger using gin (receipt_no gin_trgm_ops) where is_deleted = 0;
--;
-- Written by hand: a pre-paid balance never goes below zero, whatever writes it (the moves check first; this is the floor).
alter table property_prepaid_account add constraint property_prepaid_account_balance_floor check (balance >= 0);
