import { datetime, entity, int, long, money, text } from '../../define';
import { gardenRef, houseRef } from '../references';

/** Feedback states (dictionary feedback_status): staff mark a submitted item read (handled) or rejected (ignored). */
export const FEEDBACK_STATUS = { submitted: 0, read: 1, rejected: 2 } as const;

/**
 * Suggestions and complaints (投诉反馈, spec §2.3, §3): sent by owners (the
 * app) or recorded by staff; the console's list is view only. Staff answer
 * one through submit with its id: status 1 or 2 and a reply; nothing else of
 * it changes, and an answered item is final.
 */
export const suggestionEntity = entity({
  name: 'suggestion',
  table: 'property_suggestion',
  base: '/system-property/suggestion',
  owner: 'tenant',
  permission: 'feedback',
  fields: {
    gardenId: gardenRef({ search: 'equal' }),
    type: int({ required: 'feedbackTypeRequired', dict: 'feedback_type', search: 'equal' }),
    title: text({ required: 'feedbackTitleRequired', maxLength: 100, search: 'like' }),
    content: text({ maxLength: 2000 }),
    userName: text({ maxLength: 50, search: 'like' }),
    userTel: text({ validator: 'phone', maxLength: 20, search: 'like' }),
    /** Overrides the common flag: 0 submitted, 1 read (handled), 2 rejected (ignored). */
    status: int({ dict: 'feedback_status', default: FEEDBACK_STATUS.submitted, search: 'equal' }),
    reply: text({ maxLength: 500 }),
    replyTime: datetime({ readOnly: true }),
  },
  indexes: [['gardenId', 'status']],
  sort: { descs: ['updateTime'] },
});

/**
 * The service directory (服务目录, spec §2.3, §3): a tree of the services
 * residents may book, with price and contact. `reservation/tree` answers it.
 */
export const serviceDirectoryEntity = entity({
  name: 'serviceDirectory',
  table: 'property_service_directory',
  base: '/system-property/servicedir',
  owner: 'tenant',
  permission: 'servicedir',
  tree: { parent: 'pid', title: 'name' },
  fields: {
    pid: long({ default: '0', options: { from: '/system-property/servicedir/list', tree: true } }),
    name: text({ required: 'serviceNameRequired', maxLength: 50, search: 'like' }),
    price: money(),
    tel: text({ validator: 'phone', maxLength: 20 }),
    remark: text({ maxLength: 500 }),
  },
  sort: { ascs: ['createTime'] },
});

/** Reservation states (dictionary reservation_status). */
export const RESERVATION_STATUS = { pending: 0, confirmed: 1, done: 2, cancelled: 3 } as const;

/** A booking of a venue or a service of the directory (预约管理), newest first. */
export const reservationEntity = entity({
  name: 'reservation',
  table: 'property_reservation',
  base: '/system-property/reservation',
  owner: 'tenant',
  permission: 'reservation',
  fields: {
    gardenId: gardenRef({ required: 'gardenRequired', search: 'equal' }),
    reservationType: int({ required: 'reservationTypeRequired', dict: 'reservation_type', search: 'equal' }),
    // The directory's tree (servicedir/list, also open to the reservation menu; reservation/tree answers the same).
    serviceId: long({ options: { from: '/system-property/servicedir/list', tree: true } }),
    houseId: houseRef(),
    userName: text({ required: 'reservationUserRequired', maxLength: 50, search: 'like' }),
    userTel: text({ required: 'reservationTelRequired', validator: 'phone', maxLength: 20, search: 'like' }),
    reserveTime: datetime({ required: 'reserveTimeRequired' }),
    content: text({ maxLength: 500 }),
    status: int({ dict: 'reservation_status', default: RESERVATION_STATUS.pending, search: 'equal' }),
    remark: text({ maxLength: 500 }),
  },
  indexes: [['gardenId', 'status']],
  sort: { descs: ['updateTime'] },
});
