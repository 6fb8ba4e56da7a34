/**
 * Dictionaries seeded on first start.
 *
 * SYSTEM_DICTS go to blade_dict (platform-wide, read by every tenant through
 * dict/dictionary?code=). They hold the platform's own enumerations and the
 * property states the product's logic depends on (bill, repair, house and
 * parking-space states, fee and payment types...).
 *
 * BUSINESS_DICTS go to blade_dict_biz for each tenant (dict-biz/dictionary),
 * so a property company can adjust them: categories of houses, cars, repairs,
 * complaints, activities and the like.
 *
 * Keys are always strings; items are listed in display order (sort = position).
 */
import { RESIDENT_TYPES } from '@property/domain';

export interface DictItemSeed {
  key: string;
  value: string;
  remark?: string;
}

export interface DictSeed {
  code: string;
  name: string;
  items: ReadonlyArray<DictItemSeed>;
}

export const SYSTEM_DICTS: ReadonlyArray<DictSeed> = [
  // ---- platform ----
  {
    code: 'sex',
    name: '性别',
    items: [
      { key: '1', value: '男' },
      { key: '2', value: '女' },
      { key: '3', value: '未知' },
    ],
  },
  {
    code: 'yes_no',
    name: '是否',
    items: [
      { key: '0', value: '否' },
      { key: '1', value: '是' },
    ],
  },
  {
    code: 'open_close',
    name: '开关',
    items: [
      { key: '1', value: '开启' },
      { key: '0', value: '关闭' },
    ],
  },
  {
    code: 'status',
    name: '状态',
    items: [
      { key: '1', value: '正常' },
      { key: '0', value: '停用' },
    ],
  },
  {
    code: 'menu_category',
    name: '菜单类型',
    items: [
      { key: '1', value: '菜单' },
      { key: '2', value: '按钮' },
    ],
  },
  {
    code: 'menu_open',
    name: '打开方式',
    items: [
      { key: '1', value: '当前窗口' },
      { key: '2', value: '新窗口' },
    ],
  },
  {
    code: 'button_func',
    name: '按钮功能',
    items: [
      // Menus (category 1) have no button function.
      { key: '0', value: '无' },
      { key: '1', value: '工具栏' },
      { key: '2', value: '操作栏' },
      { key: '3', value: '工具操作栏' },
    ],
  },
  {
    code: 'org_category',
    name: '机构类型',
    items: [
      { key: '1', value: '公司' },
      { key: '2', value: '部门' },
      { key: '3', value: '小组' },
    ],
  },
  {
    code: 'data_scope_type',
    name: '数据权限',
    items: [
      { key: '1', value: '全部可见' },
      { key: '2', value: '本人可见' },
      { key: '3', value: '所在机构可见' },
      { key: '4', value: '所在机构及子级可见' },
      { key: '5', value: '自定义' },
    ],
  },
  {
    code: 'api_scope_type',
    name: '接口权限',
    items: [
      { key: '1', value: '系统接口' },
      { key: '2', value: '业务接口' },
    ],
  },
  {
    code: 'post_category',
    name: '岗位类型',
    items: [
      { key: '1', value: '高层' },
      { key: '2', value: '中层' },
      { key: '3', value: '基层' },
      { key: '4', value: '其他' },
    ],
  },
  {
    code: 'user_type',
    name: '用户平台',
    items: [
      { key: '1', value: 'WEB' },
      { key: '2', value: 'APP' },
      { key: '3', value: 'OTHER' },
    ],
  },
  {
    code: 'oss',
    name: '对象存储',
    items: [
      { key: '1', value: 'minio' },
      { key: '2', value: '七牛云' },
      { key: '3', value: '阿里云' },
      { key: '4', value: '腾讯云' },
    ],
  },
  {
    code: 'sms',
    name: '短信服务',
    items: [
      { key: '1', value: '云片' },
      { key: '2', value: '七牛云' },
      { key: '3', value: '阿里云' },
      { key: '4', value: '腾讯云' },
    ],
  },
  {
    code: 'notice',
    name: '通知类型',
    items: [
      { key: '1', value: '发布通知' },
      { key: '2', value: '批转通知' },
      { key: '3', value: '转发通知' },
      { key: '4', value: '指示通知' },
      { key: '5', value: '任免通知' },
      { key: '6', value: '事务通知' },
    ],
  },
  {
    code: 'flow',
    name: '流程类型',
    items: [
      { key: '1', value: '请假流程', remark: 'leave' },
      { key: '2', value: '报销流程', remark: 'expense' },
    ],
  },
  {
    code: 'region_level',
    name: '区划层级',
    items: [
      { key: '1', value: '省份' },
      { key: '2', value: '地市' },
      { key: '3', value: '区县' },
      { key: '4', value: '乡镇' },
      { key: '5', value: '村委' },
    ],
  },
  // Data sources are PostgreSQL only: the product's own kind of database, the one its code is written for.
  {
    code: 'datasource_driver',
    name: '数据源驱动',
    items: [{ key: 'org.postgresql.Driver', value: 'PostgreSQL' }],
  },
  // A data model's columns (研发工具): the field kinds of the definitions, search modes, form controls.
  {
    code: 'field_kind',
    name: '属性类型',
    items: [
      { key: 'text', value: '文本' },
      { key: 'int', value: '整数' },
      { key: 'long', value: '长整数(编号)' },
      { key: 'money', value: '金额' },
      { key: 'decimal', value: '小数(度量)' },
      { key: 'date', value: '日期' },
      { key: 'datetime', value: '日期时间' },
      { key: 'json', value: 'JSON' },
      { key: 'bytes', value: '二进制' },
    ],
  },
  {
    code: 'query_type',
    name: '查询方式',
    items: [
      { key: 'equal', value: '等于' },
      { key: 'like', value: '模糊' },
      { key: 'range', value: '范围' },
    ],
  },
  {
    code: 'form_control',
    name: '表单控件',
    items: [
      { key: 'input', value: '输入框' },
      { key: 'textarea', value: '多行文本' },
      { key: 'password', value: '密码框' },
      { key: 'number', value: '数字框' },
      { key: 'money', value: '金额框' },
      { key: 'select', value: '下拉选择' },
      { key: 'date', value: '日期' },
      { key: 'datetime', value: '日期时间' },
    ],
  },
  {
    code: 'id_type',
    name: '证件类型',
    items: [
      { key: '1', value: '居民身份证' },
      { key: '2', value: '护照' },
      { key: '3', value: '港澳居民来往内地通行证' },
      { key: '4', value: '台湾居民来往大陆通行证' },
      { key: '5', value: '其他' },
    ],
  },

  // ---- property states and types the product's logic relies on ----
  {
    code: 'owner_type',
    name: '住户类型',
    items: Object.entries(RESIDENT_TYPES).map(([key, value]) => ({ key, value })),
  },
  {
    code: 'house_status',
    name: '房屋状态',
    items: [
      { key: '1', value: '自住' },
      { key: '2', value: '出租' },
      { key: '3', value: '空置' },
      { key: '4', value: '装修中' },
    ],
  },
  {
    code: 'parking_space_status',
    name: '车位状态',
    items: [
      { key: '1', value: '空闲' },
      { key: '2', value: '已出售' },
      { key: '3', value: '已出租' },
      { key: '4', value: '已占用' },
    ],
  },
  {
    code: 'examine_status',
    name: '审核状态',
    items: [
      { key: '0', value: '待审核' },
      { key: '1', value: '审核通过' },
      { key: '2', value: '审核驳回' },
    ],
  },
  {
    code: 'job_state',
    name: '任务状态',
    items: [
      { key: 'queued', value: '排队中' },
      { key: 'running', value: '运行中' },
      { key: 'done', value: '已完成' },
      { key: 'failed', value: '失败' },
      { key: 'cancelled', value: '已取消' },
    ],
  },
  {
    code: 'audit_action',
    name: '变更类型',
    items: [
      { key: 'insert', value: '新增' },
      { key: 'update', value: '修改' },
      { key: 'remove', value: '删除' },
    ],
  },
  {
    code: 'facility_status',
    name: '设施状态',
    items: [
      { key: '1', value: '正常' },
      { key: '2', value: '维修中' },
      { key: '3', value: '停用' },
    ],
  },
  {
    code: 'parking_hold_type',
    name: '车位租售类型',
    items: [
      { key: '1', value: '出售' },
      { key: '2', value: '出租' },
    ],
  },
  {
    code: 'fee_type',
    name: '费用类型',
    items: [
      { key: '1', value: '物业费' },
      { key: '2', value: '水费' },
      { key: '3', value: '电费' },
      { key: '4', value: '煤气费' },
      { key: '5', value: '停车费' },
      { key: '6', value: '租金' },
      { key: '7', value: '其他' },
    ],
  },
  {
    code: 'billing_cycle',
    name: '计费周期',
    items: [
      { key: '1', value: '按月' },
      { key: '2', value: '按季' },
      { key: '3', value: '按半年' },
      { key: '4', value: '按年' },
      { key: '5', value: '一次性' },
    ],
  },
  {
    code: 'formula_type',
    name: '计费方式',
    items: [
      { key: '1', value: '建筑面积×单价+附加' },
      { key: '2', value: '固定金额' },
      { key: '3', value: '套内面积×单价+附加' },
      { key: '4', value: '用量×单价+附加(抄表)' },
      { key: '5', value: '租金(按期递增)' },
      { key: '6', value: '自定义公式' },
      { key: '7', value: '临时金额' },
    ],
  },
  {
    code: 'round_mode',
    name: '取整方式',
    items: [
      { key: '1', value: '四舍五入' },
      { key: '2', value: '进一' },
      { key: '3', value: '舍去' },
    ],
  },
  {
    code: 'bill_action',
    name: '账单操作',
    items: [
      { key: '1', value: '生成' },
      { key: '2', value: '修改' },
      { key: '3', value: '缴费' },
      { key: '4', value: '减免' },
      { key: '5', value: '关闭' },
      { key: '6', value: '退款' },
      { key: '7', value: '催缴' },
      { key: '8', value: '删除' },
    ],
  },
  {
    code: 'bill_line_type',
    name: '账单明细类型',
    items: [
      { key: '1', value: '基础' },
      { key: '2', value: '附加' },
      { key: '3', value: '空置优惠' },
      { key: '4', value: '调整' },
    ],
  },
  {
    code: 'sms_status',
    name: '短信状态',
    items: [
      { key: '1', value: '已记录(未发送)' },
      { key: '2', value: '已发送' },
      { key: '3', value: '发送失败' },
    ],
  },
  {
    code: 'pay_type',
    name: '支付方式',
    items: [
      { key: '1', value: '现金' },
      { key: '2', value: '刷卡' },
      { key: '3', value: '转账' },
      { key: '4', value: '线上' },
      { key: '5', value: '余额' },
    ],
  },
  {
    code: 'bill_status',
    name: '账单状态',
    items: [
      { key: '1', value: '未缴费' },
      { key: '2', value: '已缴费' },
      { key: '3', value: '已关闭' },
      { key: '4', value: '已退款' },
    ],
  },
  {
    code: 'order_status',
    name: '订单状态',
    items: [
      { key: '0', value: '待支付' },
      { key: '1', value: '已支付' },
      { key: '2', value: '已退款' },
      { key: '3', value: '已取消' },
    ],
  },
  {
    code: 'prepaid_kind',
    name: '预存款流水类型',
    items: [
      { key: '1', value: '充值' },
      { key: '2', value: '缴费扣款' },
      { key: '3', value: '退款退回' },
    ],
  },
  {
    code: 'repair_status',
    name: '报修状态',
    items: [
      { key: '0', value: '待派单' },
      { key: '1', value: '已派单' },
      { key: '2', value: '已接单' },
      { key: '3', value: '已拒单' },
      { key: '4', value: '维修中' },
      { key: '5', value: '已完成' },
      { key: '6', value: '已关闭' },
    ],
  },
  {
    code: 'repair_channel',
    name: '报修渠道',
    items: [
      { key: '1', value: '物业代报' },
      { key: '2', value: '电话报修' },
      { key: '3', value: '业主APP' },
    ],
  },
  {
    code: 'repair_image_kind',
    name: '维修图片类型',
    items: [
      { key: '1', value: '维修前' },
      { key: '2', value: '维修后' },
    ],
  },
  {
    code: 'feedback_status',
    name: '反馈状态',
    items: [
      { key: '0', value: '已提交' },
      { key: '1', value: '已处理' },
      { key: '2', value: '已忽略' },
    ],
  },
  {
    code: 'reservation_status',
    name: '预约状态',
    items: [
      { key: '0', value: '待确认' },
      { key: '1', value: '已确认' },
      { key: '2', value: '已完成' },
      { key: '3', value: '已取消' },
    ],
  },
  {
    code: 'patrol_task_status',
    name: '巡更任务状态',
    items: [
      { key: '0', value: '未开始' },
      { key: '1', value: '进行中' },
      { key: '2', value: '已完成' },
      { key: '3', value: '已关闭' },
      { key: '4', value: '已过期' },
    ],
  },
  {
    code: 'patrol_point_status',
    name: '巡检状态',
    items: [
      { key: '0', value: '待巡检' },
      { key: '1', value: '已巡检' },
      { key: '2', value: '漏巡' },
    ],
  },
  {
    code: 'patrol_result',
    name: '巡检结果',
    items: [
      { key: '1', value: '正常' },
      { key: '2', value: '异常' },
    ],
  },
  {
    code: 'club_product_type',
    name: '会所商品类型',
    items: [
      { key: 'goods', value: '商品' },
      { key: 'hall', value: '场馆', remark: '按半小时计数,显示为 数量×0.5 小时' },
    ],
  },
  {
    code: 'epidemic_risk',
    name: '风险等级',
    items: [
      { key: '1', value: '低风险' },
      { key: '2', value: '中风险' },
      { key: '3', value: '高风险' },
    ],
  },
  {
    code: 'health_status',
    name: '健康状态',
    items: [
      { key: '1', value: '正常' },
      { key: '2', value: '发热' },
      { key: '3', value: '居家隔离' },
      { key: '4', value: '集中隔离' },
    ],
  },
  {
    code: 'health_code',
    name: '健康码',
    items: [
      { key: '1', value: '绿码' },
      { key: '2', value: '黄码' },
      { key: '3', value: '红码' },
    ],
  },
  {
    code: 'epidemic_isolation',
    name: '隔离方式',
    items: [
      { key: '0', value: '无需隔离' },
      { key: '1', value: '居家隔离' },
      { key: '2', value: '集中隔离' },
    ],
  },
  {
    code: 'epidemic_abnormal',
    name: '疫情异常标记',
    items: [
      { key: '0', value: '正常' },
      { key: '1', value: '异常', remark: '体温超过小区体温上限,或健康码不是绿码,或同住家属异常' },
    ],
  },
  {
    code: 'epidemic_staff_status',
    name: '防控人员在岗状态',
    items: [
      { key: '1', value: '在岗' },
      { key: '0', value: '离岗' },
    ],
  },
  {
    code: 'report_kind',
    name: '报表类型',
    items: [{ key: 'billStatistics', value: '收费统计' }],
  },
];

export const BUSINESS_DICTS: ReadonlyArray<DictSeed> = [
  {
    code: 'epidemic_point_type',
    name: '防控点位类型',
    items: [
      { key: '1', value: '小区出入口' },
      { key: '2', value: '楼栋大堂' },
      { key: '3', value: '地下车库' },
      { key: '4', value: '其他' },
    ],
  },
  {
    code: 'epidemic_duty',
    name: '防控岗位职责',
    items: [
      { key: '1', value: '测温' },
      { key: '2', value: '登记' },
      { key: '3', value: '消杀' },
      { key: '4', value: '巡查' },
      { key: '5', value: '其他' },
    ],
  },
  {
    code: 'epidemic_shift',
    name: '防控班次',
    items: [
      { key: '1', value: '早班' },
      { key: '2', value: '中班' },
      { key: '3', value: '晚班' },
      { key: '4', value: '全天' },
    ],
  },
  {
    code: 'epidemic_person_type',
    name: '登记人员类型',
    items: [
      { key: '1', value: '住户' },
      { key: '2', value: '访客' },
      { key: '3', value: '其他' },
    ],
  },
  {
    code: 'house_type',
    name: '房屋类型',
    items: [
      { key: '1', value: '住宅' },
      { key: '2', value: '公寓' },
      { key: '3', value: '别墅' },
      { key: '4', value: '商铺' },
      { key: '5', value: '办公' },
      { key: '6', value: '车库' },
      { key: '7', value: '储藏室' },
    ],
  },
  {
    code: 'house_orientation',
    name: '房屋朝向',
    items: [
      { key: '1', value: '东' },
      { key: '2', value: '南' },
      { key: '3', value: '西' },
      { key: '4', value: '北' },
      { key: '5', value: '东南' },
      { key: '6', value: '东北' },
      { key: '7', value: '西南' },
      { key: '8', value: '西北' },
      { key: '9', value: '南北通透' },
    ],
  },
  {
    code: 'decoration_type',
    name: '装修情况',
    items: [
      { key: '1', value: '毛坯' },
      { key: '2', value: '简装' },
      { key: '3', value: '精装' },
    ],
  },
  {
    code: 'building_type',
    name: '楼栋类型',
    items: [
      { key: '1', value: '高层' },
      { key: '2', value: '小高层' },
      { key: '3', value: '多层' },
      { key: '4', value: '别墅' },
      { key: '5', value: '商业' },
    ],
  },
  {
    code: 'car_type',
    name: '车辆类型',
    items: [
      { key: '1', value: '小型汽车' },
      { key: '2', value: '大型汽车' },
      { key: '3', value: '新能源汽车' },
      { key: '4', value: '摩托车' },
      { key: '5', value: '其他' },
    ],
  },
  {
    code: 'parking_type',
    name: '停车场类型',
    items: [
      { key: '1', value: '地面停车场' },
      { key: '2', value: '地下停车场' },
      { key: '3', value: '立体车库' },
    ],
  },
  {
    code: 'parking_space_type',
    name: '车位类型',
    items: [
      { key: '1', value: '产权车位' },
      { key: '2', value: '人防车位' },
      { key: '3', value: '临时车位' },
      { key: '4', value: '充电车位' },
    ],
  },
  {
    code: 'relation_type',
    name: '家属关系',
    items: [
      { key: '1', value: '配偶' },
      { key: '2', value: '子女' },
      { key: '3', value: '父母' },
      { key: '4', value: '兄弟姐妹' },
      { key: '5', value: '其他亲属' },
      { key: '6', value: '其他' },
    ],
  },
  {
    code: 'repair_type',
    name: '报修类型',
    items: [
      { key: '1', value: '水电维修' },
      { key: '2', value: '门窗维修' },
      { key: '3', value: '管道疏通' },
      { key: '4', value: '电梯故障' },
      { key: '5', value: '公共设施' },
      { key: '6', value: '其他' },
    ],
  },
  {
    code: 'feedback_type',
    name: '投诉建议类型',
    items: [
      { key: '1', value: '投诉' },
      { key: '2', value: '建议' },
      { key: '3', value: '表扬' },
      { key: '4', value: '咨询' },
    ],
  },
  {
    code: 'suggestion_type',
    name: '意见分类',
    items: [
      { key: '1', value: '环境卫生' },
      { key: '2', value: '安全秩序' },
      { key: '3', value: '设施设备' },
      { key: '4', value: '服务态度' },
      { key: '5', value: '其他' },
    ],
  },
  {
    code: 'reservation_type',
    name: '预约类型',
    items: [
      { key: '1', value: '上门维修' },
      { key: '2', value: '装修申请' },
      { key: '3', value: '场地预约' },
      { key: '4', value: '访客登记' },
    ],
  },
  {
    code: 'activity_type',
    name: '活动类型',
    items: [
      { key: '1', value: '节日活动' },
      { key: '2', value: '亲子活动' },
      { key: '3', value: '文体活动' },
      { key: '4', value: '公益活动' },
      { key: '5', value: '其他' },
    ],
  },
  {
    code: 'elevator_type',
    name: '电梯类型',
    items: [
      { key: '1', value: '乘客电梯' },
      { key: '2', value: '载货电梯' },
      { key: '3', value: '消防电梯' },
      { key: '4', value: '自动扶梯' },
    ],
  },
  {
    code: 'hydrant_type',
    name: '消防栓类型',
    items: [
      { key: '1', value: '室内消火栓' },
      { key: '2', value: '室外地上消火栓' },
      { key: '3', value: '室外地下消火栓' },
    ],
  },
  {
    code: 'supplier_type',
    name: '供应商类型',
    items: [
      { key: '1', value: '保洁' },
      { key: '2', value: '绿化' },
      { key: '3', value: '安保' },
      { key: '4', value: '维修' },
      { key: '5', value: '物资' },
    ],
  },
];
