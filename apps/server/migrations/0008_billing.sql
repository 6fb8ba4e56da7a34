-- Generated from the entity definitions.
create table property_pay_formula (
  id bigint primary key default nextval('blade_id_seq'),
  create_user bigint,
  create_dept bigint,
  create_time timestamp(0) default localtimestamp(0),
  update_user bigint,
  update_time timestamp(0) default localtimestamp(0),
  status integer default 1,
  is_deleted integer not null default 0,
  tenant_id text not null default '000000',
  formula_name text,
  formula_type integer,
  expression text,
  escalation_months integer,
  escalation_percent numeric(14,2),
  remark text
);
--;
create index property_pay_formula_tenant_idx on property_pay_formula (tenant_id, create_time desc, id desc) where is_deleted = 0;
--;
create index property_pay_formula_list_idx on property_pay_formula (tenant_id, formula_name, id desc) where is_deleted = 0;
--;
create unique index property_pay_formula_formula_name_uq on property_pay_formula (tenant_id, formula_name) where is_deleted = 0;
--;
create index property_pay_formula_formula_name_trgm on property_pay_formula using gin (formula_name gin_trgm_ops) where is_deleted = 0;
--;
create table property_payment_item (
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
  item_name text,
  fee_type integer,
  formula_id bigint,
  unit_price numeric(14,2),
  additional_amount numeric(14,2),
  billing_cycle integer default 1,
  due_day integer default 15,
  decimal_places integer default 2,
  round_mode integer default 1,
  late_fee_percent numeric(14,2),
  late_fee_grace_days integer default 0,
  late_fee_cap numeric(14,2),
  vacant_percent numeric(14,2),
  start_date date,
  end_date date,
  remark text
);
--;
create index property_payment_item_tenant_idx on property_payment_item (tenant_id, create_time desc, id desc) where is_deleted = 0;
--;
create index property_payment_item_garden_id_fee_type_idx on property_payment_item (tenant_id, garden_id, fee_type) where is_deleted = 0;
--;
create index property_payment_item_list_idx on property_payment_item (tenant_id, garden_id, item_name, id desc) where is_deleted = 0;
--;
create index property_payment_item_garden_list_idx on property_payment_item (tenant_id, garden_id, garden_id, item_name, id desc) where is_deleted = 0;
--;
create unique index property_payment_item_garden_id_item_name_uq on property_payment_item (tenant_id, garden_id, item_name) where is_deleted = 0;
--;
create index property_payment_item_item_name_trgm on property_payment_item using gin (item_name gin_trgm_ops) where is_deleted = 0;
--;
create table property_payment_item_house (
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
  item_id bigint,
  house_id bigint,
  parking_space_id bigint,
  rent numeric(14,2),
  start_date date,
  end_date date,
  remark text
);
--;
create index property_payment_item_house_tenant_idx on property_payment_item_house (tenant_id, create_time desc, id desc) where is_deleted = 0;
--;
create index property_payment_item_house_item_id_idx on property_payment_item_house (tenant_id, item_id) where is_deleted = 0;
--;
create index property_payment_item_house_house_id_idx on property_payment_item_house (tenant_id, house_id) where is_deleted = 0;
--;
create index property_payment_item_house_garden_id_building_id_idx on property_payment_item_house (tenant_id, garden_id, building_id) where is_deleted = 0;
--;
create index property_payment_item_house_garden_list_idx on property_payment_item_house (tenant_id, garden_id, create_time desc, id desc) where is_deleted = 0;
--;
create unique index property_payment_item_house_item_id_house_id_parking_space_id_uq on property_payment_item_house (tenant_id, item_id, house_id, parking_space_id) where is_deleted = 0;
--;
create table property_meter_reading (
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
  item_id bigint,
  period text,
  last_reading numeric(14,2),
  current_reading numeric(14,2),
  read_date date,
  remark text
);
--;
create index property_meter_reading_tenant_idx on property_meter_reading (tenant_id, create_time desc, id desc) where is_deleted = 0;
--;
create index property_meter_reading_item_id_period_idx on property_meter_reading (tenant_id, item_id, period) where is_deleted = 0;
--;
create index property_meter_reading_list_idx on property_meter_reading (tenant_id, period desc, id desc) where is_deleted = 0;
--;
create index property_meter_reading_garden_list_idx on property_meter_reading (tenant_id, garden_id, period desc, id desc) where is_deleted = 0;
--;
create unique index property_meter_reading_house_id_item_id_period_uq on property_meter_reading (tenant_id, house_id, item_id, period) where is_deleted = 0;
--;
create table property_payment_bill (
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
  house_id bigint,
  parking_space_id bigint,
  house_name text,
  owner_id bigint,
  owner_name text,
  owner_phone text,
  item_id bigint,
  item_name text,
  fee_type integer,
  period text,
  start_date date,
  end_date date,
  due_date date,
  amount numeric(14,2),
  reduce_amount numeric(14,2) default '0',
  paid_amount numeric(14,2) default '0',
  late_fee numeric(14,2) default '0',
  refund_amount numeric(14,2) default '0',
  bill_status integer default 1,
  pay_type integer,
  pay_time timestamp(0),
  order_id bigint,
  close_time timestamp(0),
  close_reason text,
  bill_key text,
  remark text
);
--;
create index property_payment_bill_tenant_idx on property_payment_bill (tenant_id, create_time desc, id desc) where is_deleted = 0;
--;
create index property_payment_bill_garden_id_bill_status_due_date_idx on property_payment_bill (tenant_id, garden_id, bill_status, due_date) where is_deleted = 0;
--;
create index property_payment_bill_house_id_bill_status_idx on property_payment_bill (tenant_id, house_id, bill_status) where is_deleted = 0;
--;
create index property_payment_bill_item_id_period_idx on property_payment_bill (tenant_id, item_id, period) where is_deleted = 0;
--;
create index property_payment_bill_order_id_idx on property_payment_bill (tenant_id, order_id) where is_deleted = 0;
--;
create index property_payment_bill_list_idx on property_payment_bill (tenant_id, period desc, id desc) where is_deleted = 0;
--;
create index property_payment_bill_garden_list_idx on property_payment_bill (tenant_id, garden_id, period desc, id desc) where is_deleted = 0;
--;
create unique index property_payment_bill_bill_key_uq on property_payment_bill (tenant_id, bill_key) where is_deleted = 0;
--;
create index property_payment_bill_house_name_trgm on property_payment_bill using gin (house_name gin_trgm_ops) where is_deleted = 0;
--;
create index property_payment_bill_owner_name_trgm on property_payment_bill using gin (owner_name gin_trgm_ops) where is_deleted = 0;
--;
create index property_payment_bill_owner_phone_trgm on property_payment_bill using gin (owner_phone gin_trgm_ops) where is_deleted = 0;
--;
create index property_payment_bill_item_name_trgm on property_payment_bill using gin (item_name gin_trgm_ops) where is_deleted = 0;
--;
create table property_payment_bill_child (
  id bigint primary key default nextval('blade_id_seq'),
  create_user bigint,
  create_dept bigint,
  create_time timestamp(0) default localtimestamp(0),
  update_user bigint,
  update_time timestamp(0) default localtimestamp(0),
  status integer default 1,
  is_deleted integer not null default 0,
  tenant_id text not null default '000000',
  bill_id bigint,
  garden_id bigint,
  line_type integer default 4,
  item_name text,
  quantity numeric(14,2),
  unit_price numeric(14,2),
  amount numeric(14,2),
  remark text
);
--;
create index property_payment_bill_child_tenant_idx on property_payment_bill_child (tenant_id, create_time desc, id desc) where is_deleted = 0;
--;
create index property_payment_bill_child_list_idx on property_payment_bill_child (tenant_id, bill_id, line_type, id desc) where is_deleted = 0;
--;
create index property_payment_bill_child_garden_list_idx on property_payment_bill_child (tenant_id, garden_id, bill_id, line_type, id desc) where is_deleted = 0;
--;
create table property_bill_log (
  id bigint primary key default nextval('blade_id_seq'),
  create_user bigint,
  create_dept bigint,
  create_time timestamp(0) default localtimestamp(0),
  update_user bigint,
  update_time timestamp(0) default localtimestamp(0),
  status integer default 1,
  is_deleted integer not null default 0,
  tenant_id text not null default '000000',
  bill_id bigint,
  garden_id bigint,
  house_name text,
  action integer,
  from_status integer,
  to_status integer,
  amount numeric(14,2),
  remark text,
  operator_name text
);
--;
create index property_bill_log_tenant_idx on property_bill_log (tenant_id, create_time desc, id desc) where is_deleted = 0;
--;
create index property_bill_log_bill_id_idx on property_bill_log (tenant_id, bill_id) where is_deleted = 0;
--;
create index property_bill_log_garden_list_idx on property_bill_log (tenant_id, garden_id, create_time desc, id desc) where is_deleted = 0;
--;
create index property_bill_log_house_name_trgm on property_bill_log using gin (house_name gin_trgm_ops) where is_deleted = 0;
--;
create index property_bill_log_operator_name_trgm on property_bill_log using gin (operator_name gin_trgm_ops) where is_deleted = 0;
--;
create table property_reduce_pay (
  id bigint primary key default nextval('blade_id_seq'),
  create_user bigint,
  create_dept bigint,
  create_time timestamp(0) default localtimestamp(0),
  update_user bigint,
  update_time timestamp(0) default localtimestamp(0),
  status integer default 1,
  is_deleted integer not null default 0,
  tenant_id text not null default '000000',
  bill_id bigint,
  garden_id bigint,
  house_name text,
  item_name text,
  period text,
  reduce_amount numeric(14,2),
  reason text
);
--;
create index property_reduce_pay_tenant_idx on property_reduce_pay (tenant_id, create_time desc, id desc) where is_deleted = 0;
--;
create index property_reduce_pay_bill_id_idx on property_reduce_pay (tenant_id, bill_id) where is_deleted = 0;
--;
create index property_reduce_pay_garden_list_idx on property_reduce_pay (tenant_id, garden_id, create_time desc, id desc) where is_deleted = 0;
--;
create index property_reduce_pay_house_name_trgm on property_reduce_pay using gin (house_name gin_trgm_ops) where is_deleted = 0;
--;
create table property_payment_order (
  id bigint primary key default nextval('blade_id_seq'),
  create_user bigint,
  create_dept bigint,
  create_time timestamp(0) default localtimestamp(0),
  update_user bigint,
  update_time timestamp(0) default localtimestamp(0),
  status integer default 1,
  is_deleted integer not null default 0,
  tenant_id text not null default '000000',
  order_no text,
  garden_id bigint,
  house_id bigint,
  house_name text,
  owner_name text,
  owner_phone text,
  pay_type integer,
  bill_ids text,
  bill_count integer,
  bill_amount numeric(14,2),
  late_fee numeric(14,2),
  total_amount numeric(14,2),
  refund_amount numeric(14,2) default '0',
  order_status integer,
  pay_time timestamp(0),
  receipt_no text,
  receipt_year integer,
  receipt_seq integer,
  client_key text,
  payer_name text,
  remark text
);
--;
create index property_payment_order_tenant_idx on property_payment_order (tenant_id, create_time desc, id desc) where is_deleted = 0;
--;
create index property_payment_order_garden_id_receipt_year_receipt_seq_idx on property_payment_order (tenant_id, garden_id, receipt_year, receipt_seq) where is_deleted = 0;
--;
create index property_payment_order_house_id_idx on property_payment_order (tenant_id, house_id) where is_deleted = 0;
--;
create index property_payment_order_list_idx on property_payment_order (tenant_id, pay_time desc, id desc) where is_deleted = 0;
--;
create index property_payment_order_garden_list_idx on property_payment_order (tenant_id, garden_id, pay_time desc, id desc) where is_deleted = 0;
--;
create unique index property_payment_order_client_key_uq on property_payment_order (tenant_id, client_key) where is_deleted = 0;
--;
create index property_payment_order_order_no_trgm on property_payment_order using gin (order_no gin_trgm_ops) where is_deleted = 0;
--;
create index property_payment_order_house_name_trgm on property_payment_order using gin (house_name gin_trgm_ops) where is_deleted = 0;
--;
create index property_payment_order_owner_name_trgm on property_payment_order using gin (owner_name gin_trgm_ops) where is_deleted = 0;
--;
create index property_payment_order_owner_phone_trgm on property_payment_order using gin (owner_phone gin_trgm_ops) where is_deleted = 0;
--;
create index property_payment_order_receipt_no_trgm on property_payment_order using gin (receipt_no gin_trgm_ops) where is_deleted = 0;
--;
create table property_payment_order_print (
  id bigint primary key default nextval('blade_id_seq'),
  create_user bigint,
  create_dept bigint,
  create_time timestamp(0) default localtimestamp(0),
  update_user bigint,
  update_time timestamp(0) default localtimestamp(0),
  status integer default 1,
  is_deleted integer not null default 0,
  tenant_id text not null default '000000',
  order_id bigint,
  garden_id bigint,
  order_no text,
  receipt_no text,
  house_name text,
  total_amount numeric(14,2),
  paper_size text default 'A5',
  copy integer,
  print_no integer,
  remark text
);
--;
create index property_payment_order_print_tenant_idx on property_payment_order_print (tenant_id, create_time desc, id desc) where is_deleted = 0;
--;
create index property_payment_order_print_order_id_idx on property_payment_order_print (tenant_id, order_id) where is_deleted = 0;
--;
create index property_payment_order_print_garden_list_idx on property_payment_order_print (tenant_id, garden_id, create_time desc, id desc) where is_deleted = 0;
--;
create index property_payment_order_print_order_no_trgm on property_payment_order_print using gin (order_no gin_trgm_ops) where is_deleted = 0;
--;
create index property_payment_order_print_receipt_no_trgm on property_payment_order_print using gin (receipt_no gin_trgm_ops) where is_deleted = 0;
--;
create index property_payment_order_print_house_name_trgm on property_payment_order_print using gin (house_name gin_trgm_ops) where is_deleted = 0;
--;
create table property_refund_pay (
  id bigint primary key default nextval('blade_id_seq'),
  create_user bigint,
  create_dept bigint,
  create_time timestamp(0) default localtimestamp(0),
  update_user bigint,
  update_time timestamp(0) default localtimestamp(0),
  status integer default 1,
  is_deleted integer not null default 0,
  tenant_id text not null default '000000',
  bill_id bigint,
  order_id bigint,
  garden_id bigint,
  house_name text,
  item_name text,
  refund_amount numeric(14,2),
  pay_type integer,
  reason text,
  refund_time timestamp(0),
  client_key text
);
--;
create index property_refund_pay_tenant_idx on property_refund_pay (tenant_id, create_time desc, id desc) where is_deleted = 0;
--;
create index property_refund_pay_bill_id_idx on property_refund_pay (tenant_id, bill_id) where is_deleted = 0;
--;
create index property_refund_pay_garden_list_idx on property_refund_pay (tenant_id, garden_id, create_time desc, id desc) where is_deleted = 0;
--;
create unique index property_refund_pay_client_key_uq on property_refund_pay (tenant_id, client_key) where is_deleted = 0;
--;
create index property_refund_pay_house_name_trgm on property_refund_pay using gin (house_name gin_trgm_ops) where is_deleted = 0;
--;
create table property_sms_use (
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
  owner_name text,
  phone text,
  bill_ids text,
  bill_count integer,
  amount numeric(14,2),
  content text,
  provider text,
  send_status integer,
  remark text
);
--;
create index property_sms_use_tenant_idx on property_sms_use (tenant_id, create_time desc, id desc) where is_deleted = 0;
--;
create index property_sms_use_phone_idx on property_sms_use (tenant_id, phone) where is_deleted = 0;
--;
create index property_sms_use_garden_list_idx on property_sms_use (tenant_id, garden_id, create_time desc, id desc) where is_deleted = 0;
--;
create index property_sms_use_owner_name_trgm on property_sms_use using gin (owner_name gin_trgm_ops) where is_deleted = 0;
--;
create index property_sms_use_phone_trgm on property_sms_use using gin (phone gin_trgm_ops) where is_deleted = 0;
--;
create table property_supplier (
  id bigint primary key default nextval('blade_id_seq'),
  create_user bigint,
  create_dept bigint,
  create_time timestamp(0) default localtimestamp(0),
  update_user bigint,
  update_time timestamp(0) default localtimestamp(0),
  status integer default 1,
  is_deleted integer not null default 0,
  tenant_id text not null default '000000',
  supplier_name text,
  category text,
  contact text,
  phone text,
  address text,
  remark text
);
--;
create index property_supplier_tenant_idx on property_supplier (tenant_id, create_time desc, id desc) where is_deleted = 0;
--;
create index property_supplier_list_idx on property_supplier (tenant_id, supplier_name, id desc) where is_deleted = 0;
--;
create unique index property_supplier_supplier_name_uq on property_supplier (tenant_id, supplier_name) where is_deleted = 0;
--;
create index property_supplier_supplier_name_trgm on property_supplier using gin (supplier_name gin_trgm_ops) where is_deleted = 0;
--;
create index property_supplier_category_trgm on property_supplier using gin (category gin_trgm_ops) where is_deleted = 0;
