import { entity } from '../../define';
import { dictFields } from './dict-fields';

export const dictEntity = entity({
  name: 'dict',
  table: 'blade_dict',
  base: '/blade-system/dict',
  owner: 'platform',
  permission: 'dict',
  fields: dictFields(),
  tree: { parent: 'parentId', title: 'dictValue' },
  sort: { ascs: ['sort'] },
});

export const dictBizEntity = entity({
  name: 'dictBiz',
  table: 'blade_dict_biz',
  base: '/blade-system/dict-biz',
  owner: 'tenant',
  permission: 'dictbiz',
  fields: dictFields(),
  tree: { parent: 'parentId', title: 'dictValue' },
  sort: { ascs: ['sort'] },
});
