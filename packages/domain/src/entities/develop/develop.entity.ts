import { entity, int, long, sealedText, text, type GenericRoute } from '../../define';
import { PROPERTY_KINDS } from './prototype-kinds';

/**
 * The development tools (研发工具, spec §1, §7.9 /blade-develop): the platform's means of extending
 * this product, whose entities are definitions like these. Reaching a database at any address is
 * a server-side request, so every one of them is the platform administrator's alone
 * (`platformAdminOnly`: 403 to everyone else, tenants included).
 */

/** The spec's calls of each (§7.9: list, detail, remove, submit); no `page`. */
const CALLS: ReadonlyArray<GenericRoute> = ['list', 'detail', 'submit', 'remove'];

/** The one driver: this product's own kind of database (dictionary datasource_driver). */
export const POSTGRES_DRIVER = 'org.postgresql.Driver';

/**
 * A data source (数据源): a PostgreSQL database the tools read tables from. The password is a secret,
 * never answered (kept sealed, since connecting needs it back; an update without one keeps it). The
 * product's own database is seeded as the built-in source (`builtIn` 1): reached as the server is
 * configured (PGlite or DATABASE_URL), its address answered from that configuration, never removed.
 */
export const datasourceEntity = entity({
  name: 'datasource',
  table: 'blade_datasource',
  base: '/blade-develop/datasource',
  owner: 'platform',
  platformAdminOnly: true,
  permission: 'datasource',
  routes: CALLS,
  fields: {
    name: text({ required: 'datasourceNameRequired', maxLength: 100, search: 'like' }),
    driverClass: text({
      required: 'datasourceDriverRequired',
      dict: 'datasource_driver',
      default: POSTGRES_DRIVER,
      maxLength: 100,
    }),
    url: text({ required: 'datasourceUrlRequired', validator: 'databaseUrl', maxLength: 500, search: 'like' }),
    username: text({ required: 'datasourceUserRequired', maxLength: 100 }),
    password: sealedText({ maxLength: 200 }),
    builtIn: int({ readOnly: true, default: 0, dict: 'yes_no' }),
    remark: text({ maxLength: 500 }),
  },
  unique: [{ fields: ['name'], message: 'datasourceNameTaken' }],
  sort: { descs: ['builtIn', 'createTime'] },
});

const modelChoices = { from: '/blade-develop/model/list?size=1000', label: 'modelName' };

/** A data model (数据模型): a table of a data source, named for the code generated from it; its columns are prototypes. */
export const modelEntity = entity({
  name: 'devModel',
  table: 'blade_model',
  base: '/blade-develop/model',
  owner: 'platform',
  platformAdminOnly: true,
  permission: 'devmodel',
  routes: CALLS,
  fields: {
    datasourceId: long({
      required: 'modelDatasourceRequired',
      search: 'equal',
      options: { from: '/blade-develop/datasource/list?size=1000', label: 'name' },
    }),
    modelName: text({ required: 'modelNameRequired', maxLength: 100, search: 'like' }),
    modelCode: text({ required: 'modelCodeRequired', validator: 'codeName', maxLength: 100, search: 'like' }),
    /** The table, `schema.table` or the data source's current schema's. */
    modelTable: text({ required: 'modelTableRequired', validator: 'sqlName', maxLength: 128, search: 'like' }),
    /** Upper camel case; the generated entity is named by it unless its code record says otherwise. */
    modelClass: text({ required: 'modelClassRequired', validator: 'pascalName', maxLength: 100 }),
    remark: text({ maxLength: 500 }),
  },
  unique: [{ fields: ['modelCode'], message: 'modelCodeTaken' }],
  sort: { descs: ['createTime'] },
});

/**
 * A column of a model (模型字段), read from the data source's information_schema (model/load-columns,
 * and when a model is saved) and edited in the model's screen: the field it becomes — property
 * name and kind, whether the list shows it, the form edits it, the search offers it and how, whether
 * it is required, its dictionary and form control.
 */
export const modelPrototypeEntity = entity({
  name: 'modelPrototype',
  table: 'blade_model_prototype',
  base: '/blade-develop/model-prototype',
  owner: 'platform',
  platformAdminOnly: true,
  permission: 'devmodel',
  routes: CALLS,
  fields: {
    modelId: long({ required: 'prototypeModelRequired', search: 'equal', options: modelChoices }),
    jdbcName: text({ required: 'prototypeColumnRequired', validator: 'sqlName', maxLength: 128, search: 'like' }),
    /** As the database names it: character varying(100), numeric(14,2), timestamp without time zone. */
    jdbcType: text({ maxLength: 100 }),
    /** The column's comment: the field's Chinese label in generated code. */
    comment: text({ maxLength: 200, search: 'like' }),
    propertyName: text({ required: 'prototypePropertyRequired', validator: 'camelName', maxLength: 100, search: 'like' }),
    propertyKind: text({
      required: 'prototypeKindRequired',
      dict: 'field_kind',
      default: PROPERTY_KINDS[0],
      maxLength: 20,
      search: 'equal',
    }),
    sort: int({ default: 0, validator: 'integer' }),
    isList: int({ dict: 'yes_no', default: 1 }),
    isForm: int({ dict: 'yes_no', default: 1 }),
    isQuery: int({ dict: 'yes_no', default: 0 }),
    queryType: text({ dict: 'query_type', default: 'equal', maxLength: 10 }),
    isRequired: int({ dict: 'yes_no', default: 0 }),
    dictCode: text({ validator: 'codeName', maxLength: 100 }),
    formControl: text({ dict: 'form_control', default: 'input', maxLength: 20 }),
  },
  unique: [
    { fields: ['modelId', 'jdbcName'], message: 'prototypeColumnTaken' },
    { fields: ['modelId', 'propertyName'], message: 'prototypePropertyTaken' },
  ],
  sort: { ascs: ['modelId', 'sort'] },
});

/**
 * A code generation record (代码生成): which model becomes which entity — its module (服务名称, the
 * server module and messages files), folder (代码目录, the definitions' folder; the module's by
 * default), entity name (from the model's class by default), the table prefix its name leaves out,
 * the source table's key (its place taken by the definition's own id), API base, menu code, address
 * and group. `copy` duplicates one; `gen-code` answers the generated files as a zip.
 */
export const codeEntity = entity({
  name: 'code',
  table: 'blade_code',
  base: '/blade-develop/code',
  owner: 'platform',
  platformAdminOnly: true,
  permission: 'code',
  routes: CALLS,
  fields: {
    modelId: long({ required: 'codeModelRequired', search: 'equal', options: modelChoices }),
    codeName: text({ required: 'codeNameRequired', maxLength: 50, search: 'like' }),
    serviceName: text({ required: 'codeServiceRequired', validator: 'folderName', maxLength: 50, search: 'like' }),
    entityName: text({ validator: 'camelName', maxLength: 50 }),
    tablePrefix: text({ validator: 'sqlName', maxLength: 30 }),
    pkName: text({ validator: 'sqlName', default: 'id', maxLength: 64 }),
    apiPath: text({ required: 'codeApiPathRequired', validator: 'urlPath', maxLength: 100 }),
    menuCode: text({ required: 'menuCodeRequired', validator: 'codeName', maxLength: 50 }),
    menuPath: text({ required: 'menuPathRequired', validator: 'urlPath', maxLength: 100 }),
    menuParentId: long({ required: 'codeMenuParentRequired', options: { from: '/blade-system/menu/tree', tree: true } }),
    packageName: text({ validator: 'folderName', maxLength: 50 }),
  },
  indexes: [['modelId']],
  sort: { descs: ['createTime'] },
});
