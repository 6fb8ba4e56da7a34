import { datetime, entity, int, long, text } from '../../define';
import { gardenRef, houseRef, ownerRef } from '../references';

/**
 * The states of a repair request (dictionary repair_status). Only the moves
 * in REPAIR_MOVES are legal; each writes a repair log entry.
 */
export const REPAIR_STATUS = {
  registered: 0,
  dispatched: 1,
  accepted: 2,
  rejected: 3,
  working: 4,
  done: 5,
  closed: 6,
} as const;
export type RepairStatus = (typeof REPAIR_STATUS)[keyof typeof REPAIR_STATUS];

/** The steps of a repair: `send` (dispatch) and the moves of `repair/update`, each from the states it may leave. */
export const REPAIR_MOVES = {
  send: { from: [REPAIR_STATUS.registered, REPAIR_STATUS.rejected], to: REPAIR_STATUS.dispatched },
  accept: { from: [REPAIR_STATUS.dispatched], to: REPAIR_STATUS.accepted },
  reject: { from: [REPAIR_STATUS.dispatched], to: REPAIR_STATUS.rejected },
  start: { from: [REPAIR_STATUS.accepted], to: REPAIR_STATUS.working },
  finish: { from: [REPAIR_STATUS.working], to: REPAIR_STATUS.done },
  // Closed after the work, or without handling (a duplicate, a request withdrawn) before anyone took it.
  close: { from: [REPAIR_STATUS.done, REPAIR_STATUS.registered, REPAIR_STATUS.rejected], to: REPAIR_STATUS.closed },
} as const;
export type RepairMove = keyof typeof REPAIR_MOVES;
/** What a log entry records besides the moves: registration, a note, the owner's comment. */
export type RepairLogAction = RepairMove | 'register' | 'note' | 'comment';

/** Where a request came from (dictionary repair_channel). */
export const REPAIR_CHANNEL = { staff: 1, phone: 2, app: 3 } as const;

/**
 * Hours allowed to finish a request, by repair_type (水电 1, 门窗 2, 管道 3,
 * 电梯 4, 公共设施 5, 其他 6): its deadline is the registration time plus these.
 */
export const REPAIR_DEADLINE_HOURS: Readonly<Record<number, number>> = { 1: 24, 2: 72, 3: 24, 4: 4, 5: 72, 6: 72 };
/** Types not in the table (a tenant's own dictionary entry) get this. */
export const DEFAULT_REPAIR_HOURS = 72;

/** Staff the console picks from (departments with their users). */
const STAFF = { from: '/system-property/repair/workers', label: 'realName' } as const;

/** Links of photos: our own stored files only, comma-separated (checked by the server). */
const photos = () => text({ maxLength: 2000 });

/**
 * A repair request (报修). Registered by staff for an owner, by phone, or from
 * the owners' app; its state changes only through send and update (the
 * state machine), never through submit. `deadline` follows from the type;
 * whether it is overdue is worked out on every read, never stored.
 */
export const repairEntity = entity({
  name: 'repair',
  table: 'property_repair',
  base: '/system-property/repair',
  owner: 'tenant',
  permission: 'repair',
  fields: {
    gardenId: gardenRef({ required: 'gardenRequired', search: 'equal' }),
    houseId: houseRef(),
    ownerId: ownerRef(),
    userName: text({ required: 'repairUserNameRequired', maxLength: 50, search: 'like' }),
    userTel: text({ required: 'repairUserTelRequired', validator: 'phone', maxLength: 20, search: 'like' }),
    repairType: int({ required: 'repairTypeRequired', dict: 'repair_type', search: 'equal' }),
    channel: int({ dict: 'repair_channel', default: REPAIR_CHANNEL.staff }),
    content: text({ required: 'repairContentRequired', maxLength: 1000, search: 'like' }),
    address: text({ maxLength: 200 }),
    /** Photos sent with the request. */
    images: photos(),
    /** Overrides the common flag: the repair_status above, changed only by the state machine. */
    status: int({ dict: 'repair_status', default: REPAIR_STATUS.registered, readOnly: true, search: 'equal' }),
    workerId: long({ readOnly: true, options: STAFF }),
    workerName: text({ readOnly: true, maxLength: 50 }),
    deadline: datetime({ readOnly: true }),
    dispatchTime: datetime({ readOnly: true }),
    finishTime: datetime({ readOnly: true }),
    closeTime: datetime({ readOnly: true }),
    /** The owner's latest rating, 1 to 5. */
    score: int({ readOnly: true }),
  },
  indexes: [['gardenId', 'status'], ['workerId']],
  sort: { descs: ['updateTime'] },
});

/**
 * One step of a repair (维修日志): who (create_user, operatorName) did what
 * when, from which state to which. Written by the server on every move; staff
 * add notes with submit. Entries are never changed or removed; photos of a
 * step are repair images pointing at the entry (logId).
 */
export const repairLogEntity = entity({
  name: 'repairLog',
  table: 'property_repair_log',
  base: '/system-property/repairlog',
  owner: 'tenant',
  permission: 'repair',
  fields: {
    repairId: long({ required: 'repairRequired', search: 'equal' }),
    gardenId: long({ readOnly: true }),
    action: text({ readOnly: true, maxLength: 20 }),
    fromStatus: int({ readOnly: true, dict: 'repair_status' }),
    toStatus: int({ readOnly: true, dict: 'repair_status' }),
    remark: text({ required: 'repairLogRemarkRequired', maxLength: 1000 }),
    operatorName: text({ readOnly: true, maxLength: 50 }),
  },
  indexes: [['repairId']],
  // Steps of one second keep the order they were taken in.
  sort: { ascs: ['createTime', 'id'] },
});

/** Photos of a repair (维修图片): before (1) or after (2) the work, each one of our stored files. */
export const repairImageEntity = entity({
  name: 'repairImage',
  table: 'property_repair_image',
  base: '/system-property/repairimages',
  owner: 'tenant',
  permission: 'repair',
  fields: {
    repairId: long({ required: 'repairRequired', search: 'equal' }),
    gardenId: long({ readOnly: true }),
    logId: long({ readOnly: true }),
    kind: int({ dict: 'repair_image_kind', default: 1 }),
    imageUrl: text({ required: 'repairImageRequired', maxLength: 200 }),
  },
  indexes: [['repairId']],
  sort: { ascs: ['createTime'] },
});

/** The owner's comment and rating (1 to 5) of a finished repair (维修评价). */
export const repairCommentEntity = entity({
  name: 'repairComment',
  table: 'property_repair_comment',
  base: '/system-property/repaircomment',
  owner: 'tenant',
  permission: 'repair',
  fields: {
    repairId: long({ required: 'repairRequired', search: 'equal' }),
    gardenId: long({ readOnly: true }),
    score: int({ required: 'repairScoreRequired', invalid: 'repairScoreInvalid' }),
    content: text({ maxLength: 500 }),
    userName: text({ maxLength: 50 }),
  },
  indexes: [['repairId']],
  sort: { descs: ['createTime'] },
});
