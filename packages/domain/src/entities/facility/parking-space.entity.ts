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
  label: { zh: '车位', en: 'Parking space' },
  permission: 'parkingspace',
  routes: ['list', 'detail', 'remove', 'submit'],
  fields: {
    gardenId: gardenRef({ readOnly: true }),
    parkingId: long({ required: '请选择停车场', options: { from: '/system-property/parking/list', label: 'name' } }),
    spaceNo: text({ required: '请输入车位编号', maxLength: 20, search: 'like' }),
    /** Square metres, exact (sale prices and fees follow the area). */
    area: decimal(),
    spaceType: int({ dict: 'parking_space_type' }),
    spaceStatus: int({ dict: 'parking_space_status', default: SPACE_STATUS.free }),
    ownerId: ownerRef(),
    carId: carRef(),
    remark: text({ maxLength: 500 }),
  },
  unique: [{ fields: ['parkingId', 'spaceNo'], message: '该停车场下车位编号已存在' }],
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
  label: { zh: '车位租售记录', en: 'Parking space period' },
  permission: 'parkingspace',
  fields: {
    gardenId: long({ readOnly: true }),
    parkingSpaceId: long({ required: '请选择车位', options: { from: '/system-property/parkingspace/list', label: 'spaceNo' } }),
    ownerId: ownerRef({ required: '请选择业主' }),
    /** 1 出售 (sold: no end date needed), 2 出租 (leased). */
    holdType: int({ required: '请选择租售类型', dict: 'parking_hold_type' }),
    startDate: date({ required: '请选择开始日期' }),
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
  label: { zh: '车辆停放记录', en: 'Car parking record' },
  permission: 'parkingspace',
  fields: {
    gardenId: long({ readOnly: true }),
    parkingSpaceId: long({ required: '请选择车位', options: { from: '/system-property/parkingspace/list', label: 'spaceNo' } }),
    carId: carRef({ required: '请选择车辆' }),
    ownerId: long(),
    bindTime: datetime({ readOnly: true }),
    unbindTime: datetime({ readOnly: true }),
    remark: text({ maxLength: 500 }),
  },
  indexes: [['parkingSpaceId'], ['carId']],
  sort: { descs: ['createTime'] },
});
