/**
 * The menu tree of every screen, seeded into blade_menu: groups (category 1
 * menus with children), screens (leaf menus) and their buttons (category 2).
 *
 * Menu and button codes are unique across the whole tree; entity permissions
 * name the leaf codes (`user`, `dept`, ...) and writes need `<code>_add`,
 * `<code>_edit`, `<code>_delete`, reads `<code>` or `<code>_view`.
 * `source` is an Ant Design icon name. A button's path defaults to
 * `<menu path>/<alias>` when the seed inserts it.
 */
export interface ButtonSeed {
  code: string;
  name: string;
  alias: string;
  source?: string;
  /** 1 toolbar, 2 row action, 3 both (dictionary button_func). */
  action: 1 | 2 | 3;
  path?: string;
}

export interface MenuSeed {
  code: string;
  name: string;
  alias?: string;
  path: string;
  /** Ant Design icon name. */
  source: string;
  sort: number;
  /** 1 same tab (default), 2 new window. */
  isOpen?: 1 | 2;
  remark?: string;
  buttons?: ReadonlyArray<ButtonSeed>;
  children?: ReadonlyArray<MenuSeed>;
}

export interface TopMenuSeed {
  code: string;
  name: string;
  source: string;
  sort: number;
  /** Every menu (groups and screens) the top menu shows. */
  menuCodes: ReadonlyArray<string>;
}

type CrudAlias = 'add' | 'edit' | 'delete' | 'view';

const CRUD: ReadonlyArray<{ alias: CrudAlias; name: string; source: string; action: 1 | 2 | 3 }> = [
  { alias: 'add', name: '新增', source: 'PlusOutlined', action: 1 },
  { alias: 'edit', name: '修改', source: 'EditOutlined', action: 2 },
  { alias: 'delete', name: '删除', source: 'DeleteOutlined', action: 3 },
  { alias: 'view', name: '查看', source: 'EyeOutlined', action: 2 },
];

/** Builds the four standard buttons for a menu code: <code>_add 新增 (action 1), <code>_edit 修改 (2), <code>_delete 删除 (3), <code>_view 查看 (2). */
export function crudButtons(code: string, except: ReadonlyArray<CrudAlias> = []): ButtonSeed[] {
  return CRUD.filter((b) => !except.includes(b.alias)).map((b) => ({
    code: `${code}_${b.alias}`,
    name: b.name,
    alias: b.alias,
    source: b.source,
    action: b.action,
  }));
}

/** Only the view button (read-only screens). */
const viewOnly = (code: string): ButtonSeed[] => crudButtons(code, ['add', 'edit', 'delete']);

/** A special button `<menu>_<alias>`. */
const btn = (menu: string, alias: string, name: string, action: 1 | 2 | 3, source?: string): ButtonSeed => ({
  code: `${menu}_${alias}`,
  name,
  alias,
  action,
  ...(source ? { source } : {}),
});

/** A screen. Buttons default to the four CRUD buttons; pass [] for none. */
const screen = (
  code: string,
  name: string,
  path: string,
  source: string,
  sort: number,
  buttons: ReadonlyArray<ButtonSeed> = crudButtons(code),
): MenuSeed => ({
  code,
  name,
  alias: code,
  path,
  source,
  sort,
  ...(buttons.length ? { buttons } : {}),
});

/** A group of screens. */
const group = (
  code: string,
  name: string,
  path: string,
  source: string,
  sort: number,
  children: ReadonlyArray<MenuSeed>,
): MenuSeed => ({
  code,
  name,
  alias: code,
  path,
  source,
  sort,
  children,
});

export const MENUS: ReadonlyArray<MenuSeed> = [
  // ---------------- 工作台 ----------------
  group('desk', '工作台', '/desk', 'DashboardOutlined', 1, [
    screen('dashboard', '统计看板', '/desk/dashboard', 'FundOutlined', 1, []),
  ]),

  // ---------------- 社区资源 ----------------
  group('community', '社区资源', '/resource', 'HomeOutlined', 2, [
    screen('garden', '小区管理', '/resource/garden', 'BankOutlined', 1, [
      ...crudButtons('garden'),
      btn('garden', 'majordomo', '管家配置', 2, 'UserSwitchOutlined'),
    ]),
    screen('building', '楼栋管理', '/resource/building', 'BuildOutlined', 2, [
      ...crudButtons('building'),
      btn('building', 'batch', '批量新增', 1, 'AppstoreAddOutlined'),
    ]),
    screen('unit', '单元管理', '/resource/unit', 'BlockOutlined', 3),
    screen('house', '房屋管理', '/resource/house', 'HomeOutlined', 4, [
      ...crudButtons('house'),
      btn('house', 'bind', '绑定住户', 2, 'LinkOutlined'),
    ]),
    screen('parking', '停车场管理', '/resource/parking', 'CarOutlined', 5),
    screen('parkingspace', '车位管理', '/resource/parkingspace', 'BorderOutlined', 6),
    screen('elevator', '电梯管理', '/resource/elevator', 'ColumnHeightOutlined', 7),
    screen('hydrant', '消防栓管理', '/resource/hydrant', 'FireOutlined', 8),
  ]),

  // ---------------- 住户管理 ----------------
  group('citizen', '住户管理', '/citizen', 'TeamOutlined', 3, [
    screen('owner', '业主管理', '/citizen/owner', 'UserOutlined', 1, [
      ...crudButtons('owner'),
      btn('owner', 'bind', '绑定房屋', 2, 'LinkOutlined'),
    ]),
    screen('family', '家属管理', '/citizen/family', 'UsergroupAddOutlined', 2),
    screen('lessee', '租户管理', '/citizen/lessee', 'SolutionOutlined', 3),
    screen('ownership', '产权管理', '/citizen/ownership', 'ProfileOutlined', 4),
    screen('resident', '居民用户', '/citizen/resident', 'IdcardOutlined', 5),
    screen('car', '车辆管理', '/citizen/car', 'CarOutlined', 6),
    screen('examine', '业主审核', '/citizen/examine', 'AuditOutlined', 7, [
      ...viewOnly('examine'),
      btn('examine', 'audit', '审核', 2, 'CheckCircleOutlined'),
    ]),
  ]),

  // ---------------- 收费管理 ----------------
  // Button codes are the ones the billing routes check (docs/api-conventions.md, "Billing: menus and buttons").
  group('billing', '收费管理', '/billing', 'AccountBookOutlined', 4, [
    screen('paymentitems', '收费项目', '/billing/items', 'TagsOutlined', 1, [
      ...crudButtons('paymentitems'),
      btn('paymentitems', 'import', '导入抄表读数', 1, 'UploadOutlined'),
    ]),
    screen('payformula', '计费公式', '/billing/formula', 'CalculatorOutlined', 2),
    screen('paymentbill', '缴费账单', '/billing/bill', 'FileTextOutlined', 3, [
      ...crudButtons('paymentbill'),
      btn('paymentbill', 'pay', '缴费', 2, 'PayCircleOutlined'),
      btn('paymentbill', 'close', '关闭', 2, 'StopOutlined'),
      btn('paymentbill', 'remind', '短信催缴', 1, 'MessageOutlined'),
      btn('paymentbill', 'import', '导入临时费用', 1, 'UploadOutlined'),
    ]),
    screen('billoverdue', '逾期账单', '/billing/overdue', 'ExclamationCircleOutlined', 4, [
      ...viewOnly('billoverdue'),
      btn('billoverdue', 'remind', '短信催缴', 3, 'MessageOutlined'),
    ]),
    screen('billsettle', '已缴账单', '/billing/settle', 'FileDoneOutlined', 5, [
      ...viewOnly('billsettle'),
      btn('billsettle', 'refund', '退款', 2, 'RollbackOutlined'),
      btn('billsettle', 'print', '打印', 2, 'PrinterOutlined'),
    ]),
    screen('billrefund', '退款账单', '/billing/refund', 'RollbackOutlined', 6, [
      ...crudButtons('billrefund', ['add', 'delete']),
      btn('billrefund', 'add', '退款', 1, 'RollbackOutlined'),
    ]),
    screen('billclosed', '已关闭账单', '/billing/closed', 'StopOutlined', 7, viewOnly('billclosed')),
    screen('paymentorder', '缴费订单', '/billing/order', 'ShoppingCartOutlined', 8, [
      ...crudButtons('paymentorder', ['add']),
      btn('paymentorder', 'print', '打印', 2, 'PrinterOutlined'),
    ]),
    screen('orderprint', '打印记录', '/billing/print', 'PrinterOutlined', 9),
    screen('reducepay', '减免记录', '/billing/reduce', 'PercentageOutlined', 10),
    screen('billlog', '账单日志', '/billing/log', 'HistoryOutlined', 11, crudButtons('billlog', ['add', 'edit'])),
    screen('supplier', '供应商管理', '/billing/supplier', 'ShopOutlined', 12),
    screen('smsuse', '短信记录', '/billing/smsuse', 'MailOutlined', 13, crudButtons('smsuse', ['add'])),
    screen('billstatistics', '收费统计', '/billing/statistics', 'BarChartOutlined', 14, []),
    // 预存款: owners' pre-paid accounts, their top-ups and ledger (paying by balance is the cashier's 缴费).
    screen('prepaidaccount', '预存款', '/billing/prepaid', 'WalletOutlined', 15, [
      ...crudButtons('prepaidaccount', ['edit']),
      btn('prepaidaccount', 'topup', '充值', 2, 'PayCircleOutlined'),
    ]),
  ]),

  // ---------------- 物业服务 ----------------
  group('service', '物业服务', '/service', 'CustomerServiceOutlined', 5, [
    screen('repair', '报修管理', '/service/repair', 'ToolOutlined', 1, [
      ...crudButtons('repair'),
      btn('repair', 'send', '派单', 2, 'SendOutlined'),
    ]),
    // Suggestions and complaints are one list (spec §2.3): view only, answered with 处理.
    screen('feedback', '投诉反馈', '/service/feedback', 'CommentOutlined', 2, [
      ...viewOnly('feedback'),
      btn('feedback', 'handle', '处理', 2, 'CheckCircleOutlined'),
    ]),
    screen('reservation', '预约管理', '/service/reservation', 'CalendarOutlined', 4),
    screen('notice', '小区公告', '/service/notice', 'NotificationOutlined', 5),
    screen('activity', '社区活动', '/service/activity', 'FlagOutlined', 6),
    screen('servicedir', '服务目录', '/service/directory', 'UnorderedListOutlined', 7),
    screen('templatemsg', '消息模板', '/service/templatemsg', 'MailOutlined', 8),
  ]),

  // ---------------- 巡更管理 ----------------
  group('patrol', '巡更管理', '/patrol', 'SafetyCertificateOutlined', 6, [
    screen('patrolplan', '巡更计划', '/patrol/plan', 'ScheduleOutlined', 1, [
      ...crudButtons('patrolplan'),
      btn('patrolplan', 'close', '关闭', 2, 'StopOutlined'),
    ]),
    screen('patrolpoint', '巡更点位', '/patrol/point', 'EnvironmentOutlined', 2),
    // Tasks are made by the patrol job from plans, never added by hand.
    screen('patroltask', '巡更任务', '/patrol/task', 'CarryOutOutlined', 3, [
      ...crudButtons('patroltask', ['add']),
      btn('patroltask', 'close', '关闭', 2, 'StopOutlined'),
    ]),
  ]),

  // ---------------- 会所管理 ----------------
  group('clubhouse', '会所管理', '/club', 'CoffeeOutlined', 7, [
    screen('club', '会所信息', '/club/club', 'ShopOutlined', 1),
    screen('clubcategory', '商品类型', '/club/category', 'AppstoreOutlined', 2),
    screen('clubproduct', '商品管理', '/club/product', 'GiftOutlined', 3),
    screen('clubbalance', '会员钱包', '/club/balance', 'WalletOutlined', 4, [
      ...crudButtons('clubbalance'),
      btn('clubbalance', 'recharge', '充值', 2, 'DollarOutlined'),
    ]),
    screen('clubrecharge', '充值记录', '/club/recharge', 'CreditCardOutlined', 5),
    screen('clubreserve', '会所预约', '/club/reserve', 'FieldTimeOutlined', 6),
    screen('clubconsume', '消费订单', '/club/consume', 'ShoppingOutlined', 7, viewOnly('clubconsume')),
    screen('cashier', '收银台', '/club/cashier', 'CalculatorOutlined', 8, [
      btn('cashier', 'consume', '消费结算', 1, 'PayCircleOutlined'),
    ]),
  ]),

  // ---------------- 疫情防控 ----------------
  group('epidemic', '疫情防控', '/epidemic', 'MedicineBoxOutlined', 8, [
    screen('epidemicinfo', '疫情信息', '/epidemic/info', 'AlertOutlined', 1),
    screen('epidemicpoint', '防控点位', '/epidemic/point', 'AimOutlined', 2),
    screen('epidemicuser', '防控人员', '/epidemic/user', 'UserOutlined', 3),
    screen('epidemicconfig', '防控配置', '/epidemic/config', 'ControlOutlined', 4),
  ]),

  // ---------------- 我的事务 ----------------
  group('work', '我的事务', '/work', 'FormOutlined', 9, [
    screen('work_start', '发起事务', '/work/start', 'PlayCircleOutlined', 1, [
      btn('work_start', 'flow', '发起', 2, 'SendOutlined'),
      btn('work_start', 'image', '流程图', 2, 'PartitionOutlined'),
    ]),
    screen('work_claim', '待签事务', '/work/claim', 'InboxOutlined', 2, [
      btn('work_claim', 'sign', '签收', 2, 'CheckOutlined'),
      btn('work_claim', 'detail', '详情', 2, 'EyeOutlined'),
      btn('work_claim', 'follow', '跟踪', 2, 'PartitionOutlined'),
    ]),
    screen('work_todo', '待办事务', '/work/todo', 'ScheduleOutlined', 3, [
      btn('work_todo', 'handle', '办理', 2, 'EditOutlined'),
      btn('work_todo', 'detail', '详情', 2, 'EyeOutlined'),
      btn('work_todo', 'follow', '跟踪', 2, 'PartitionOutlined'),
    ]),
    screen('work_send', '已发事务', '/work/send', 'SendOutlined', 4, [
      btn('work_send', 'detail', '详情', 2, 'EyeOutlined'),
      btn('work_send', 'follow', '跟踪', 2, 'PartitionOutlined'),
    ]),
    screen('work_done', '办结事务', '/work/done', 'CheckCircleOutlined', 5, [
      btn('work_done', 'detail', '详情', 2, 'EyeOutlined'),
      btn('work_done', 'follow', '跟踪', 2, 'PartitionOutlined'),
    ]),
    screen('leave', '请假流程', '/work/process/leave', 'CalendarOutlined', 6, []),
  ]),

  // ---------------- 流程管理 ----------------
  group('flow', '流程管理', '/flow', 'DeploymentUnitOutlined', 10, [
    screen('model', '模型管理', '/flow/model', 'ApartmentOutlined', 1, [
      ...crudButtons('model'),
      btn('model', 'deploy', '部署', 2, 'CloudUploadOutlined'),
    ]),
    screen('deploy', '流程管理', '/flow/manager', 'NodeIndexOutlined', 2, [
      btn('deploy', 'upload', '部署上传', 1, 'UploadOutlined'),
      btn('deploy', 'state', '变更状态', 2, 'SwapOutlined'),
      btn('deploy', 'image', '流程图', 2, 'PartitionOutlined'),
      btn('deploy', 'delete', '删除', 3, 'DeleteOutlined'),
    ]),
    screen('follow', '流程跟踪', '/flow/follow', 'PartitionOutlined', 3, [
      btn('follow', 'image', '流程图', 2, 'PartitionOutlined'),
      btn('follow', 'delete', '删除', 2, 'DeleteOutlined'),
    ]),
  ]),

  // ---------------- 系统管理 ----------------
  group('system', '系统管理', '/system', 'SettingOutlined', 11, [
    screen('user', '用户管理', '/system/user', 'UserOutlined', 1, [
      ...crudButtons('user'),
      btn('user', 'role', '角色配置', 1, 'UserSwitchOutlined'),
      btn('user', 'reset', '密码重置', 1, 'KeyOutlined'),
      btn('user', 'unlock', '账号解封', 1, 'UnlockOutlined'),
      btn('user', 'platform', '平台配置', 1, 'ControlOutlined'),
    ]),
    screen('dept', '部门管理', '/system/dept', 'ApartmentOutlined', 2),
    screen('post', '岗位管理', '/system/post', 'IdcardOutlined', 3),
    screen('dict', '系统字典', '/system/dict', 'BookOutlined', 4),
    screen('dictbiz', '业务字典', '/system/dictbiz', 'ReadOutlined', 5),
    screen('menu', '菜单管理', '/system/menu', 'MenuOutlined', 6),
    screen('topmenu', '顶部菜单', '/system/topmenu', 'AppstoreOutlined', 7, [
      ...crudButtons('topmenu'),
      btn('topmenu', 'setting', '菜单配置', 2, 'SettingOutlined'),
    ]),
    screen('param', '参数管理', '/system/param', 'ControlOutlined', 8),
    screen('tenant', '租户管理', '/system/tenant', 'ClusterOutlined', 9, [
      ...crudButtons('tenant'),
      btn('tenant', 'setting', '授权配置', 1, 'SettingOutlined'),
      btn('tenant', 'datasource', '数据源配置', 1, 'DatabaseOutlined'),
      btn('tenant', 'package', '产品包配置', 1, 'GiftOutlined'),
    ]),
    screen('tenantpackage', '租户产品包', '/system/tenantpackage', 'GiftOutlined', 10, crudButtons('tenantpackage', ['view'])),
    screen('client', '应用管理', '/system/client', 'ApiOutlined', 11),
    // Runs of the job queue (platform/jobs): the tenant's own, read-only but for cancelling one.
    screen('job_run', '任务运行', '/system/jobrun', 'ScheduleOutlined', 12, [
      ...viewOnly('job_run'),
      btn('job_run', 'cancel', '取消', 2, 'StopOutlined'),
    ]),
    // The audit trail (platform/crud/audit.ts): every change of every row, searchable; read-only.
    screen('log_audit', '操作审计', '/system/audit', 'AuditOutlined', 13, viewOnly('log_audit')),
  ]),

  // ---------------- 权限管理 ----------------
  group('authority', '权限管理', '/authority', 'SafetyOutlined', 12, [
    screen('role', '角色管理', '/authority/role', 'TeamOutlined', 1, [
      ...crudButtons('role'),
      btn('role', 'grant', '权限设置', 1, 'KeyOutlined'),
    ]),
    screen('datascope', '数据权限', '/authority/datascope', 'DatabaseOutlined', 2, [
      ...crudButtons('datascope'),
      btn('datascope', 'setting', '权限配置', 2, 'SettingOutlined'),
    ]),
    screen('apiscope', '接口权限', '/authority/apiscope', 'ApiOutlined', 3, [
      ...crudButtons('apiscope'),
      btn('apiscope', 'setting', '权限配置', 2, 'SettingOutlined'),
    ]),
  ]),

  // ---------------- 基础配置 ----------------
  group('base', '基础配置', '/base', 'GlobalOutlined', 13, [
    screen('region', '行政区划', '/base/region', 'EnvironmentOutlined', 1),
  ]),

  // ---------------- 系统监控 ----------------
  group('monitor', '系统监控', '/monitor', 'MonitorOutlined', 14, [
    group('log', '日志管理', '/monitor/log', 'FileSearchOutlined', 1, [
      screen('log_usual', '通用日志', '/monitor/log/usual', 'FileTextOutlined', 1, viewOnly('log_usual')),
      screen('log_api', '接口日志', '/monitor/log/api', 'ApiOutlined', 2, viewOnly('log_api')),
      screen('log_error', '错误日志', '/monitor/log/error', 'BugOutlined', 3, viewOnly('log_error')),
    ]),
  ]),

  // ---------------- 资源管理 (OSS / SMS / attachments) ----------------
  group('resource', '资源管理', '/resource-center', 'CloudOutlined', 15, [
    screen('oss', '对象存储', '/resource/oss', 'CloudServerOutlined', 1, [
      ...crudButtons('oss'),
      btn('oss', 'enable', '启用', 2, 'CheckCircleOutlined'),
    ]),
    screen('sms', '短信配置', '/resource/sms', 'MessageOutlined', 2, [
      ...crudButtons('sms'),
      btn('sms', 'enable', '启用', 2, 'CheckCircleOutlined'),
    ]),
    screen('attach', '附件管理', '/resource/attach', 'PaperClipOutlined', 3, [
      btn('attach', 'upload', '上传', 1, 'UploadOutlined'),
      btn('attach', 'download', '下载', 2, 'DownloadOutlined'),
      ...crudButtons('attach', ['add', 'edit']),
    ]),
  ]),

  // ---------------- 研发工具 ----------------
  group('develop', '研发工具', '/develop', 'CodeOutlined', 16, [
    screen('code', '代码生成', '/develop/code', 'CodeOutlined', 1, [
      ...crudButtons('code'),
      btn('code', 'gen', '代码生成', 1, 'ThunderboltOutlined'),
      btn('code', 'copy', '复制', 2, 'CopyOutlined'),
    ]),
    screen('devmodel', '数据模型', '/develop/model', 'TableOutlined', 2),
    screen('datasource', '数据源管理', '/develop/datasource', 'DatabaseOutlined', 3),
  ]),

  // ---------------- 报表管理 ----------------
  group('reports', '报表管理', '/report', 'PieChartOutlined', 17, [
    screen('report', '报表列表', '/report/list', 'LineChartOutlined', 1, crudButtons('report', ['add', 'edit'])),
  ]),
];

/** The codes of the named groups and of every menu below them (buttons excluded). */
function subtreeCodes(groupCodes: ReadonlyArray<string>): string[] {
  const out: string[] = [];
  const collect = (menu: MenuSeed): void => {
    out.push(menu.code);
    for (const child of menu.children ?? []) collect(child);
  };
  for (const code of groupCodes) {
    const menu = MENUS.find((m) => m.code === code);
    if (!menu) throw new Error(`Unknown menu group ${code}`);
    collect(menu);
  }
  return out;
}

/**
 * Top menus. A top menu filters the sidebar by the menu ids linked to it, so
 * each lists its groups and every screen below them.
 */
export const TOP_MENUS: ReadonlyArray<TopMenuSeed> = [
  { code: 'workbench', name: '工作台', source: 'DesktopOutlined', sort: 1, menuCodes: subtreeCodes(['desk', 'work']) },
  {
    code: 'property',
    name: '物业管理',
    source: 'HomeOutlined',
    sort: 2,
    menuCodes: subtreeCodes(['community', 'citizen', 'billing', 'service', 'patrol', 'clubhouse', 'epidemic']),
  },
  {
    code: 'platform',
    name: '系统管理',
    source: 'SettingOutlined',
    sort: 3,
    menuCodes: subtreeCodes(['system', 'authority', 'base', 'monitor', 'resource', 'develop', 'flow', 'reports']),
  },
];
