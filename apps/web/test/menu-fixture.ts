import type { MenuNode } from '../src/app/menus';

/** A menu as menu/routes answers it: every field its declaration has, those not given null (as the contract allows). */
export const menuNode = (code: string, path: string, fields: Partial<MenuNode> = {}): MenuNode => ({
  id: code,
  parentId: '0',
  code,
  name: code,
  alias: null,
  path,
  source: null,
  sort: 1,
  category: 1,
  action: null,
  isOpen: null,
  ...fields,
});
