import { sql } from 'kysely';
import { expect } from 'vitest';
import type { Db } from '../src/platform/db/database';
import { ApiClient } from './client';
import type { TestServer } from './harness';

/** Shared by the facility and owner-app tests: sign-ins and rows of other modules made directly in the database. */
export const ok = { code: 200, success: true };
export const refused = (status: number, msg: string) => ({ status, body: expect.objectContaining({ success: false, msg }) });

export async function signedIn(server: TestServer, account: string, password: string, tenantId: string): Promise<ApiClient> {
  const client = new ApiClient(server.url);
  const answer = await client.signIn(account, password, tenantId);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return client;
}

/** A second tenant with its own administrator (made by the platform administrator). */
export async function otherTenant(server: TestServer, name: string): Promise<ApiClient> {
  const platform = await signedIn(server, 'admin', 'admin', '000000');
  await platform.post('/blade-system/tenant/submit', { tenantName: name, linkman: '李四', contactNumber: '13900139001' });
  const tenant = (await platform.get('/blade-system/tenant/list', { tenantName_equal: name })).body.data.records[0];
  return signedIn(server, 'admin', 'admin', tenant.tenantId);
}

/** An owner, and optionally a car of theirs, in the residents' tables (owned by another module). */
export async function ownerWithCar(
  db: Db,
  tenantId: string,
  phone: string,
  plate?: string,
): Promise<{ ownerId: string; carId?: string }> {
  const owner = await sql<{
    id: string;
  }>`insert into property_owner (tenant_id, name, phone) values (${tenantId}, '测试业主', ${phone})
    returning id`.execute(db);
  const ownerId = String(owner.rows[0]!.id);
  if (!plate) return { ownerId };
  const car = await sql<{ id: string }>`insert into property_car (tenant_id, owner_id, car_area, car_city, car_number)
    values (${tenantId}, ${ownerId}, '粤', 'B', ${plate}) returning id`.execute(db);
  return { ownerId, carId: String(car.rows[0]!.id) };
}

export const idOf = async (client: ApiClient, path: string, query: Record<string, unknown>): Promise<string> => {
  const records = (await client.get(path, { ...query, size: 100 })).body.data.records;
  expect(records, JSON.stringify(query)).toHaveLength(1);
  return String(records[0].id);
};
