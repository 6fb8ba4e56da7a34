/**
 * Garden-bound staff of the demo tenant, set up the way an administrator does it through the API: a role of
 * their own (not the administrator) holding some menus, a user of it in the tenant's first department, bound
 * to gardens through pgarden. Shared by the garden tests (garden-scope, billing-garden, matrix-garden).
 */
import { sql } from 'kysely';
import { expect } from 'vitest';
import { DEMO_TENANT } from '../src/seed/seed';
import { ApiClient } from './client';
import type { TestServer } from './harness';

/** A client of the demo tenant signed in as `account`. */
export async function signedIn(server: TestServer, account: string, password: string): Promise<ApiClient> {
  const client = new ApiClient(server.url);
  const answer = await client.signIn(account, password, DEMO_TENANT);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return client;
}

/** The demo tenant's two gardens as the administrator lists them: 阳光花园 (`mine`) and 翠湖苑 (`theirs`). */
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

/** The seeded menus under the menus coded `codes`, their screens and (unless `screensOnly`) their buttons. */
export async function menuSubtrees(server: TestServer, codes: string[], { screensOnly = false } = {}): Promise<string[]> {
  const menus = await sql<{ id: string }>`with recursive tree as (
      select id, category from blade_menu where is_deleted = 0 and code in (${sql.join(codes)})
      union select m.id, m.category from blade_menu m join tree t on m.parent_id = t.id where m.is_deleted = 0)
    select id from tree where ${screensOnly ? sql`category = 1` : sql`true`}`.execute(server.built.services.db);
  return menus.rows.map((m) => String(m.id));
}

/** Binds the user to exactly these gardens (pgarden/submitAll), as the administrator. */
export async function bindGardens(admin: ApiClient, userId: string, gardenIds: string[]): Promise<void> {
  expect((await admin.post('/system-property/pgarden/submitAll', { userId, gardenIds })).body).toMatchObject({ success: true });
}

export interface GardenStaffOptions {
  role: { roleName: string; roleAlias: string };
  user: { account: string; realName: string; password: string };
  menuIds: string[];
  gardenIds: string[];
}

/** A new role holding `menuIds`, a user of it bound to `gardenIds` (none: the whole tenant), signed in: id and client. */
export async function gardenStaff(
  server: TestServer,
  admin: ApiClient,
  { role, user, menuIds, gardenIds }: GardenStaffOptions,
): Promise<{ userId: string; client: ApiClient }> {
  expect((await admin.post('/blade-system/role/submit', { ...role, sort: 9 })).body).toMatchObject({ success: true });
  const roleId = (await admin.get('/blade-system/role/list', { roleAlias_equal: role.roleAlias })).body.data[0].id;
  expect((await admin.post('/blade-system/role/grant', { roleIds: [roleId], menuIds })).body).toMatchObject({ success: true });
  const dept = await sql<{ id: string }>`select id from blade_dept where tenant_id = ${DEMO_TENANT} and is_deleted = 0
    order by id limit 1`.execute(server.built.services.db);
  expect(
    (await admin.post('/blade-system/user/submit', { ...user, roleId, deptId: String(dept.rows[0]!.id) })).body,
  ).toMatchObject({ success: true });
  const userId = String((await admin.get('/blade-system/user/page', { account_equal: user.account })).body.data.records[0].id);
  if (gardenIds.length > 0) await bindGardens(admin, userId, gardenIds);
  return { userId, client: await signedIn(server, user.account, user.password) };
}
