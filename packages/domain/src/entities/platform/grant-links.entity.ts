import { entity, int, long } from '../../define';

/** Which menus and buttons a role has. Written by role/grant only. */
export const roleMenuEntity = entity({
  name: 'roleMenu',
  table: 'blade_role_menu',
  base: '/blade-system/role-menu',
  owner: 'tenant',
  permission: 'role',
  routes: [],
  fields: { menuId: long(), roleId: long() },
});

/** Which data scopes (category 1) and API scopes (category 2) a role has. */
export const roleScopeEntity = entity({
  name: 'roleScope',
  table: 'blade_role_scope',
  base: '/blade-system/role-scope',
  owner: 'tenant',
  permission: 'role',
  routes: [],
  fields: { scopeCategory: int(), scopeId: long(), roleId: long() },
});

/** Which menus a top menu groups. Written by topmenu/grant only. */
export const topMenuSettingEntity = entity({
  name: 'topMenuSetting',
  table: 'blade_top_menu_setting',
  base: '/blade-system/topmenu-setting',
  owner: 'tenant',
  permission: 'topmenu',
  routes: [],
  fields: { topMenuId: long(), menuId: long() },
});
