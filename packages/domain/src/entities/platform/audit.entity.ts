import { entity, json, long, text } from '../../define';

/** What a change did to its row (dictionary audit_action). */
export const AUDIT_ACTIONS = ['insert', 'update', 'remove'] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/**
 * The audit trail (issue 13): one row per change of one row of any entity,
 * written by the CRUD engine (apps/server/src/platform/crud/audit.ts) in the
 * transaction of the change. Who (createUser, account, userName), when
 * (createTime), from where (remoteIp, requestId), which row (entityName,
 * rowId) and which fields with their values before and after (`changes`:
 * `{ field: { before, after } }`, secrets as ******). Written by the server
 * only; old rows are deleted by the auditRetention job (parameter
 * audit.retentionDays).
 */
export const auditLogEntity = entity({
  name: 'auditLog',
  table: 'blade_audit_log',
  base: '/blade-log/audit',
  owner: 'tenant',
  permission: 'log_audit',
  routes: ['page', 'list', 'detail'],
  audit: false,
  fields: {
    /** The entity definition's name (house, user…). */
    entityName: text({ readOnly: true, maxLength: 64, search: 'equal' }),
    rowId: long({ readOnly: true, search: 'equal' }),
    action: text({ readOnly: true, maxLength: 10, dict: 'audit_action', search: 'equal' }),
    /** `{ field: { before, after } }` of the fields the change touched, keyed as the API names them. */
    changes: json({ readOnly: true }),
    account: text({ readOnly: true, maxLength: 100, search: 'like' }),
    userName: text({ readOnly: true, maxLength: 100 }),
    remoteIp: text({ readOnly: true, maxLength: 64, search: 'equal' }),
    requestId: text({ readOnly: true, maxLength: 64, search: 'equal' }),
  },
  indexes: [['entityName', 'rowId']],
  sort: { descs: ['createTime'] },
});
