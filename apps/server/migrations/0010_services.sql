-- Generated from the entity definitions.
create table property_repair (
  id bigint primary key default nextval('blade_id_seq'),
  create_user bigint,
  create_dept bigint,
  create_time timestamp(0) default localtimestamp(0),
  update_user bigint,
  update_time timestamp(0) default localtimestamp(0),
  status integer default 0,
  is_deleted integer not null default 0,
  tenant_id text not null default '000000',
  garden_id bigint,
  house_id bigint,
  owner_id bigint,
  user_name text,
  user_tel text,
  repair_type integer,
  channel integer default 1,
  content text,
  address text,
  images text,
  worker_id bigint,
  worker_name text,
  deadline timestamp(0),
  dispatch_time timestamp(0),
  finish_time timestamp(0),
  close_time timestamp(0),
  score integer
);
--;
create index property_repair_tenant_idx on property_repair (tenant_id, create_time desc, id desc) where is_deleted = 0;
--;
create index property_repair_garden_id_status_idx on property_repair (tenant_id, garden_id, status) where is_deleted = 0;
--;
create index property_repair_worker_id_idx on property_repair (tenant_id, worker_id) where is_deleted = 0;
--;
create index property_repair_list_idx on property_repair (tenant_id, update_time desc, id desc) where is_deleted = 0;
--;
create index property_repair_garden_list_idx on property_repair (tenant_id, garden_id, update_time desc, id desc) where is_deleted = 0;
--;
create index property_repair_user_name_trgm on property_repair using gin (user_name gin_trgm_ops) where is_deleted = 0;
--;
create index property_repair_user_tel_trgm on property_repair using gin (user_tel gin_trgm_ops) where is_deleted = 0;
--;
create index property_repair_content_trgm on property_repair using gin (content gin_trgm_ops) where is_deleted = 0;
--;
create table property_repair_log (
  id bigint primary key default nextval('blade_id_seq'),
  create_user bigint,
  create_dept bigint,
  create_time timestamp(0) default localtimestamp(0),
  update_user bigint,
  update_time timestamp(0) default localtimestamp(0),
  status integer default 1,
  is_deleted integer not null default 0,
  tenant_id text not null default '000000',
  repair_id bigint,
  garden_id bigint,
  action text,
  from_status integer,
  to_status integer,
  remark text,
  operator_name text
);
--;
create index property_repair_log_tenant_idx on property_repair_log (tenant_id, create_time desc, id desc) where is_deleted = 0;
--;
create index property_repair_log_repair_id_idx on property_repair_log (tenant_id, repair_id) where is_deleted = 0;
--;
create index property_repair_log_list_idx on property_repair_log (tenant_id, create_time, id, id desc) where is_deleted = 0;
--;
create index property_repair_log_garden_list_idx on property_repair_log (tenant_id, garden_id, create_time, id, id desc) where is_deleted = 0;
--;
create table property_repair_image (
  id bigint primary key default nextval('blade_id_seq'),
  create_user bigint,
  create_dept bigint,
  create_time timestamp(0) default localtimestamp(0),
  update_user bigint,
  update_time timestamp(0) default localtimestamp(0),
  status integer default 1,
  is_deleted integer not null default 0,
  tenant_id text not null default '000000',
  repair_id bigint,
  garden_id bigint,
  log_id bigint,
  kind integer default 1,
  image_url text
);
--;
create index property_repair_image_tenant_idx on property_repair_image (tenant_id, create_time desc, id desc) where is_deleted = 0;
--;
create index property_repair_image_repair_id_idx on property_repair_image (tenant_id, repair_id) where is_deleted = 0;
--;
create index property_repair_image_list_idx on property_repair_image (tenant_id, create_time, id desc) where is_deleted = 0;
--;
create index property_repair_image_garden_list_idx on property_repair_image (tenant_id, garden_id, create_time, id desc) where is_deleted = 0;
--;
create table property_repair_comment (
  id bigint primary key default nextval('blade_id_seq'),
  create_user bigint,
  create_dept bigint,
  create_time timestamp(0) default localtimestamp(0),
  update_user bigint,
  update_time timestamp(0) default localtimestamp(0),
  status integer default 1,
  is_deleted integer not null default 0,
  tenant_id text not null default '000000',
  repair_id bigint,
  garden_id bigint,
  score integer,
  content text,
  user_name text
);
--;
create index property_repair_comment_tenant_idx on property_repair_comment (tenant_id, create_time desc, id desc) where is_deleted = 0;
--;
create index property_repair_comment_repair_id_idx on property_repair_comment (tenant_id, repair_id) where is_deleted = 0;
--;
create index property_repair_comment_garden_list_idx on property_repair_comment (tenant_id, garden_id, create_time desc, id desc) where is_deleted = 0;
--;
create table property_suggestion (
  id bigint primary key default nextval('blade_id_seq'),
  create_user bigint,
  create_dept bigint,
  create_time timestamp(0) default localtimestamp(0),
  update_user bigint,
  update_time timestamp(0) default localtimestamp(0),
  status integer default 0,
  is_deleted integer not null default 0,
  tenant_id text not null default '000000',
  garden_id bigint,
  type integer,
  title text,
  content text,
  user_name text,
  user_tel text,
  reply text,
  reply_time timestamp(0)
);
--;
create index property_suggestion_tenant_idx on property_suggestion (tenant_id, create_time desc, id desc) where is_deleted = 0;
--;
create index property_suggestion_garden_id_status_idx on property_suggestion (tenant_id, garden_id, status) where is_deleted = 0;
--;
create index property_suggestion_list_idx on property_suggestion (tenant_id, update_time desc, id desc) where is_deleted = 0;
--;
create index property_suggestion_garden_list_idx on property_suggestion (tenant_id, garden_id, update_time desc, id desc) where is_deleted = 0;
--;
create index property_suggestion_title_trgm on property_suggestion using gin (title gin_trgm_ops) where is_deleted = 0;
--;
create index property_suggestion_user_name_trgm on property_suggestion using gin (user_name gin_trgm_ops) where is_deleted = 0;
--;
create index property_suggestion_user_tel_trgm on property_suggestion using gin (user_tel gin_trgm_ops) where is_deleted = 0;
--;
create table property_service_directory (
  id bigint primary key default nextval('blade_id_seq'),
  create_user bigint,
  create_dept bigint,
  create_time timestamp(0) default localtimestamp(0),
  update_user bigint,
  update_time timestamp(0) default localtimestamp(0),
  status integer default 1,
  is_deleted integer not null default 0,
  tenant_id text not null default '000000',
  pid bigint default '0',
  name text,
  price numeric(14,2),
  tel text,
  remark text
);
--;
create index property_service_directory_tenant_idx on property_service_directory (tenant_id, create_time desc, id desc) where is_deleted = 0;
--;
create index property_service_directory_list_idx on property_service_directory (tenant_id, create_time, id desc) where is_deleted = 0;
--;
create index property_service_directory_parent_idx on property_service_directory (tenant_id, pid);
--;
create index property_service_directory_name_trgm on property_service_directory using gin (name gin_trgm_ops) where is_deleted = 0;
--;
create table property_reservation (
  id bigint primary key default nextval('blade_id_seq'),
  create_user bigint,
  create_dept bigint,
  create_time timestamp(0) default localtimestamp(0),
  update_user bigint,
  update_time timestamp(0) default localtimestamp(0),
  status integer default 0,
  is_deleted integer not null default 0,
  tenant_id text not null default '000000',
  garden_id bigint,
  reservation_type integer,
  service_id bigint,
  house_id bigint,
  user_name text,
  user_tel text,
  reserve_time timestamp(0),
  content text,
  remark text
);
--;
create index property_reservation_tenant_idx on property_reservation (tenant_id, create_time desc, id desc) where is_deleted = 0;
--;
create index property_reservation_garden_id_status_idx on property_reservation (tenant_id, garden_id, status) where is_deleted = 0;
--;
create index property_reservation_list_idx on property_reservation (tenant_id, update_time desc, id desc) where is_deleted = 0;
--;
create index property_reservation_garden_list_idx on property_reservation (tenant_id, garden_id, update_time desc, id desc) where is_deleted = 0;
--;
create index property_reservation_user_name_trgm on property_reservation using gin (user_name gin_trgm_ops) where is_deleted = 0;
--;
create index property_reservation_user_tel_trgm on property_reservation using gin (user_tel gin_trgm_ops) where is_deleted = 0;
--;
create table property_notice (
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
  title text,
  img_url text,
  content text,
  activity_type integer
);
--;
create index property_notice_tenant_idx on property_notice (tenant_id, create_time desc, id desc) where is_deleted = 0;
--;
create index property_notice_garden_list_idx on property_notice (tenant_id, garden_id, create_time desc, id desc) where is_deleted = 0;
--;
create index property_notice_title_trgm on property_notice using gin (title gin_trgm_ops) where is_deleted = 0;
--;
create table property_community_activity (
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
  title text,
  img_url text,
  content text,
  activity_type integer,
  address text,
  start_time timestamp(0),
  end_time timestamp(0)
);
--;
create index property_community_activity_tenant_idx on property_community_activity (tenant_id, create_time desc, id desc) where is_deleted = 0;
--;
create index property_community_activity_garden_list_idx on property_community_activity (tenant_id, garden_id, create_time desc, id desc) where is_deleted = 0;
--;
create index property_community_activity_title_trgm on property_community_activity using gin (title gin_trgm_ops) where is_deleted = 0;
--;
create table property_template_msg (
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
  content text,
  remark text
);
--;
create index property_template_msg_tenant_idx on property_template_msg (tenant_id, create_time desc, id desc) where is_deleted = 0;
--;
create index property_template_msg_list_idx on property_template_msg (tenant_id, code, id desc) where is_deleted = 0;
--;
create unique index property_template_msg_code_uq on property_template_msg (tenant_id, code) where is_deleted = 0;
--;
create index property_template_msg_code_trgm on property_template_msg using gin (code gin_trgm_ops) where is_deleted = 0;
--;
create index property_template_msg_name_trgm on property_template_msg using gin (name gin_trgm_ops) where is_deleted = 0;
--;
create table property_proper_template_msg (
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
  template_id bigint,
  title text,
  content text,
  remark text
);
--;
create index property_proper_template_msg_tenant_idx on property_proper_template_msg (tenant_id, create_time desc, id desc) where is_deleted = 0;
--;
create index property_proper_template_msg_garden_list_idx on property_proper_template_msg (tenant_id, garden_id, create_time desc, id desc) where is_deleted = 0;
--;
create index property_proper_template_msg_title_trgm on property_proper_template_msg using gin (title gin_trgm_ops) where is_deleted = 0;
--;
create table property_file (
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
  bucket_name text,
  link text,
  content_type text,
  file_size bigint,
  attach_id bigint
);
--;
create index property_file_tenant_idx on property_file (tenant_id, create_time desc, id desc) where is_deleted = 0;
--;
create index property_file_name_trgm on property_file using gin (name gin_trgm_ops) where is_deleted = 0;
--;
create table property_patrol_point (
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
  code text,
  location text,
  check_items text,
  sort integer default 0
);
--;
create index property_patrol_point_tenant_idx on property_patrol_point (tenant_id, create_time desc, id desc) where is_deleted = 0;
--;
create index property_patrol_point_list_idx on property_patrol_point (tenant_id, sort, name, id desc) where is_deleted = 0;
--;
create index property_patrol_point_garden_list_idx on property_patrol_point (tenant_id, garden_id, sort, name, id desc) where is_deleted = 0;
--;
create unique index property_patrol_point_garden_id_name_uq on property_patrol_point (tenant_id, garden_id, name) where is_deleted = 0;
--;
create index property_patrol_point_name_trgm on property_patrol_point using gin (name gin_trgm_ops) where is_deleted = 0;
--;
create index property_patrol_point_code_trgm on property_patrol_point using gin (code gin_trgm_ops) where is_deleted = 0;
--;
create table property_patrol_plan (
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
  point_ids text,
  user_id bigint,
  user_name text,
  cycle_days integer default 1,
  start_time text,
  end_time text,
  start_date date,
  end_date date,
  close_reason text,
  remark text
);
--;
create index property_patrol_plan_tenant_idx on property_patrol_plan (tenant_id, create_time desc, id desc) where is_deleted = 0;
--;
create index property_patrol_plan_garden_id_status_idx on property_patrol_plan (tenant_id, garden_id, status) where is_deleted = 0;
--;
create index property_patrol_plan_garden_list_idx on property_patrol_plan (tenant_id, garden_id, create_time desc, id desc) where is_deleted = 0;
--;
create index property_patrol_plan_name_trgm on property_patrol_plan using gin (name gin_trgm_ops) where is_deleted = 0;
--;
create table property_patrol_task (
  id bigint primary key default nextval('blade_id_seq'),
  create_user bigint,
  create_dept bigint,
  create_time timestamp(0) default localtimestamp(0),
  update_user bigint,
  update_time timestamp(0) default localtimestamp(0),
  status integer default 0,
  is_deleted integer not null default 0,
  tenant_id text not null default '000000',
  garden_id bigint,
  plan_id bigint,
  plan_name text,
  user_id bigint,
  user_name text,
  task_date date,
  start_time timestamp(0),
  end_time timestamp(0),
  point_count integer default 0,
  checked_count integer default 0,
  missed_count integer default 0,
  remark text
);
--;
create index property_patrol_task_tenant_idx on property_patrol_task (tenant_id, create_time desc, id desc) where is_deleted = 0;
--;
create index property_patrol_task_garden_id_status_idx on property_patrol_task (tenant_id, garden_id, status) where is_deleted = 0;
--;
create index property_patrol_task_list_idx on property_patrol_task (tenant_id, task_date desc, id desc) where is_deleted = 0;
--;
create index property_patrol_task_garden_list_idx on property_patrol_task (tenant_id, garden_id, task_date desc, id desc) where is_deleted = 0;
--;
create unique index property_patrol_task_plan_id_task_date_uq on property_patrol_task (tenant_id, plan_id, task_date) where is_deleted = 0;
--;
create index property_patrol_task_plan_name_trgm on property_patrol_task using gin (plan_name gin_trgm_ops) where is_deleted = 0;
--;
create table property_patrol_task_point (
  id bigint primary key default nextval('blade_id_seq'),
  create_user bigint,
  create_dept bigint,
  create_time timestamp(0) default localtimestamp(0),
  update_user bigint,
  update_time timestamp(0) default localtimestamp(0),
  status integer default 0,
  is_deleted integer not null default 0,
  tenant_id text not null default '000000',
  task_id bigint,
  garden_id bigint,
  point_id bigint,
  point_name text,
  check_items text,
  sort integer default 0,
  result integer,
  remark text,
  images text,
  check_time timestamp(0),
  check_user_name text
);
--;
create index property_patrol_task_point_tenant_idx on property_patrol_task_point (tenant_id, create_time desc, id desc) where is_deleted = 0;
--;
create index property_patrol_task_point_list_idx on property_patrol_task_point (tenant_id, task_id, sort, id desc) where is_deleted = 0;
--;
create index property_patrol_task_point_garden_list_idx on property_patrol_task_point (tenant_id, garden_id, task_id, sort, id desc) where is_deleted = 0;
--;
create unique index property_patrol_task_point_task_id_point_id_uq on property_patrol_task_point (tenant_id, task_id, point_id) where is_deleted = 0;
--;
-- Data for databases seeded before the services module (a new database is empty here and seeded afterwards).
-- The repair states as the state machine names them.
update blade_dict d set dict_value = v.value
  from (values ('0', '待派单'), ('1', '已派单'), ('2', '已接单'), ('3', '已拒单'), ('4', '维修中'), ('5', '已完成')) as v(k, value)
  where d.code = 'repair_status' and d.parent_id <> 0 and d.dict_key = v.k;
--;
insert into blade_dict (parent_id, code, dict_key, dict_value, sort, is_sealed)
  select p.id, p.code, v.k, v.value, v.sort, 0
  from blade_dict p
  join (values ('repair_status', '6', '已关闭', 7), ('patrol_task_status', '4', '已过期', 5)) as v(code, k, value, sort) on v.code = p.code
  where p.parent_id = 0 and p.is_deleted = 0
    and not exists (select 1 from blade_dict c where c.code = v.code and c.dict_key = v.k and c.parent_id <> 0);
--;
-- The dictionaries the services add.
insert into blade_dict (parent_id, code, dict_key, dict_value, sort, is_sealed)
  select 0, v.code, '-1', v.name, 90 + v.n, 0
  from (values (1, 'repair_channel', '报修渠道'), (2, 'repair_image_kind', '维修图片类型'), (3, 'patrol_point_status', '巡检状态'),
    (4, 'patrol_result', '巡检结果')) as v(n, code, name)
  where exists (select 1 from blade_dict where code = 'repair_status' and parent_id = 0)
    and not exists (select 1 from blade_dict c where c.code = v.code and c.parent_id = 0);
--;
insert into blade_dict (parent_id, code, dict_key, dict_value, sort, is_sealed)
  select p.id, p.code, v.k, v.value, v.sort, 0
  from blade_dict p
  join (values ('repair_channel', '1', '物业代报', 1), ('repair_channel', '2', '电话报修', 2), ('repair_channel', '3', '业主APP', 3),
    ('repair_image_kind', '1', '维修前', 1), ('repair_image_kind', '2', '维修后', 2),
    ('patrol_point_status', '0', '待巡检', 1), ('patrol_point_status', '1', '已巡检', 2), ('patrol_point_status', '2', '漏巡', 3),
    ('patrol_result', '1', '正常', 1), ('patrol_result', '2', '异常', 2)) as v(code, k, value, sort) on v.code = p.code
  where p.parent_id = 0
    and not exists (select 1 from blade_dict c where c.code = v.code and c.dict_key = v.k and c.parent_id <> 0);
--;
-- Menus: suggestions and complaints are one view-only list answered with 处理; tasks are never added by hand.
update blade_menu set is_deleted = 1 where code in ('suggestion', 'patroltask_add') and is_deleted = 0;
--;
insert into blade_menu (parent_id, code, name, alias, path, source, sort, category, action, is_open)
  select m.id, 'feedback_handle', '处理', 'handle', m.path || '/handle', 'CheckCircleOutlined', 2, 2, 2, 1
  from blade_menu m where m.code = 'feedback' and m.category = 1 and m.is_deleted = 0
    and not exists (select 1 from blade_menu b where b.code = 'feedback_handle');
