import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { badRequest } from '../src/platform/http/errors';
import { DEMO_TENANT } from '../src/seed/seed';
import { ApiClient } from './client';
import { startServer, type TestServer } from './harness';

/** Gardens, buildings, units and houses (spec §7.4, §7.7 garden / pgarden / building; issue 4). */
let server: TestServer;
let admin: ApiClient;
let other: ApiClient;
let staff: ApiClient;

const ok = { code: 200, success: true };
const refused = (msg: string) => ({ status: 400, body: { code: 400, success: false, msg } });
const answerOf = (a: { status: number; body: any }) => ({
  status: a.status,
  body: { code: a.body.code, success: a.body.success, msg: a.body.msg },
});

async function signedIn(account: string, password: string, tenantId: string): Promise<ApiClient> {
  const client = new ApiClient(server.url);
  const answer = await client.signIn(account, password, tenantId);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return client;
}

/** Submits and answers the id of the row found by `lookup` afterwards. */
async function add(
  client: ApiClient,
  path: string,
  body: Record<string, unknown>,
  lookup: Record<string, unknown>,
): Promise<string> {
  const answer = await client.post(`${path}/submit`, body);
  expect(answer.body, JSON.stringify(answer.body)).toMatchObject(ok);
  const records = (await client.get(`${path}/list`, { ...lookup, size: 100 })).body.data.records;
  expect(records, JSON.stringify(lookup)).toHaveLength(1);
  return records[0].id;
}

const addGarden = (client: ApiClient, gardenName: string, extra: Record<string, unknown> = {}) =>
  add(client, '/system-property/garden', { gardenName, ...extra }, { gardenName_equal: gardenName });
const addBuilding = (client: ApiClient, gardenId: string, buildingName: string) =>
  add(client, '/community-resource/building', { gardenId, buildingName }, { gardenId, buildingName_equal: buildingName });
const addUnit = (client: ApiClient, buildingId: string, unitName: string) =>
  add(client, '/community-resource/unit', { buildingId, unitName }, { buildingId, unitName_equal: unitName });
const houseBody = (gardenId: string, buildingId: string, unitId: string, name: string, extra: Record<string, unknown> = {}) => ({
  gardenId,
  buildingId,
  unitId,
  floor: Number(name.slice(0, 2)),
  name,
  ...extra,
});
const addHouse = (client: ApiClient, gardenId: string, buildingId: string, unitId: string, name: string, extra = {}) =>
  add(client, '/community-resource/unithouse', houseBody(gardenId, buildingId, unitId, name, extra), {
    unitId,
    name_equal: name,
  });

beforeAll(async () => {
  server = await startServer();
  admin = await signedIn('admin', 'admin', DEMO_TENANT);
  const platform = await signedIn('admin', 'admin', '000000');
  expect(
    (
      await platform.post('/blade-system/tenant/submit', {
        tenantName: '另一家物业',
        linkman: '张三',
        contactNumber: '13900139000',
      })
    ).body,
  ).toMatchObject(ok);
  const tenant = (await platform.get('/blade-system/tenant/list', { tenantName_equal: '另一家物业' })).body.data.records[0];
  other = await signedIn('admin', 'admin', tenant.tenantId);
  staff = await signedIn('staff', 'staff123', '000000');
});
afterAll(async () => server?.close());

describe('demo data', () => {
  it('gives the demo tenant two gardens with buildings, units and about 1,000 houses', async () => {
    const gardens = (await admin.get('/system-property/garden/list', { size: 100 })).body.data;
    expect(gardens.records.map((g: any) => g.gardenName)).toEqual(['阳光花园', '翠湖苑']);
    const houses = (await admin.get('/community-resource/unithouse/list')).body.data;
    expect(houses.total).toBe(1000);
    const [first] = gardens.records;
    const buildings = (await admin.get('/community-resource/building/search', { gardenId: first.id })).body.data;
    expect(buildings.map((b: any) => b.buildingName)).toEqual(['1栋', '2栋', '3栋', '4栋']);
    const units = (await admin.get('/community-resource/unit/search', { buildingId: buildings[0].id })).body.data;
    expect(units.map((u: any) => u.unitName)).toEqual(['1单元', '2单元']);
    const inUnit = (await admin.get('/community-resource/unithouse/search', { UnitId: units[0].id })).body.data;
    expect(inUnit).toHaveLength(60);
    expect(inUnit[0]).toMatchObject({
      floor: 1,
      name: '0101',
      houseName: '1栋1单元0101',
      builtArea: '120.50',
      innerArea: '98.20',
    });
    // Seeding again (a restart) adds nothing.
    const { seedDemoCommunity } = await import('../src/seed/community');
    await seedDemoCommunity(server.built.services.db, DEMO_TENANT);
    expect((await admin.get('/community-resource/unithouse/list')).body.data.total).toBe(1000);
  });
});

describe('gardens', () => {
  it('answers the generic calls under both bases, with the spec messages', async () => {
    expect(answerOf(await admin.post('/system-property/garden/submit', { gardenName: ' ' }))).toEqual(refused('请输入小区名称'));
    expect(answerOf(await admin.post('/community-resource/garden/submit', { gardenName: 'X', tel: '12345' }))).toEqual(
      refused('电话号码格式不正确,请输入11位手机号码或座机号码(如010-12345678)'),
    );
    expect(answerOf(await admin.post('/system-property/garden/submit', { gardenName: 'X', floorArea: '1.234' }))).toEqual(
      refused('请输入正确的金额,最多两位小数'),
    );
    const id = await addGarden(admin, '测试花园', { tel: '0755-12345678', floorArea: '12345.67', builtArea: '99999.99' });
    const detail = (await admin.get('/community-resource/garden/detail', { id })).body.data;
    expect(detail).toMatchObject({
      id,
      gardenName: '测试花园',
      floorArea: '12345.67',
      builtArea: '99999.99',
      tenantId: DEMO_TENANT,
    });
    expect((await admin.get('/system-property/garden/detail', { id })).body.data.gardenName).toBe('测试花园');
    expect(answerOf(await admin.post('/community-resource/garden/submit', { gardenName: '测试花园' }))).toEqual(
      refused('小区名称已存在'),
    );
    expect((await admin.post('/community-resource/garden/submit', { id, gardenName: '测试花园二期' })).body).toMatchObject(ok);
    expect((await admin.get('/system-property/garden/detail', { id })).body.data.gardenName).toBe('测试花园二期');
    expect((await admin.post('/community-resource/garden/remove', undefined, { ids: id })).body).toMatchObject(ok);
    expect((await admin.get('/system-property/garden/detail', { id })).body.data).toBeNull();
    expect((await admin.post('/system-property/garden/remove', undefined, { ids: 'abc' })).status).toBe(400);
  });

  it('the garden list ignores the header garden selector; other lists are narrowed by it', async () => {
    const gardens = (await admin.get('/system-property/garden/list', { size: 100 })).body.data.records;
    const [sun, lake] = gardens;
    const all = (await admin.get('/system-property/garden/list', { gardenId: sun.id, size: 100 })).body.data;
    expect(all.total).toBe(gardens.length);
    const sunHouses = (await admin.get('/community-resource/unithouse/list', { gardenId: sun.id })).body.data.total;
    const lakeHouses = (await admin.get('/community-resource/unithouse/list', { gardenId: lake.id })).body.data.total;
    expect([sunHouses, lakeHouses]).toEqual([480, 520]);
    const lakeBuildings = (await admin.get('/community-resource/building/list', { gardenId: lake.id })).body.data.total;
    expect(lakeBuildings).toBe(5);
    const lakeUnits = (await admin.get('/community-resource/unit/list', { gardenId: lake.id })).body.data.total;
    expect(lakeUnits).toBe(10);
    const building = (await admin.get('/community-resource/building/search', { gardenId: lake.id })).body.data[0];
    const page = (await admin.get('/community-resource/unithouse/list', { gardenId: lake.id, buildingId: building.id, size: 5 }))
      .body.data;
    expect(page.total).toBe(104);
    expect(page.records.map((h: any) => h.houseName)).toEqual([
      '1栋1单元0101',
      '1栋1单元0102',
      '1栋1单元0103',
      '1栋1单元0104',
      '1栋1单元0201',
    ]);
    expect((await admin.get('/community-resource/unithouse/list', { gardenId: 'x' })).status).toBe(400);
  });

  it('keeps the stewards (管家) of a garden', async () => {
    const id = await addGarden(admin, '管家花园');
    const users = (await admin.get('/blade-system/user/page', { account_equal: 'admin' })).body.data.records;
    const list = [
      { userId: users[0].id, name: '张管家', phone: '13800000001' },
      { name: '李管家', phone: '0755-1234567' },
    ];
    expect((await admin.post('/community-resource/garden/updateMajordomoInfo', { id, majordomoInfo: list })).body).toMatchObject(
      ok,
    );
    const answer = (await admin.get('/community-resource/garden/getMajordomoInfoList', { id })).body.data;
    expect(answer).toMatchObject([
      { userId: users[0].id, name: '张管家', phone: '13800000001', realName: '管理员' },
      { userId: null, name: '李管家', realName: '李管家' },
    ]);
    expect(
      answerOf(await admin.post('/community-resource/garden/updateMajordomoInfo', { id, majordomoInfo: [{ name: '' }] })),
    ).toEqual(refused('请输入管家姓名'));
    expect(
      answerOf(
        await admin.post('/community-resource/garden/updateMajordomoInfo', { id, majordomoInfo: [{ name: '赵', phone: '1' }] }),
      ),
    ).toEqual(refused('电话号码格式不正确,请输入11位手机号码或座机号码(如010-12345678)'));
    expect(
      answerOf(
        await admin.post('/community-resource/garden/updateMajordomoInfo', {
          id,
          majordomoInfo: [{ userId: '123', name: '赵', phone: '13800000002' }],
        }),
      ),
    ).toEqual(refused('所选人员不存在'));
    expect((await admin.post('/community-resource/garden/updateMajordomoInfo', { id, majordomoInfo: '[not json' })).status).toBe(
      400,
    );
  });

  it('assigns staff to gardens (pgarden)', async () => {
    const [g1, g2] = (await admin.get('/community-resource/resource-search/search', { type: 'garden' })).body.data.filter(
      (g: any) => ['阳光花园', '翠湖苑'].includes(g.gardenName),
    );
    const userId = (await admin.get('/blade-system/user/page', { account_equal: 'admin' })).body.data.records[0].id;
    expect((await admin.post('/system-property/pgarden/submitAll', { userId, gardenIds: [g1.id, g2.id] })).body).toMatchObject(
      ok,
    );
    let page = (await admin.get('/system-property/pgarden/list-page', { userId })).body.data;
    expect(page.total).toBe(2);
    expect(page.records.map((r: any) => r.gardenName).sort()).toEqual(['翠湖苑', '阳光花园']);
    expect(page.records[0].realName).toBe('管理员');
    expect((await admin.post('/system-property/pgarden/submitAll', { userId, gardenIds: g2.id })).body).toMatchObject(ok);
    page = (await admin.get('/system-property/pgarden/list-page', { userId })).body.data;
    expect(page.records.map((r: any) => r.gardenId)).toEqual([g2.id]);
    expect((await admin.post('/system-property/pgarden/remove', undefined, { ids: page.records[0].id })).body).toMatchObject(ok);
    expect((await admin.get('/system-property/pgarden/list-page', { userId })).body.data.total).toBe(0);
    expect(answerOf(await admin.post('/system-property/pgarden/submitAll', { userId: '1', gardenIds: g1.id }))).toEqual(
      refused('所选人员不存在'),
    );
    expect(answerOf(await admin.post('/system-property/pgarden/submitAll', { userId, gardenIds: '1' }))).toEqual(
      refused('所选小区不存在或已被删除'),
    );
  });
});

describe('buildings, units and houses', () => {
  let gardenId: string;
  let buildingId: string;
  let unitId: string;
  beforeAll(async () => {
    gardenId = await addGarden(admin, '规则花园');
    buildingId = await addBuilding(admin, gardenId, 'A栋');
    unitId = await addUnit(admin, buildingId, '1单元');
  });

  it('checks buildings and units against their parents', async () => {
    expect(answerOf(await admin.post('/community-resource/building/submit', { buildingName: 'B栋' }))).toEqual(
      refused('请选择小区'),
    );
    expect(answerOf(await admin.post('/community-resource/building/submit', { gardenId }))).toEqual(refused('请输入楼栋名称'));
    expect(answerOf(await admin.post('/community-resource/building/submit', { gardenId: '1', buildingName: 'B栋' }))).toEqual(
      refused('所选小区不存在或已被删除'),
    );
    expect(answerOf(await admin.post('/community-resource/building/submit', { gardenId, buildingName: 'A栋' }))).toEqual(
      refused('该小区下楼栋名称已存在'),
    );
    expect(answerOf(await admin.post('/community-resource/unit/submit', { unitName: '2单元' }))).toEqual(refused('请选择楼栋'));
    expect(answerOf(await admin.post('/community-resource/unit/submit', { buildingId, unitName: '1单元' }))).toEqual(
      refused('该楼栋下单元名称已存在'),
    );
    const unit = (await admin.get('/community-resource/unit/detail', { id: unitId })).body.data;
    expect(unit).toMatchObject({ gardenId, buildingId, unitName: '1单元' });
  });

  it('keeps houses unique by garden, building, unit and number, and inside their unit', async () => {
    expect(
      answerOf(await admin.post('/community-resource/unithouse/submit', { gardenId, buildingId, unitId, floor: 1 })),
    ).toEqual(refused('请输入房号'));
    expect(
      answerOf(await admin.post('/community-resource/unithouse/submit', { gardenId, buildingId, unitId, name: '0101' })),
    ).toEqual(refused('请输入楼层'));
    const id = await addHouse(admin, gardenId, buildingId, unitId, '0101', {
      builtArea: '89.50',
      innerArea: '72.30',
      houseType: 1,
    });
    const house = (await admin.get('/community-resource/unithouse/detail', { id })).body.data;
    expect(house).toMatchObject({
      houseName: 'A栋1单元0101',
      builtArea: '89.50',
      innerArea: '72.30',
      houseType: 1,
      tenantId: DEMO_TENANT,
    });
    expect(
      answerOf(await admin.post('/community-resource/unithouse/submit', houseBody(gardenId, buildingId, unitId, '0101'))),
    ).toEqual(refused('该单元下房号已存在'));
    // The same number in another unit is another house.
    const unit2 = await addUnit(admin, buildingId, '2单元');
    await addHouse(admin, gardenId, buildingId, unit2, '0101');
    const otherGarden = (await admin.get('/system-property/garden/list', { size: 1 })).body.data.records[0].id;
    expect(
      answerOf(await admin.post('/community-resource/unithouse/submit', houseBody(otherGarden, buildingId, unitId, '0102'))),
    ).toEqual(refused('所选楼栋不属于该小区'));
    const building2 = await addBuilding(admin, gardenId, 'B栋');
    expect(
      answerOf(await admin.post('/community-resource/unithouse/submit', houseBody(gardenId, building2, unitId, '0102'))),
    ).toEqual(refused('所选单元不属于该楼栋'));
    expect(
      answerOf(
        await admin.post(
          '/community-resource/unithouse/submit',
          houseBody(gardenId, buildingId, unitId, '0102', { innerArea: '90', builtArea: '89.99' }),
        ),
      ),
    ).toEqual(refused('套内面积不能大于建筑面积'));
    expect(
      answerOf(
        await admin.post(
          '/community-resource/unithouse/submit',
          houseBody(gardenId, buildingId, unitId, '0102', { builtArea: '0.1e3' }),
        ),
      ),
    ).toMatchObject({ status: 400 });
    expect(
      answerOf(
        await admin.post('/community-resource/unithouse/submit', {
          ...houseBody(gardenId, buildingId, unitId, '9901'),
          floor: 999,
        }),
      ),
    ).toEqual(refused('楼层应在-10到300之间'));
  });

  it('saves one house when the same house is submitted many times at once, refusing the others with a 4xx', async () => {
    const body = houseBody(gardenId, buildingId, unitId, '1701', { floor: 17 });
    const answers = await Promise.all(Array.from({ length: 6 }, () => admin.post('/community-resource/unithouse/submit', body)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    for (const refusal of answers.filter((a) => a.status !== 200)) expect([400, 409]).toContain(refusal.status);
    const found = await admin.get('/community-resource/unithouse/list', { unitId, name: '1701' });
    expect(found.body.data.total).toBe(1);
  });

  it('updates a house through updatehouse and the property building calls, and names follow renames', async () => {
    const id = await addHouse(admin, gardenId, buildingId, unitId, '0201');
    expect(
      (await admin.post('/community-resource/unithouse/updatehouse', { id, builtArea: '100.10', houseStatus: 2 })).body,
    ).toMatchObject(ok);
    expect(answerOf(await admin.post('/community-resource/unithouse/updatehouse', { builtArea: '1' }))).toEqual(
      refused('缺少必要的请求参数: id'),
    );
    const detail = (await admin.get('/system-property/building/detail', { houseId: id })).body.data;
    expect(detail).toMatchObject({
      id,
      builtArea: '100.10',
      houseStatus: 2,
      gardenName: '规则花园',
      buildingName: 'A栋',
      unitName: '1单元',
    });
    expect((await admin.post('/system-property/building/submit', { id, remark: '南向' })).body).toMatchObject(ok);
    expect(
      (await admin.post('/system-property/building/submit', houseBody(gardenId, buildingId, unitId, '0202'))).body,
    ).toMatchObject(ok);
    expect((await admin.post('/community-resource/building/submit', { id: buildingId, buildingName: 'A座' })).body).toMatchObject(
      ok,
    );
    expect((await admin.post('/community-resource/unit/submit', { id: unitId, unitName: '一单元' })).body).toMatchObject(ok);
    const names = (await admin.get('/community-resource/unithouse/search', { UnitId: unitId })).body.data.map(
      (h: any) => h.houseName,
    );
    expect(names).toContain('A座一单元0201');
    expect(names).toContain('A座一单元0202');
  });

  it('refuses removals that would orphan rows, and removes empty ones', async () => {
    const house = (await admin.get('/community-resource/unithouse/search', { unitId })).body.data[0];
    expect(answerOf(await admin.post('/community-resource/garden/remove', undefined, { ids: gardenId }))).toEqual(
      refused('该小区下存在楼栋,请先删除楼栋'),
    );
    expect(answerOf(await admin.post('/community-resource/building/remove', undefined, { ids: buildingId }))).toEqual(
      refused('该楼栋下存在房屋,请先删除房屋'),
    );
    expect(answerOf(await admin.post('/community-resource/unit/remove', undefined, { ids: unitId }))).toEqual(
      refused('该单元下存在房屋,请先删除房屋'),
    );
    expect(
      answerOf(
        await admin.post('/community-resource/building/submit', { id: buildingId, gardenId: await addGarden(admin, '别的花园') }),
      ),
    ).toEqual(refused('该楼栋下已有单元,不能更换所属小区'));
    // Other modules (owners, bills) refuse through the removal hook, inside the same transaction.
    const { addHouseRemovalCheck } = await import('../src/modules/community/index');
    let bound: string | undefined = house.id;
    addHouseRemovalCheck(async (_ctx, ids) => {
      if (bound && ids.includes(bound)) throw badRequest('houseHasOwners');
    });
    const all = (await admin.get('/community-resource/unithouse/list', { gardenId, size: 100 })).body.data.records;
    const together = all.map((h: any) => h.id).join(',');
    expect(answerOf(await admin.post('/community-resource/unithouse/remove', undefined, { ids: together }))).toEqual(
      refused('该房屋下存在业主,请先解除绑定'),
    );
    expect((await admin.get('/community-resource/unithouse/list', { gardenId })).body.data.total).toBe(all.length);
    bound = undefined; // the owner moved out
    // Emptied bottom-up, everything goes.
    const houses = (await admin.get('/community-resource/unithouse/list', { gardenId, size: 100 })).body.data.records;
    const ids = houses.map((h: any) => h.id).join(',');
    expect((await admin.post('/community-resource/unithouse/remove', undefined, { ids })).body).toMatchObject(ok);
    expect((await admin.post('/community-resource/building/remove', undefined, { ids: buildingId })).body).toMatchObject(ok);
    expect((await admin.get('/community-resource/unit/detail', { id: unitId })).body.data).toBeNull();
    const rest = (await admin.get('/community-resource/building/search', { gardenId })).body.data.map((b: any) => b.id).join(',');
    expect((await admin.post('/community-resource/building/remove', undefined, { ids: rest })).body).toMatchObject(ok);
    expect((await admin.post('/community-resource/garden/remove', undefined, { ids: gardenId })).body).toMatchObject(ok);
  });
});

describe('building/batchsave', () => {
  let gardenId: string;
  beforeAll(async () => {
    gardenId = await addGarden(admin, '批量花园');
  });

  it('creates building 3 with 2 units, 18 floors and 4 houses a floor, numbered 0101…1804', async () => {
    const answer = await admin.post('/community-resource/building/batchsave', {
      gardenId,
      buildingName: '3栋',
      unitCount: 2,
      floorCount: 18,
      houseCount: 4,
      builtArea: '95.00',
      innerArea: '80.00',
      houseType: 1,
    });
    expect(answer.body).toMatchObject({ ...ok, data: { unitCount: 2, houseCount: 144 } });
    const buildingId = answer.body.data.buildingId;
    const units = (await admin.get('/community-resource/unit/search', { buildingId })).body.data;
    expect(units.map((u: any) => u.unitName)).toEqual(['1单元', '2单元']);
    const houses = (await admin.get('/community-resource/unithouse/search', { UnitId: units[1].id })).body.data;
    expect(houses).toHaveLength(72);
    expect(houses[0]).toMatchObject({
      name: '0101',
      floor: 1,
      houseName: '3栋2单元0101',
      builtArea: '95.00',
      gardenId,
      buildingId,
    });
    expect(houses.at(-1)).toMatchObject({ name: '1804', floor: 18 });
    expect((await admin.get('/community-resource/unithouse/list', { gardenId, buildingId })).body.data.total).toBe(144);
  });

  it('refuses a batch that clashes with existing houses, naming the clash, and saves nothing of it', async () => {
    const before = (await admin.get('/community-resource/unithouse/list', { gardenId })).body.data.total;
    // Adding a third unit and floors 18-19 to building 3: floor 18 of units 1-2 exists already.
    const answer = await admin.post('/community-resource/building/batchsave', {
      gardenId,
      buildingName: '3栋',
      unitCount: 3,
      floorCount: 2,
      startFloor: 18,
      houseCount: 4,
    });
    expect(answer.status).toBe(400);
    expect(answer.body.msg).toBe('房屋已存在: 3栋1单元1801、3栋1单元1802、3栋1单元1803、3栋1单元1804、3栋2单元1801 等共8户');
    expect((await admin.get('/community-resource/unithouse/list', { gardenId })).body.data.total).toBe(before);
    const units = (await admin.get('/community-resource/unit/search', { gardenId })).body.data;
    expect(units).toHaveLength(2);
  });

  it('adds to an existing building by id and checks its numbers', async () => {
    const buildingId = (await admin.get('/community-resource/building/search', { gardenId })).body.data[0].id;
    const answer = await admin.post('/community-resource/building/batchsave', {
      gardenId,
      buildingId,
      unitCount: 2,
      floorCount: 1,
      startFloor: 19,
      houseCount: 2,
    });
    expect(answer.body).toMatchObject({ ...ok, data: { buildingId, houseCount: 4 } });
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ buildingName: '4栋', unitCount: 1, floorCount: 1, houseCount: 1 }, '请选择小区'],
      [{ gardenId, unitCount: 1, floorCount: 1, houseCount: 1 }, '请输入楼栋名称'],
      [{ gardenId, buildingName: '4栋', floorCount: 1, houseCount: 1 }, '请输入单元数'],
      [{ gardenId, buildingName: '4栋', unitCount: 1, houseCount: 1 }, '请输入楼层数'],
      [{ gardenId, buildingName: '4栋', unitCount: 1, floorCount: 1 }, '请输入每层户数'],
      [{ gardenId, buildingName: '4栋', unitCount: 'x', floorCount: 1, houseCount: 1 }, '单元数请输入正确的整数数字'],
      [{ gardenId, buildingName: '4栋', unitCount: 0, floorCount: 1, houseCount: 1 }, '单元数、楼层数和每层户数都至少为1'],
      [{ gardenId, buildingName: '4栋', unitCount: 50, floorCount: 200, houseCount: 50 }, '单次最多生成10000户'],
      [{ gardenId: '1', buildingName: '4栋', unitCount: 1, floorCount: 1, houseCount: 1 }, '所选小区不存在或已被删除'],
    ];
    for (const [body, msg] of cases)
      expect(answerOf(await admin.post('/community-resource/building/batchsave', body)), msg).toEqual(refused(msg));
  });
});

describe('resource search', () => {
  it('answers gardens, buildings, units and houses for pickers', async () => {
    const gardens = (await admin.get('/community-resource/resource-search/search', { type: 'garden' })).body.data;
    const sun = gardens.find((g: any) => g.title === '阳光花园');
    expect(sun).toMatchObject({ value: sun.id, type: 'garden' });
    const buildings = (await admin.get('/community-resource/resource-search/search', { type: 2, gardenId: sun.id })).body.data;
    expect(buildings.map((b: any) => b.title)).toEqual(['1栋', '2栋', '3栋', '4栋']);
    const houses = (
      await admin.get('/community-resource/resource-search/search', {
        type: 'house',
        gardenId: sun.id,
        buildingId: buildings[1].id,
      })
    ).body.data;
    expect(houses).toHaveLength(120);
    expect(houses[0].title).toBe('2栋1单元0101');
    const picked = (
      await admin.get('/community-resource/resource-search/search', { type: 'house', ids: `${houses[0].id},${houses[5].id}` })
    ).body.data;
    expect(picked.map((h: any) => h.id).sort()).toEqual([houses[0].id, houses[5].id].sort());
    expect((await admin.get('/community-resource/resource-search/search', { type: 'owner' })).status).toBe(400);
    expect((await admin.get('/community-resource/resource-search/search', { type: 'garden', buildingId: '1' })).status).toBe(400);
    expect((await admin.get('/community-resource/resource-search/search-house', { ownerId: '1' })).body).toMatchObject({
      ...ok,
      data: [],
    });
    expect((await admin.get('/community-resource/resource-search/search-house')).status).toBe(400);
  });
});

describe('isolation and permissions', () => {
  let house: any;
  let garden: any;
  beforeAll(async () => {
    garden = (await admin.get('/system-property/garden/list', { gardenName_equal: '阳光花园' })).body.data.records[0];
    house = (await admin.get('/community-resource/unithouse/list', { gardenId: garden.id, size: 1 })).body.data.records[0];
  });

  it('another tenant cannot list, read, change or remove the demo tenant rows', async () => {
    expect((await other.get('/system-property/garden/list')).body.data.total).toBe(0);
    expect((await other.get('/community-resource/unithouse/list', { gardenId: garden.id })).body.data.total).toBe(0);
    expect((await other.get('/community-resource/garden/detail', { id: garden.id })).body.data).toBeNull();
    expect((await other.get('/system-property/building/detail', { houseId: house.id })).body.data).toBeNull();
    expect((await other.get('/community-resource/resource-search/search', { type: 'house', ids: house.id })).body.data).toEqual(
      [],
    );
    expect((await other.post('/community-resource/unithouse/updatehouse', { id: house.id, remark: 'x' })).status).toBe(404);
    expect((await other.post('/community-resource/garden/submit', { id: garden.id, gardenName: '改名' })).status).toBe(404);
    expect((await other.post('/community-resource/unithouse/remove', undefined, { ids: house.id })).body).toMatchObject(ok);
    expect(
      (await other.post('/community-resource/garden/updateMajordomoInfo', { id: garden.id, majordomoInfo: [] })).status,
    ).toBe(400);
    // Its own house may not hang in the demo tenant's garden.
    expect(
      answerOf(await other.post('/community-resource/building/submit', { gardenId: garden.id, buildingName: '偷楼' })),
    ).toEqual(refused('所选小区不存在或已被删除'));
    expect(
      answerOf(
        await other.post('/community-resource/building/batchsave', {
          gardenId: garden.id,
          buildingName: '偷楼',
          unitCount: 1,
          floorCount: 1,
          houseCount: 1,
        }),
      ),
    ).toEqual(refused('所选小区不存在或已被删除'));
    expect((await admin.get('/community-resource/unithouse/detail', { id: house.id })).body.data).toMatchObject({
      id: house.id,
      remark: null,
    });
    expect((await admin.get('/system-property/garden/detail', { id: garden.id })).body.data.gardenName).toBe(garden.gardenName);
    // The same names are free in the other tenant.
    const mine = await addGarden(other, garden.gardenName);
    expect((await other.get('/system-property/garden/list')).body.data.records.map((g: any) => g.id)).toEqual([mine]);
  });

  it('a user without the community menus is refused', async () => {
    for (const [method, path] of [
      ['GET', '/system-property/garden/list'],
      ['GET', '/community-resource/building/list'],
      ['GET', '/community-resource/unit/search'],
      ['GET', '/community-resource/unithouse/search'],
      ['GET', '/community-resource/resource-search/search'],
      ['POST', '/community-resource/building/batchsave'],
      ['POST', '/community-resource/garden/submit'],
      ['POST', '/community-resource/unithouse/remove'],
      ['POST', '/system-property/pgarden/submitAll'],
      ['GET', '/community-resource/unithouse/import-template'],
    ] as const) {
      const answer = await staff.call(method, path, {
        query: { ids: '1', type: 'garden' },
        body: method === 'POST' ? { gardenName: 'x' } : undefined,
      });
      expect(answer.status, path).toBe(403);
    }
    expect((await new ApiClient(server.url).get('/system-property/garden/list')).status).toBe(401);
  });
});
