import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from './client';
import { bindGardens, demoGardens, gardenStaff, menuSubtrees, signedIn } from './garden-staff';
import { startServer, type TestServer } from './harness';

/**
 * Garden-bound staff (issue 4: "every record is tenant-bound and
 * garden-bound"): a staff member assigned to gardens through pgarden sees and
 * touches only those gardens' rows; the administrator and staff without
 * assignments keep the whole tenant.
 */
let server: TestServer;
let admin: ApiClient;
let gardener: ApiClient;
let gardenerId: string;
/** 阳光花园, the gardener's garden, and 翠湖苑, the other one. */
let mine: string;
let theirs: string;

const NO_RIGHT = { code: 403, success: false, msg: '无权操作该小区的数据' };

const totalOf = async (client: ApiClient, path: string, query: Record<string, unknown> = {}) => {
  const answer = await client.get(`${path}/list`, { size: 1, ...query });
  expect(answer.status, `${path} ${JSON.stringify(answer.body)}`).toBe(200);
  return answer.body.data.total as number;
};

/** The id of one row of `garden` listed by the administrator. */
const oneOf = async (path: string, garden: string) => {
  const records = (await admin.get(`${path}/list`, { gardenId: garden, size: 1 })).body.data.records;
  expect(records, path).toHaveLength(1);
  return records[0] as { id: string } & Record<string, unknown>;
};

const assignGardens = (gardenIds: string[]) => bindGardens(admin, gardenerId, gardenIds);

/** Garden-bound lists: buildings, houses, owners, cars, parking lots and spaces, elevators. */
const GARDEN_LISTS = [
  '/community-resource/building',
  '/community-resource/unithouse',
  '/owner',
  '/citizen-user/carlist',
  '/system-property/parking',
  '/system-property/parkingspace',
  '/system-property/elevator',
];

beforeAll(async () => {
  server = await startServer();
  admin = await signedIn(server, 'admin', 'admin');
  ({ mine, theirs } = await demoGardens(admin));
  // A staff role holding the community and residents menus (not the administrator).
  ({ userId: gardenerId, client: gardener } = await gardenStaff(server, admin, {
    role: { roleName: '小区管家', roleAlias: 'garden_staff' },
    user: { account: 'gardener', realName: '园区管家', password: 'garden123' },
    menuIds: await menuSubtrees(server, ['community', 'citizen']),
    gardenIds: [mine],
  }));
});
afterAll(async () => server?.close());

describe('a garden-bound staff member', () => {
  it("lists only their garden's rows", async () => {
    for (const path of GARDEN_LISTS) {
      const [own, all] = [await totalOf(admin, path, { gardenId: mine }), await totalOf(admin, path)];
      expect(own, path).toBeGreaterThan(0);
      expect(all, path).toBeGreaterThan(own);
      expect(await totalOf(gardener, path), path).toBe(own);
      // Choosing the other garden (a stale header selector) finds nothing of its rows. Owners are
      // the one exception: the selector also finds owners of their garden bound to a house there.
      const stale = (await gardener.get(`${path}/list`, { gardenId: theirs, size: 1000 })).body.data.records;
      if (path === '/owner')
        expect(
          stale.filter((r: { gardenId: string }) => r.gardenId !== mine),
          path,
        ).toEqual([]);
      else expect(stale, path).toEqual([]);
    }
  });

  it('is offered only their garden by the header selector and the pickers', async () => {
    const selector = (await gardener.get('/system-property/garden/list')).body.data.records;
    expect(selector.map((g: { id: string }) => g.id)).toEqual([mine]);
    const search = '/community-resource/resource-search/search';
    expect((await gardener.get(search, { type: 'garden' })).body.data.map((g: { id: string }) => g.id)).toEqual([mine]);
    expect((await gardener.get(search, { type: 'building', gardenId: theirs })).body.data).toEqual([]);
    const buildings = (await gardener.get(search, { type: 'building' })).body.data as Array<{ gardenId: string }>;
    expect(buildings.length).toBeGreaterThan(0);
    expect(new Set(buildings.map((b) => b.gardenId))).toEqual(new Set([mine]));
  });

  it("gets nothing of the other garden's details", async () => {
    expect((await gardener.get('/system-property/garden/detail', { id: theirs })).body.data).toBeNull();
    for (const path of GARDEN_LISTS) {
      const row = await oneOf(path, theirs);
      expect((await gardener.get(`${path}/detail`, { id: row.id })).body.data, path).toBeNull();
      expect((await admin.get(`${path}/detail`, { id: row.id })).body.data, path).not.toBeNull();
    }
  });

  it("cannot change or remove the other garden's rows", async () => {
    const building = await oneOf('/community-resource/building', theirs);
    const rename = await gardener.post('/community-resource/building/submit', { ...building, buildingName: '改名' });
    expect(rename.status).toBe(404);
    await gardener.post('/community-resource/building/remove', undefined, { ids: building.id });
    const elevator = await oneOf('/system-property/elevator', theirs);
    await gardener.post('/system-property/elevator/remove', undefined, { ids: elevator.id });
    await gardener.post('/system-property/garden/remove', undefined, { ids: theirs });
    expect((await admin.get('/community-resource/building/detail', { id: building.id })).body.data).toMatchObject({
      buildingName: building.buildingName,
    });
    expect((await admin.get('/system-property/elevator/detail', { id: elevator.id })).body.data).not.toBeNull();
    expect((await admin.get('/system-property/garden/detail', { id: theirs })).body.data).not.toBeNull();
  });

  it('cannot write into the other garden, nor move a row there', async () => {
    const before = await totalOf(admin, '/community-resource/building', { gardenId: theirs });
    const add = await gardener.post('/community-resource/building/submit', { gardenId: theirs, buildingName: '越界楼' });
    expect(add.body).toMatchObject(NO_RIGHT);
    expect(add.status).toBe(403);
    const own = await oneOf('/community-resource/building', mine);
    const move = await gardener.post('/community-resource/building/submit', { ...own, gardenId: theirs });
    expect(move.body).toMatchObject(NO_RIGHT);
    const batch = await gardener.post('/community-resource/building/batchsave', {
      gardenId: theirs,
      buildingName: '越界批量楼',
      unitCount: 1,
      floorCount: 2,
      houseCount: 2,
      startFloor: 1,
    });
    expect(batch.body).toMatchObject(NO_RIGHT);
    const parking = await gardener.post('/system-property/parking/submit', {
      gardenId: theirs,
      name: '越界停车场',
      parkingType: 1,
    });
    expect(parking.body).toMatchObject(NO_RIGHT);
    // A new garden would be one they could not see: refused too.
    expect((await gardener.post('/system-property/garden/submit', { gardenName: '新小区' })).body).toMatchObject(NO_RIGHT);
    expect(await totalOf(admin, '/community-resource/building', { gardenId: theirs })).toBe(before);
    expect(await totalOf(admin, '/system-property/garden')).toBe(2);
  });

  it("cannot point a save at the other garden's lot, owner or car, which it answers as missing", async () => {
    const own = await oneOf('/system-property/parkingspace', mine);
    const [lot, owner, car] = await Promise.all([
      oneOf('/system-property/parking', theirs),
      oneOf('/owner', theirs),
      oneOf('/citizen-user/carlist', theirs),
    ]);
    const refused = async (body: Record<string, unknown>, msg: string) => {
      const answer = await gardener.post('/system-property/parkingspace/submit', body);
      expect(answer.status, JSON.stringify(answer.body)).toBe(400);
      expect(answer.body).toMatchObject({ success: false, msg });
    };
    await refused({ parkingId: lot.id, spaceNo: '越界-1', spaceStatus: 1 }, '所选停车场不存在或已被删除');
    await refused({ id: own.id, spaceStatus: 2, ownerId: owner.id, carId: null }, '所选业主不存在或已被删除');
    await refused({ id: own.id, spaceStatus: 4, ownerId: null, carId: car.id }, '所选车辆不存在或已被删除');
    // Nothing was saved on the space.
    const after = (await admin.get('/system-property/parkingspace/detail', { id: own.id })).body.data;
    expect([after.ownerId, after.carId]).toEqual([own.ownerId, own.carId]);
  });

  it('cannot import houses into the other garden', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('房屋');
    sheet.addRow(['楼栋名称', '单元名称', '楼层', '房号']);
    sheet.addRow(['9栋', '1单元', 1, '0101']);
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(await book.xlsx.writeBuffer())]), 'houses.xlsx');
    const url = new URL('/api/community-resource/unithouse/import', server.url);
    url.searchParams.set('gardenId', theirs);
    const response = await fetch(url, { method: 'POST', body: form, headers: { 'Blade-Auth': `bearer ${gardener.token}` } });
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject(NO_RIGHT);
  });

  it('counts only their garden in the statistics', async () => {
    const sums = (await gardener.get('/owner/sum')).body.data;
    expect(sums).toEqual((await admin.get('/owner/sum', { gardenId: mine })).body.data);
    expect(sums.houseCount).toBeLessThan((await admin.get('/owner/sum')).body.data.houseCount);
    const elevators = (await gardener.get('/system-property/elevator/statistics')).body.data;
    expect(elevators).toEqual((await admin.get('/system-property/elevator/statistics', { gardenId: mine })).body.data);
  });

  it('still works in their own garden', async () => {
    const add = await gardener.post('/community-resource/building/submit', { gardenId: mine, buildingName: '管家新楼' });
    expect(add.body).toMatchObject({ success: true });
    const found = await gardener.get('/community-resource/building/page', { buildingName_equal: '管家新楼' });
    expect(found.body.data.records).toHaveLength(1);
    expect(
      (await gardener.post('/community-resource/building/remove', undefined, { ids: found.body.data.records[0].id })).body,
    ).toMatchObject({ success: true });
  });
});

describe('the administrator and unassigned staff', () => {
  it('the tenant administrator still sees both gardens', async () => {
    expect(await totalOf(admin, '/system-property/garden')).toBe(2);
    const selector = (await admin.get('/system-property/garden/list')).body.data.records;
    expect(selector.map((g: { id: string }) => g.id).sort()).toEqual([mine, theirs].sort());
  });

  it('a garden with staff assigned cannot be removed, so no one falls back to the whole tenant by it', async () => {
    await admin.post('/system-property/garden/submit', { gardenName: '待撤小区' });
    const [empty] = (await admin.get('/system-property/garden/page', { gardenName_equal: '待撤小区' })).body.data.records;
    await admin.post('/system-property/pgarden/submitAll', { gardenId: empty.id, userIds: [gardenerId] });
    const refused = await admin.post('/system-property/garden/remove', undefined, { ids: empty.id });
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toBe('该小区下存在管理人员,请先解除人员分配');
    const links = (await admin.get('/system-property/pgarden/list-page', { gardenId: empty.id })).body.data.records;
    await admin.post('/system-property/pgarden/remove', undefined, { ids: links.map((l: { id: string }) => l.id).join(',') });
    expect((await admin.post('/system-property/garden/remove', undefined, { ids: empty.id })).body).toMatchObject({
      success: true,
    });
  });

  it('removing the assignment restores the whole tenant at once', async () => {
    await assignGardens([]);
    expect((await gardener.get('/system-property/garden/list')).body.data.records).toHaveLength(2);
    for (const path of GARDEN_LISTS) expect(await totalOf(gardener, path), path).toBe(await totalOf(admin, path));
    // Assigning again, as a garden's staff this time, narrows at once; removing the link widens again.
    const link = await admin.post('/system-property/pgarden/submitAll', { gardenId: theirs, userIds: [gardenerId] });
    expect(link.body).toMatchObject({ success: true });
    expect((await gardener.get('/system-property/garden/list')).body.data.records.map((g: { id: string }) => g.id)).toEqual([
      theirs,
    ]);
    const links = (await admin.get('/system-property/pgarden/list-page', { userId: gardenerId })).body.data.records;
    expect(links).toHaveLength(1);
    const linkId = links[0].id;
    await admin.post('/system-property/pgarden/remove', undefined, { ids: linkId });
    expect((await gardener.get('/system-property/garden/list')).body.data.records).toHaveLength(2);
  });
});
