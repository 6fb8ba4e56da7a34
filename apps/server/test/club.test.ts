import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TENANT } from '../src/seed/seed';
import type { ApiClient } from './client';
import { ok, otherTenant, ownerWithCar, refused, signedIn } from './facility-fixtures';
import { startServer, type TestServer } from './harness';
import { photoLink, staffWith } from './service-fixtures';

/** The clubhouse (spec §2.3, §3, §4, §5, §7.3): catalog, wallets, recharges, the cashier, expiry, isolation. */
let server: TestServer;
let admin: ApiClient;
let other: ApiClient;
let reader: ApiClient;
let cashier: ApiClient;
let cover: string;

const db = () => server.built.services.db;
const C = '/system-property';

beforeAll(async () => {
  server = await startServer();
  admin = await signedIn(server, 'admin', 'admin', DEMO_TENANT);
  other = await otherTenant(server, '会所测试物业');
  ({ client: reader } = await staffWith(server, admin, 'clubreader', ['clubhouse', 'clubconsume', 'clubconsume_view']));
  ({ client: cashier } = await staffWith(server, admin, 'clubcashier', ['clubhouse', 'cashier', 'cashier_consume']));
  cover = await photoLink(server, admin);
});
afterAll(async () => server?.close());

/** The one row of a list matching the query. */
const rowOf = async (client: ApiClient, path: string, query: Record<string, unknown>) => {
  const rows = (await client.get(path, { ...query, size: 100 })).body.data.records;
  expect(rows, JSON.stringify(query)).toHaveLength(1);
  return rows[0];
};

const submitted = async (client: ApiClient, path: string, body: Record<string, unknown>) => {
  const answer = await client.post(path, body);
  expect(answer.body, JSON.stringify(answer.body)).toMatchObject(ok);
  return answer.body.data;
};

let categoryId: string;
/** A product on sale: goods priced per piece, a hall per hour. */
async function product(name: string, price: string, type = 'goods'): Promise<string> {
  await submitted(admin, `${C}/clubProduct/submit`, {
    clubProductName: name,
    categoryId,
    clubProductImages: cover,
    clubProductPrice: price,
    clubProductType: type,
  });
  return String((await rowOf(admin, `${C}/clubProduct/list`, { clubProductName_equal: name })).id);
}

let phoneSeq = 13_700_000_000;
/** A wallet of a new owner, with `amounts` recharged (no validity date unless given). */
async function walletWith(...lots: Array<[string, string?]>): Promise<string> {
  const phone = String(phoneSeq++);
  await ownerWithCar(db(), DEMO_TENANT, phone);
  await submitted(admin, `${C}/clubBalance/submit`, { userTel: phone });
  const wallet = await rowOf(admin, `${C}/clubBalance/list`, { userTel_equal: phone });
  for (const [amount, validityDate] of lots) {
    await submitted(admin, `${C}/clubClubRecharge/submit`, { balanceId: wallet.id, rechargeAmount: amount, validityDate });
  }
  return String(wallet.id);
}

const balanceOf = async (id: string) => (await admin.get(`${C}/clubBalance/detail`, { id })).body.data.clubBalance as string;
const dayFromToday = async (days: number) =>
  (await sql<{ d: string }>`select (current_date + ${days}::int)::text as d`.execute(db())).rows[0]!.d;

describe('clubs and reservations', () => {
  it('need every field of the club in the spec’s words, keep a sanitised introduction, and book a live club', async () => {
    const path = `${C}/club/submit`;
    const full = {
      name: '测试会所',
      subhead: '健身 棋牌',
      tel: '0755-86001234',
      consumeProducts: '300平米',
      content: '<p>欢迎<script>alert(1)</script></p>',
    };
    for (const [field, message] of [
      ['name', '请输入会所名称'],
      ['subhead', '请输入小标题'],
      ['tel', '请输入预约电话'],
      ['consumeProducts', '请输入会所规格'],
      ['content', '请输入会所介绍'],
    ] as const) {
      expect(await admin.post(path, { ...full, [field]: '' }), field).toMatchObject(refused(400, message));
    }
    await submitted(admin, path, full);
    const club = await rowOf(admin, `${C}/club/list`, { name_equal: '测试会所' });
    expect(club).toMatchObject({ status: 1, content: '<p>欢迎</p>' });
    expect(await admin.post(path, { id: club.id, status: '' })).toMatchObject(refused(400, '请输入状态'));
    expect(await admin.post(path, { id: club.id, status: 5 })).toMatchObject(refused(400, '状态只能是开启(1)或关闭(0)'));

    const booking = { clubId: club.id, userName: '赵先生', userTel: '13800138002', reserveTime: '2026-12-01 09:00:00' };
    expect(await admin.post(`${C}/clubReserve/submit`, { ...booking, clubId: '' })).toMatchObject(refused(400, '请选择会所'));
    expect(await admin.post(`${C}/clubReserve/submit`, { ...booking, clubId: '1' })).toMatchObject(
      refused(400, '所选会所不存在或已被删除'),
    );
    await submitted(admin, `${C}/clubReserve/submit`, booking);
    expect((await admin.get(`${C}/clubReserve/list`)).body.data.records[0]).toMatchObject({ userName: '赵先生', status: 0 });
    expect((await other.get(`${C}/club/list`)).body.data.records).toEqual([]);
    expect(await other.post(`${C}/clubReserve/submit`, booking)).toMatchObject(refused(400, '所选会所不存在或已被删除'));
  });
});

describe('categories and products', () => {
  it('check a category’s name and sort in the spec’s words; list by sort; keep a category with products', async () => {
    const path = `${C}/clubCategory/submit`;
    expect(await admin.post(path, { clubCategory: '' })).toMatchObject(refused(400, '请输入商品类型名称'));
    expect(await admin.post(path, { clubCategory: '测试饮品', sort: 'abc' })).toMatchObject(
      refused(400, '请输入正确的整数数字!'),
    );
    expect(await admin.post(path, { clubCategory: '测试饮品', sort: '1.5' })).toMatchObject(
      refused(400, '请输入正确的整数数字!'),
    );
    expect(await admin.post(path, { clubCategory: '测试饮品', sort: 1_000_000 })).toMatchObject(
      refused(400, '商品排序请输入正确的数字'),
    );
    await submitted(admin, path, { clubCategory: '测试饮品' });
    await submitted(admin, path, { clubCategory: '测试场馆', sort: 9 });
    const drinks = await rowOf(admin, `${C}/clubCategory/list`, { clubCategory_equal: '测试饮品' });
    expect(drinks).toMatchObject({ sort: 0, status: 1 });
    expect(await admin.post(path, { id: drinks.id, sort: '' })).toMatchObject(refused(400, '请输入整数数字'));
    expect(await admin.post(path, { clubCategory: '测试饮品' })).toMatchObject(refused(400, '该商品类型已存在'));
    const names = (await admin.get(`${C}/clubCategory/list`)).body.data.records.map(
      (r: { clubCategory: string }) => r.clubCategory,
    );
    expect(names.indexOf('测试场馆')).toBeLessThan(names.indexOf('测试饮品'));
    const dict = (await admin.get(`${C}/clubCategory/dict`)).body.data;
    expect(dict).toEqual(expect.arrayContaining([{ id: drinks.id, clubCategory: '测试饮品', sort: 0 }]));
    categoryId = drinks.id;
  });

  it('check a product in the spec’s words, generate its code, switch it off sale and search by creation time', async () => {
    const path = `${C}/clubProduct/submit`;
    const full = { clubProductName: '测试矿泉水', categoryId, clubProductImages: cover, clubProductPrice: '3' };
    for (const [change, message] of [
      [{ clubProductName: '' }, '请输入商品名称'],
      [{ categoryId: '' }, '请选择类型'],
      [{ categoryId: '1' }, '所选商品类型不存在或已被删除'],
      [{ clubProductImages: '' }, '请上传封面图'],
      [{ clubProductImages: 'https://example.com/a.png' }, '封面图只能是 jpg、jpeg、png 格式'],
      [{ clubProductPrice: '' }, '请输入整数数字'],
      [{ clubProductPrice: '3.5' }, '请输入正确的整数数字!'],
      [{ clubProductPrice: 'abc' }, '请输入正确的整数数字!'],
      [{ clubProductPrice: '1000000' }, '商品价格不正确'],
      [{ clubProductSort: 'x' }, '请输入正确的整数数字!'],
      [{ clubProductSort: 1_000_000 }, '商品排序请输入正确的数字'],
      [{ clubProductType: 'room' }, '商品类型只能是商品或场馆'],
    ] as const) {
      expect(await admin.post(path, { ...full, ...change }), JSON.stringify(change)).toMatchObject(refused(400, message));
    }
    await submitted(admin, path, full);
    const water = await rowOf(admin, `${C}/clubProduct/list`, { clubProductName_equal: '测试矿泉水' });
    expect(water).toMatchObject({ status: 1, clubProductSort: 0, clubProductPrice: '3.00', clubProductType: 'goods' });
    expect(water.clubProductCode).toMatch(/^SP\d{14}$/);
    expect(
      await admin.post(path, { ...full, clubProductName: '测试苏打水', clubProductCode: water.clubProductCode }),
    ).toMatchObject(refused(400, '该商品编号已存在'));
    expect(await admin.post(`${C}/clubCategory/remove`, undefined, { ids: categoryId })).toMatchObject(
      refused(400, '该商品类型下存在商品,不能删除'),
    );

    const [yesterday, tomorrow] = [await dayFromToday(-1), await dayFromToday(1)];
    const inRange = await admin.get(`${C}/clubProduct/list`, {
      createTime_datege: yesterday,
      createTime_datele: tomorrow,
      size: 100,
    });
    expect(inRange.body.data.records.map((r: { id: string }) => r.id)).toContain(water.id);
    const before = await admin.get(`${C}/clubProduct/list`, { createTime_datelt: yesterday });
    expect(before.body.data.records).toEqual([]);

    await submitted(admin, `${C}/clubProduct/update`, { id: water.id, status: 0 });
    const onSale = (await admin.get(`${C}/clubProduct/list-all`)).body.data.map((p: { id: string }) => p.id);
    expect(onSale).not.toContain(water.id);
    expect(await admin.post(`${C}/clubProduct/update`, { id: water.id, status: 3 })).toMatchObject(
      refused(400, '状态只能是开启(1)或关闭(0)'),
    );
    await submitted(admin, `${C}/clubProduct/update`, { id: water.id, status: 1 });
    expect((await admin.get(`${C}/clubProduct/list-all`)).body.data.map((p: { id: string }) => p.id)).toContain(water.id);
  });
});

describe('wallets and recharges', () => {
  it('bind a wallet to an owner: chosen, or found by phone; one an owner', async () => {
    const path = `${C}/clubBalance/submit`;
    expect(await admin.post(path, {})).toMatchObject(refused(400, '请选择业主'));
    expect(await admin.post(path, { userTel: '13799999999' })).toMatchObject(refused(400, '请先创建业主信息'));
    const { ownerId } = await ownerWithCar(db(), DEMO_TENANT, '13711112222');
    await submitted(admin, path, { ownerId });
    const wallet = await rowOf(admin, `${C}/clubBalance/list`, { ownerId });
    expect(wallet).toMatchObject({ userTel: '13711112222', userName: '测试业主', clubBalance: '0.00', status: 1 });
    expect(await admin.post(path, { userTel: '13711112222' })).toMatchObject(refused(400, '该业主已有会员钱包'));
    expect(await other.post(path, { ownerId })).toMatchObject(refused(400, '所选业主不存在或已被删除'));
  });

  it('record the balance after each recharge; the wallet list shows the latest recharge first', async () => {
    const first = await walletWith(['10']);
    const second = await walletWith(['20.5']);
    // Both recharged an hour ago (times keep whole seconds): the next recharge makes `first` the latest.
    await sql`update property_club_balance set update_time = update_time - interval '1 hour' where id in (${first}, ${second})`.execute(
      db(),
    );
    await submitted(admin, `${C}/clubClubRecharge/submit`, { balanceId: first, rechargeAmount: '5.25' });
    const records = (await admin.get(`${C}/clubClubRecharge/list`, { balanceId: first })).body.data.records;
    expect(
      records.map((r: { rechargeAmount: string; rechargeLastBalance: string }) => [r.rechargeAmount, r.rechargeLastBalance]),
    ).toEqual([
      ['5.25', '15.25'],
      ['10.00', '10.00'],
    ]);
    expect(await balanceOf(first)).toBe('15.25');
    expect((await admin.get(`${C}/clubBalance/detail`, { id: first })).body.data.lastBalance).toBe('15.25');
    const wallets = (await admin.get(`${C}/clubBalance/list`, { size: 100 })).body.data.records.map((w: { id: string }) => w.id);
    expect(wallets.indexOf(first)).toBeLessThan(wallets.indexOf(second));

    const path = `${C}/clubClubRecharge/submit`;
    expect(await admin.post(path, { balanceId: first })).toMatchObject(refused(400, '请输入充值金额'));
    for (const amount of ['0', '-5', '1.234', 'abc'])
      expect(await admin.post(path, { balanceId: first, rechargeAmount: amount }), amount).toMatchObject(
        refused(400, '充值金额必须大于0,最多两位小数'),
      );
    expect(await admin.post(path, { rechargeAmount: '5' })).toMatchObject(refused(400, '请选择会员钱包'));
    expect(await admin.post(path, { balanceId: first, rechargeAmount: '5', validityDate: await dayFromToday(0) })).toMatchObject(
      refused(400, '有效期必须晚于今天'),
    );
    expect(await admin.post(path, { id: records[0].id, balanceId: first, rechargeAmount: '5' })).toMatchObject(
      refused(400, '充值记录不能修改'),
    );
    expect(await balanceOf(first)).toBe('15.25');
  });

  it('tag the days left at the spec’s boundaries: none, 0, 7, 8, 30, 31 days', async () => {
    const wallet = await walletWith(['1'], ['1', await dayFromToday(1)], ...[7, 8, 30, 31].map(() => ['1'] as [string]));
    const recharges = (await admin.get(`${C}/clubClubRecharge/list`, { balanceId: wallet, ascs: 'id' })).body.data.records;
    // Move the dates to the boundaries (time passing): the second to today (0 days), the others 7, 8, 30, 31 days out.
    const days = [null, 0, 7, 8, 30, 31];
    for (const [i, d] of days.entries()) {
      if (d === null) continue;
      await sql`update property_club_recharge set validity_date = current_date + ${d}::int where id = ${recharges[i].id}`.execute(
        db(),
      );
    }
    const tagged = (await admin.get(`${C}/clubClubRecharge/list`, { balanceId: wallet, ascs: 'id' })).body.data.records;
    expect(tagged.map((r: { validityEnd: number | null; validityTag: string }) => [r.validityEnd, r.validityTag])).toEqual([
      [null, 'none'],
      [0, 'expired'],
      [7, 'danger'],
      [8, 'warning'],
      [30, 'warning'],
      [31, 'success'],
    ]);
    const detail = (await admin.get(`${C}/clubClubRecharge/detail`, { id: recharges[1].id })).body.data;
    expect(detail).toMatchObject({ validityEnd: 0, validityTag: 'expired' });
    // The list writes the expired lot off: 6 recharged, 5 spendable.
    expect((await rowOf(admin, `${C}/clubBalance/list`, { id_equal: wallet })).clubBalance).toBe('5.00');
    const range = await admin.get(`${C}/clubClubRecharge/list`, {
      balanceId: wallet,
      validityDate_datege: await dayFromToday(7),
      validityDate_datele: await dayFromToday(8),
    });
    expect(range.body.data.records).toHaveLength(2);
  });

  it('take back an unspent recharge, never a spent one', async () => {
    const wallet = await walletWith(['30'], ['20']);
    const [newer, older] = (await admin.get(`${C}/clubClubRecharge/list`, { balanceId: wallet })).body.data.records;
    await submitted(admin, `${C}/clubClubRecharge/remove?ids=${newer.id}`, {});
    expect(await balanceOf(wallet)).toBe('30.00');
    const water = await rowOf(admin, `${C}/clubProduct/list`, { clubProductName_equal: '测试矿泉水' });
    await submitted(admin, `${C}/clubConsume/submit`, {
      balanceId: wallet,
      consumeProducts: [{ clubProductId: water.id, num: 1 }],
    });
    expect(await admin.post(`${C}/clubClubRecharge/remove`, undefined, { ids: older.id })).toMatchObject(
      refused(400, '该充值已被使用,不能删除'),
    );
    expect(await balanceOf(wallet)).toBe('27.00');
  });
});

describe('the cashier', () => {
  it('sells goods and hall half-hours from the wallet: total, balance before and after, the order’s lines', async () => {
    const wallet = await walletWith(['200']);
    const tea = await product('测试绿茶', '12');
    const court = await product('测试球场', '60', 'hall');
    const phone = (await admin.get(`${C}/clubBalance/detail`, { id: wallet })).body.data.userTel as string;
    const found = (await cashier.get(`${C}/clubBalance/detail/search`, { keyword: phone.slice(0, 9) })).body.data;
    expect(found.map((w: { id: string }) => w.id)).toContain(wallet);
    expect((await cashier.get(`${C}/clubBalance/detail/search`, { keyword: '测试业主' })).body.data.length).toBeGreaterThan(0);
    expect(await cashier.get(`${C}/clubBalance/detail/search`, { keyword: ' ' })).toMatchObject(
      refused(400, '请输入手机号码或姓名'),
    );
    const onSale = (await cashier.get(`${C}/clubProduct/list-all`)).body.data.map((p: { id: string }) => p.id);
    expect(onSale).toEqual(expect.arrayContaining([tea, court]));

    const sale = await cashier.post(`${C}/clubConsume/submit`, {
      balanceId: wallet,
      consumeProducts: [
        { clubProductId: tea, num: 2 },
        { clubProductId: court, num: 3 }, // three half-hours: 1.5 hours at 60 an hour
      ],
    });
    expect(sale.body, JSON.stringify(sale.body)).toMatchObject(ok);
    expect(sale.body.data.order).toMatchObject({ consumeBeforeAmount: '200.00', consumeAmount: '114.00', balanceId: wallet });
    expect(sale.body.data.order.consumeProducts).toEqual([
      expect.objectContaining({ clubProductName: '测试绿茶', clubProductPrice: '12.00', num: 2, type: 'goods', amount: '24.00' }),
      expect.objectContaining({ clubProductName: '测试球场', clubProductPrice: '60.00', num: 3, type: 'hall', amount: '90.00' }),
    ]);
    expect(sale.body.data.balance.clubBalance).toBe('86.00');
    expect(await balanceOf(wallet)).toBe('86.00');
    const orders = (await reader.get(`${C}/clubConsume/list`, { balanceId: wallet })).body.data.records;
    expect(orders).toHaveLength(1);
    expect((await reader.get(`${C}/clubConsume/detail`, { id: orders[0].id })).body.data.consumeAmount).toBe('114.00');

    // Short, empty, bad quantities, products off sale or unknown: refused, nothing changed.
    const path = `${C}/clubConsume/submit`;
    const line = (clubProductId: string, num: unknown) => ({ balanceId: wallet, consumeProducts: [{ clubProductId, num }] });
    expect(await cashier.post(path, line(court, 6))).toMatchObject(refused(400, '余额不足:可用余额 86.00 元,本次消费 180.00 元'));
    expect(await cashier.post(path, { balanceId: wallet, consumeProducts: [] })).toMatchObject(refused(400, '请选择商品'));
    expect(await cashier.post(path, { consumeProducts: [{ clubProductId: tea, num: 1 }] })).toMatchObject(
      refused(400, '请选择会员钱包'),
    );
    for (const num of [0, -1, 1.5, 1000, 'x'])
      expect(await cashier.post(path, line(tea, num)), String(num)).toMatchObject(refused(400, '商品数量必须是1到999的整数'));
    expect(await cashier.post(path, line('1', 1))).toMatchObject(refused(400, '商品不存在或已停售'));
    await submitted(admin, `${C}/clubProduct/update`, { id: tea, status: 0 });
    expect(await cashier.post(path, line(tea, 1))).toMatchObject(refused(400, '商品不存在或已停售'));
    await submitted(admin, `${C}/clubProduct/update`, { id: tea, status: 1 });
    expect(await cashier.post(path, { ...line(tea, 1), balanceId: '1' })).toMatchObject(refused(400, '会员钱包不存在或已被删除'));
    await submitted(admin, `${C}/clubBalance/submit`, { id: wallet, status: 0 });
    expect(await cashier.post(path, line(tea, 1))).toMatchObject(refused(400, '该会员钱包已停用'));
    await submitted(admin, `${C}/clubBalance/submit`, { id: wallet, status: 1 });
    expect(await balanceOf(wallet)).toBe('86.00');
    expect((await reader.get(`${C}/clubConsume/list`, { balanceId: wallet })).body.data.records).toHaveLength(1);
    // Orders are read-only.
    expect(await cashier.post(path, { id: orders[0].id, ...line(tea, 1) })).toMatchObject(refused(400, '消费订单不能修改或删除'));
    expect(await admin.post(`${C}/clubConsume/remove`, undefined, { ids: orders[0].id })).toMatchObject({ status: 403 });
  });

  it('serves 100 cashiers on one wallet at once: never below zero, the orders add up to the drop', async () => {
    const wallet = await walletWith(['500']);
    const tea = (await rowOf(admin, `${C}/clubProduct/list`, { clubProductName_equal: '测试绿茶' })).id;
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        cashier.post(`${C}/clubConsume/submit`, {
          balanceId: wallet,
          consumeProducts: [{ clubProductId: tea, num: 1 + (i % 2) }], // 12 or 24
        }),
      ),
    );
    const done = answers.filter((a) => a.status === 200);
    const short = answers.filter((a) => a.status === 400);
    expect(done.length + short.length).toBe(100);
    expect(short.length).toBeGreaterThan(0);
    for (const a of short) expect(a.body.msg).toMatch(/^余额不足/);
    const balance = await balanceOf(wallet);
    expect(Number(balance)).toBeGreaterThanOrEqual(0);
    expect(Number(balance)).toBeLessThan(24);
    const orders = (await admin.get(`${C}/clubConsume/list`, { balanceId: wallet, size: 200 })).body.data.records;
    expect(orders).toHaveLength(done.length);
    const cents = (v: string) => Math.round(Number(v) * 100);
    const spent = orders.reduce((t: number, o: { consumeAmount: string }) => t + cents(o.consumeAmount), 0);
    expect(spent).toBe(cents('500') - cents(balance));
    // Each order's balance before is the one after the order before it.
    const befores = orders
      .map((o: { consumeBeforeAmount: string }) => cents(o.consumeBeforeAmount))
      .sort((a: number, b: number) => b - a);
    expect(new Set(befores).size).toBe(orders.length);
    const lots = await sql<{ left: string }>`select coalesce(sum(remaining_amount), 0)::text as left from property_club_recharge
      where balance_id = ${wallet} and is_deleted = 0`.execute(db());
    expect(cents(lots.rows[0]!.left)).toBe(cents(balance));
  });

  it('spends the money expiring first first, and never money past its date', async () => {
    const wallet = await walletWith(['50', await dayFromToday(10)], ['50', await dayFromToday(40)], ['50']);
    const [noDate, later, sooner] = (await admin.get(`${C}/clubClubRecharge/list`, { balanceId: wallet })).body.data.records;
    const tea = (await rowOf(admin, `${C}/clubProduct/list`, { clubProductName_equal: '测试绿茶' })).id;
    const sell = (num: number) =>
      cashier.post(`${C}/clubConsume/submit`, { balanceId: wallet, consumeProducts: [{ clubProductId: tea, num }] });
    expect((await sell(5)).body).toMatchObject(ok); // 60: all of the lot expiring in 10 days, 10 of the one in 40
    const left = async () =>
      Object.fromEntries(
        (await admin.get(`${C}/clubClubRecharge/list`, { balanceId: wallet })).body.data.records.map(
          (r: { id: string; remainingAmount: string }) => [r.id, r.remainingAmount],
        ),
      );
    expect(await left()).toEqual({ [sooner.id]: '0.00', [later.id]: '40.00', [noDate.id]: '50.00' });
    // Time passes: the later lot reaches its date and is no longer spendable.
    await sql`update property_club_recharge set validity_date = current_date where id = ${later.id}`.execute(db());
    const sale = await sell(4); // 48
    expect(sale.body.data.order).toMatchObject({ consumeBeforeAmount: '50.00', consumeAmount: '48.00' });
    expect(await left()).toEqual({ [sooner.id]: '0.00', [later.id]: '0.00', [noDate.id]: '2.00' });
    expect(await sell(1)).toMatchObject(refused(400, '余额不足:可用余额 2.00 元,本次消费 12.00 元'));
    expect(await balanceOf(wallet)).toBe('2.00');
  });
});

describe('tenants and permissions', () => {
  it('keeps another tenant out of wallets, products, recharges and orders', async () => {
    const wallet = await walletWith(['80']);
    const tea = (await rowOf(admin, `${C}/clubProduct/list`, { clubProductName_equal: '测试绿茶' })).id;
    for (const path of ['clubBalance', 'clubProduct', 'clubClubRecharge', 'clubConsume', 'clubCategory']) {
      expect((await other.get(`${C}/${path}/list`)).body.data.records, path).toEqual([]);
    }
    expect((await other.get(`${C}/clubProduct/list-all`)).body.data).toEqual([]);
    expect((await other.get(`${C}/clubBalance/detail/search`, { keyword: '137' })).body.data).toEqual([]);
    expect((await other.get(`${C}/clubBalance/detail`, { id: wallet })).body.data).toBeNull();
    const sale = { balanceId: wallet, consumeProducts: [{ clubProductId: tea, num: 1 }] };
    expect(await other.post(`${C}/clubConsume/submit`, sale)).toMatchObject(refused(400, '会员钱包不存在或已被删除'));
    expect(await other.post(`${C}/clubClubRecharge/submit`, { balanceId: wallet, rechargeAmount: '5' })).toMatchObject(
      refused(400, '会员钱包不存在或已被删除'),
    );
    expect(await balanceOf(wallet)).toBe('80.00');
  });

  it('refuses what a low-privilege user’s menus do not hold', async () => {
    const wallet = await walletWith(['80']);
    const tea = (await rowOf(admin, `${C}/clubProduct/list`, { clubProductName_equal: '测试绿茶' })).id;
    const sale = { balanceId: wallet, consumeProducts: [{ clubProductId: tea, num: 1 }] };
    // The orders' reader: lists orders, nothing else.
    expect((await reader.get(`${C}/clubConsume/list`)).status).toBe(200);
    expect(await reader.post(`${C}/clubConsume/submit`, sale)).toMatchObject({ status: 403 });
    expect(await reader.post(`${C}/clubClubRecharge/submit`, { balanceId: wallet, rechargeAmount: '5' })).toMatchObject({
      status: 403,
    });
    expect(await reader.get(`${C}/clubBalance/list`)).toMatchObject({ status: 403 });
    expect(await reader.get(`${C}/clubBalance/detail/search`, { keyword: '137' })).toMatchObject({ status: 403 });
    expect(await reader.get(`${C}/clubProduct/list-all`)).toMatchObject({ status: 403 });
    // The cashier sells, but neither recharges nor changes products.
    expect(await cashier.post(`${C}/clubClubRecharge/submit`, { balanceId: wallet, rechargeAmount: '5' })).toMatchObject({
      status: 403,
    });
    expect(await cashier.post(`${C}/clubProduct/update`, { id: tea, status: 0 })).toMatchObject({ status: 403 });
    expect(await cashier.get(`${C}/clubProduct/list`)).toMatchObject({ status: 403 });
    expect(await balanceOf(wallet)).toBe('80.00');
  });
});
