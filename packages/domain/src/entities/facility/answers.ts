/** What the facility calls answer beyond the generic shapes (spec §7.7). */
import { Recursive } from '../../contract/answers';
import { NullableText, Obj, Type, type Static } from '../../contract/schema';

/** How many items are in each state, and how many inspections are overdue or due within 30 days. */
export const FacilityCounts = Obj({
  total: Type.Integer(),
  normal: Type.Integer(),
  repairing: Type.Integer(),
  stopped: Type.Integer(),
  overdue: Type.Integer({ description: 'next inspection before today' }),
  dueSoon: Type.Integer({ description: 'next inspection within 30 days' }),
});

/** A department (with its users as children) or a user (a leaf, isUser true) of the responsible-user picker. */
export const DeptUserTreeNode = Recursive(
  'DeptUserNode',
  {
    id: Type.String(),
    parentId: Type.String(),
    title: NullableText(),
    isUser: Type.Boolean(),
    key: Type.String({ description: 'a user’s key is departmentId-userId (a user may sit in several departments)' }),
    value: Type.String(),
    account: Type.Optional(NullableText()),
    disabled: Type.Optional(Type.Boolean()),
  },
  'A department (not pickable, its users as children) or a user (a leaf with isUser true)',
);
export type DeptUserNode = Static<typeof DeptUserTreeNode>;

/** A user found by name, account or phone. */
export const UserHit = Obj({ id: Type.String(), realName: NullableText(), account: NullableText(), phone: Type.String() });
