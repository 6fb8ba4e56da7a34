/** The audit trail (issue 13), in English: typed against audit-zh.ts through en.ts. */
export const auditEn = {
  jobKind: 'Audit retention',
  fields: {
    entityName: 'Data type',
    rowId: 'Row id',
    action: 'Change',
    changes: 'Changes',
    account: 'Account',
    userName: 'Operator',
    remoteIp: 'Client IP',
    requestId: 'Request id',
  },
  ui: {
    history: 'History',
    historyOf: 'History of {{name}}',
    field: 'Field',
    before: 'Before',
    after: 'After',
    empty: 'No changes recorded',
    by: 'By',
    at: 'At',
    from: 'From IP',
  },
};

/** The audit trail's server messages, spread into errors-en.ts. */
export const auditErrorsEn = {
  auditPruned: 'Deleted {{count}} audit rows older than {{days}} days',
  staleUpdate: 'Someone else changed this row meanwhile; reload it and try again',
};
