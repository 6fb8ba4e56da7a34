import { datetime, date, decimal, entity, int, long, text } from '../../define';
import { gardenRef, houseRef } from '../references';

/** Health-code colours (dictionary health_code): anything but green makes a registration abnormal. */
export const HEALTH_CODE = { green: 1, yellow: 2, red: 3 } as const;

/** Isolation of a registered person (dictionary epidemic_isolation): none, at home, or in a central facility. */
export const ISOLATION = { none: 0, home: 1, central: 2 } as const;

/** The abnormal mark of registrations and family members (dictionary epidemic_abnormal). */
export const ABNORMAL = { normal: 0, abnormal: 1 } as const;

/** Staff on duty at a point or not (dictionary epidemic_staff_status). */
export const STAFF_STATUS = { onDuty: 1, off: 0 } as const;

/** A garden without an enabled configuration judges temperatures by this limit (°C). */
export const DEFAULT_TEMPERATURE_LIMIT = '37.3';
/** Isolation days a new configuration starts with. */
export const DEFAULT_ISOLATION_DAYS = 14;

/** The control points a garden's pickers offer (unpaged, the garden's as a query parameter). */
const POINTS = { from: '/epidemic-control/epidemic-point/list-all', label: 'name', narrowedBy: { field: 'gardenId' } } as const;
/** Opening hours: HH:mm. */
const HOUR_MINUTE = { maxLength: 5, invalid: 'epidemicHoursInvalid' } as const;

/**
 * A control point (防控点位): a checkpoint of a garden (its gate, a lobby, the
 * car park) where people are checked and registered, with who is in charge and
 * its opening hours. Names are unique in a garden.
 */
export const epidemicPointEntity = entity({
  name: 'epidemicPoint',
  table: 'property_epidemic_point',
  base: '/epidemic-control/epidemic-point',
  owner: 'tenant',
  permission: 'epidemicpoint',
  fields: {
    gardenId: gardenRef({ required: 'gardenRequired', search: 'equal' }),
    name: text({ required: 'epidemicPointNameRequired', maxLength: 50, search: 'like' }),
    pointType: int({ dict: 'epidemic_point_type', search: 'equal' }),
    location: text({ maxLength: 200 }),
    chargeName: text({ maxLength: 50, search: 'like' }),
    chargePhone: text({ validator: 'phone', maxLength: 20 }),
    openTime: text(HOUR_MINUTE),
    closeTime: text(HOUR_MINUTE),
    status: int({ dict: 'open_close', default: 1, search: 'equal' }),
    remark: text({ maxLength: 500 }),
  },
  unique: [{ fields: ['gardenId', 'name'], message: 'epidemicPointNameTaken' }],
  indexes: [['gardenId']],
  sort: { ascs: ['name'] },
});

/** Control staff (防控人员): who works at a point, on which duty and shift, on duty or not. */
export const epidemicUserEntity = entity({
  name: 'epidemicUser',
  table: 'property_epidemic_user',
  base: '/epidemic-control/epidemic-user',
  owner: 'tenant',
  permission: 'epidemicuser',
  fields: {
    gardenId: gardenRef({ required: 'gardenRequired', search: 'equal' }),
    // Not a search field: the search form would show a required picker narrowed by the garden as required (and
    // refuse an empty search); the list call still takes epidemicPointId.
    epidemicPointId: long({ required: 'epidemicPointRequired', options: POINTS }),
    name: text({ required: 'nameRequired', maxLength: 50, search: 'like' }),
    phone: text({ required: 'phoneEmpty', validator: 'mobile', maxLength: 20, search: 'like' }),
    duty: int({ required: 'epidemicDutyRequired', dict: 'epidemic_duty', search: 'equal' }),
    shift: int({ dict: 'epidemic_shift', search: 'equal' }),
    status: int({ dict: 'epidemic_staff_status', default: STAFF_STATUS.onDuty, search: 'equal' }),
    remark: text({ maxLength: 500 }),
  },
  indexes: [['gardenId'], ['epidemicPointId']],
  sort: { ascs: ['name'] },
});

/**
 * A health registration (疫情信息): a resident or visitor checked at a point —
 * temperature, health code, where they came from (a region code and its names,
 * kept by the server), travel, isolation — with the household members
 * registered with them (epidemicFamily).
 *
 * The abnormal rule: a registration is abnormal when its temperature is over
 * the limit of its garden's configuration (37.3 °C when the garden has none
 * enabled), when its health code is not green, or when one of its family
 * members is abnormal by the same rule. The server sets `abnormal` on every
 * save and keeps the limit it judged by (`temperatureLimit`): a registration
 * says what the checkpoint decided then, so changing a garden's limit later
 * leaves earlier registrations as they were (a correction of one judges it
 * again, by the limit of the day of the correction).
 */
export const epidemicInfoEntity = entity({
  name: 'epidemicInfo',
  table: 'property_epidemic_info',
  base: '/epidemic-control/epidemic-info',
  owner: 'tenant',
  permission: 'epidemicinfo',
  fields: {
    gardenId: gardenRef({ required: 'gardenRequired', search: 'equal' }),
    name: text({ required: 'nameRequired', maxLength: 50, search: 'like' }),
    phone: text({ required: 'phoneEmpty', validator: 'mobile', maxLength: 20, search: 'like' }),
    abnormal: int({ readOnly: true, dict: 'epidemic_abnormal', default: ABNORMAL.normal, search: 'equal' }),
    temperature: decimal({ required: 'temperatureRequired', validator: 'temperature' }),
    healthCode: int({ dict: 'health_code', search: 'equal' }),
    personType: int({ dict: 'epidemic_person_type', search: 'equal' }),
    houseId: houseRef({}, { field: 'gardenId' }),
    idCard: text({ validator: 'idCard', maxLength: 18, search: 'like' }),
    temperatureLimit: decimal({ readOnly: true }),
    /** The region code chosen through epidemic-region/select (a province or a city). */
    fromRegion: text({ maxLength: 20 }),
    fromRegionName: text({ readOnly: true, maxLength: 100, search: 'like' }),
    travelHistory: text({ maxLength: 500 }),
    isolationType: int({ dict: 'epidemic_isolation', default: ISOLATION.none, search: 'equal' }),
    isolationStart: date(),
    isolationEnd: date(),
    epidemicPointId: long({ search: 'equal', options: POINTS }),
    registerTime: datetime({ search: 'range' }),
    remark: text({ maxLength: 500 }),
  },
  // houseId: a house's removal asks whether a registration names it (modules/epidemic).
  indexes: [['gardenId', 'abnormal'], ['epidemicPointId'], ['houseId']],
  sort: { descs: ['registerTime'] },
});

/**
 * A household member registered with a health registration (epidemic-family),
 * managed from the registration's screen: the registration's garden is
 * theirs, and so is the limit their temperature is judged by.
 */
export const epidemicFamilyEntity = entity({
  name: 'epidemicFamily',
  table: 'property_epidemic_family',
  base: '/epidemic-control/epidemic-family',
  owner: 'tenant',
  permission: 'epidemicinfo',
  fields: {
    epidemicInfoId: long({ required: 'epidemicInfoRequired' }),
    gardenId: long({ readOnly: true }),
    name: text({ required: 'nameRequired', maxLength: 50, search: 'like' }),
    relation: int({ required: 'relationRequired', dict: 'relation_type' }),
    phone: text({ validator: 'mobile', maxLength: 20 }),
    idCard: text({ validator: 'idCard', maxLength: 18 }),
    temperature: decimal({ validator: 'temperature' }),
    healthCode: int({ dict: 'health_code' }),
    abnormal: int({ readOnly: true, dict: 'epidemic_abnormal', default: ABNORMAL.normal, search: 'equal' }),
    remark: text({ maxLength: 500 }),
  },
  indexes: [['epidemicInfoId']],
  sort: { ascs: ['createTime'] },
});

/**
 * A garden's control rules (防控配置), one per garden: the temperature limit the
 * abnormal rule uses, isolation days, whether a health code must be recorded,
 * the entry rule shown to staff. A disabled configuration is not applied (the
 * default limit is, and no health code is required).
 */
export const epidemicConfigEntity = entity({
  name: 'epidemicConfig',
  table: 'property_epidemic_config',
  base: '/epidemic-control/config',
  owner: 'tenant',
  permission: 'epidemicconfig',
  fields: {
    gardenId: gardenRef({ required: 'gardenRequired', search: 'equal' }),
    temperatureLimit: decimal({
      required: 'temperatureLimitRequired',
      default: DEFAULT_TEMPERATURE_LIMIT,
      validator: 'temperature',
      invalid: 'temperatureLimitInvalid',
    }),
    isolationDays: int({
      default: DEFAULT_ISOLATION_DAYS,
      validator: 'integer',
      required: 'isolationDaysInvalid',
      invalid: 'isolationDaysInvalid',
    }),
    healthCodeRequired: int({ dict: 'yes_no', default: 1 }),
    entryRule: text({ maxLength: 1000 }),
    status: int({ dict: 'open_close', default: 1, search: 'equal' }),
  },
  unique: [{ fields: ['gardenId'], message: 'epidemicConfigTaken' }],
  sort: { descs: ['createTime'] },
});
