-- Generated from the entity definitions.
create table blade_datasource (
  id bigint primary key default nextval('blade_id_seq'),
  create_user bigint,
  create_dept bigint,
  create_time timestamp(0) default localtimestamp(0),
  update_user bigint,
  update_time timestamp(0) default localtimestamp(0),
  status integer default 1,
  is_deleted integer not null default 0,
  name text,
  driver_class text default 'org.postgresql.Driver',
  url text,
  username text,
  password text,
  built_in integer default 0,
  remark text
);
--;
create index blade_datasource_list_idx on blade_datasource (built_in desc, create_time desc, id desc) where is_deleted = 0;
--;
create unique index blade_datasource_name_uq on blade_datasource (name) where is_deleted = 0;
--;
create index blade_datasource_name_trgm on blade_datasource using gin (name gin_trgm_ops) where is_deleted = 0;
--;
create index blade_datasource_url_trgm on blade_datasource using gin (url gin_trgm_ops) where is_deleted = 0;
--;
create table blade_model (
  id bigint primary key default nextval('blade_id_seq'),
  create_user bigint,
  create_dept bigint,
  create_time timestamp(0) default localtimestamp(0),
  update_user bigint,
  update_time timestamp(0) default localtimestamp(0),
  status integer default 1,
  is_deleted integer not null default 0,
  datasource_id bigint,
  model_name text,
  model_code text,
  model_table text,
  model_class text,
  remark text
);
--;
create index blade_model_list_idx on blade_model (create_time desc, id desc) where is_deleted = 0;
--;
create unique index blade_model_model_code_uq on blade_model (model_code) where is_deleted = 0;
--;
create index blade_model_model_name_trgm on blade_model using gin (model_name gin_trgm_ops) where is_deleted = 0;
--;
create index blade_model_model_code_trgm on blade_model using gin (model_code gin_trgm_ops) where is_deleted = 0;
--;
create index blade_model_model_table_trgm on blade_model using gin (model_table gin_trgm_ops) where is_deleted = 0;
--;
create table blade_model_prototype (
  id bigint primary key default nextval('blade_id_seq'),
  create_user bigint,
  create_dept bigint,
  create_time timestamp(0) default localtimestamp(0),
  update_user bigint,
  update_time timestamp(0) default localtimestamp(0),
  status integer default 1,
  is_deleted integer not null default 0,
  model_id bigint,
  jdbc_name text,
  jdbc_type text,
  comment text,
  property_name text,
  property_kind text default 'text',
  sort integer default 0,
  is_list integer default 1,
  is_form integer default 1,
  is_query integer default 0,
  query_type text default 'equal',
  is_required integer default 0,
  dict_code text,
  form_control text default 'input'
);
--;
create index blade_model_prototype_list_idx on blade_model_prototype (model_id, sort, id desc) where is_deleted = 0;
--;
create unique index blade_model_prototype_model_id_jdbc_name_uq on blade_model_prototype (model_id, jdbc_name) where is_deleted = 0;
--;
create unique index blade_model_prototype_model_id_property_name_uq on blade_model_prototype (model_id, property_name) where is_deleted = 0;
--;
create index blade_model_prototype_jdbc_name_trgm on blade_model_prototype using gin (jdbc_name gin_trgm_ops) where is_deleted = 0;
--;
create index blade_model_prototype_comment_trgm on blade_model_prototype using gin (comment gin_trgm_ops) where is_deleted = 0;
--;
create index blade_model_prototype_property_name_trgm on blade_model_prototype using gin (property_name gin_trgm_ops) where is_deleted = 0;
--;
create table blade_code (
  id bigint primary key default nextval('blade_id_seq'),
  create_user bigint,
  create_dept bigint,
  create_time timestamp(0) default localtimestamp(0),
  update_user bigint,
  update_time timestamp(0) default localtimestamp(0),
  status integer default 1,
  is_deleted integer not null default 0,
  model_id bigint,
  code_name text,
  service_name text,
  entity_name text,
  table_prefix text,
  pk_name text default 'id',
  api_path text,
  menu_code text,
  menu_path text,
  menu_parent_id bigint,
  package_name text
);
--;
create index blade_code_model_id_idx on blade_code (model_id) where is_deleted = 0;
--;
create index blade_code_list_idx on blade_code (create_time desc, id desc) where is_deleted = 0;
--;
create index blade_code_code_name_trgm on blade_code using gin (code_name gin_trgm_ops) where is_deleted = 0;
--;
create index blade_code_service_name_trgm on blade_code using gin (service_name gin_trgm_ops) where is_deleted = 0;
--;
-- Data for databases seeded before the development tools (a new database is empty here and seeded afterwards).
-- Data sources are PostgreSQL only.
update blade_dict set is_deleted = 1
  where code = 'datasource_driver' and parent_id <> 0 and dict_key <> 'org.postgresql.Driver' and is_deleted = 0;
--;
-- The dictionaries of a data model's columns: field kinds, search modes, form controls.
insert into blade_dict (parent_id, code, dict_key, dict_value, sort, is_sealed)
  select 0, v.code, '-1', v.name, 90 + v.n, 0
  from (values (11, 'field_kind', '属性类型'), (12, 'query_type', '查询方式'), (13, 'form_control', '表单控件')) as v(n, code, name)
  where exists (select 1 from blade_dict where code = 'datasource_driver' and parent_id = 0)
    and not exists (select 1 from blade_dict c where c.code = v.code and c.parent_id = 0);
--;
insert into blade_dict (parent_id, code, dict_key, dict_value, sort, is_sealed)
  select p.id, p.code, v.k, v.value, v.sort, 0
  from blade_dict p
  join (values ('field_kind', 'text', '文本', 1), ('field_kind', 'int', '整数', 2), ('field_kind', 'long', '长整数(编号)', 3),
    ('field_kind', 'money', '金额', 4), ('field_kind', 'decimal', '小数(度量)', 5), ('field_kind', 'date', '日期', 6),
    ('field_kind', 'datetime', '日期时间', 7), ('field_kind', 'json', 'JSON', 8), ('field_kind', 'bytes', '二进制', 9),
    ('query_type', 'equal', '等于', 1), ('query_type', 'like', '模糊', 2), ('query_type', 'range', '范围', 3),
    ('form_control', 'input', '输入框', 1), ('form_control', 'textarea', '多行文本', 2), ('form_control', 'password', '密码框', 3),
    ('form_control', 'number', '数字框', 4), ('form_control', 'money', '金额框', 5), ('form_control', 'select', '下拉选择', 6),
    ('form_control', 'date', '日期', 7), ('form_control', 'datetime', '日期时间', 8)) as v(code, k, value, sort) on v.code = p.code
  where p.parent_id = 0 and p.is_deleted = 0
    and not exists (select 1 from blade_dict c where c.code = v.code and c.dict_key = v.k and c.parent_id <> 0);
