import { date, datetime, decimal, entity, int, long, money, text } from '../../define';
import { carRef, gardenRef, ownerRef } from '../references';

/** Values of the parking_space_status dictionary the server reasons about. */
export const SPACE_STATUS = { free: 1, sold: 2, rented: 3, occupied: 4 } as const;

/**
 * A parking space (车位) of a lot. Its garden is the lot's, kept by the
 * server. It may belong to an owner and hold one car at a time: a car parked
 * in one space cannot be put in another (each change of car is kept in
 * carparking). Added through `save`, changed through `update` (spec §7.7);
 * the generic `submit` (either, by id) serves the console's add and edit dialog.
 */
export const parkingSpaceEntity = entity({
  name: 'parkingSpace',
  table: 'property_parking_space',
  base: '/system-property/parkingspace',
  owner: 'tenant',
  permission: 'parkingspace',
  routes: ['list', 'detail', 'remove', 'submit'],
  fields: {
    gardenId: gardenRef({ readOnly: true }),
    parkingId: long({ required: 'parkingRequired', options: { from: '/system-property/parking/list', label: 'name' } }),
    spaceNo: text({ required: 'spaceNoRequired', maxLength: 20, search: 'like' }),
    /** Square metres, exact (sale prices and fees follow the area). */
    area: decimal(),
    spaceType: int({ dict: 'parking_space_type' }),
    spaceStatus: int({ dict: 'parking_space_status', default: SPACE_STATUS.free }),
    ownerId: ownerRef(),
    // A car brings its owner: with an owner chosen, only that owner's cars.
    carId: carRef({}, { field: 'ownerId' }),
    remark: text({ maxLength: 500 }),
  },
  unique: [{ fields: ['parkingId', 'spaceNo'], message: 'spaceNoTaken' }],
  indexes: [['gardenId', 'parkingId'], ['ownerId'], ['carId']],
  sort: { ascs: ['parkingId', 'spaceNo'] },
});

/**
 * A sale or lease period of a space (parkingspacechild): who holds it, from
 * when to when, at what price. Periods of one space never overlap.
 */
export const parkingSpaceChildEntity = entity({
  name: 'parkingSpaceChild',
  table: 'property_parking_space_child',
  base: '/system-property/parkingspacechild',
  owner: 'tenant',
  permission: 'parkingspace',
  fields: {
    gardenId: long({ readOnly: true }),
    parkingSpaceId: long({
      required: 'spaceRequired',
      options: { from: '/system-property/parkingspace/list', label: 'spaceNo' },
    }),
    ownerId: ownerRef({ required: 'ownerRequired' }),
    /** 1 出售 (sold: no end date needed), 2 出租 (leased). */
    holdType: int({ required: 'holdTypeRequired', dict: 'parking_hold_type' }),
    startDate: date({ required: 'startDateRequired' }),
    endDate: date(),
    price: money(),
    remark: text({ maxLength: 500 }),
  },
  indexes: [['parkingSpaceId']],
  sort: { descs: ['startDate'] },
});

/**
 * Which car stood in which space, and when (carparking): the history of a
 * space's car. The server opens a record when a car is put in a space and
 * closes it (unbindTime) when the car leaves, so at most one record per car
 * and per space is open.
 */
export const carParkingEntity = entity({
  name: 'carParking',
  table: 'property_car_parking',
  base: '/system-property/carparking',
  owner: 'tenant',
  permission: 'parkingspace',
  fields: {
    gardenId: long({ readOnly: true }),
    parkingSpaceId: long({
      required: 'spaceRequired',
      options: { from: '/system-property/parkingspace/list', label: 'spaceNo' },
    }),
    carId: carRef({ required: 'carRequired' }),
    ownerId: long(),
    bindTime: datetime({ readOnly: true }),
    unbindTime: datetime({ readOnly: true }),
    remark: text({ maxLength: 500 }),
  },
  indexes: [['parkingSpaceId'], ['carId']],
  sort: { descs: ['createTime'] },
});
