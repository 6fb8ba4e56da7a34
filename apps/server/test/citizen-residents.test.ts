import { checkIdCard, checkMobile } from '@property/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addOwnerRemovalCheck } from '../src/modules/citizen/index';
import { badRequest } from '../src/platform/http/errors';
import { DEMO_TENANT } from '../src/seed/seed';
import { ApiClient } from './client';
import { startServer, type TestServer } from './harness';

/** Owners, bindings, families, lessees, cars and app accounts (spec §7.5, §7.6). */
let server: TestServer;
let admin: ApiClient;
let other: ApiClient;
let staff: ApiClient;
/** The four houses of a garden made for these tests: 1栋1单元 0101, 0102, 0201, 0202. */
let garden: string;
let houses: Array<{ id: string; houseName: string }>;

const ok = { code: 200, success: true };
const refused = (msg: string) => ({ status: 400, msg });
const answerOf = (a: { status: number; body: any }) => ({ status: a.status, msg: a.body.msg });

async function signedIn(account: string, password: string, tenantId: string): Promise<ApiClient> {
  const client = new ApiClient(server.url);
  const answer = await client.signIn(account, password, tenantId);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return client;
}

/** Saves an owner (with houses to bind) through /system-property/owner/save; answers the id. */
async function addOwner(client: ApiClient, body: Record<string, unknown>): Promise<string> {
  const answer = await client.post('/system-property/owner/save', body);
  expect(answer.body, JSON.stringify(answer.body)).toMatchObject(ok);
  return answer.body.data.id;
}

const owner = (name: string, phone: string, extra: Record<string, unknown> = {}) => ({ name, phone, sex: 1, ...extra });

beforeAll(async () => {
  server = await startServer();
  admin = await signedIn('admin', 'admin', DEMO_TENANT);
  const platform = await signedIn('admin', 'admin', '000000');
  await platform.post('/blade-system/tenant/submit', {
    tenantName: '住户测试物业',
    linkman: '赵六',
    contactNumber: '13900139001',
  });
  const tenant = (await platform.get('/blade-system/tenant/list', { tenantName_equal: '住户测试物业' })).body.data.records[0];
  other = await signedIn('admin', 'admin', tenant.tenantId);
  staff = await signedIn('staff', 'staff123', '000000');

  expect((await admin.post('/system-property/garden/submit', { gardenName: '住户测试园' })).body).toMatchObject(ok);
  garden = (await admin.get('/system-property/garden/list', { gardenName_equal: '住户测试园' })).body.data.records[0].id;
  const batch = { gardenId: garden, buildingName: '1栋', unitCount: 1, floorCount: 2, houseCount: 2 };
  expect((await admin.post('/community-resource/building/batchsave', batch)).body).toMatchObject(ok);
  houses = (await admin.get('/community-resource/unithouse/list', { gardenId: garden })).body.data.records;
  expect(houses.map((h) => h.houseName)).toEqual(['1栋1单元0101', '1栋1单元0102', '1栋1单元0201', '1栋1单元0202']);
});
afterAll(async () => server?.close());

describe('demo residents', () => {
  it('gives most demo houses an owner with valid phone and id numbers, families, lessees and 300 cars', async () => {
    const sum = (await admin.get('/owner/sum')).body.data;
    expect(sum.houseCount).toBe(1004);
    expect(sum.boundHouseCount).toBe(1000);
    expect(sum.ownerCount).toBeGreaterThan(800);
    expect(sum.familyCount).toBeGreaterThan(500);
    expect(sum.lesseeCount).toBeGreaterThan(100);
    expect(sum.carCount).toBe(300);
    const owners = (await admin.get('/owner/list', { size: 1000 })).body.data.records;
    for (const o of owners) {
      expect(checkMobile(o.phone), o.phone).toBeUndefined();
      expect(checkIdCard(o.idCard), o.idCard).toBeUndefined();
    }
    const cars = (await admin.get('/citizen-user/carlist/list', { size: 1000 })).body.data.records;
    expect(new Set(cars.map((c: any) => `${c.carArea}${c.carCity}${c.carNumber}`)).size).toBe(300);
    expect(cars[0].houseName).toMatch(/^\d栋\d单元\d{4}$/);
    // A restart adds nothing.
    const { seedDemoResidents } = await import('../src/seed/citizen');
    await seedDemoResidents(server.built.services.db, DEMO_TENANT);
    expect((await admin.get('/owner/sum')).body.data).toEqual(sum);
  });
});

describe('owners', () => {
  it('checks name, phone and id number with the spec messages, and keeps phones unique', async () => {
    const submit = (body: Record<string, unknown>) => admin.post('/owner/submit', body).then(answerOf);
    expect(await submit({ phone: '13712345678' })).toEqual(refused('请输入业主姓名'));
    expect(await submit({ name: '周一' })).toEqual(refused('请输入手机号码'));
    expect(await submit({ name: '周一', phone: '1371234567' })).toEqual(refused('手机号码长度不为11位'));
    expect(await submit({ name: '周一', phone: '23712345678' })).toEqual(refused('手机号码格式不正确'));
    const phone = '13712345678';
    expect(await submit({ name: '周一', phone, idCard: '11010519491231002' })).toEqual(refused('证件号码长度不为18位'));
    expect(await submit({ name: '周一', phone, idCard: '1101051949123100AX' })).toEqual(refused('证件号码格式错误'));
    expect(await submit({ name: '周一', phone, idCard: '99010519491231002X' })).toEqual(refused('地址编码错误'));
    expect(await submit({ name: '周一', phone, idCard: '110105194912310021' })).toEqual(refused('证件号码校验位错误'));
    expect(await submit({ name: '周一', phone, idCard: '11010519491231002X', gardenId: garden })).toEqual({
      status: 200,
      msg: '操作成功',
    });
    expect(await submit({ name: '周二', phone })).toEqual(refused('该手机号码已存在'));
    const [row] = (await admin.get('/owner/list', { phone_equal: phone })).body.data.records;
    expect(row).toMatchObject({ name: '周一', idCard: '11010519491231002X', gardenId: garden, ownerType: 1 });
    // The owner screen's detail, by id or by ownerId (the wallet's call).
    expect((await admin.get('/owner/detail', { ownerId: row.id })).body.data).toMatchObject({ id: row.id, houses: [] });
  });

  it('binds houses (save, save-bind, ownership), once per owner and house', async () => {
    const id = await addOwner(admin, owner('钱多多', '13712340001', { houseIds: [houses[0]!.id] }));
    const again = await admin.post('/owner/save-bind', { ownerId: id, houseIds: `${houses[0]!.id},${houses[1]!.id}` });
    expect(again.body.data).toEqual({ added: 1 });
    expect(answerOf(await admin.post('/citizen-user/ownership/submit', { ownerId: id, houseId: houses[1]!.id }))).toEqual(
      refused('该业主已绑定此房屋'),
    );
    expect(answerOf(await admin.post('/system-property/owner/save-bind', { ownerId: id, houseIds: '1' }))).toEqual(
      refused('所选房屋不存在或已被删除'),
    );
    const detail = (await admin.get('/owner/detail', { id })).body.data;
    expect(detail.houses.map((h: any) => h.houseName)).toEqual(['1栋1单元0101', '1栋1单元0102']);
    expect(detail.gardenId).toBe(garden);
    const search = (await admin.get('/community-resource/resource-search/search-house', { ownerId: id })).body.data;
    expect(search.map((h: any) => h.title).sort()).toEqual(['1栋1单元0101', '1栋1单元0102']);
    const listed = (await admin.get('/system-property/owner/listHouse', { ownerId: id, ascs: 'floor,name' })).body.data;
    expect(listed.total).toBe(2);
    expect(listed.records[0].owners).toMatchObject([{ ownerId: id, name: '钱多多' }]);
    const byGarden = (await admin.get('/system-property/owner/listHouse', { gardenId: garden, ascs: 'floor,name' })).body.data;
    expect(byGarden.records.map((h: any) => h.owners.length)).toEqual([1, 1, 0, 0]);
    // updatehouse changes the binding's own fields.
    expect(
      (await admin.post('/system-property/owner/updatehouse', { ownerId: id, houseId: houses[0]!.id, checkInTime: '2024-05-01' }))
        .body,
    ).toMatchObject(ok);
    expect((await admin.get('/owner/detail', { id })).body.data.houses[0].checkInTime).toBe('2024-05-01');
  });

  it('lists owners bound to no house (POST body with paging and filters)', async () => {
    const lonely = await addOwner(admin, owner('孙无房', '13712340002'));
    const bound = await addOwner(admin, owner('孙有房', '13712340003', { houseIds: houses[2]!.id }));
    const page = (await admin.post('/system-property/owner/get-no-house-user-list', { current: 1, size: 10, name: '孙' })).body
      .data;
    expect(page.records.map((o: any) => o.id)).toEqual([lonely]);
    expect(page.total).toBe(1);
    expect(bound).not.toBe(lonely);
    expect((await admin.post('/system-property/owner/get-no-house-user-list', { size: 0 })).status).toBe(400);
  });
  it('lets another module refuse an owner’s removal, leaving everything in place', async () => {
    const id = await addOwner(admin, owner('有车位业主', '13712340050', { houseIds: houses[0]!.id }));
    addOwnerRemovalCheck(async (_ctx, ids) => {
      if (ids.includes(id)) throw badRequest('ownerHasSpaces');
    });
    expect(answerOf(await admin.post('/owner/remove', undefined, { ids: id }))).toEqual(
      refused('该业主名下有车位,请先解除车位绑定'),
    );
    expect((await admin.get('/owner/detail', { id })).body.data.houses).toHaveLength(1);
  });
});

describe('residents of a house', () => {
  it('keeps families in the owner’s houses and answers everyone of a house with a type', async () => {
    const id = await addOwner(admin, owner('李家长', '13712340010', { houseIds: houses[3]!.id }));
    const family = { ownerId: id, houseId: houses[3]!.id, name: '李小妹', relation: 2, phone: '13712340011' };
    expect(answerOf(await admin.post('/owner/submit-family', { ...family, houseId: houses[0]!.id }))).toEqual(
      refused('该业主未绑定此房屋'),
    );
    expect(answerOf(await admin.post('/owner/submit-family', { ...family, relation: undefined }))).toEqual(
      refused('请选择与业主关系'),
    );
    expect(answerOf(await admin.post('/owner/submit-family', { ...family, idCard: '110105194912310021' }))).toEqual(
      refused('证件号码校验位错误'),
    );
    expect((await admin.post('/owner/submit-family', family)).body).toMatchObject(ok);
    const lessee = {
      houseId: houses[3]!.id,
      ownerId: id,
      name: '赵租客',
      phone: '13712340012',
      leaseStart: '2025-03-01',
      leaseEnd: '2025-03-01',
      rent: '3500.50',
    };
    expect(answerOf(await admin.post('/citizen-user/lessee/submit', lessee))).toEqual(refused('租赁结束日期必须晚于开始日期'));
    expect(
      answerOf(await admin.post('/citizen-user/lessee/submit', { ...lessee, rent: '1.234', leaseEnd: '2026-02-28' })),
    ).toEqual(refused('请输入正确的金额,最多两位小数'));
    expect((await admin.post('/citizen-user/lessee/submit', { ...lessee, leaseEnd: '2026-02-28' })).body).toMatchObject(ok);
    const everyone = (await admin.get('/owner/get-house-all-user', { houseId: houses[3]!.id })).body.data;
    expect(everyone.map((p: any) => [p.type, p.typeName, p.name])).toEqual([
      [1, '业主', '李家长'],
      [2, '家属', '李小妹'],
      [3, '租户', '赵租客'],
    ]);
    const lessees = (await admin.get('/citizen-user/lessee/list', { houseId: houses[3]!.id })).body.data.records;
    expect(lessees[0]).toMatchObject({ rent: '3500.50', houseName: '1栋1单元0202', ownerName: '李家长', gardenId: garden });
    const families = (await admin.get('/owner/family-list', { ownerId: id })).body.data;
    expect(families.map((f: any) => [f.name, f.houseName])).toEqual([['李小妹', '1栋1单元0202']]);
    const house = (await admin.get('/system-property/owner/detailhouse', { id: houses[3]!.id })).body.data;
    expect(house).toMatchObject({ gardenName: '住户测试园', houseName: '1栋1单元0202' });
    expect(house.users).toHaveLength(3);
    const page = (await admin.get('/owner/user-list', { gardenId: garden, type: 2 })).body.data;
    expect(page.records.map((p: any) => p.name)).toEqual(['李小妹']);
  });

  it('refuses to remove a house with residents; unbinding takes the owner’s family along', async () => {
    const house = houses[3]!.id;
    expect(answerOf(await admin.post('/community-resource/unithouse/remove', undefined, { ids: house }))).toEqual(
      refused('该房屋下存在业主,请先解除绑定'),
    );
    expect((await admin.post('/system-property/owner/removeByHouseIds', undefined, { ids: house })).body).toMatchObject(ok);
    const left = (await admin.get('/owner/get-house-all-user', { houseId: house })).body.data;
    // The family lived there through the binding; the lessee rents the house and stays, without landlord.
    expect(left.map((p: any) => [p.typeName, p.ownerId])).toEqual([['租户', null]]);
    expect(answerOf(await admin.post('/community-resource/unithouse/remove', undefined, { ids: house }))).toEqual(
      refused('该房屋下存在租户,请先删除租户'),
    );
    const [lessee] = (await admin.get('/citizen-user/lessee/list', { houseId: house })).body.data.records;
    expect((await admin.post('/citizen-user/lessee/remove', undefined, { ids: lessee.id })).body).toMatchObject(ok);
    expect((await admin.post('/community-resource/unithouse/remove', undefined, { ids: house })).body).toMatchObject(ok);
  });

  it('answers the numbers of a garden', async () => {
    const sum = (await admin.get('/owner/sum', { gardenId: garden })).body.data;
    expect(sum).toEqual({ ownerCount: 5, houseCount: 3, boundHouseCount: 3, familyCount: 0, lesseeCount: 0, carCount: 0 });
    // The header's garden selector narrows the owner list the same way (周一 belongs there without a house, 李家长 kept it after unbinding).
    const listed = (await admin.get('/owner/list', { gardenId: garden, size: 100 })).body.data.records;
    expect(listed.map((o: any) => o.name).sort()).toEqual(['周一', '孙有房', '李家长', '钱多多', '有车位业主'].sort());
    expect((await admin.get('/citizen-user/ownership/list', { gardenId: garden })).body.data.total).toBe(4);
  });
});

describe('cars', () => {
  it('checks plates, keeps them unique in a tenant and finds a car by its plate', async () => {
    const id = await addOwner(admin, owner('车主甲', '13712340020', { houseIds: houses[0]!.id }));
    const car = { ownerId: id, houseId: houses[0]!.id, carArea: '京', carCity: 'a', carNumber: 'd12345', carType: 3 };
    const submit = (body: Record<string, unknown>) => admin.post('/citizen-user/carlist/submit', body).then(answerOf);
    expect(await submit({ ...car, carArea: '港' })).toEqual(refused('车牌省份简称不正确'));
    expect(await submit({ ...car, carCity: '1' })).toEqual(refused('车牌城市代码应为一个字母'));
    expect(await submit({ ...car, carNumber: '1234' })).toEqual(refused('车牌号码应为5到6位字母或数字'));
    expect(await submit({ ...car, carNumber: undefined })).toEqual(refused('请输入车牌号码'));
    expect(await submit({ ...car, houseId: houses[2]!.id })).toEqual(refused('该业主未绑定此房屋'));
    expect(await submit(car)).toEqual({ status: 200, msg: '操作成功' });
    expect(await submit({ ...car, carCity: 'A', carNumber: 'D12345' })).toEqual(refused('该车牌号已存在'));
    const found = (await admin.get('/citizen-user/carlist/detail', { carArea: '京', carCity: 'a', carNumber: 'D12345' })).body
      .data;
    expect(found).toMatchObject({ ownerId: id, carCity: 'A', carNumber: 'D12345', gardenId: garden, ownerName: '车主甲' });
    expect((await admin.get('/citizen-user/carlist/detail', { id: found.id })).body.data.id).toBe(found.id);
    expect(
      (await admin.get('/citizen-user/carlist/detail', { carArea: '京', carCity: 'A', carNumber: 'D1234' })).body.data,
    ).toBeNull();
    const all = (await admin.get('/citizen-user/carlist/list-all', { ownerId: id })).body.data;
    expect(all.map((c: any) => c.id)).toEqual([found.id]);
    // Removing the owner takes the car along, in one go.
    expect((await admin.post('/owner/remove', undefined, { ids: id })).body).toMatchObject(ok);
    expect((await admin.get('/citizen-user/carlist/list-all', { ownerId: id })).body.data).toEqual([]);
    expect((await admin.get('/community-resource/resource-search/search-house', { ownerId: id })).body.data).toEqual([]);
    expect(await submit(car)).toEqual(refused('所选业主不存在或已被删除'));
  });
});

describe('residents app accounts', () => {
  it('keeps one account per phone, links it to an owner and answers profile and houses', async () => {
    const ownerId = await addOwner(admin, owner('吴业主', '13712340030', { houseIds: houses[1]!.id }));
    const saved = await admin.post('/system-property/owner/save-user', { ownerId });
    expect(saved.body, JSON.stringify(saved.body)).toMatchObject(ok);
    const userId = saved.body.data.id;
    expect((await admin.get('/owner/detail', { id: ownerId })).body.data.userId).toBe(userId);
    expect((await admin.get('/citizen-user/user/detail', { tel: '13712340030' })).body.data).toMatchObject({
      id: userId,
      name: '吴业主',
    });
    expect((await admin.get('/citizen-user/user/detail', { tel: '1371234003' })).body.data).toBeNull();
    expect(answerOf(await admin.post('/citizen-user/user/submit', { name: '重名', tel: '13712340030' }))).toEqual(
      refused('该手机号码已注册'),
    );
    expect((await admin.post('/citizen-user/user/update', { name: '吴' })).status).toBe(400);
    expect((await admin.post('/citizen-user/user/update', { id: userId, avatar: 'a.png' })).body).toMatchObject(ok);
    expect(
      (await admin.post('/citizen-user/info/submit', { userId, realName: '吴业主', idCard: '11010519491231002X' })).body,
    ).toMatchObject(ok);
    expect((await admin.get('/citizen-user/info/detail', { userId })).body.data).toMatchObject({ userId, realName: '吴业主' });
    expect(
      (await admin.post('/citizen-user/buildinfo/submit', { userId, houseId: houses[1]!.id, ownerType: 1 })).body,
    ).toMatchObject(ok);
    const links = (await admin.get('/citizen-user/building/list', { userId, gardenId: garden })).body.data.records;
    expect(links).toMatchObject([{ houseId: houses[1]!.id, gardenId: garden, houseName: '1栋1单元0102' }]);
    expect((await admin.get('/citizen-user/user/list', { gardenId: garden, tel: '13712340030' })).body.data.total).toBe(1);
    // Removing the account unlinks the owner, who stays.
    expect((await admin.post('/citizen-user/user/remove', undefined, { ids: userId })).body).toMatchObject(ok);
    expect((await admin.get('/owner/detail', { id: ownerId })).body.data.userId).toBeNull();
    expect((await admin.get('/citizen-user/buildinfo/list', { userId })).body.data.total).toBe(0);
  });
});

describe('access', () => {
  /** As the console sends owner, house and family calls (§6): the token, no Basic header. */
  const withoutBasic = (client: ApiClient | undefined, path: string, query: Record<string, string> = {}) =>
    fetch(`${server.url}/api${path}?${new URLSearchParams(query)}`, {
      headers: client?.token ? { 'Blade-Auth': `bearer ${client.token}` } : {},
    }).then(async (r) => ({ status: r.status, body: await r.json() }));

  it('answers owner, house and family calls with the token alone, and refuses without one', async () => {
    for (const [path, query] of [
      ['/owner/list', {}],
      ['/owner/family-list', {}],
      ['/owner/get-house-all-user', { houseId: houses[0]!.id }],
      ['/system-property/owner/listHouse', { gardenId: garden }],
      ['/citizen-user/family/list', {}],
    ] as const) {
      expect((await withoutBasic(admin, path, query)).body, path).toMatchObject(ok);
      expect((await withoutBasic(undefined, path, query)).status, path).toBe(401);
    }
  });

  it('refuses a user without the residents menus', async () => {
    for (const [method, path] of [
      ['GET', '/owner/list'],
      ['GET', '/owner/sum'],
      ['GET', '/owner/user-list'],
      ['POST', '/owner/save-bind'],
      ['POST', '/system-property/owner/save'],
      ['POST', '/system-property/owner/get-no-house-user-list'],
      ['GET', '/citizen-user/carlist/list'],
      ['GET', '/citizen-user/user/list'],
      ['POST', '/citizen-user/family/submit'],
      ['POST', '/citizen-user/lessee/remove'],
    ] as const) {
      const answer = await staff.call(method, path, { query: { ids: '1' }, body: method === 'POST' ? {} : undefined });
      expect(answer.status, path).toBe(403);
    }
  });

  it('keeps tenants apart', async () => {
    const id = await addOwner(admin, owner('隔离业主', '13712340040', { houseIds: houses[0]!.id }));
    expect((await other.get('/owner/detail', { id })).body.data).toBeNull();
    expect((await other.get('/owner/list')).body.data.total).toBe(0);
    expect((await other.get('/owner/sum')).body.data).toMatchObject({ ownerCount: 0, carCount: 0 });
    expect((await other.get('/owner/get-house-all-user', { houseId: houses[0]!.id })).body.data).toEqual([]);
    expect((await other.post('/owner/remove', undefined, { ids: id })).body).toMatchObject(ok);
    expect((await admin.get('/owner/detail', { id })).body.data.name).toBe('隔离业主');
    // Its own owner (same phone is free there) may not be bound to the demo tenant's house.
    const mine = await addOwner(other, owner('他家业主', '13712340040'));
    expect(answerOf(await other.post('/owner/save-bind', { ownerId: mine, houseIds: houses[0]!.id }))).toEqual(
      refused('所选房屋不存在或已被删除'),
    );
    expect(
      answerOf(
        await other.post('/citizen-user/carlist/submit', { ownerId: id, carArea: '粤', carCity: 'B', carNumber: '99999' }),
      ),
    ).toEqual(refused('所选业主不存在或已被删除'));
  });
});
