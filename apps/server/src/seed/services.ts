import { randomBytes } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import { FEEDBACK_STATUS, REPAIR_STATUS, RESERVATION_STATUS, TASK_POINT_STATUS } from '@property/domain';
import { sql } from 'kysely';
import type { Db } from '../platform/db/database';
import { FILE_ROUTE } from '../platform/storage/index';
import { makeTask } from '../modules/patrol/task-generation';
import { deadlineHours } from '../modules/service/repair-flow';

/** A PNG of one colour (covers of the demo notices), made here so the seed needs no file. */
export function solidPng(width: number, height: number, [r, g, b]: [number, number, number]): Buffer {
  const chunk = (type: string, body: Buffer) => {
    const head = Buffer.alloc(4);
    head.writeUInt32BE(body.length);
    const typed = Buffer.concat([Buffer.from(type, 'latin1'), body]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(typed));
    return Buffer.concat([head, typed, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3).fill(Buffer.from([r, g, b]))]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: height }, () => row)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Stores a demo image in the database storage (seen by every instance) and answers its public link. */
export async function storeImage(db: Db, tenantId: string, name: string, bytes: Buffer): Promise<string> {
  const stored = `${randomBytes(16).toString('hex')}.png`;
  const link = `${FILE_ROUTE}/${stored}`;
  await sql`insert into blade_attach (tenant_id, name, original_name, extension, content_type, attach_size, link, domain,
      storage, is_public) values (${tenantId}, ${stored}, ${name}, 'png', 'image/png', ${bytes.length}, ${link}, '', 'database', 1)`.execute(
    db,
  );
  await sql`insert into blade_attach_blob (name, content) values (${stored}, ${bytes})`.execute(db);
  return link;
}

const REPAIRS = [
  { userName: '王建国', userTel: '13800138101', repairType: 1, content: '厨房水龙头漏水', status: REPAIR_STATUS.registered },
  { userName: '李秀英', userTel: '13800138102', repairType: 2, content: '卧室窗户关不严', status: REPAIR_STATUS.dispatched },
  { userName: '张伟', userTel: '13800138103', repairType: 3, content: '卫生间下水道堵塞', status: REPAIR_STATUS.working },
  { userName: '刘洋', userTel: '13800138104', repairType: 4, content: '2号电梯异响', status: REPAIR_STATUS.done },
  { userName: '陈静', userTel: '13800138105', repairType: 5, content: '小区路灯不亮', status: REPAIR_STATUS.closed },
  { userName: '杨帆', userTel: '010-62345678', repairType: 6, content: '门禁卡失灵', status: REPAIR_STATUS.rejected },
] as const;

/** The log a repair in each state has behind it. */
const STEPS: Record<number, Array<[string, number | null, number]>> = {
  [REPAIR_STATUS.registered]: [['register', null, 0]],
  [REPAIR_STATUS.dispatched]: [
    ['register', null, 0],
    ['send', 0, 1],
  ],
  [REPAIR_STATUS.rejected]: [
    ['register', null, 0],
    ['send', 0, 1],
    ['reject', 1, 3],
  ],
  [REPAIR_STATUS.working]: [
    ['register', null, 0],
    ['send', 0, 1],
    ['accept', 1, 2],
    ['start', 2, 4],
  ],
  [REPAIR_STATUS.done]: [
    ['register', null, 0],
    ['send', 0, 1],
    ['accept', 1, 2],
    ['start', 2, 4],
    ['finish', 4, 5],
  ],
  [REPAIR_STATUS.closed]: [
    ['register', null, 0],
    ['send', 0, 1],
    ['accept', 1, 2],
    ['start', 2, 4],
    ['finish', 4, 5],
    ['close', 5, 6],
  ],
};
const STEP_WORDS: Record<string, string> = {
  register: '业主来电报修',
  send: '已派单给维修人员',
  accept: '已接单,预约上门时间',
  reject: '缺少配件,暂无法处理',
  start: '已上门维修',
  finish: '维修完成,业主确认',
  close: '回访满意,关闭工单',
};

/**
 * Demo services and patrols for the demo tenant: repairs in every state with
 * their logs (two of them past their deadline), feedback in each status,
 * reservations, the service directory, notices and activities with covers,
 * message templates, patrol points, a daily plan per garden and today's
 * tasks. Idempotent: a tenant that ever had a repair is left alone.
 */
export async function seedDemoServices(db: Db, tenantId: string): Promise<void> {
  const had = await sql`select 1 from property_repair where tenant_id = ${tenantId} limit 1`.execute(db);
  const gardens = await sql<{ id: string; garden_name: string }>`select id, garden_name from property_garden
    where tenant_id = ${tenantId} and is_deleted = 0 order by sort, id`.execute(db);
  if (had.rows.length > 0 || gardens.rows.length === 0) return;
  const staff = await sql<{ id: string; real_name: string }>`select id, real_name from blade_user
    where tenant_id = ${tenantId} and is_deleted = 0 order by id limit 1`.execute(db);
  const worker = staff.rows[0];
  for (const [g, garden] of gardens.rows.entries()) {
    await seedRepairs(db, tenantId, garden.id, worker, g);
    await seedPatrol(db, tenantId, garden, worker);
  }
  await seedFeedback(db, tenantId, gardens.rows[0]!.id);
  await seedDirectoryAndReservations(db, tenantId, gardens.rows[0]!.id);
  await seedPublications(db, tenantId, gardens.rows[0]!.id);
  await seedTemplates(db, tenantId, gardens.rows[0]!.id);
}

async function seedRepairs(
  db: Db,
  tenantId: string,
  gardenId: string,
  worker: { id: string; real_name: string } | undefined,
  g: number,
) {
  for (const [i, r] of REPAIRS.entries()) {
    // Spread over the last days; the first two are registered long enough ago to be past their deadline.
    const hoursAgo = i < 2 && g === 0 ? 96 : i * 3 + 1;
    const steps = STEPS[r.status]!;
    const dispatched = r.status !== REPAIR_STATUS.registered;
    const made = await sql<{ id: string }>`insert into property_repair (tenant_id, garden_id, user_name, user_tel, repair_type,
        channel, content, status, worker_id, worker_name, create_time, update_time, deadline, dispatch_time, finish_time,
        close_time, score)
      values (${tenantId}, ${gardenId}, ${r.userName}, ${r.userTel}, ${r.repairType}, ${(i % 3) + 1}, ${r.content}, ${r.status},
        ${dispatched ? (worker?.id ?? null) : null}, ${dispatched ? (worker?.real_name ?? null) : null},
        localtimestamp(0) - make_interval(hours => ${hoursAgo}), localtimestamp(0) - make_interval(hours => ${hoursAgo}),
        localtimestamp(0) - make_interval(hours => ${hoursAgo}) + make_interval(hours => ${deadlineHours(r.repairType)}),
        ${dispatched ? sql`localtimestamp(0) - make_interval(hours => ${hoursAgo})` : null},
        ${r.status >= REPAIR_STATUS.done && r.status !== REPAIR_STATUS.rejected ? sql`localtimestamp(0)` : null},
        ${r.status === REPAIR_STATUS.closed ? sql`localtimestamp(0)` : null},
        ${r.status === REPAIR_STATUS.closed ? 5 : null})
      returning id`.execute(db);
    const repairId = made.rows[0]!.id;
    for (const [action, from, to] of steps) {
      await sql`insert into property_repair_log (tenant_id, repair_id, garden_id, action, from_status, to_status, remark,
          operator_name, create_time)
        values (${tenantId}, ${repairId}, ${gardenId}, ${action}, ${from}, ${to}, ${STEP_WORDS[action]!},
          ${worker?.real_name ?? null}, localtimestamp(0) - make_interval(hours => ${hoursAgo}))`.execute(db);
    }
    if (r.status === REPAIR_STATUS.closed) {
      await sql`insert into property_repair_comment (tenant_id, repair_id, garden_id, score, content, user_name)
        values (${tenantId}, ${repairId}, ${gardenId}, 5, '师傅很专业,处理及时', ${r.userName})`.execute(db);
    }
  }
}

async function seedFeedback(db: Db, tenantId: string, gardenId: string) {
  const items = [
    [1, '夜间施工噪音扰民', '隔壁楼栋装修晚上十点后还在施工', '周女士', '13900139101', FEEDBACK_STATUS.submitted, null],
    [2, '建议增设快递柜', '小区东门附近快递堆放较乱', '吴先生', '13900139102', FEEDBACK_STATUS.read, '已联系快递柜厂家,下月安装'],
    [3, '保安服务热情', '感谢夜班保安帮忙搬运物品', '郑女士', '13900139103', FEEDBACK_STATUS.read, '感谢您的认可'],
    [4, '咨询停车月卡办理', '如何办理地下车库月卡', '孙先生', '13900139104', FEEDBACK_STATUS.submitted, null],
    [1, '重复投诉测试', '内容重复', '钱先生', '13900139105', FEEDBACK_STATUS.rejected, '与前一条投诉重复,已合并处理'],
  ] as const;
  for (const [type, title, content, userName, userTel, status, reply] of items) {
    await sql`insert into property_suggestion (tenant_id, garden_id, type, title, content, user_name, user_tel, status, reply,
        reply_time)
      values (${tenantId}, ${gardenId}, ${type}, ${title}, ${content}, ${userName}, ${userTel}, ${status}, ${reply},
        ${reply ? sql`localtimestamp(0)` : null})`.execute(db);
  }
}

async function seedDirectoryAndReservations(db: Db, tenantId: string, gardenId: string) {
  const tree: Array<[string, string, Array<[string, string]>]> = [
    [
      '家政服务',
      '010-62001001',
      [
        ['日常保洁', '80.00'],
        ['深度保洁', '200.00'],
      ],
    ],
    [
      '维修服务',
      '010-62001002',
      [
        ['水电维修', '50.00'],
        ['管道疏通', '100.00'],
      ],
    ],
    ['搬家服务', '010-62001003', []],
  ];
  let firstService: string | undefined;
  for (const [name, tel, children] of tree) {
    const parent = await sql<{ id: string }>`insert into property_service_directory (tenant_id, pid, name, tel)
      values (${tenantId}, 0, ${name}, ${tel}) returning id`.execute(db);
    for (const [child, price] of children) {
      const made = await sql<{ id: string }>`insert into property_service_directory (tenant_id, pid, name, price, tel)
        values (${tenantId}, ${parent.rows[0]!.id}, ${child}, ${price}, ${tel}) returning id`.execute(db);
      firstService ??= made.rows[0]!.id;
    }
  }
  const bookings = [
    [1, '何先生', '13700137101', 1, RESERVATION_STATUS.pending],
    [2, '林女士', '13700137102', 2, RESERVATION_STATUS.confirmed],
    [3, '高先生', '13700137103', 3, RESERVATION_STATUS.done],
    [4, '罗女士', '13700137104', 4, RESERVATION_STATUS.cancelled],
  ] as const;
  for (const [type, userName, userTel, days, status] of bookings) {
    await sql`insert into property_reservation (tenant_id, garden_id, reservation_type, service_id, user_name, user_tel,
        reserve_time, content, status)
      values (${tenantId}, ${gardenId}, ${type}, ${type === 1 ? (firstService ?? null) : null}, ${userName}, ${userTel},
        localtimestamp(0) + make_interval(days => ${days}), '请提前电话联系', ${status})`.execute(db);
  }
}

async function seedPublications(db: Db, tenantId: string, gardenId: string) {
  const colours: Array<[number, number, number]> = [
    [22, 119, 255],
    [82, 196, 26],
    [250, 140, 22],
  ];
  const notices = [
    ['关于小区停水的通知', '<p>因市政管网维修,<strong>本周六 8:00-16:00</strong> 全小区停水,请提前储水。</p>'],
    ['电梯年检公告', '<p>各楼栋电梯将于下周进行年度检验,检验期间请走楼梯。</p>'],
    ['垃圾分类宣传', '<p>请按照<em>可回收物、有害垃圾、厨余垃圾、其他垃圾</em>分类投放。</p>'],
  ];
  for (const [i, [title, content]] of notices.entries()) {
    const cover = await storeImage(db, tenantId, `公告封面${i + 1}.png`, solidPng(320, 180, colours[i]!));
    await sql`insert into property_notice (tenant_id, garden_id, title, img_url, content, status, create_time)
      values (${tenantId}, ${gardenId}, ${title}, ${cover}, ${content}, 1, localtimestamp(0) - make_interval(days => ${i}))`.execute(
      db,
    );
  }
  const activities = [
    ['中秋游园会', '<p>猜灯谜、做月饼,欢迎全家参加。</p>', 1, '中心花园'],
    ['亲子绘画比赛', '<p>3-12 岁儿童均可报名。</p>', 2, '会所二楼'],
  ] as const;
  for (const [i, [title, content, type, address]] of activities.entries()) {
    const cover = await storeImage(db, tenantId, `活动封面${i + 1}.png`, solidPng(320, 180, colours[(i + 1) % 3]!));
    await sql`insert into property_community_activity (tenant_id, garden_id, title, img_url, content, status, activity_type,
        address, start_time, end_time)
      values (${tenantId}, ${gardenId}, ${title}, ${cover}, ${content}, 1, ${type}, ${address},
        localtimestamp(0) + make_interval(days => ${7 + i * 7}), localtimestamp(0) + make_interval(days => ${7 + i * 7}, hours => 3))`.execute(
      db,
    );
  }
}

async function seedTemplates(db: Db, tenantId: string, gardenId: string) {
  const templates = [
    ['PAY_REMIND', '缴费提醒', '{{name}}您好,您的{{item}}账单{{amount}}元将于{{date}}到期,请及时缴纳。'],
    ['REPAIR_DONE', '报修完成通知', '{{name}}您好,您报修的“{{content}}”已处理完成,欢迎评价。'],
    ['NOTICE', '公告通知', '{{name}}您好,小区发布了新公告:{{title}}。'],
  ];
  let first: string | undefined;
  for (const [code, name, content] of templates) {
    const made = await sql<{ id: string }>`insert into property_template_msg (tenant_id, code, name, content)
      values (${tenantId}, ${code}, ${name}, ${content}) returning id`.execute(db);
    first ??= made.rows[0]!.id;
  }
  await sql`insert into property_proper_template_msg (tenant_id, garden_id, template_id, title, content)
    values (${tenantId}, ${gardenId}, ${first}, ${templates[0]![1]}, ${templates[0]![2]})`.execute(db);
}

async function seedPatrol(
  db: Db,
  tenantId: string,
  garden: { id: string; garden_name: string },
  worker: { id: string; real_name: string } | undefined,
) {
  const points = [
    ['东门岗亭', 'P-01', '东门入口', '门禁是否正常\n监控是否在线'],
    ['地下车库', 'P-02', 'B1 层', '照明是否正常\n消防通道是否畅通'],
    ['配电房', 'P-03', '3栋北侧', '温度是否正常\n门锁是否完好'],
    ['中心花园', 'P-04', '小区中央', '设施有无损坏\n有无可疑人员'],
  ];
  const ids: string[] = [];
  for (const [i, [name, code, location, items]] of points.entries()) {
    const made = await sql<{ id: string }>`insert into property_patrol_point (tenant_id, garden_id, name, code, location,
        check_items, sort) values (${tenantId}, ${garden.id}, ${name}, ${code}, ${location}, ${items}, ${i + 1}) returning id`.execute(
      db,
    );
    ids.push(made.rows[0]!.id);
  }
  const plan = await sql<{ id: string }>`insert into property_patrol_plan (tenant_id, garden_id, name, point_ids, user_id,
      user_name, cycle_days, start_time, end_time, start_date, status)
    values (${tenantId}, ${garden.id}, ${`${garden.garden_name}日常巡更`}, ${ids.join(',')}, ${worker?.id ?? null},
      ${worker?.real_name ?? null}, 1, '00:00', '23:59', current_date - 1, 1) returning id`.execute(db);
  // Yesterday's walk, half done and expired (its other points missed), and today's, waiting.
  const yesterday = (await sql<{ d: string }>`select (current_date - 1)::text as d`.execute(db)).rows[0]!.d;
  await makeTask(db, plan.rows[0]!.id, yesterday);
  await makeTask(db, plan.rows[0]!.id);
  await sql`update property_patrol_task_point p set status = case when p.sort <= 2 then ${TASK_POINT_STATUS.checked}::int
      else ${TASK_POINT_STATUS.missed}::int end, result = case when p.sort <= 2 then 1 end,
      check_time = case when p.sort <= 2 then t.start_time + interval '9 hours' end, check_user_name = t.user_name
    from property_patrol_task t where t.id = p.task_id and t.plan_id = ${plan.rows[0]!.id} and t.task_date = ${yesterday}::date`.execute(
    db,
  );
  await sql`update property_patrol_task t set status = 4,
      checked_count = (select count(*) from property_patrol_task_point p where p.task_id = t.id and p.status = 1),
      missed_count = (select count(*) from property_patrol_task_point p where p.task_id = t.id and p.status = 2)
    where t.plan_id = ${plan.rows[0]!.id} and t.task_date = ${yesterday}::date`.execute(db);
}
