import { datetime, entity, int, text } from '../../define';

export const userEntity = entity({
  name: 'user',
  table: 'blade_user',
  base: '/blade-system/user',
  owner: 'tenant',
  permission: 'user',
  fields: {
    code: text({ search: 'like' }),
    userType: int({ dict: 'user_type', default: 1 }),
    account: text({ required: 'accountRequired', maxLength: 45, search: 'like' }),
    password: text({ secret: true }),
    name: text({ search: 'like' }),
    realName: text({ required: 'realNameRequired', maxLength: 45, search: 'like' }),
    avatar: text(),
    email: text({ validator: 'email' }),
    phone: text({ validator: 'mobile' }),
    birthday: datetime(),
    sex: int({ dict: 'sex' }),
    /** Comma-joined role ids. */
    roleId: text({ required: 'userRoleRequired', options: { from: '/blade-system/role/tree', tree: true, multiple: true } }),
    /** Comma-joined department ids. */
    deptId: text({ required: 'userDeptRequired', options: { from: '/blade-system/dept/tree', tree: true, multiple: true } }),
    postId: text({ options: { from: '/blade-system/post/select', multiple: true, label: 'postName' } }),
    /** Free-form platform settings (user/update-platform). */
    userExt: text(),
  },
  unique: [{ fields: ['account'], message: 'accountTaken' }],
  sort: { descs: ['createTime'] },
});
