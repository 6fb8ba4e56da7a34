import { entity, int, long, text } from '../../define';
import type { ErrorKey } from '../../messages/translate';
import { PLATE_PROVINCES } from '../data-names';
import { houseRef, OWNER_HOUSES, ownerRef } from '../references';

const CITY = /^[A-Z]$/;
/** 5 characters for ordinary plates, 6 for new-energy ones; letters and digits. */
const NUMBER = /^[A-Z0-9]{5,6}$/;

/** A plate's province as a list, for pickers. */
export const PLATE_PROVINCE_LIST: ReadonlyArray<string> = [...PLATE_PROVINCES];

/** The first problem of a plate's three parts (already upper-cased), or undefined. */
export function checkPlate(carArea: string, carCity: string, carNumber: string): ErrorKey | undefined {
  if (carArea.length !== 1 || !PLATE_PROVINCES.includes(carArea)) return 'plateProvinceInvalid';
  if (!CITY.test(carCity)) return 'plateCityInvalid';
  if (!NUMBER.test(carNumber)) return 'plateNumberInvalid';
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
  permission: 'car',
  fields: {
    ownerId: ownerRef({ required: 'ownerRequired' }),
    houseId: houseRef({}, OWNER_HOUSES),
    gardenId: long({ readOnly: true }),
    carArea: text({
      required: 'plateProvinceRequired',
      maxLength: 1,
      choices: PLATE_PROVINCE_LIST,
      invalid: 'plateProvinceInvalid',
    }),
    carCity: text({ required: 'plateLetterRequired', maxLength: 1 }),
    carNumber: text({ required: 'plateNumberRequired', maxLength: 6, search: 'like' }),
    carType: int({ dict: 'car_type' }),
    carColor: text({ maxLength: 20 }),
    remark: text({ maxLength: 500 }),
  },
  unique: [{ fields: ['carArea', 'carCity', 'carNumber'], message: 'plateTaken' }],
  indexes: [['ownerId'], ['gardenId']],
  sort: { descs: ['createTime'] },
});
