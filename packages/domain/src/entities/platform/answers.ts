/**
 * What the platform's own calls answer beyond the generic shapes (spec §7.8):
 * the trees of menus, departments, roles and dictionaries, the sidebar's
 * routes, grant trees and keys, pickers.
 */
import { recordOf, Recursive, TreeOf } from '../../contract/index';
import { Extend, Nullable, NullableText, Obj, Type, type Static } from '../../contract/schema';
import { deptEntity } from './dept.entity';
import { dictBizEntity, dictEntity } from './dict.entity';
import { jobRunEntity } from './job-run.entity';
import { menuEntity } from './menu.entity';
import { roleEntity } from './role.entity';

export const DeptNode = TreeOf('DeptNode', deptEntity);
export const RoleNode = TreeOf('RoleNode', roleEntity);
export const MenuNode = TreeOf('MenuNode', menuEntity);
export const DictNode = TreeOf('DictNode', dictEntity);
export const DictBizNode = TreeOf('DictBizNode', dictBizEntity);

const routeFields = {
  id: Type.String(),
  parentId: NullableText(),
  code: NullableText(),
  name: NullableText(),
  alias: NullableText(),
  path: NullableText(),
  source: NullableText(),
  sort: Nullable(Type.Integer()),
  category: Nullable(Type.Integer({ description: '1 menu, 2 button' })),
  action: Nullable(Type.Integer()),
  isOpen: Nullable(Type.Integer()),
};

/** A sidebar entry: a menu's route fields; buttons hang under their menu in `buttons`. */
export const MenuRouteNode = Recursive('MenuRoute', routeFields, 'A menu as the sidebar builds it');
export type MenuRoute = Static<typeof MenuRouteNode>;

/** A node of a picker tree: id, parentId, a title and key/value; children only where there are. */
export const PickerTreeNode = Recursive(
  'PickerNode',
  {
    id: Type.String(),
    parentId: NullableText(),
    name: Type.Optional(NullableText()),
    title: NullableText('what the node shows: the menu’s or the scope’s name'),
    key: Type.String(),
    value: Type.String(),
  },
  'A node of a picker tree',
);
export type PickerNode = Static<typeof PickerTreeNode>;

/** Menus, data scopes and API scopes a role can be granted. */
export const GrantTree = Obj({
  menu: Type.Array(PickerTreeNode),
  dataScope: Type.Array(PickerTreeNode, { description: 'menus with their data scopes as children' }),
  apiScope: Type.Array(PickerTreeNode, { description: 'menus with their API scopes as children' }),
});
/** Ids granted to roles. */
export const GrantKeys = Obj({
  menu: Type.Array(Type.String()),
  dataScope: Type.Array(Type.String()),
  apiScope: Type.Array(Type.String()),
});
export const MenuKeys = Obj({ menu: Type.Array(Type.String()) });
export const MenuPicker = Obj({ menu: Type.Array(PickerTreeNode) });

/** A top menu for the header. */
export const TopMenuItem = Obj({
  id: Type.String(),
  code: NullableText(),
  name: NullableText(),
  source: NullableText(),
  sort: Nullable(Type.Integer()),
});

/** An entry of a dictionary, for selects. */
export const DictItem = Obj({
  id: Type.String(),
  parentId: NullableText(),
  code: NullableText(),
  dictKey: Type.String(),
  dictValue: NullableText(),
  sort: Nullable(Type.Integer()),
  remark: NullableText(),
  isSealed: Nullable(Type.Integer()),
});
export type DictItem = Static<typeof DictItem>;

/** A region for cascaders: keyed by its code. */
export const RegionOption = Obj({
  id: Type.String({ description: 'the region code' }),
  parentId: Type.String({ description: 'the parent region code' }),
  title: Type.String(),
  key: Type.String(),
  value: Type.String(),
  hasChildren: Type.Optional(Type.Boolean({ description: 'present (true) when it has children' })),
});

/** The tenant a domain belongs to (empty when none is). */
export const TenantOfDomain = Obj({
  tenantId: Type.Optional(Type.String()),
  domain: Type.Optional(Type.String()),
  backgroundUrl: Type.Optional(Type.String()),
});

/** Whether a live menu opens a console path (menu/path-exists): the console's 403-or-404 decision. */
export const PathExists = Type.Boolean({ description: 'true when some live menu has this path' });

/** A job run as its calls answer it: the row with its outcome rendered in the caller's language. */
export const JobRunView = Extend(recordOf(jobRunEntity), {
  outcome: NullableText(
    'the outcome (outcomeKey with outcomeParams) in the language of Accept-Language; null until the run ends',
  ),
});
export type JobRunView = Static<typeof JobRunView>;

/** What a call that starts a job run answers: the run to poll (blade-system/job-run/detail) for progress and outcome. */
export const JobStarted = Obj({
  runId: Type.String({ description: 'the job run: poll blade-system/job-run/detail?id= for its progress and outcome' }),
});
export type JobStarted = Static<typeof JobStarted>;
