import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TENANT } from '../src/seed/seed';
import type { ApiClient } from './client';
import { idOf, ok, otherTenant, refused, signedIn } from './facility-fixtures';
import { startServer, type TestServer } from './harness';

/** Elevators and hydrants (spec §7.7): generic calls, statistics, responsible-user pickers. */
let server: TestServer;
let admin: ApiClient;
let other: ApiClient;
let staff: ApiClient;
let gardenId: string;
let otherGardenId: string;
let buildingId: string;

const db = () => server.built.services.db;

/** The statistics as counted straight from the table, for one garden of the demo tenant. */
async function counted(table: string, garden: string) {
  const rows = await sql<Record<string, number>>`select count(*)::int as total,
      count(*) filter (where status = 1)::int as normal, count(*) filter (where status = 2)::int as repairing,
      count(*) filter (where status = 3)::int as stopped, count(*) filter (where next_inspection < current_date)::int as overdue,
      count(*) filter (where next_inspection between current_date and current_date + 30)::int as "dueSoon"
    from ${sql.table(table)} where tenant_id = ${DEMO_TENANT} and garden_id = ${garden} and is_deleted = 0`.execute(db());
  return rows.rows[0];
}

beforeAll(async () => {
  server = await startServer();
  admin = await signedIn(server, 'admin', 'admin', DEMO_TENANT);
  other = await otherTenant(server, '设备测试物业');
  staff = await signedIn(server, 'staff', 'staff123', '000000');
  const gardens = (await admin.get('/system-property/garden/list', { size: 10 })).body.data.records;
  gardenId = gardens.find((g: { gardenName: string }) => g.gardenName === '阳光花园').id;
  otherGardenId = gardens.find((g: { gardenName: string }) => g.gardenName === '翠湖苑').id;
  buildingId = await idOf(admin, '/community-resource/building/list', { gardenId, buildingName_equal: '1栋' });
});
afterAll(async () => server?.close());

describe('statistics', () => {
  it('count the seeded rows of the header garden by state and due inspection', async () => {
    for (const [path, table] of [
      ['/system-property/elevator/statistics', 'property_elevator'],
      ['/system-property/hydrant/statistics', 'property_hydrant'],
    ] as const) {
      const expected = await counted(table, gardenId);
      expect(expected!.total, table).toBeGreaterThan(0);
      const answer = (await admin.get(path, { gardenId })).body.data;
      expect(answer, path).toEqual(expected);
      // The seed spreads states and dates so every figure means something.
      expect(answer.repairing + answer.overdue + answer.dueSoon, path).toBeGreaterThan(0);
      const whole = (await admin.get(path)).body.data;
      expect(whole.total).toBe(expected!.total + (await counted(table, otherGardenId))!.total);
    }
    expect((await other.get('/system-property/elevator/statistics')).body.data.total).toBe(0);
  });

  it('follow changes: an elevator put under repair moves between the counts', async () => {
    const before = (await admin.get('/system-property/elevator/statistics', { gardenId })).body.data;
    const answer = await admin.post('/system-property/elevator/submit', {
      gardenId,
      buildingId,
      code: 'DT-新增',
      status: 2,
      lastInspection: '2026-01-10',
      nextInspection: '2027-01-10',
    });
    expect(answer.body, JSON.stringify(answer.body)).toMatchObject(ok);
    const after = (await admin.get('/system-property/elevator/statistics', { gardenId })).body.data;
    expect(after.total - before.total).toBe(1);
    expect(after.repairing - before.repairing).toBe(1);
  });
});

describe('elevators and hydrants', () => {
  it('refuse wrong input with the spec’s messages', async () => {
    const body = { gardenId, buildingId, code: 'DT-X1' };
    expect(await admin.post('/system-property/elevator/submit', { ...body, code: '' })).toMatchObject(
      refused(400, '请输入电梯编号'),
    );
    expect(await admin.post('/system-property/elevator/submit', { ...body, code: 'DT-新增' })).toMatchObject(
      refused(400, '该小区下电梯编号已存在'),
    );
    const otherBuilding = await idOf(admin, '/community-resource/building/list', {
      gardenId: otherGardenId,
      buildingName_equal: '1栋',
    });
    expect(await admin.post('/system-property/elevator/submit', { ...body, buildingId: otherBuilding })).toMatchObject(
      refused(400, '所选楼栋不属于该小区'),
    );
    expect(
      await admin.post('/system-property/elevator/submit', {
        ...body,
        lastInspection: '2026-05-01',
        nextInspection: '2026-04-01',
      }),
    ).toMatchObject(refused(400, '下次检验日期不能早于上次检验日期'));
    expect(await admin.post('/system-property/elevator/submit', { ...body, status: 9 })).toMatchObject(
      refused(400, '设施状态不正确'),
    );
    expect(await admin.post('/system-property/hydrant/submit', { gardenId, code: 'XF-99' })).toMatchObject(
      refused(400, '请输入安装位置'),
    );
    expect(
      await admin.post('/system-property/hydrant/submit', { gardenId, code: 'XF-99', location: '东门', pressure: '0.3x' }),
    ).toMatchObject(refused(400, '水压请输入正确的数值,最多两位小数'));
    expect(await other.post('/system-property/hydrant/submit', { gardenId, code: 'XF-99', location: '东门' })).toMatchObject(
      refused(400, '所选小区不存在或已被删除'),
    );
  });

  it('keep a hydrant’s pressure exact and its responsible user of the tenant', async () => {
    const users = (await admin.get('/system-property/elevator/searchUser', { name: 'admin' })).body.data;
    expect(users.length).toBeGreaterThan(0);
    const userId = users[0].id;
    const saved = await admin.post('/system-property/hydrant/submit', {
      gardenId,
      code: 'XF-99',
      location: '东门',
      pressure: '0.35',
      userId,
    });
    expect(saved.body).toMatchObject(ok);
    const id = await idOf(admin, '/system-property/hydrant/list', { gardenId, code_equal: 'XF-99' });
    expect((await admin.get('/system-property/hydrant/detail', { id })).body.data).toMatchObject({ pressure: '0.35', userId });
    // A user of another tenant cannot be made responsible.
    const outsider = (await other.get('/system-property/elevator/searchUser', { name: 'admin' })).body.data[0].id;
    expect(await admin.post('/system-property/hydrant/submit', { id, userId: outsider })).toMatchObject(
      refused(400, '所选负责人不存在'),
    );
  });

  it('offer the tenant’s departments with their users', async () => {
    const tree = (await admin.get('/system-property/elevator/deptUserTree')).body.data;
    const users: Array<{ value: string; isUser: boolean }> = [];
    const walk = (nodes: Array<Record<string, unknown>>) =>
      nodes.forEach((n) => {
        if (n.isUser) users.push(n as never);
        walk((n.children as Array<Record<string, unknown>>) ?? []);
      });
    walk(tree);
    const tenantUsers = await sql<{
      id: string;
    }>`select id from blade_user where tenant_id = ${DEMO_TENANT} and is_deleted = 0`.execute(db());
    expect(new Set(users.map((u) => u.value))).toEqual(new Set(tenantUsers.rows.map((u) => String(u.id))));
    expect(tree.every((d: { isUser: boolean }) => !d.isUser)).toBe(true);
  });
});

describe('permissions', () => {
  it('a user without the facility menus is refused', async () => {
    for (const path of [
      '/system-property/elevator/statistics',
      '/system-property/elevator/deptUserTree',
      '/system-property/elevator/searchUser',
      '/system-property/hydrant/statistics',
      '/system-property/elevator/list',
    ]) {
      expect((await staff.get(path)).status, path).toBe(403);
    }
    expect((await staff.post('/system-property/hydrant/submit', { gardenId })).status).toBe(403);
  });
});
