import { int, long, text } from '../../define';

/** System and business dictionaries share one shape: parents (dictKey -1) and their entries. */
export const dictFields = () => ({
  parentId: long({ default: 0 }),
  code: text({ required: '请输入字典编号', search: 'like' as const }),
  dictKey: text({ required: '请输入字典键值' }),
  dictValue: text({ required: '请输入字典名称', search: 'like' as const }),
  sort: int({ required: '请输入字典排序', validator: 'integer' as const }),
  remark: text(),
  isSealed: int({ dict: 'yes_no', default: 0, required: '请选择封存' }),
});
