import { entity, int, long, text } from '../../define';

/** Row filters a role can be granted, per resource (the entity's permission code). */
export const dataScopeEntity = entity({
  name: 'dataScope',
  table: 'blade_scope_data',
  base: '/blade-system/data-scope',
  owner: 'platform',
  label: { zh: '数据权限', en: 'Data scope' },
  permission: 'datascope',
  fields: {
    menuId: long({ required: '请选择菜单', options: { from: '/blade-system/menu/tree', tree: true } }),
    resourceCode: text({ required: '请输入资源编号', search: 'like' }),
    scopeName: text({ required: '请输入数据权限名称', search: 'like' }),
    scopeField: text(),
    scopeClass: text(),
    /** Department column the rule compares (default create_dept). */
    scopeColumn: text(),
    scopeType: int({ dict: 'data_scope_type', required: '请选择规则类型' }),
    /** Custom rules: comma-joined department ids. */
    scopeValue: text(),
    remark: text(),
  },
});

/** Endpoint patterns a role must be granted to call. */
export const apiScopeEntity = entity({
  name: 'apiScope',
  table: 'blade_scope_api',
  base: '/blade-system/api-scope',
  owner: 'platform',
  label: { zh: '接口权限', en: 'API scope' },
  permission: 'apiscope',
  fields: {
    menuId: long({ required: '请选择菜单', options: { from: '/blade-system/menu/tree', tree: true } }),
    resourceCode: text({ required: '请输入资源编号', search: 'like' }),
    scopeName: text({ required: '请输入接口权限名称', search: 'like' }),
    /** Ant-style pattern, e.g. /api/blade-system/user/** */
    scopePath: text({ required: '请输入接口权限路径' }),
    scopeType: int({ dict: 'api_scope_type' }),
    remark: text(),
  },
});
