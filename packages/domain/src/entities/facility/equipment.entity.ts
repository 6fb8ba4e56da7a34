import { date, decimal, entity, int, long, text } from '../../define';
import { gardenRef } from '../references';

/** Values of the facility_status dictionary shared by elevators and hydrants. */
export const FACILITY_STATUS = { normal: 1, repairing: 2, stopped: 3 } as const;

/** Fields elevators and hydrants share: where, state, inspections and who answers for it. */
const equipmentFields = (what: string) => ({
  gardenId: gardenRef({ required: '请选择小区' }),
  code: text({ required: `请输入${what}编号`, maxLength: 50, search: 'like' }),
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
  label: { zh: '电梯', en: 'Elevator' },
  permission: 'elevator',
  fields: {
    ...equipmentFields('电梯'),
    buildingId: long({ required: '请选择楼栋', options: { from: '/community-resource/building/search', label: 'buildingName' } }),
    elevatorType: int({ dict: 'elevator_type' }),
    brand: text({ maxLength: 50, search: 'like' }),
    model: text({ maxLength: 50 }),
    installDate: date(),
  },
  unique: [{ fields: ['gardenId', 'code'], message: '该小区下电梯编号已存在' }],
  indexes: [['gardenId', 'buildingId']],
  sort: { ascs: ['buildingId', 'code'] },
});

/** A fire hydrant (消防栓) of a garden, with its pressure (MPa, exact) and checks. */
export const hydrantEntity = entity({
  name: 'hydrant',
  table: 'property_hydrant',
  base: '/system-property/hydrant',
  owner: 'tenant',
  label: { zh: '消防栓', en: 'Fire hydrant' },
  permission: 'hydrant',
  fields: {
    ...equipmentFields('消防栓'),
    location: text({ required: '请输入安装位置', maxLength: 100, search: 'like' }),
    hydrantType: int({ dict: 'hydrant_type' }),
    pressure: decimal({ invalid: '水压请输入正确的数值,最多两位小数' }),
  },
  unique: [{ fields: ['gardenId', 'code'], message: '该小区下消防栓编号已存在' }],
  indexes: [['gardenId']],
  sort: { ascs: ['code'] },
});
