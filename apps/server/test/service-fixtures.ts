import { sql } from 'kysely';
import { expect } from 'vitest';
import { DEMO_TENANT } from '../src/seed/seed';
import { CLIENT_BASIC, type TestServer } from './harness';
import type { ApiClient } from './client';
import { signedIn } from './facility-fixtures';

/** Shared by the service and patrol tests: tiny files of real types, uploads, and a low-privilege staff member. */
export const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c63f8ffff3f0005fe02fea7d6a4d20000000049454e44ae426082',
  'hex',
);
/** The first bytes of an MP4 (an ftyp box), padded to the size wanted. */
export const mp4Of = (size: number) => {
  const bytes = Buffer.alloc(size);
  Buffer.from('000000186674797069736f6d0000020069736f6d69736f32', 'hex').copy(bytes);
  return bytes;
};

/** POSTs a multipart upload (field `file`, plus text fields) and answers status and body. */
export async function upload(
  server: TestServer,
  client: ApiClient,
  path: string,
  file: { bytes: Buffer; name: string; type?: string },
  fields: Record<string, string> = {},
) {
  const form = new FormData();
  // Text fields first: the server reads the ones that come before the file.
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append('file', new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'application/octet-stream' }), file.name);
  const response = await fetch(`${server.url}/api${path}`, {
    method: 'POST',
    headers: { Authorization: CLIENT_BASIC, 'Blade-Auth': `bearer ${client.token}` },
    body: form,
  });
  return { status: response.status, body: (await response.json()) as any };
}

/** A stored photo's link, uploaded by `client`. */
export async function photoLink(server: TestServer, client: ApiClient): Promise<string> {
  const answer = await upload(server, client, '/system-property/file/upload', {
    bytes: PNG,
    name: 'photo.png',
    type: 'image/png',
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data.link as string;
}

/**
 * A staff member of the demo tenant whose role holds only the given menus and
 * buttons (by code), bound to the given gardens when any are named.
 */
export async function staffWith(
  server: TestServer,
  admin: ApiClient,
  account: string,
  codes: string[],
  gardenIds: string[] = [],
): Promise<{ client: ApiClient; userId: string }> {
  const db = server.built.services.db;
  const alias = `role_${account}`;
  expect((await admin.post('/blade-system/role/submit', { roleName: account, roleAlias: alias, sort: 9 })).body).toMatchObject({
    success: true,
  });
  const roleId = (await admin.get('/blade-system/role/list', { roleAlias_equal: alias })).body.data[0].id;
  const menus = await sql<{
    id: string;
  }>`select id from blade_menu where is_deleted = 0 and code in (${sql.join(codes)})`.execute(db);
  const menuIds = menus.rows.map((m) => String(m.id));
  expect((await admin.post('/blade-system/role/grant', { roleIds: [roleId], menuIds })).body).toMatchObject({ success: true });
  const dept = await sql<{ id: string }>`select id from blade_dept where tenant_id = ${DEMO_TENANT} and is_deleted = 0
    order by id limit 1`.execute(db);
  const user = { account, realName: `${account}师傅`, password: 'staff12345', roleId, deptId: String(dept.rows[0]!.id) };
  expect((await admin.post('/blade-system/user/submit', user)).body).toMatchObject({ success: true });
  const userId = String((await admin.get('/blade-system/user/page', { account_equal: account })).body.data.records[0].id);
  if (gardenIds.length) {
    expect((await admin.post('/system-property/pgarden/submitAll', { userId, gardenIds })).body).toMatchObject({ success: true });
  }
  return { client: await signedIn(server, account, 'staff12345', DEMO_TENANT), userId };
}

/** The two seeded gardens of the demo tenant. */
export async function demoGardens(admin: ApiClient): Promise<{ mine: string; theirs: string }> {
  const gardens = (await admin.get('/system-property/garden/list', { size: 10 })).body.data.records as Array<{
    id: string;
    gardenName: string;
  }>;
  return {
    mine: gardens.find((g) => g.gardenName === '阳光花园')!.id,
    theirs: gardens.find((g) => g.gardenName === '翠湖苑')!.id,
  };
}
