import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TENANT } from '../src/seed/seed';
import { AccessFixtures, codesSeen } from './access-fixtures';
import { ApiClient } from './client';
import { startServer, type TestServer } from './harness';

/**
 * Data scopes (docs/testing.md, "Access rules"): each type alone and
 * combined, on posts whose creator and department are chosen so every rule
 * has a row it must show and a row it must not.
 *
 * Departments of the platform tenant:  A ─ A1 ─ A1x     B     C
 * alice is in A1; bob in A1 and B (several departments); nobody has none.
 */
const PLATFORM = '000000';
let server: TestServer;
let admin: ApiClient;
let fx: AccessFixtures;
let role: string;
let alice: ApiClient;
let bob: ApiClient;
let loner: ApiClient;
let aliceId: string;
const dept: Record<'A' | 'A1' | 'A1x' | 'B' | 'C', string> = { A: '', A1: '', A1x: '', B: '', C: '' };

/** Rows, named by what singles them out. */
const ROWS = {
  ownInC: 'ds-own-c', // created by alice from department C
  inA: 'ds-a',
  inA1: 'ds-a1',
  inA1x: 'ds-a1x',
  inB: 'ds-b',
  noDept: 'ds-nodept',
};
const ALL = Object.values(ROWS).sort();
const seen = (client: ApiClient) => codesSeen(client, '/blade-system/post', 'postCode', 'ds-');
const only = (...codes: string[]) => [...codes].sort();

/** The role holds the post menu and exactly these data scopes. */
const scoped = (...dataScopes: string[]) => fx.grant(admin, role, { codes: ['post'], dataScopes });

beforeAll(async () => {
  server = await startServer();
  admin = new ApiClient(server.url);
  await admin.signIn('admin', 'admin');
  fx = new AccessFixtures(server, admin);
  dept.A = await fx.dept(admin, 'ds-A');
  dept.A1 = await fx.dept(admin, 'ds-A1', dept.A);
  dept.A1x = await fx.dept(admin, 'ds-A1x', dept.A1);
  dept.B = await fx.dept(admin, 'ds-B');
  dept.C = await fx.dept(admin, 'ds-C');
  role = await fx.role(admin, 'ds_role');
  aliceId = await fx.user(admin, 'ds_alice', role, [dept.A1]);
  await fx.user(admin, 'ds_bob', role, [dept.A1, dept.B]);
  const lonerId = await fx.user(admin, 'ds_loner', role, [dept.C]);
  // An account without a department (imported before departments were required).
  await fx.db.updateTable('blade_user').set({ dept_id: '' }).where('id', '=', lonerId).execute();
  const other = '1';
  await fx.post(PLATFORM, ROWS.ownInC, aliceId, dept.C);
  await fx.post(PLATFORM, ROWS.inA, other, dept.A);
  await fx.post(PLATFORM, ROWS.inA1, other, dept.A1);
  await fx.post(PLATFORM, ROWS.inA1x, other, dept.A1x);
  await fx.post(PLATFORM, ROWS.inB, other, dept.B);
  await fx.post(PLATFORM, ROWS.noDept, other, null);
  // Another tenant's rows match alice's user and department ids, and never show.
  await fx.post(DEMO_TENANT, 'ds-other-tenant-own', aliceId, dept.A1);
  await fx.post(DEMO_TENANT, 'ds-other-tenant-a1', other, dept.A1);
  alice = await fx.signedIn('ds_alice', PLATFORM);
  bob = await fx.signedIn('ds_bob', PLATFORM);
  loner = await fx.signedIn('ds_loner', PLATFORM);
});
afterAll(async () => server?.close());

describe('each data-scope type alone', () => {
  it('without a scope for the resource, or with one for another resource only: every row of the tenant', async () => {
    await scoped();
    expect(await seen(alice)).toEqual(ALL);
    await scoped(await fx.dataScope('param', 2));
    expect(await seen(alice)).toEqual(ALL);
  });

  it('type 1, all: every row of the tenant, none of another tenant', async () => {
    await scoped(await fx.dataScope('post', 1));
    expect(await seen(alice)).toEqual(ALL);
    expect(await seen(loner)).toEqual(ALL);
  });

  it('type 2, own rows: the rows the user created, whatever their department', async () => {
    await scoped(await fx.dataScope('post', 2));
    expect(await seen(alice)).toEqual(only(ROWS.ownInC));
    expect(await seen(bob)).toEqual([]);
  });

  it("type 3, the user's departments: rows of those departments, not of their parents or children", async () => {
    await scoped(await fx.dataScope('post', 3));
    expect(await seen(alice)).toEqual(only(ROWS.inA1));
    expect(await seen(bob)).toEqual(only(ROWS.inA1, ROWS.inB));
    expect(await seen(loner)).toEqual([]);
  });

  it("type 4, the user's departments and below: their sub-departments too, not their parents", async () => {
    await scoped(await fx.dataScope('post', 4));
    expect(await seen(alice)).toEqual(only(ROWS.inA1, ROWS.inA1x));
    expect(await seen(bob)).toEqual(only(ROWS.inA1, ROWS.inA1x, ROWS.inB));
    expect(await seen(loner)).toEqual([]);
  });

  it('type 5, chosen departments: exactly those (not below them), whoever the user is', async () => {
    await scoped(await fx.dataScope('post', 5, { scopeValue: `${dept.A},${dept.B}` }));
    expect(await seen(alice)).toEqual(only(ROWS.inA, ROWS.inB));
    expect(await seen(loner)).toEqual(only(ROWS.inA, ROWS.inB));
  });

  it('type 5 ignores ids that are not numbers, and with none left shows nothing', async () => {
    await scoped(await fx.dataScope('post', 5, { scopeValue: `x,${dept.B}) or (1=1,` }));
    expect(await seen(alice)).toEqual([]);
    await scoped(await fx.dataScope('post', 5, { scopeValue: `${dept.B},1 or 1=1` }));
    expect(await seen(alice)).toEqual(only(ROWS.inB));
  });

  it('type 4 counts a sub-department added after sign-in at once', async () => {
    await scoped(await fx.dataScope('post', 4));
    expect(await seen(alice)).toEqual(only(ROWS.inA1, ROWS.inA1x));
    const added = await fx.dept(admin, 'ds-A1y', dept.A1);
    await fx.post(PLATFORM, 'ds-late-a1y', '1', added);
    expect(await seen(alice)).toEqual(only(ROWS.inA1, ROWS.inA1x, 'ds-late-a1y'));
    await fx.db.deleteFrom('blade_post').where('post_code', '=', 'ds-late-a1y').execute();
  });

  it("types 3 and 4 follow a user's departments from the next sign-in", async () => {
    await scoped(await fx.dataScope('post', 4));
    const moverId = await fx.user(admin, 'ds_mover', role, [dept.A1]);
    expect(await seen(await fx.signedIn('ds_mover', PLATFORM))).toEqual(only(ROWS.inA1, ROWS.inA1x));
    const moved = await admin.post('/blade-system/user/submit', { id: moverId, deptId: `${dept.A1},${dept.B}` });
    expect(moved.body).toMatchObject({ success: true });
    expect(await seen(await fx.signedIn('ds_mover', PLATFORM))).toEqual(only(ROWS.inA1, ROWS.inA1x, ROWS.inB));
  });

  it('an unknown type shows nothing', async () => {
    await scoped(await fx.dataScope('post', 9));
    expect(await seen(alice)).toEqual([]);
  });

  it('compares the column the scope names, and only a plain column name', async () => {
    await scoped(await fx.dataScope('post', 5, { scopeValue: aliceId, scopeColumn: 'create_user' }));
    expect(await seen(alice)).toEqual(only(ROWS.ownInC));
    // Anything but a plain column name falls back to the department column.
    await scoped(await fx.dataScope('post', 5, { scopeValue: dept.B, scopeColumn: 'create_user or true' }));
    expect(await seen(alice)).toEqual(only(ROWS.inB));
    await scoped(await fx.dataScope('post', 5, { scopeValue: dept.B, scopeColumn: 'Create_User' }));
    expect(await seen(alice)).toEqual(only(ROWS.inB));
  });

  it('limits detail, changes and removals to the same rows', async () => {
    await scoped(await fx.dataScope('post', 2));
    const id = async (code: string) =>
      String((await fx.db.selectFrom('blade_post').select('id').where('post_code', '=', code).executeTakeFirstOrThrow()).id);
    expect((await alice.get('/blade-system/post/detail', { id: await id(ROWS.ownInC) })).body.data).toMatchObject({
      postCode: ROWS.ownInC,
    });
    expect((await alice.get('/blade-system/post/detail', { id: await id(ROWS.inA1) })).body.data).toBeNull();
  });
});

describe('several scopes of one role: any of them (OR)', () => {
  it('own rows or own departments', async () => {
    await scoped(await fx.dataScope('post', 2), await fx.dataScope('post', 3));
    expect(await seen(alice)).toEqual(only(ROWS.ownInC, ROWS.inA1));
  });

  it('chosen departments or own departments and below', async () => {
    await scoped(await fx.dataScope('post', 5, { scopeValue: dept.B }), await fx.dataScope('post', 4));
    expect(await seen(alice)).toEqual(only(ROWS.inA1, ROWS.inA1x, ROWS.inB));
  });

  it('with "all" among them: every row', async () => {
    await scoped(await fx.dataScope('post', 2), await fx.dataScope('post', 1));
    expect(await seen(alice)).toEqual(ALL);
  });

  it("another resource's scope adds nothing", async () => {
    await scoped(await fx.dataScope('post', 2), await fx.dataScope('param', 1));
    expect(await seen(alice)).toEqual(only(ROWS.ownInC));
  });
});

describe('the administrator', () => {
  it('sees every row of the tenant whatever scopes exist', async () => {
    await scoped(await fx.dataScope('post', 2));
    expect(await seen(admin)).toEqual(ALL);
  });
});

describe('garden scope and data scope together (AND)', () => {
  let demo: ApiClient;
  let gardener: ApiClient;
  let gardenerRole: string;
  let mine: string;
  let theirs: string;
  const seenBuildings = () => codesSeen(gardener, '/community-resource/building', 'buildingName', 'gs-');
  const NO_RIGHT = { code: 403, success: false, msg: '无权操作该小区的数据' };

  beforeAll(async () => {
    demo = await fx.signedIn('admin', DEMO_TENANT, 'admin');
    const gardens = (await demo.get('/system-property/garden/list', { size: 10 })).body.data.records as Array<{
      id: string;
      gardenName: string;
    }>;
    mine = gardens.find((g) => g.gardenName === '阳光花园')!.id;
    theirs = gardens.find((g) => g.gardenName === '翠湖苑')!.id;
    gardenerRole = await fx.role(demo, 'gs_role');
    const deptId = String(
      (await fx.db.selectFrom('blade_dept').select('id').where('tenant_id', '=', DEMO_TENANT).executeTakeFirstOrThrow()).id,
    );
    const gardenerId = await fx.user(demo, 'gs_gardener', gardenerRole, [deptId]);
    const assigned = await demo.post('/system-property/pgarden/submitAll', { userId: gardenerId, gardenIds: [mine] });
    expect(assigned.body).toMatchObject({ success: true });
    await fx.grant(demo, gardenerRole, { codes: ['building', 'building_add', 'garden', 'garden_add', 'owner', 'owner_add'] });
    gardener = await fx.signedIn('gs_gardener', DEMO_TENANT);
    const building = (client: ApiClient, gardenId: string, buildingName: string) =>
      client.post('/community-resource/building/submit', { gardenId, buildingName });
    expect((await building(gardener, mine, 'gs-mine-own')).body).toMatchObject({ success: true });
    expect((await building(demo, mine, 'gs-mine-admin')).body).toMatchObject({ success: true });
    expect((await building(demo, theirs, 'gs-theirs')).body).toMatchObject({ success: true });
    // A row of the other garden that the gardener created (before being bound to one garden).
    await fx.db
      .updateTable('property_building')
      .set({ create_user: gardenerId })
      .where('building_name', '=', 'gs-theirs')
      .execute();
  });

  it("without a data scope: every row of the user's gardens, none of the others", async () => {
    expect(await seenBuildings()).toEqual(['gs-mine-admin', 'gs-mine-own']);
  });

  it("with own rows: the user's rows in the user's gardens only", async () => {
    await fx.grant(demo, gardenerRole, { codes: ['building'], dataScopes: [await fx.dataScope('building', 2)] });
    expect(await seenBuildings()).toEqual(['gs-mine-own']);
  });

  it('with all rows: still only the gardens of the user', async () => {
    await fx.grant(demo, gardenerRole, { codes: ['building'], dataScopes: [await fx.dataScope('building', 1)] });
    expect(await seenBuildings()).toEqual(['gs-mine-admin', 'gs-mine-own']);
  });

  it("writes only into the user's gardens: another garden, a new garden or no garden is refused", async () => {
    await fx.grant(demo, gardenerRole, { codes: ['building', 'building_add', 'garden', 'garden_add', 'owner', 'owner_add'] });
    expect(
      (await gardener.post('/community-resource/building/submit', { gardenId: theirs, buildingName: 'gs-x' })).body,
    ).toMatchObject(NO_RIGHT);
    expect((await gardener.post('/community-resource/garden/submit', { gardenName: 'gs-new' })).body).toMatchObject(NO_RIGHT);
    const owner = { name: 'gs-owner', phone: '13700009999', sex: 1 };
    expect((await gardener.post('/owner/submit', { ...owner, gardenId: '' })).body).toMatchObject(NO_RIGHT);
    expect((await gardener.post('/owner/submit', owner)).body).toMatchObject(NO_RIGHT);
    expect((await gardener.post('/owner/submit', { ...owner, gardenId: mine })).body).toMatchObject({ success: true });
    expect(
      (await gardener.post('/community-resource/building/submit', { gardenId: mine, buildingName: 'gs-y' })).body,
    ).toMatchObject({
      success: true,
    });
  });
});
