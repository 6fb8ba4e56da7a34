import { buildingEntity, gardenEntity, postEntity, tenantEntity, paramEntity, type EntityDef } from '@property/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalSecuritySignals } from '../src/platform/cache/signals';
import { MemoryStore } from '../src/platform/cache/store';
import type { Database } from '../src/platform/db/database';
import type { AuthContext } from '../src/platform/http/context';
import { AccessService, gardenColumnOf } from '../src/platform/security/access';
import { DEMO_TENANT } from '../src/seed/seed';
import { openSeededDatabase } from './harness';

/**
 * The access decisions (docs/testing.md, "Access rules") called directly on
 * the seeded database, without HTTP: the same rules access-data-scopes and
 * access-grants prove through the API, here fast enough for mutation
 * testing to run them for every mutant. Rows are chosen so each rule has a
 * row it must give and one it must not.
 *
 * Departments of the platform tenant:  A ─ A1 ─ A1x     B     C
 */
const PLATFORM = '000000';
let database: Database;
let access: AccessService;
let role: string;
const dept: Record<'A' | 'A1' | 'A1x' | 'B' | 'C', string> = { A: '', A1: '', A1x: '', B: '', C: '' };
const ALICE = '910001';
const OTHER = '910002';
const ROWS = { ownInC: 'dd-own-c', inA: 'dd-a', inA1: 'dd-a1', inA1x: 'dd-a1x', inB: 'dd-b', noDept: 'dd-nodept' };
const ALL = Object.values(ROWS).sort();
const only = (...codes: string[]) => [...codes].sort();

const db = () => database.db;
const one = async <T>(query: Promise<{ rows: T[] }>) => (await query).rows[0]!;

const user = (deptIds: string[], extra: Partial<AuthContext> = {}): AuthContext => ({
  userId: ALICE,
  tenantId: PLATFORM,
  account: 'alice',
  userName: 'alice',
  deptId: deptIds[0] ?? '',
  deptIds,
  roleIds: [role],
  roleAliases: ['dd_role'],
  clientId: 'saber',
  ...extra,
});
const alice = () => user([dept.A1]);
/** An administrator: another user (grants are cached by user, roles and departments). */
const administrator = (extra: Partial<AuthContext> = {}) =>
  user([], { userId: '910009', roleIds: ['1'], roleAliases: ['administrator'], ...extra });
const bob = () => user([dept.A1, dept.B], { userId: OTHER });

async function addDept(name: string, parent?: string): Promise<string> {
  const ancestors = parent
    ? `${(await one(sql<{ a: string }>`select ancestors as a from blade_dept where id = ${parent}`.execute(db()))).a},${parent}`
    : '0';
  const row = await one(
    sql<{ id: string }>`insert into blade_dept (tenant_id, parent_id, ancestors, dept_category, dept_name, full_name, sort)
    values (${PLATFORM}, ${parent ?? '0'}, ${ancestors}, 2, ${name}, ${name}, 1) returning id`.execute(db()),
  );
  return String(row.id);
}

async function addPost(tenantId: string, code: string, createUser: string | null, createDept: string | null) {
  await sql`insert into blade_post (tenant_id, category, post_code, post_name, sort, create_user, create_dept)
    values (${tenantId}, 4, ${code}, ${code}, 1, ${createUser}, ${createDept})`.execute(db());
}

async function dataScope(resource: string, type: number, value: string | null = null, column: string | null = null) {
  const row = await one(
    sql<{ id: string }>`insert into blade_scope_data (menu_id, resource_code, scope_name, scope_type, scope_value, scope_column)
    values (0, ${resource}, 'dd', ${type}, ${value}, ${column}) returning id`.execute(db()),
  );
  return String(row.id);
}

async function apiScope(path: string) {
  const row = await one(
    sql<{ id: string }>`insert into blade_scope_api (menu_id, resource_code, scope_name, scope_path, scope_type)
    values (0, 'param', 'dd', ${path}, 1) returning id`.execute(db()),
  );
  return String(row.id);
}

/** Replaces what the role holds, as role/grant does, and makes cached grants stale. */
async function grant(codes: string[], dataScopes: string[] = [], apiScopes: string[] = []) {
  await sql`delete from blade_role_menu where role_id = ${role}`.execute(db());
  await sql`delete from blade_role_scope where role_id = ${role}`.execute(db());
  if (codes.length > 0)
    await sql`insert into blade_role_menu (tenant_id, role_id, menu_id)
      select ${PLATFORM}, ${role}, id from blade_menu where is_deleted = 0 and code in (${sql.join(codes)})`.execute(db());
  for (const [category, ids] of [
    [1, dataScopes],
    [2, apiScopes],
  ] as const)
    for (const id of ids)
      await sql`insert into blade_role_scope (tenant_id, role_id, scope_id, scope_category) values (${PLATFORM}, ${role}, ${id}, ${category})`.execute(
        db(),
      );
  await access.invalidate();
}

/** The codes of the rows of `entity` (table rows named by `column`, starting with `prefix`) the caller may see. */
async function seen(auth: AuthContext, entity: EntityDef = postEntity, column = 'post_code', prefix = 'dd-'): Promise<string[]> {
  const grants = await access.grantsOf(auth);
  const scope = access.rowScope(auth, grants, entity);
  const rows = await sql<{ code: string }>`select ${sql.ref(column)} as code from ${sql.table(entity.table)}
    where is_deleted = 0 and ${sql.ref(column)} like ${`${prefix}%`} ${scope.length > 0 ? sql`and ${sql.join(scope, sql` and `)}` : sql``}`.execute(
    db(),
  );
  return rows.rows.map((r) => r.code).sort();
}

const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return { status: (error as { code?: number }).code, message: (error as Error).message };
  }
  return undefined;
};

beforeAll(async () => {
  database = await openSeededDatabase();
  access = new AccessService(database.db, new MemoryStore(), new LocalSecuritySignals());
  dept.A = await addDept('dd-A');
  dept.A1 = await addDept('dd-A1', dept.A);
  dept.A1x = await addDept('dd-A1x', dept.A1);
  dept.B = await addDept('dd-B');
  dept.C = await addDept('dd-C');
  role = String(
    (
      await one(
        sql<{ id: string }>`insert into blade_role (tenant_id, parent_id, role_name, sort, role_alias)
      values (${PLATFORM}, 0, 'dd', 9, 'dd_role') returning id`.execute(db()),
      )
    ).id,
  );
  await addPost(PLATFORM, ROWS.ownInC, ALICE, dept.C);
  await addPost(PLATFORM, ROWS.inA, '1', dept.A);
  await addPost(PLATFORM, ROWS.inA1, '1', dept.A1);
  await addPost(PLATFORM, ROWS.inA1x, '1', dept.A1x);
  await addPost(PLATFORM, ROWS.inB, '1', dept.B);
  await addPost(PLATFORM, ROWS.noDept, '1', null);
  await addPost(DEMO_TENANT, 'dd-other-tenant-own', ALICE, dept.A1);
  // The departments are in place, as the grants see them.
  expect((await access.grantsOf(alice())).deptTree.sort()).toEqual([dept.A1, dept.A1x].sort());
});
afterAll(async () => database?.close());

describe('data scopes', () => {
  it('none for the resource, or one for another resource: every row of the tenant, none of another', async () => {
    await grant(['post']);
    expect(await seen(alice())).toEqual(ALL);
    await grant(['post'], [await dataScope('param', 2)]);
    expect(await seen(alice())).toEqual(ALL);
  });

  it('a scope given by the entity name counts when none is given by its permission code', async () => {
    await grant(['dept'], [await dataScope('dataScope', 2)]);
    const grants = await access.grantsOf(alice());
    const { dataScopeEntity } = await import('@property/domain');
    expect(access.rowScope(alice(), grants, dataScopeEntity)).toHaveLength(1);
  });

  it('type 1: every row of the tenant', async () => {
    await grant(['post'], [await dataScope('post', 1)]);
    expect(await seen(alice())).toEqual(ALL);
  });

  it('type 2: own rows', async () => {
    await grant(['post'], [await dataScope('post', 2)]);
    expect(await seen(alice())).toEqual(only(ROWS.ownInC));
    expect(await seen(bob())).toEqual([]);
  });

  it("type 3: the user's departments only", async () => {
    await grant(['post'], [await dataScope('post', 3)]);
    expect(await seen(alice())).toEqual(only(ROWS.inA1));
    expect(await seen(bob())).toEqual(only(ROWS.inA1, ROWS.inB));
    expect(await seen(user([]))).toEqual([]);
  });

  it("type 4: the user's departments and below", async () => {
    await grant(['post'], [await dataScope('post', 4)]);
    expect(await seen(alice())).toEqual(only(ROWS.inA1, ROWS.inA1x));
    expect(await seen(bob())).toEqual(only(ROWS.inA1, ROWS.inA1x, ROWS.inB));
    expect(await seen(user([]))).toEqual([]);
  });

  it('type 5: exactly the chosen departments; ids that are not numbers ignored', async () => {
    await grant(['post'], [await dataScope('post', 5, `${dept.A},${dept.B}`)]);
    expect(await seen(alice())).toEqual(only(ROWS.inA, ROWS.inB));
    await grant(['post'], [await dataScope('post', 5, `x,${dept.B}) or (1=1`)]);
    expect(await seen(alice())).toEqual([]);
    await grant(['post'], [await dataScope('post', 5, `1 or 1=1,${dept.B}`)]);
    expect(await seen(alice())).toEqual(only(ROWS.inB));
    await grant(['post'], [await dataScope('post', 5, null)]);
    expect(await seen(alice())).toEqual([]);
  });

  it('an unknown type: nothing', async () => {
    await grant(['post'], [await dataScope('post', 9)]);
    expect(await seen(alice())).toEqual([]);
  });

  it('the column a scope names, when it is a plain column name', async () => {
    await grant(['post'], [await dataScope('post', 5, ALICE, 'create_user')]);
    expect(await seen(alice())).toEqual(only(ROWS.ownInC));
    await grant(['post'], [await dataScope('post', 5, dept.B, 'create_user or true')]);
    expect(await seen(alice())).toEqual(only(ROWS.inB));
    await grant(['post'], [await dataScope('post', 5, dept.B, 'x create_user')]);
    expect(await seen(alice())).toEqual(only(ROWS.inB));
    await grant(['post'], [await dataScope('post', 5, dept.B, 'create_user x')]);
    expect(await seen(alice())).toEqual(only(ROWS.inB));
    await grant(['post'], [await dataScope('post', 5, dept.B, '')]);
    expect(await seen(alice())).toEqual(only(ROWS.inB));
  });

  it('several scopes: any of them (OR); with "all" among them every row', async () => {
    await grant(['post'], [await dataScope('post', 2), await dataScope('post', 3)]);
    expect(await seen(alice())).toEqual(only(ROWS.ownInC, ROWS.inA1));
    await grant(['post'], [await dataScope('post', 2), await dataScope('post', 1)]);
    expect(await seen(alice())).toEqual(ALL);
  });

  it('dataScoped: only when a rule limits the rows; not without one, with "all" among them, for another entity or the administrator', async () => {
    const scoped = async (auth: AuthContext, entity: EntityDef = postEntity) =>
      access.dataScoped(await access.grantsOf(auth), entity);
    await grant(['post']);
    expect(await scoped(alice())).toBe(false);
    await grant(['post'], [await dataScope('post', 2)]);
    expect(await scoped(alice())).toBe(true);
    expect(await scoped(alice(), buildingEntity)).toBe(false);
    expect(await scoped(administrator())).toBe(false);
    await grant(['post'], [await dataScope('post', 2), await dataScope('post', 1)]);
    expect(await scoped(alice())).toBe(false);
  });

  it('the administrator: every row of the tenant whatever scopes exist', async () => {
    await grant(['post'], [await dataScope('post', 2)]);
    expect(await seen(administrator())).toEqual(ALL);
  });
});

describe('garden scope', () => {
  let mine: string;
  let theirs: string;
  const staff = () => user([], { tenantId: DEMO_TENANT, userId: ALICE });
  const seenBuildings = () => seen(staff(), buildingEntity, 'building_name', 'dd-');

  beforeAll(async () => {
    const gardens = await sql<{ id: string; name: string }>`select id, garden_name as name from property_garden
      where tenant_id = ${DEMO_TENANT} and is_deleted = 0`.execute(db());
    mine = String(gardens.rows.find((g) => g.name === '阳光花园')!.id);
    theirs = String(gardens.rows.find((g) => g.name === '翠湖苑')!.id);
    for (const [garden, name, creator] of [
      [mine, 'dd-mine-own', ALICE],
      [mine, 'dd-mine-other', OTHER],
      [theirs, 'dd-theirs-own', ALICE],
    ])
      await sql`insert into property_building (tenant_id, garden_id, building_name, create_user)
        values (${DEMO_TENANT}, ${garden}, ${name}, ${creator})`.execute(db());
    await sql`insert into property_garden_user (tenant_id, garden_id, user_id) values (${DEMO_TENANT}, ${mine}, ${ALICE})`.execute(
      db(),
    );
    await access.invalidate();
  });

  it('names the garden column: a garden by its id, a garden-bound row by garden_id, others none', () => {
    expect(gardenColumnOf(gardenEntity)).toBe('id');
    expect(gardenColumnOf(buildingEntity)).toBe('garden_id');
    expect(gardenColumnOf(postEntity)).toBeNull();
  });

  it("limits a garden-bound user to their gardens' rows, AND the data scope", async () => {
    await grant(['building']);
    expect(await seenBuildings()).toEqual(['dd-mine-other', 'dd-mine-own']);
    await grant(['building'], [await dataScope('building', 2)]);
    expect(await seenBuildings()).toEqual(['dd-mine-own']);
    const gardens = await sql<{ id: string }>`select id from property_garden where ${sql.join(
      access.rowScope(staff(), await access.grantsOf(staff()), gardenEntity),
      sql` and `,
    )}`.execute(db());
    expect(gardens.rows.map((g) => String(g.id))).toEqual([mine]);
  });

  it('leaves users without assignments, the administrator and callers without a user id the whole tenant', async () => {
    await grant(['building']);
    const unbound = user([], { tenantId: DEMO_TENANT, userId: OTHER });
    expect(await seen(unbound, buildingEntity, 'building_name')).toEqual(['dd-mine-other', 'dd-mine-own', 'dd-theirs-own']);
    const admin = administrator({ tenantId: DEMO_TENANT });
    expect(await seen(admin, buildingEntity, 'building_name')).toEqual(['dd-mine-other', 'dd-mine-own', 'dd-theirs-own']);
    for (const userId of ['seed', '12a', 'a12', ''])
      expect((await access.grantsOf(user([], { tenantId: DEMO_TENANT, userId }))).gardenIds, userId).toBeNull();
  });

  it('refuses writes outside their gardens, or naming none', async () => {
    const grants = await access.grantsOf(staff());
    expect(grants.gardenIds).toEqual([mine]);
    const refused = { status: 403, message: '无权操作该小区的数据' };
    expect(refusal(() => access.requireGarden(grants, theirs))).toEqual(refused);
    expect(refusal(() => access.requireGarden(grants, undefined))).toEqual(refused);
    expect(refusal(() => access.requireGarden(grants, null))).toEqual(refused);
    expect(refusal(() => access.requireGarden(grants, mine))).toBeUndefined();
    const unbound = await access.grantsOf(user([], { tenantId: DEMO_TENANT, userId: OTHER }));
    expect(refusal(() => access.requireGarden(unbound, undefined))).toBeUndefined();
  });
});

describe('menus and buttons', () => {
  const canDo = async (codes: string[]) => {
    await grant(codes);
    const grants = await access.grantsOf(alice());
    return (['view', 'add', 'edit', 'delete'] as const).filter((action) => access.can(grants, 'post', action));
  };

  it('reads with the menu or its view button; each write with its own button; no other menu counts', async () => {
    expect(await canDo(['post'])).toEqual(['view']);
    expect(await canDo(['post_view'])).toEqual(['view']);
    expect(await canDo(['post_add'])).toEqual(['add']);
    expect(await canDo(['post_edit'])).toEqual(['edit']);
    expect(await canDo(['post_delete'])).toEqual(['delete']);
    expect(await canDo(['param', 'param_view', 'param_add', 'param_edit', 'param_delete'])).toEqual([]);
  });

  it('require: refuses what can() refuses, platform-only entities and platform writes to all but the platform administrator', async () => {
    await grant(['post', 'param', 'param_add', 'tenant', 'tenant_view']);
    const grants = await access.grantsOf(alice());
    const forbidden = { status: 403, message: '请求被拒绝' };
    const platformOnly = { status: 403, message: '平台数据只有平台管理员可以修改' };
    expect(refusal(() => access.require(alice(), grants, postEntity, 'view'))).toBeUndefined();
    expect(refusal(() => access.require(alice(), grants, postEntity, 'add'))).toEqual(forbidden);
    await grant(['post', 'post_add']);
    const adding = await access.grantsOf(alice());
    expect(refusal(() => access.require(alice(), adding, postEntity, 'add'))).toBeUndefined();
    await grant(['post', 'param', 'param_add', 'tenant', 'tenant_view']);
    expect(refusal(() => access.require(alice(), grants, paramEntity, 'view'))).toBeUndefined();
    expect(refusal(() => access.require(alice(), grants, paramEntity, 'add'))).toEqual(platformOnly);
    expect(refusal(() => access.require(alice(), grants, tenantEntity, 'view'))).toEqual(forbidden);
    const platformAdmin = administrator();
    const adminGrants = await access.grantsOf(platformAdmin);
    expect(refusal(() => access.require(platformAdmin, adminGrants, paramEntity, 'add'))).toBeUndefined();
    expect(refusal(() => access.require(platformAdmin, adminGrants, tenantEntity, 'view'))).toBeUndefined();
    const tenantAdmin = administrator({ tenantId: DEMO_TENANT });
    const tenantGrants = await access.grantsOf(tenantAdmin);
    expect(refusal(() => access.require(tenantAdmin, tenantGrants, paramEntity, 'add'))).toEqual(platformOnly);
    expect(refusal(() => access.require(tenantAdmin, tenantGrants, paramEntity, 'view'))).toBeUndefined();
  });

  it('requireReference: the garden list with its own menu, or any garden-bound screen’s view; nothing else', async () => {
    const forbidden = { status: 403, message: '请求被拒绝' };
    const reference = async (codes: string[]) => {
      await grant(codes);
      const grants = await access.grantsOf(alice());
      return refusal(() => access.requireReference(alice(), grants, gardenEntity));
    };
    expect(await reference(['garden'])).toBeUndefined();
    expect(await reference(['repair'])).toBeUndefined();
    expect(await reference(['feedback_view'])).toBeUndefined();
    expect(await reference(['post', 'club', 'clubbalance', 'repair_add'])).toEqual(forbidden);
    expect(await reference([])).toEqual(forbidden);
    // Only lists serving others' screens: a post is read with its own menu alone.
    await grant(['repair', 'garden_add']);
    const clerk = await access.grantsOf(alice());
    expect(refusal(() => access.requireReference(alice(), clerk, postEntity))).toEqual(forbidden);
    // A reference read is not a write: the garden's own buttons still decide those.
    expect(refusal(() => access.require(alice(), clerk, gardenEntity, 'view'))).toEqual(forbidden);
  });

  it('requireCode: exactly the code', async () => {
    await grant(['role', 'role_grant']);
    const grants = await access.grantsOf(alice());
    expect(refusal(() => access.requireCode(grants, 'role_grant'))).toBeUndefined();
    expect(refusal(() => access.requireCode(grants, 'user_reset'))).toEqual({ status: 403, message: '请求被拒绝' });
  });

  it("an administrator holds every menu of the tenant's package, the platform's administrator every menu", async () => {
    const platform = await access.grantsOf(administrator());
    const tenant = await access.grantsOf(administrator({ tenantId: DEMO_TENANT }));
    expect(platform.admin).toBe(true);
    expect(platform.codes).toEqual(expect.arrayContaining(['tenant', 'post', 'building']));
    expect(tenant.codes).toEqual(expect.arrayContaining(['post', 'building']));
    expect(tenant.codes).not.toContain('tenant');
    const postMenu = String(
      (await one(sql<{ id: string }>`select id from blade_menu where code = 'post' and is_deleted = 0`.execute(db()))).id,
    );
    expect(tenant.menuIds).toContain(postMenu);
    expect(tenant.menuIds).toHaveLength(tenant.codes.length);
  });

  it('a user without roles holds nothing; a tenant without a package, or the platform with one, is not limited by it', async () => {
    await grant(['post', 'tenant']);
    expect((await access.grantsOf(user([dept.A1], { userId: '910004', roleIds: [] }))).codes).toEqual([]);
    expect((await access.grantsOf(user([], { tenantId: '999999' }))).codes.sort()).toEqual(['post', 'tenant']);
    await sql`insert into blade_tenant (tenant_id, tenant_name) values ('300001', 'dd')`.execute(db());
    expect((await access.grantsOf(user([], { tenantId: '300001' }))).codes.sort()).toEqual(['post', 'tenant']);
    const demoPackage = sql`(select package_id from blade_tenant where tenant_id = ${DEMO_TENANT})`;
    await sql`update blade_tenant set package_id = ${demoPackage} where tenant_id = ${PLATFORM}`.execute(db());
    await access.invalidate();
    expect((await access.grantsOf(alice())).codes.sort()).toEqual(['post', 'tenant']);
    await sql`update blade_tenant set package_id = null where tenant_id = ${PLATFORM}`.execute(db());
    await access.invalidate();
  });

  it("a role's menus outside the tenant's package are not granted; a removed package grants nothing", async () => {
    await grant([]);
    await sql`insert into blade_role_menu (tenant_id, role_id, menu_id)
      select ${DEMO_TENANT}, ${role}, id from blade_menu where code in ('tenant', 'post')`.execute(db());
    await access.invalidate();
    const inDemo = user([], { tenantId: DEMO_TENANT });
    expect((await access.grantsOf(inDemo)).codes.sort()).toEqual(['post']);
    await sql`update blade_tenant_package set is_deleted = 1 where id = (select package_id from blade_tenant where tenant_id = ${DEMO_TENANT})`.execute(
      db(),
    );
    await access.invalidate();
    expect((await access.grantsOf(inDemo)).codes).toEqual([]);
    await sql`update blade_tenant_package set is_deleted = 0 where id = (select package_id from blade_tenant where tenant_id = ${DEMO_TENANT})`.execute(
      db(),
    );
    await access.invalidate();
  });
});

describe('forget (clear-cache by a signed-in caller)', () => {
  it("drops the caller's own cached grants, so their next call reads the role afresh; nobody else's", async () => {
    await grant(['post']);
    const codes = async (auth: AuthContext) => (await access.grantsOf(auth)).codes.sort();
    expect(await codes(alice())).toEqual(['post']);
    expect(await codes(bob())).toEqual(['post']);
    // The role gains a menu without invalidate(): both users' cached grants are now stale.
    await sql`insert into blade_role_menu (tenant_id, role_id, menu_id)
      select ${PLATFORM}, ${role}, id from blade_menu where is_deleted = 0 and code = 'param'`.execute(db());
    expect(await codes(alice())).toEqual(['post']);
    await access.forget(alice());
    expect(await codes(alice())).toEqual(['param', 'post']);
    expect(await codes(bob())).toEqual(['post']);
    await access.invalidate();
  });
});

describe('API scopes', () => {
  it('guard the paths they match from roles holding none of them; one is enough; the administrator passes', async () => {
    const whole = await apiScope('/api/dd/**');
    const list = await apiScope('/api/dd/list');
    const check = async (apiScopes: string[], path: string, auth = alice()) => {
      await grant(['post'], [], apiScopes);
      const grants = await access.grantsOf(auth);
      return access.checkApiScope(grants, path).then(
        () => 'allowed',
        () => 'refused',
      );
    };
    expect(await check([], '/api/dd/list')).toBe('refused');
    expect(await check([], '/api/dd/detail?id=1')).toBe('refused');
    expect(await check([], '/api/other/list')).toBe('allowed');
    expect(await check([whole], '/api/dd/list')).toBe('allowed');
    expect(await check([list], '/api/dd/list')).toBe('allowed');
    expect(await check([list], '/api/dd/detail')).toBe('refused');
    expect(await check([], '/api/dd/list', administrator())).toBe('allowed');
    await sql`update blade_scope_api set is_deleted = 1 where id in (${whole}, ${list})`.execute(db());
    await access.invalidate();
    expect(await check([], '/api/dd/list')).toBe('allowed');
  });
});
