/** The audit trail (issue 13): its fields, its name, and the words of the row history drawer. */
export const auditZh = {
  jobKind: '清理审计记录',
  fields: {
    entityName: '数据类型',
    rowId: '数据ID',
    action: '变更类型',
    changes: '变更内容',
    account: '操作账号',
    userName: '操作人',
    remoteIp: '操作IP',
    requestId: '请求ID',
  },
  ui: {
    history: '变更历史',
    historyOf: '{{name}} 的变更历史',
    field: '字段',
    before: '修改前',
    after: '修改后',
    empty: '暂无变更记录',
    by: '操作人',
    at: '操作时间',
    from: '来源IP',
  },
} as const;

/** The audit trail's server messages, spread into errors-zh.ts. */
export const auditErrorsZh = {
  auditPruned: '已清理 {{count}} 条超过 {{days}} 天的审计记录',
  staleUpdate: '该数据已被他人修改,请刷新后重试',
} as const;
