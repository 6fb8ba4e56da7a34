import { entity, int, long, text } from '../../define';

/** Row filters a role can be granted, per resource (the entity's permission code). */
export const dataScopeEntity = entity({
  name: 'dataScope',
  table: 'blade_scope_data',
  base: '/blade-system/data-scope',
  owner: 'platform',
  permission: 'datascope',
  fields: {
    menuId: long({ required: 'menuRequired', options: { from: '/blade-system/menu/tree', tree: true } }),
    resourceCode: text({ required: 'resourceCodeRequired', search: 'like' }),
    scopeName: text({ required: 'dataScopeNameRequired', search: 'like' }),
    scopeField: text(),
    scopeClass: text(),
    /** Department column the rule compares (default create_dept). */
    scopeColumn: text(),
    scopeType: int({ dict: 'data_scope_type', required: 'scopeTypeRequired' }),
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
  permission: 'apiscope',
  fields: {
    menuId: long({ required: 'menuRequired', options: { from: '/blade-system/menu/tree', tree: true } }),
    resourceCode: text({ required: 'resourceCodeRequired', search: 'like' }),
    scopeName: text({ required: 'apiScopeNameRequired', search: 'like' }),
    /** Ant-style pattern, e.g. /api/blade-system/user/** */
    scopePath: text({ required: 'apiScopePathRequired' }),
    scopeType: int({ dict: 'api_scope_type' }),
    remark: text(),
  },
});
