import { CLUB_PRODUCT_TYPE } from '@property/domain';
import { sql } from 'kysely';
import type { Db } from '../platform/db/database';
import { consume, recharge } from '../modules/club/wallet';
import { seedAdminContext } from './community';
import { solidPng, storeImage } from './services';

const CLUBS = [
  {
    name: '阳光会所',
    subhead: '健身 · 棋牌 · 羽毛球',
    tel: '0755-86001234',
    spec: '两层共1200平米,羽毛球场2片,乒乓球室1间,棋牌室4间',
  },
  { name: '翠湖会所', subhead: '茶室 · 阅览', tel: '0755-86005678', spec: '一层600平米,茶室与阅览室各1间' },
];
const CATEGORIES = [
  { name: '场馆', sort: 3 },
  { name: '饮品', sort: 2 },
  { name: '小食', sort: 1 },
];
const PRODUCTS = [
  { name: '羽毛球场', category: '场馆', price: '60', type: CLUB_PRODUCT_TYPE.hall, colour: [64, 158, 255] },
  { name: '乒乓球室', category: '场馆', price: '30', type: CLUB_PRODUCT_TYPE.hall, colour: [103, 194, 58] },
  { name: '矿泉水', category: '饮品', price: '3', type: CLUB_PRODUCT_TYPE.goods, colour: [144, 147, 153] },
  { name: '绿茶', category: '饮品', price: '12', type: CLUB_PRODUCT_TYPE.goods, colour: [103, 194, 58] },
  { name: '咖啡', category: '饮品', price: '18', type: CLUB_PRODUCT_TYPE.goods, colour: [230, 162, 60] },
  { name: '薯片', category: '小食', price: '8', type: CLUB_PRODUCT_TYPE.goods, colour: [245, 108, 108] },
] as const;

/** Recharges of the demo wallets: amount and days of validity (none: no end), so the list shows every tag. */
const WALLET_LOTS: Array<Array<[string, number | null]>> = [
  [
    ['500', null],
    ['200', 5],
  ],
  [['300', 20]],
  [
    ['1000', 365],
    ['100', 60],
  ],
  [['200', null]],
  [['150', 3]],
  [['80', 45]],
];

/**
 * The clubhouse of the demo tenant: two clubs with reservations, three
 * categories, goods and halls with covers, wallets of the first owners with
 * recharges of every validity tag (one expired and written off) and a few
 * sales made through the cashier's own code. Idempotent: a tenant that ever
 * had a club is left alone.
 */
export async function seedDemoClub(db: Db, tenantId: string): Promise<void> {
  const had = await sql`select 1 from property_club where tenant_id = ${tenantId} limit 1`.execute(db);
  if (had.rows.length > 0) return;
  const ctx = await seedAdminContext(db, tenantId);
  const by = ctx.auth.userId || null;
  const clubIds: string[] = [];
  for (const club of CLUBS) {
    const made = await sql<{ id: string }>`insert into property_club (tenant_id, name, subhead, tel, consume_products, content,
        create_user, update_user)
      values (${tenantId}, ${club.name}, ${club.subhead}, ${club.tel}, ${club.spec},
        ${`<h2>${club.name}</h2><p>${club.subhead},业主凭会员钱包消费。</p>`}, ${by}, ${by}) returning id`.execute(db);
    clubIds.push(String(made.rows[0]!.id));
  }
  const bookings = [
    ['王建国', '13800138101', 1, 0],
    ['李秀英', '13800138102', 2, 1],
    ['张伟', '13800138103', 3, 2],
  ] as const;
  for (const [name, tel, days, status] of bookings) {
    await sql`insert into property_club_reserve (tenant_id, club_id, user_name, user_tel, reserve_time, people_num, status,
        create_user, update_user)
      values (${tenantId}, ${clubIds[days % 2]}, ${name}, ${tel}, date_trunc('day', localtimestamp(0)) + make_interval(days => ${days}, hours => 19),
        ${days + 1}, ${status}, ${by}, ${by})`.execute(db);
  }
  const categoryIds = new Map<string, string>();
  for (const c of CATEGORIES) {
    const made = await sql<{
      id: string;
    }>`insert into property_club_category (tenant_id, club_category, sort, create_user, update_user)
      values (${tenantId}, ${c.name}, ${c.sort}, ${by}, ${by}) returning id`.execute(db);
    categoryIds.set(c.name, String(made.rows[0]!.id));
  }
  const productIds = new Map<string, string>();
  for (const [i, p] of PRODUCTS.entries()) {
    const cover = await storeImage(db, tenantId, `${p.name}.png`, solidPng(180, 160, [...p.colour]));
    const made = await sql<{ id: string }>`insert into property_club_product (tenant_id, club_product_code, club_product_name,
        category_id, club_product_type, club_product_images, club_product_price, club_product_sort, create_user, update_user)
      values (${tenantId}, ${`SP2026010100000${i + 1}`}, ${p.name}, ${categoryIds.get(p.category)}, ${p.type}, ${cover},
        ${p.price}, ${i}, ${by}, ${by}) returning id`.execute(db);
    productIds.set(p.name, String(made.rows[0]!.id));
  }
  await seedWallets(db, tenantId, productIds);
}

async function seedWallets(db: Db, tenantId: string, productIds: Map<string, string>): Promise<void> {
  const ctx = await seedAdminContext(db, tenantId);
  const by = ctx.auth.userId || null;
  const owners = await sql<{ id: string; name: string; phone: string; user_id: string | null }>`select id, name, phone, user_id
    from property_owner where tenant_id = ${tenantId} and is_deleted = 0 order by id limit ${WALLET_LOTS.length}`.execute(db);
  const walletIds: string[] = [];
  for (const owner of owners.rows) {
    const made = await sql<{ id: string }>`insert into property_club_balance (tenant_id, owner_id, owner_name, club_user_name,
        user_name, user_tel, club_user_id, club_balance, last_balance, create_user, update_user)
      values (${tenantId}, ${owner.id}, ${owner.name}, ${owner.name}, ${owner.name}, ${owner.phone}, ${owner.user_id}, 0, 0, ${by}, ${by})
      returning id`.execute(db);
    walletIds.push(String(made.rows[0]!.id));
  }
  for (const [w, walletId] of walletIds.entries()) {
    for (const [amount, days] of WALLET_LOTS[w]!) {
      const validityDate =
        days === null ? null : (await sql<{ d: string }>`select (current_date + ${days}::int)::text as d`.execute(db)).rows[0]!.d;
      await recharge(ctx, { balanceId: walletId, rechargeAmount: amount, validityDate });
    }
  }
  if (walletIds[0]) {
    // A recharge that has since expired: unspent money written off (the list tags it 已过期).
    await sql`insert into property_club_recharge (tenant_id, balance_id, user_name, user_tel, recharge_amount, recharge_last_balance,
        validity_date, remaining_amount, create_time, update_time, create_user, update_user)
      select tenant_id, id, user_name, user_tel, 50, 50, current_date - 10, 0, localtimestamp(0) - interval '40 days',
        localtimestamp(0) - interval '40 days', ${by}, ${by} from property_club_balance where id = ${walletIds[0]}`.execute(db);
  }
  const sales: Array<[number, Array<[string, number]>]> = [
    [
      0,
      [
        ['羽毛球场', 2],
        ['矿泉水', 2],
      ],
    ],
    [1, [['绿茶', 1]]],
    [
      2,
      [
        ['乒乓球室', 3],
        ['咖啡', 2],
        ['薯片', 1],
      ],
    ],
  ];
  for (const [w, lines] of sales) {
    if (!walletIds[w]) continue;
    await consume(ctx, {
      balanceId: walletIds[w],
      consumeProducts: lines.map(([name, num]) => ({ clubProductId: productIds.get(name), num })),
    });
  }
}
