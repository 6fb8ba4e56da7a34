import { date, decimal, entity, int, long, text } from '../../define';
import type { ErrorKey } from '../../messages/translate';
import { buildingRef, gardenRef } from '../references';

/** Values of the facility_status dictionary shared by elevators and hydrants. */
export const FACILITY_STATUS = { normal: 1, repairing: 2, stopped: 3 } as const;

/** Fields elevators and hydrants share: where, state, inspections and who answers for it. */
const equipmentFields = (codeRequired: ErrorKey) => ({
  gardenId: gardenRef({ required: 'gardenRequired' }),
  code: text({ required: codeRequired, maxLength: 50, search: 'like' }),
  /** Overrides the common enabled flag: 1 正常, 2 维修中, 3 停用. */
  status: int({ dict: 'facility_status', default: FACILITY_STATUS.normal }),
  lastInspection: date(),
  nextInspection: date(),
  userId: long({ options: { from: '/system-property/elevator/deptUserTree', tree: true } }),
  remark: text({ maxLength: 500 }),
});

/** An elevator (电梯) of a building, with its inspection dates and the staff member responsible. */
export const elevatorEntity = entity({
  name: 'elevator',
  table: 'property_elevator',
  base: '/system-property/elevator',
  owner: 'tenant',
  permission: 'elevator',
  fields: {
    ...equipmentFields('elevatorCodeRequired'),
    buildingId: buildingRef({ required: 'buildingRequired' }),
    elevatorType: int({ dict: 'elevator_type' }),
    brand: text({ maxLength: 50, search: 'like' }),
    model: text({ maxLength: 50 }),
    installDate: date(),
  },
  unique: [{ fields: ['gardenId', 'code'], message: 'elevatorCodeTaken' }],
  indexes: [['gardenId', 'buildingId']],
  sort: { ascs: ['buildingId', 'code'] },
});

/** A fire hydrant (消防栓) of a garden, with its pressure (MPa, exact) and checks. */
export const hydrantEntity = entity({
  name: 'hydrant',
  table: 'property_hydrant',
  base: '/system-property/hydrant',
  owner: 'tenant',
  permission: 'hydrant',
  fields: {
    ...equipmentFields('hydrantCodeRequired'),
    location: text({ required: 'locationRequired', maxLength: 100, search: 'like' }),
    hydrantType: int({ dict: 'hydrant_type' }),
    pressure: decimal({ invalid: 'pressureInvalid' }),
  },
  unique: [{ fields: ['gardenId', 'code'], message: 'hydrantCodeTaken' }],
  indexes: [['gardenId']],
  sort: { ascs: ['code'] },
});
