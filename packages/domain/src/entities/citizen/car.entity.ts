import { entity, int, long, text } from '../../define';
import { houseRef, ownerRef } from '../references';

/** Province-level abbreviations that start a mainland plate (京 A 12345). */
export const PLATE_PROVINCES = '京津沪渝冀豫云辽黑湘皖鲁新苏浙赣鄂桂甘晋蒙陕吉闽贵粤青藏川宁琼';
const CITY = /^[A-Z]$/;
/** 5 characters for ordinary plates, 6 for new-energy ones; letters and digits. */
const NUMBER = /^[A-Z0-9]{5,6}$/;

/** The first problem of a plate's three parts (already upper-cased), or undefined. */
export function checkPlate(carArea: string, carCity: string, carNumber: string): string | undefined {
  if (carArea.length !== 1 || !PLATE_PROVINCES.includes(carArea)) return '车牌省份简称不正确';
  if (!CITY.test(carCity)) return '车牌城市代码应为一个字母';
  if (!NUMBER.test(carNumber)) return '车牌号码应为5到6位字母或数字';
  return undefined;
}

/**
 * A car (车辆) of an owner, parked at one of the owner's houses when given.
 * The plate (carArea + carCity + carNumber) is unique in a tenant; parking
 * spaces refer to cars by id.
 */
export const carEntity = entity({
  name: 'car',
  table: 'property_car',
  base: '/citizen-user/carlist',
  owner: 'tenant',
  label: { zh: '车辆', en: 'Car' },
  permission: 'car',
  fields: {
    ownerId: ownerRef({ required: '请选择业主' }),
    houseId: houseRef(),
    gardenId: long({ readOnly: true }),
    carArea: text({ required: '请选择车牌省份', maxLength: 1 }),
    carCity: text({ required: '请输入车牌字母', maxLength: 1 }),
    carNumber: text({ required: '请输入车牌号码', maxLength: 6, search: 'like' }),
    carType: int({ dict: 'car_type' }),
    carColor: text({ maxLength: 20 }),
    remark: text({ maxLength: 500 }),
  },
  unique: [{ fields: ['carArea', 'carCity', 'carNumber'], message: '该车牌号已存在' }],
  indexes: [['ownerId'], ['gardenId']],
  sort: { descs: ['createTime'] },
});
