import { date, datetime, entity, int, long, text } from '../../define';
import { gardenRef } from '../references';

/** Plans are open (1, tasks are made for them) or closed (0): dictionary open_close. */
export const PLAN_STATUS = { open: 1, closed: 0 } as const;

/** Task states (dictionary patrol_task_status). A task past its end with points unchecked is expired. */
export const TASK_STATUS = { pending: 0, running: 1, done: 2, closed: 3, expired: 4 } as const;

/** Points of a task (dictionary patrol_point_status): waiting, checked, or missed when the task ended first. */
export const TASK_POINT_STATUS = { waiting: 0, checked: 1, missed: 2 } as const;

/** What a check found (dictionary patrol_result). */
export const PATROL_RESULT = { normal: 1, abnormal: 2 } as const;

const STAFF = { from: '/system-property/repair/workers', label: 'realName' } as const;
/** Hours of a plan: HH:mm. */
const HOUR_MINUTE = { maxLength: 5, invalid: 'patrolHoursInvalid' } as const;

/** A patrol point (巡更点位) with its checklist: one item to check per line. */
export const patrolPointEntity = entity({
  name: 'patrolPoint',
  table: 'property_patrol_point',
  base: '/system-property/patrolpoint',
  owner: 'tenant',
  permission: 'patrolpoint',
  fields: {
    gardenId: gardenRef({ required: 'gardenRequired', search: 'equal' }),
    name: text({ required: 'patrolPointNameRequired', maxLength: 50, search: 'like' }),
    code: text({ maxLength: 50, search: 'like' }),
    location: text({ maxLength: 200 }),
    checkItems: text({ maxLength: 2000 }),
    sort: int({ default: 0, validator: 'integer', invalid: 'integerInvalid' }),
  },
  unique: [{ fields: ['gardenId', 'name'], message: 'patrolPointNameTaken' }],
  indexes: [['gardenId']],
  sort: { ascs: ['sort', 'name'] },
});

/**
 * A patrol plan (巡更计划): a route of points (in order), who walks it, every
 * how many days, between which hours, from which date (to which). While open,
 * the scheduled job makes one task per due day; closing it stops that.
 */
export const patrolPlanEntity = entity({
  name: 'patrolPlan',
  table: 'property_patrol_plan',
  base: '/system-property/patrolplan',
  owner: 'tenant',
  permission: 'patrolplan',
  fields: {
    gardenId: gardenRef({ required: 'gardenRequired', search: 'equal' }),
    name: text({ required: 'patrolPlanNameRequired', maxLength: 50, search: 'like' }),
    pointIds: text({
      required: 'patrolRouteRequired',
      maxLength: 2000,
      options: { from: '/system-property/patrolpoint/list', label: 'name', multiple: true, narrowedBy: { field: 'gardenId' } },
    }),
    userId: long({ required: 'patrolUserRequired', options: STAFF }),
    userName: text({ readOnly: true, maxLength: 50 }),
    cycleDays: int({ required: 'patrolCycleRequired', default: 1, validator: 'integer', invalid: 'patrolCycleInvalid' }),
    startTime: text({ required: 'patrolHoursRequired', ...HOUR_MINUTE }),
    endTime: text({ required: 'patrolHoursRequired', ...HOUR_MINUTE }),
    startDate: date({ required: 'startDateRequired' }),
    endDate: date(),
    /** Overrides the common flag: open (1) or closed (0), closed only through close. */
    status: int({ dict: 'open_close', default: PLAN_STATUS.open, readOnly: true, search: 'equal' }),
    closeReason: text({ readOnly: true, maxLength: 500 }),
    remark: text({ maxLength: 500 }),
  },
  indexes: [['gardenId', 'status']],
  sort: { descs: ['createTime'] },
});

/**
 * A patrol task (巡更任务): one walk of a plan's route on one day, made by the
 * scheduled job (never twice for a plan and day). Its counts follow its points.
 */
export const patrolTaskEntity = entity({
  name: 'patrolTask',
  table: 'property_patrol_task',
  base: '/system-property/patroltask',
  owner: 'tenant',
  permission: 'patroltask',
  fields: {
    gardenId: gardenRef({ readOnly: true, search: 'equal' }),
    planId: long({ readOnly: true, search: 'equal', options: { from: '/system-property/patrolplan/list', label: 'name' } }),
    planName: text({ readOnly: true, maxLength: 50, search: 'like' }),
    userId: long({ readOnly: true }),
    userName: text({ readOnly: true, maxLength: 50 }),
    taskDate: date({ readOnly: true }),
    startTime: datetime({ readOnly: true }),
    endTime: datetime({ readOnly: true }),
    status: int({ dict: 'patrol_task_status', default: TASK_STATUS.pending, readOnly: true, search: 'equal' }),
    pointCount: int({ readOnly: true, default: 0 }),
    checkedCount: int({ readOnly: true, default: 0 }),
    missedCount: int({ readOnly: true, default: 0 }),
    remark: text({ maxLength: 500 }),
  },
  unique: [{ fields: ['planId', 'taskDate'], message: 'patrolTaskExists' }],
  indexes: [['gardenId', 'status']],
  sort: { descs: ['taskDate'] },
});

/** A point of a task (巡更任务点位): checked with a result, remarks and photos, or missed. */
export const patrolTaskPointEntity = entity({
  name: 'patrolTaskPoint',
  table: 'property_patrol_task_point',
  base: '/system-property/patroltaskpoints',
  owner: 'tenant',
  permission: 'patroltask',
  fields: {
    taskId: long({ readOnly: true, search: 'equal' }),
    gardenId: long({ readOnly: true }),
    pointId: long({ readOnly: true }),
    pointName: text({ readOnly: true, maxLength: 50 }),
    checkItems: text({ readOnly: true, maxLength: 2000 }),
    sort: int({ readOnly: true, default: 0 }),
    status: int({ dict: 'patrol_point_status', default: TASK_POINT_STATUS.waiting, readOnly: true, search: 'equal' }),
    result: int({ dict: 'patrol_result' }),
    remark: text({ maxLength: 500 }),
    images: text({ maxLength: 2000 }),
    checkTime: datetime({ readOnly: true }),
    checkUserName: text({ readOnly: true, maxLength: 50 }),
  },
  unique: [{ fields: ['taskId', 'pointId'], message: 'patrolTaskPointExists' }],
  sort: { ascs: ['taskId', 'sort'] },
});

/**
 * The patrol records (巡更记录, patrol/list): the points of tasks that were checked or missed, newest first,
 * each with its task's plan, day and walker. A view of the task points for the console's list, not a table:
 * the list call is its only route, and it filters by the task points' own searchable fields (the state).
 */
export const patrolRecordView = entity({
  name: 'patrolRecord',
  table: patrolTaskPointEntity.table,
  base: '/system-property/patrol',
  owner: 'tenant',
  permission: patrolTaskPointEntity.permission,
  routes: ['list'],
  fields: {
    planName: text({ readOnly: true, maxLength: 50 }),
    taskDate: date({ readOnly: true }),
    userName: text({ readOnly: true, maxLength: 50 }),
    pointName: patrolTaskPointEntity.fields.pointName,
    status: patrolTaskPointEntity.fields.status,
    result: { ...patrolTaskPointEntity.fields.result, readOnly: true },
    checkTime: patrolTaskPointEntity.fields.checkTime,
    checkUserName: patrolTaskPointEntity.fields.checkUserName,
    remark: { ...patrolTaskPointEntity.fields.remark, readOnly: true },
  },
});
