import { entity, text } from '../../define';

export const paramEntity = entity({
  name: 'param',
  table: 'blade_param',
  base: '/blade-system/param',
  owner: 'platform',
  label: { zh: '参数', en: 'Parameter' },
  permission: 'param',
  fields: {
    paramName: text({ required: '请输入参数名称', search: 'like' }),
    paramKey: text({ required: '请输入参数键名', search: 'like' }),
    paramValue: text({ required: '请输入参数键值' }),
    remark: text(),
  },
  unique: [{ fields: ['paramKey'], message: '参数键名已存在' }],
  sort: { descs: ['createTime'] },
});
