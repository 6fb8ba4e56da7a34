import { datetime, entity, int, text, type FieldDef } from '../../define';

/** Where a log line came from; common to the three logs. */
const origin = (): Record<string, FieldDef> => ({
  serviceId: text({ search: 'like' }),
  serverHost: text(),
  serverIp: text(),
  env: text(),
  method: text({ search: 'equal' }),
  requestUri: text({ search: 'like' }),
  userAgent: text(),
  remoteIp: text(),
  methodClass: text(),
  methodName: text(),
  params: text(),
  createBy: text({ search: 'like' }),
  /** The call's request id (the X-Request-Id answer header, the process log's requestId). */
  requestId: text({ search: 'equal' }),
});

const readOnly = ['page', 'list', 'detail'] as const;

export const logUsualEntity = entity({
  name: 'logUsual',
  table: 'blade_log_usual',
  base: '/blade-log/usual',
  owner: 'tenant',
  permission: 'log_usual',
  routes: readOnly,
  fields: { ...origin(), logLevel: text({ search: 'equal' }), logId: text(), logData: text(), time: datetime() },
  sort: { descs: ['createTime'] },
});

export const logApiEntity = entity({
  name: 'logApi',
  table: 'blade_log_api',
  base: '/blade-log/api',
  owner: 'tenant',
  permission: 'log_api',
  routes: readOnly,
  /** `time` is the call's duration in milliseconds. */
  fields: { ...origin(), type: text(), title: text({ search: 'like' }), time: int() },
  sort: { descs: ['createTime'] },
});

export const logErrorEntity = entity({
  name: 'logError',
  table: 'blade_log_error',
  base: '/blade-log/error',
  owner: 'tenant',
  permission: 'log_error',
  routes: readOnly,
  fields: {
    ...origin(),
    stackTrace: text(),
    exceptionName: text({ search: 'like' }),
    message: text({ search: 'like' }),
    lineNumber: int(),
    fileName: text(),
    time: datetime(),
  },
  sort: { descs: ['createTime'] },
});
