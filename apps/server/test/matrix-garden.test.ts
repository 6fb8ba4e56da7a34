import type { EntityDef } from '@property/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gardenColumnOf } from '../src/platform/security/access';
import { DEMO_TENANT } from '../src/seed/seed';
import type { ApiClient } from './client';
import { demoGardens, gardenStaff, signedIn } from './garden-staff';
import { startServer, type TestServer } from './harness';
import { aimAt, GARDEN_ENTITIES, genericOf, readLeaks, rowOf, routeTable, writeChanges, type RouteInfo } from './matrix-routes';

/**
 * The garden matrix (issue 13), generated like the tenant matrix
 * (matrix-tenant.test.ts): a staff member holding every menu and button of the
 * tenant but bound to one garden (pgarden) calls every route with the other
 * garden's rows in every id parameter of a garden-bound entity, and reads none
 * of them and changes none (their md5 compared in SQL after each write).
 */
const EXCLUDED: Record<string, string> = {
  'GET /api/blade-resource/oss/endpoint/file/:name': 'public link by a random storage name, no garden involved',
  'POST /api/blade-system/tenant/datasource': 'platform administrator only; names no garden row',
};

let server: TestServer;
let staff: ApiClient;
let routes: RouteInfo[];
/** 阳光花园, the staff member's garden, and 翠湖苑, the other one. */
let mine: string;
let theirs: string;
const aimed = new Map<EntityDef, string>();
const inTheirGarden = (entity: EntityDef) => sql`tenant_id = ${DEMO_TENANT} and ${sql.ref(gardenColumnOf(entity)!)} = ${theirs}`;

beforeAll(async () => {
  server = await startServer();
  const admin = await signedIn(server, 'admin', 'admin');
  ({ mine, theirs } = await demoGardens(admin));

  // Every menu and button the tenant's administrator may grant, to a role that is not the administrator.
  type Node = { id: string; children?: Node[] };
  const flat = (nodes: Node[]): string[] => nodes.flatMap((n) => [n.id, ...flat(n.children ?? [])]);
  const menuIds = flat((await admin.get('/blade-system/menu/grant-tree')).body.data.menu);
  expect(menuIds.length).toBeGreaterThan(50);
  ({ client: staff } = await gardenStaff(server, admin, {
    role: { roleName: '全能管家', roleAlias: 'all_menus' },
    user: { account: 'matrix_staff', realName: 'm', password: 'matrix123' },
    menuIds,
    gardenIds: [mine],
  }));

  routes = await routeTable(server);
  for (const entity of GARDEN_ENTITIES) aimed.set(entity, await rowOf(server, entity, DEMO_TENANT, theirs));
}, 120_000);
afterAll(async () => server?.close());

const key = (route: RouteInfo) => `${route.method} ${route.path}`;
const aim = {
  rowOf: (entity: EntityDef) => aimed.get(entity),
  get marker() {
    return `"gardenId":"${theirs}"`;
  },
};
const called = () => routes.filter((r) => !r.isPublic && !EXCLUDED[key(r)]);

describe('the garden matrix', () => {
  it('places every route (or excludes it with a reason), and aims at a row of the other garden of each garden-bound entity', async () => {
    const unplaced = called()
      .filter((r) => r.hasPathParams || aimAt(r, aim).unknown.length > 0)
      .map((r) => `${key(r)}: ${aimAt(r, aim).unknown.join(', ')}`);
    expect(unplaced, 'teach matrix-routes.ts these parameters, or exclude the route with a reason').toEqual([]);
    expect(GARDEN_ENTITIES.map((e) => e.name)).toEqual(
      expect.arrayContaining(['garden', 'building', 'house', 'owner', 'parking']),
    );
    for (const entity of GARDEN_ENTITIES) {
      const column = gardenColumnOf(entity)!;
      const row = await sql<{ garden: string }>`select ${sql.ref(column)}::text as garden from ${sql.table(entity.table)}
        where id = ${aimed.get(entity)}`.execute(server.built.services.db);
      expect(row.rows[0]?.garden, entity.name).toBe(theirs);
    }
  });

  it('the staff member reads rows of their own garden by the same calls (the matrix can see a row)', async () => {
    const seen: string[] = [];
    for (const route of called().filter((r) => genericOf(r)?.kind === 'detail')) {
      const { entity } = genericOf(route)!;
      if (!aimed.has(entity) || entity.name === 'garden') continue;
      const own = await rowOf(server, entity, DEMO_TENANT, mine);
      const answer = await staff.get(route.path.slice(4), { id: own });
      if (answer.body?.data?.id === own) seen.push(entity.name);
    }
    expect(seen).toEqual(expect.arrayContaining(['building', 'house', 'parking']));
    const garden = await staff.get('/system-property/garden/detail', { id: mine });
    expect(garden.body.data.id).toBe(mine);
  });

  it("reads none of the other garden's rows through any read", async () => {
    expect(await readLeaks(staff, called(), aim)).toEqual([]);
  }, 300_000);

  it("changes none of the other garden's rows through any write", async () => {
    expect(await writeChanges(server, staff, called(), aim, GARDEN_ENTITIES, inTheirGarden)).toEqual([]);
  }, 300_000);
});
