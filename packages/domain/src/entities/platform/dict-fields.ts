import { int, long, text } from '../../define';

/** System and business dictionaries share one shape: parents (dictKey -1) and their entries. */
export const dictFields = () => ({
  parentId: long({ default: 0 }),
  code: text({ required: 'dictCodeRequired', search: 'like' as const }),
  dictKey: text({ required: 'dictKeyRequired' }),
  dictValue: text({ required: 'dictValueRequired', search: 'like' as const }),
  sort: int({ required: 'dictSortRequired', validator: 'integer' as const }),
  remark: text(),
  isSealed: int({ dict: 'yes_no', default: 0, required: 'dictSealedRequired' }),
});
