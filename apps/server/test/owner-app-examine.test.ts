import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TENANT } from '../src/seed/seed';
import type { ApiClient } from './client';
import { ok, otherTenant, refused, signedIn } from './facility-fixtures';
import { startServer, type TestServer } from './harness';

/** Owner examination (spec §7.7 mobile/owner): queue, detail, approve and reject, each once. */
let server: TestServer;
let admin: ApiClient;
let other: ApiClient;
let staff: ApiClient;
let pending: Array<{ id: string; name: string; phone: string; houseId: string; status: number }>;

const db = () => server.built.services.db;
const examine = (client: ApiClient, query: Record<string, unknown>) =>
  client.post('/system-property/mobile/owner/examine', undefined, query);

beforeAll(async () => {
  server = await startServer();
  admin = await signedIn(server, 'admin', 'admin', DEMO_TENANT);
  other = await otherTenant(server, '审核测试物业');
  staff = await signedIn(server, 'staff', 'staff123', '000000');
  pending = (await admin.get('/system-property/mobile/owner/examine-list-page', { status: 0, size: 50 })).body.data.records;
});
afterAll(async () => server?.close());

describe('the queue', () => {
  it('holds the seeded pending applications, with garden and house names in the detail', async () => {
    expect(pending.length).toBeGreaterThanOrEqual(3);
    const info = (await admin.get('/system-property/mobile/owner/examine-info', { id: pending[0]!.id })).body.data;
    expect(info).toMatchObject({ id: pending[0]!.id, status: 0, gardenName: '阳光花园' });
    expect(info.houseName).toMatch(/^\d+栋\d+单元\d{4}$/);
  });
});

describe('review', () => {
  it('approves: the owner and the house binding are made in one go, once', async () => {
    const item = pending[0]!;
    expect((await examine(admin, { id: item.id, status: 1 })).body).toMatchObject(ok);
    const owner = await sql<{ id: string; name: string }>`select id, name from property_owner
      where tenant_id = ${DEMO_TENANT} and phone = ${item.phone} and is_deleted = 0`.execute(db());
    expect(owner.rows).toHaveLength(1);
    expect(owner.rows[0]!.name).toBe(item.name);
    const bound = await sql`select 1 from property_ownership where owner_id = ${owner.rows[0]!.id} and house_id = ${item.houseId}
      and is_deleted = 0`.execute(db());
    expect(bound.rows).toHaveLength(1);
    const info = (await admin.get('/system-property/mobile/owner/examine-info', { id: item.id })).body.data;
    expect(info).toMatchObject({ status: 1, ownerId: String(owner.rows[0]!.id) });
    expect(info.reviewer).toBeTruthy();
    expect(info.reviewTime).toBeTruthy();
    expect(await examine(admin, { id: item.id, status: 2, reason: '重复' })).toMatchObject(
      refused(400, '该申请已审核,不能重复审核'),
    );
  });

  it('rejects only with a reason, and makes no owner', async () => {
    const item = pending[1]!;
    expect(await examine(admin, { id: item.id, status: 2 })).toMatchObject(refused(400, '请输入驳回原因'));
    expect(await examine(admin, { id: item.id, status: 5 })).toMatchObject(refused(400, '审核状态不正确'));
    expect((await examine(admin, { id: item.id, status: 2, reason: '房产证照片不清晰' })).body).toMatchObject(ok);
    const info = (await admin.get('/system-property/mobile/owner/examine-info', { id: item.id })).body.data;
    expect(info).toMatchObject({ status: 2, reason: '房产证照片不清晰', ownerId: null });
    const owner = await sql`select 1 from property_owner where tenant_id = ${DEMO_TENANT} and phone = ${item.phone}`.execute(
      db(),
    );
    expect(owner.rows).toHaveLength(0);
    expect(await examine(admin, { id: item.id, status: 1 })).toMatchObject(refused(400, '该申请已审核,不能重复审核'));
  });

  it('saves nothing when the house is gone, and leaves the item pending', async () => {
    const item = pending[2]!;
    await sql`update property_house set is_deleted = 1 where id = ${item.houseId}`.execute(db());
    expect(await examine(admin, { id: item.id, status: 1 })).toMatchObject(refused(400, '所选房屋不存在或已被删除'));
    await sql`update property_house set is_deleted = 0 where id = ${item.houseId}`.execute(db());
    expect((await admin.get('/system-property/mobile/owner/examine-info', { id: item.id })).body.data.status).toBe(0);
    const owner = await sql`select 1 from property_owner where tenant_id = ${DEMO_TENANT} and phone = ${item.phone}`.execute(
      db(),
    );
    expect(owner.rows).toHaveLength(0);
  });
});

describe('isolation and permissions', () => {
  it('another tenant neither sees nor reviews these items', async () => {
    expect((await other.get('/system-property/mobile/owner/examine-list-page')).body.data.total).toBe(0);
    expect((await other.get('/system-property/mobile/owner/examine-info', { id: pending[2]!.id })).body.data).toBeNull();
    expect((await examine(other, { id: pending[2]!.id, status: 1 })).status).toBe(404);
  });

  it('a user without the examination menu is refused', async () => {
    expect((await staff.get('/system-property/mobile/owner/examine-list-page')).status).toBe(403);
    expect((await staff.get('/system-property/mobile/owner/examine-info', { id: '1' })).status).toBe(403);
    expect((await examine(staff, { id: pending[2]!.id, status: 1 })).status).toBe(403);
  });
});
