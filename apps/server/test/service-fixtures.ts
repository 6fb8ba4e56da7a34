import { sql } from 'kysely';
import { expect } from 'vitest';
import { CLIENT_BASIC, type TestServer } from './harness';
import type { ApiClient } from './client';
import { gardenStaff } from './garden-staff';

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
  const menus = await sql<{
    id: string;
  }>`select id from blade_menu where is_deleted = 0 and code in (${sql.join(codes)})`.execute(server.built.services.db);
  return gardenStaff(server, admin, {
    role: { roleName: account, roleAlias: `role_${account}` },
    user: { account, realName: `${account}师傅`, password: 'staff12345' },
    menuIds: menus.rows.map((m) => String(m.id)),
    gardenIds,
  });
}

export { demoGardens } from './garden-staff';
