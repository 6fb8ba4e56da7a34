import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TENANT } from '../src/seed/seed';
import type { ApiClient } from './client';
import { idOf, ok, otherTenant, ownerWithCar, refused, signedIn } from './facility-fixtures';
import { startServer, type TestServer } from './harness';

/** Parking lots, spaces, their periods and car history (spec §7.7 parking, parkingspace, parkingspacechild, carparking). */
let server: TestServer;
let admin: ApiClient;
let other: ApiClient;
let staff: ApiClient;
let gardenId: string;
let lotId: string;

const db = () => server.built.services.db;
const space = async (id: string) => (await admin.get('/system-property/parkingspace/detail', { id })).body.data;

beforeAll(async () => {
  server = await startServer();
  admin = await signedIn(server, 'admin', 'admin', DEMO_TENANT);
  other = await otherTenant(server, '车位测试物业');
  staff = await signedIn(server, 'staff', 'staff123', '000000');
  gardenId = (await admin.get('/system-property/garden/list', { gardenName_equal: '阳光花园' })).body.data.records[0].id;
  expect(
    (await admin.post('/system-property/parking/submit', { gardenId, name: '测试停车场', parkingType: 1 })).body,
  ).toMatchObject(ok);
  lotId = await idOf(admin, '/system-property/parking/list', { gardenId, name_equal: '测试停车场' });
});
afterAll(async () => server?.close());

describe('demo parking', () => {
  it('has two lots of 200 spaces a garden, the counts kept on the lots', async () => {
    const lots = (await admin.get('/system-property/parking/list', { gardenId, name_like: '停车场', size: 100 })).body.data
      .records;
    const demo = lots.filter((l: { name: string }) => l.name !== '测试停车场');
    expect(demo).toHaveLength(2);
    expect(demo.reduce((sum: number, l: { spaceCount: number }) => sum + l.spaceCount, 0)).toBe(200);
    const spaces = (await admin.get('/system-property/parkingspace/list', { gardenId, size: 1 })).body.data;
    expect(spaces.total).toBe(200);
  });
});

describe('demo bindings', () => {
  it('parks the residents’ demo cars in spaces sold to their owners, each with an open record', async () => {
    const cars = await sql<{ n: number }>`select count(*)::int as n from property_car
      where tenant_id = ${DEMO_TENANT} and is_deleted = 0 and owner_id is not null`.execute(db());
    const bound = await sql<{ n: number; wrong: number; unrecorded: number }>`select count(*)::int as n,
        count(*) filter (where c.owner_id <> s.owner_id or s.space_status <> 2)::int as wrong,
        count(*) filter (where not exists (select 1 from property_car_parking r where r.parking_space_id = s.id
          and r.car_id = s.car_id and r.unbind_time is null))::int as unrecorded
      from property_parking_space s join property_car c on c.id = s.car_id
      where s.tenant_id = ${DEMO_TENANT} and s.is_deleted = 0`.execute(db());
    expect(bound.rows[0]).toEqual({ n: Math.min(40, cars.rows[0]!.n), wrong: 0, unrecorded: 0 });
  });
});

describe('lots', () => {
  it('refuses a lot without a name, in another tenant’s garden, or named twice', async () => {
    expect(await admin.post('/system-property/parking/submit', { gardenId })).toMatchObject(refused(400, '请输入停车场名称'));
    expect(await other.post('/system-property/parking/submit', { gardenId, name: 'x' })).toMatchObject(
      refused(400, '所选小区不存在或已被删除'),
    );
    expect(await admin.post('/system-property/parking/submit', { gardenId, name: '测试停车场' })).toMatchObject(
      refused(400, '该小区下停车场名称已存在'),
    );
  });
});

describe('spaces', () => {
  let spaceA: string;
  let spaceB: string;
  let car: { ownerId: string; carId?: string };

  beforeAll(async () => {
    for (const spaceNo of ['T-001', 'T-002']) {
      const saved = await admin.post('/system-property/parkingspace/save', {
        parkingId: lotId,
        spaceNo,
        area: '12.35',
        spaceType: 1,
      });
      expect(saved.body, JSON.stringify(saved.body)).toMatchObject(ok);
    }
    spaceA = await idOf(admin, '/system-property/parkingspace/list', { parkingId: lotId, spaceNo_equal: 'T-001' });
    spaceB = await idOf(admin, '/system-property/parkingspace/list', { parkingId: lotId, spaceNo_equal: 'T-002' });
    car = await ownerWithCar(db(), DEMO_TENANT, '13600136001', '12345');
  });

  it('keeps the area exact, the garden of the lot, and the lot’s space count', async () => {
    expect(await space(spaceA)).toMatchObject({ area: '12.35', gardenId, parkingId: lotId, spaceStatus: 1 });
    expect((await admin.get('/system-property/parking/detail', { id: lotId })).body.data.spaceCount).toBe(2);
  });

  it('the console’s generic submit adds and changes spaces under the same rules', async () => {
    expect((await admin.post('/system-property/parkingspace/submit', { parkingId: lotId, spaceNo: 'T-001' })).body.msg).toBe(
      '该停车场下车位编号已存在',
    );
    expect((await admin.post('/system-property/parkingspace/submit', { parkingId: lotId, spaceNo: 'T-050' })).body).toMatchObject(
      {
        success: true,
      },
    );
    const [added] = (await admin.get('/system-property/parkingspace/list', { parkingId: lotId, spaceNo_equal: 'T-050' })).body
      .data.records;
    expect(added).toMatchObject({ gardenId, spaceStatus: 1 });
    expect((await admin.post('/system-property/parkingspace/submit', { ...added, area: '8.80' })).body.success).toBe(true);
    expect(await space(added.id)).toMatchObject({ area: '8.80' });
    expect((await admin.post('/system-property/parkingspace/remove', undefined, { ids: added.id })).body.success).toBe(true);
  });

  it('refuses a number taken in the lot, a missing lot, and an update without id', async () => {
    expect(await admin.post('/system-property/parkingspace/save', { parkingId: lotId, spaceNo: 'T-001' })).toMatchObject(
      refused(400, '该停车场下车位编号已存在'),
    );
    expect(await admin.post('/system-property/parkingspace/save', { spaceNo: 'T-009' })).toMatchObject(
      refused(400, '请选择停车场'),
    );
    expect(await admin.post('/system-property/parkingspace/update', { spaceNo: 'T-009' })).toMatchObject(
      refused(400, '缺少必要的请求参数: id'),
    );
    // save never changes an existing space, even when the body carries its id.
    expect(
      (await admin.post('/system-property/parkingspace/save', { id: spaceA, parkingId: lotId, spaceNo: 'T-001' })).status,
    ).toBe(400);
  });

  it('parks a car in one space only, and keeps the history', async () => {
    expect(await admin.post('/system-property/parkingspace/update', { id: spaceA, carId: car.carId })).toMatchObject(
      refused(400, '空闲车位不能绑定业主或车辆'),
    );
    const parked = await admin.post('/system-property/parkingspace/update', { id: spaceA, carId: car.carId, spaceStatus: 2 });
    expect(parked.body).toMatchObject(ok);
    // The car's owner comes with it.
    expect(await space(spaceA)).toMatchObject({ carId: car.carId, ownerId: car.ownerId, spaceStatus: 2 });
    expect(
      await admin.post('/system-property/parkingspace/update', { id: spaceB, carId: car.carId, spaceStatus: 3 }),
    ).toMatchObject(refused(400, '该车辆已停放在测试停车场T-001车位,一辆车同时只能占用一个车位'));
    expect((await space(spaceB)).carId).toBeNull();

    const someoneElse = await ownerWithCar(db(), DEMO_TENANT, '13600136002');
    expect(
      await admin.post('/system-property/parkingspace/update', {
        id: spaceB,
        carId: car.carId,
        ownerId: someoneElse.ownerId,
        spaceStatus: 3,
      }),
    ).toMatchObject(refused(400, '该车辆不属于所选业主'));

    // The residents module keeps an owner and a car a space points at.
    expect(await admin.post('/citizen-user/carlist/remove', undefined, { ids: car.carId })).toMatchObject(
      refused(400, '该车辆已停放在车位,请先解除车位绑定'),
    );
    expect(await admin.post('/owner/remove', undefined, { ids: car.ownerId })).toMatchObject(
      refused(400, '该业主名下有车位,请先解除车位绑定'),
    );
    const mine = (await admin.get('/system-property/parkingspace/list-all', { ownerId: car.ownerId })).body.data;
    expect(mine.map((s: { id: string }) => s.id)).toEqual([spaceA]);

    // Moving the car: out of A (record closed), then into B through carparking (record opened).
    expect((await admin.post('/system-property/parkingspace/update', { id: spaceA, carId: null })).body).toMatchObject(ok);
    expect(
      (await admin.post('/system-property/carparking/submit', { parkingSpaceId: spaceB, carId: car.carId })).body,
    ).toMatchObject(ok);
    expect(await space(spaceB)).toMatchObject({ carId: car.carId, spaceStatus: 4 });
    const history = (await admin.get('/system-property/carparking/list', { carId: car.carId, ascs: 'id' })).body.data.records;
    expect(
      history.map((r: { parkingSpaceId: string; unbindTime: string | null }) => [r.parkingSpaceId, r.unbindTime === null]),
    ).toEqual([
      [spaceA, false],
      [spaceB, true],
    ]);
    const open = history.find((r: { unbindTime: string | null }) => r.unbindTime === null);
    expect(await admin.post('/system-property/carparking/remove', undefined, { ids: open.id })).toMatchObject(
      refused(400, '车辆仍停放在该车位,请先在车位中解除车辆'),
    );
  });

  it('keeps sale and lease periods of a space from overlapping', async () => {
    const owner = (await ownerWithCar(db(), DEMO_TENANT, '13600136003')).ownerId;
    const period = (startDate: string, endDate?: string) =>
      admin.post('/system-property/parkingspacechild/submit', {
        parkingSpaceId: spaceA,
        ownerId: owner,
        holdType: 2,
        startDate,
        endDate,
        price: '300.00',
      });
    expect((await period('2026-01-01', '2026-06-30')).body).toMatchObject(ok);
    expect(await period('2026-06-01', '2026-12-31')).toMatchObject(refused(400, '该时间段与车位已有的租售记录重叠'));
    expect(await period('2026-09-01', '2026-08-01')).toMatchObject(refused(400, '结束日期不能早于开始日期'));
    expect(await period('2026-09-01')).toMatchObject(refused(400, '出租请选择结束日期'));
    expect((await period('2026-07-01', '2026-12-31')).body).toMatchObject(ok);
  });

  it('refuses to remove a lot with spaces; removing spaces updates the count', async () => {
    expect(await admin.post('/system-property/parking/remove', undefined, { ids: lotId })).toMatchObject(
      refused(400, '该停车场下存在车位,请先删除车位'),
    );
    expect(
      (await admin.post('/system-property/parkingspace/remove', undefined, { ids: `${spaceA},${spaceB}` })).body,
    ).toMatchObject(ok);
    expect((await admin.get('/system-property/parking/detail', { id: lotId })).body.data.spaceCount).toBe(0);
    // The car left with its space: its record is closed.
    const open = await sql`select 1 from property_car_parking where car_id = ${car.carId} and unbind_time is null`.execute(db());
    expect(open.rows).toHaveLength(0);
    expect((await admin.post('/system-property/parking/remove', undefined, { ids: lotId })).body).toMatchObject(ok);
  });
});

describe('isolation and permissions', () => {
  it('another tenant sees none of these rows and cannot change them', async () => {
    expect((await other.get('/system-property/parkingspace/list')).body.data.total).toBe(0);
    const demoSpace = (await admin.get('/system-property/parkingspace/list', { gardenId, size: 1 })).body.data.records[0];
    expect((await other.get('/system-property/parkingspace/detail', { id: demoSpace.id })).body.data).toBeNull();
    expect((await other.post('/system-property/parkingspace/update', { id: demoSpace.id, spaceNo: 'X' })).status).toBe(404);
    expect((await other.post('/system-property/parkingspace/remove', undefined, { ids: demoSpace.id })).body).toMatchObject(ok);
    expect(await space(demoSpace.id)).toMatchObject({ id: demoSpace.id });
  });

  it('a user without the parking menus is refused', async () => {
    for (const [method, path] of [
      ['GET', '/system-property/parking/detail'],
      ['GET', '/system-property/parkingspace/list'],
      ['POST', '/system-property/parkingspace/save'],
      ['POST', '/system-property/parkingspace/update'],
      ['GET', '/system-property/parkingspace/list-all'],
      ['GET', '/system-property/parkingspacechild/list'],
      ['POST', '/system-property/carparking/submit'],
    ] as const) {
      const answer = await staff.call(method, path, {
        query: { id: '1', ownerId: '1' },
        body: method === 'POST' ? { id: '1' } : undefined,
      });
      expect(answer.status, path).toBe(403);
    }
  });
});
