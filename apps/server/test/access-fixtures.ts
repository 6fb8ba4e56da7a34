/**
 * Building blocks of the access-rule tests: departments, roles granted exact
 * menus, buttons and scopes, users in chosen departments, and rows inserted
 * with a chosen creator and department (what data scopes compare).
 */
import { sql } from 'kysely';
import { expect } from 'vitest';
import { ApiClient } from './client';
import type { TestServer } from './harness';

export const PASSWORD = 'scope-pass1';

export class AccessFixtures {
  constructor(
    readonly server: TestServer,
    /** The platform administrator: writes scope definitions (platform data). */
    readonly platform: ApiClient,
  ) {}

  get db() {
    return this.server.built.services.db;
  }

  async signedIn(account: string, tenantId: string, password = PASSWORD): Promise<ApiClient> {
    const client = new ApiClient(this.server.url);
    const answer = await client.signIn(account, password, tenantId);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return client;
  }

  /** A department under `parentId` (0: a root), made by `admin` in its tenant; answers its id. */
  async dept(admin: ApiClient, name: string, parentId = '0'): Promise<string> {
    const body = { parentId, deptName: name, fullName: name, deptCategory: 2, sort: 1 };
    expect((await admin.post('/blade-system/dept/submit', body)).body, name).toMatchObject({ success: true });
    const row = await this.db.selectFrom('blade_dept').select('id').where('dept_name', '=', name).executeTakeFirstOrThrow();
    return String(row.id);
  }

  async role(admin: ApiClient, alias: string): Promise<string> {
    expect((await admin.post('/blade-system/role/submit', { roleName: alias, roleAlias: alias, sort: 5 })).body).toMatchObject({
      success: true,
    });
    return (await admin.get('/blade-system/role/list', { roleAlias_equal: alias })).body.data[0].id;
  }

  /** A user of `admin`'s tenant with the role and departments (comma-joined, first the current one). */
  async user(admin: ApiClient, account: string, roleId: string, deptIds: string[]): Promise<string> {
    const body = { account, realName: account, password: PASSWORD, roleId, deptId: deptIds.join(',') };
    expect((await admin.post('/blade-system/user/submit', body)).body, account).toMatchObject({ success: true });
    return (await admin.get('/blade-system/user/page', { account_equal: account })).body.data.records[0].id;
  }

  /** Menu (and button) ids by code. */
  async menuIds(codes: string[]): Promise<string[]> {
    const rows = await this.db
      .selectFrom('blade_menu')
      .select(['id', 'code'])
      .where('code', 'in', codes)
      .where('is_deleted', '=', 0)
      .execute();
    expect(rows.map((r) => r.code).sort()).toEqual([...new Set(codes)].sort());
    return rows.map((r) => String(r.id));
  }

  /**
   * A data scope definition; answers its id. Written straight into the table (the data-scope
   * screen's own calls are tested elsewhere): these tests make dozens, and mutation testing runs
   * them for every mutant. Nothing holds it until a grant, which makes cached grants stale.
   */
  async dataScope(
    resourceCode: string,
    scopeType: number,
    extra: { scopeValue?: string; scopeColumn?: string } = {},
  ): Promise<string> {
    const row = await sql<{
      id: string;
    }>`insert into blade_scope_data (menu_id, resource_code, scope_name, scope_type, scope_value, scope_column)
      values (0, ${resourceCode}, ${`${resourceCode}-${scopeType}`}, ${scopeType}, ${extra.scopeValue ?? null}, ${extra.scopeColumn ?? null})
      returning id`.execute(this.db);
    return String(row.rows[0]!.id);
  }

  /** An API scope guarding `path`, through the platform administrator's call; answers its id. */
  async apiScope(path: string): Promise<string> {
    const menuId = (await this.menuIds(['param']))[0];
    const scopeName = `api-${path}`;
    const body = { menuId, resourceCode: 'param', scopeName, scopePath: path, scopeType: 1 };
    expect((await this.platform.post('/blade-system/api-scope/submit', body)).body).toMatchObject({ success: true });
    return (await this.platform.get('/blade-system/api-scope/list', { scopeName_equal: scopeName })).body.data.records[0].id;
  }

  /** Replaces what the role holds: menus and buttons by code, data scopes and API scopes by id. */
  async grant(admin: ApiClient, roleId: string, grant: { codes: string[]; dataScopes?: string[]; apiScopes?: string[] }) {
    const body = {
      roleIds: roleId,
      menuIds: (await this.menuIds(grant.codes)).join(','),
      dataScopeIds: (grant.dataScopes ?? []).join(','),
      apiScopeIds: (grant.apiScopes ?? []).join(','),
    };
    expect((await admin.post('/blade-system/role/grant', body)).body).toMatchObject({ success: true });
  }

  /** A post of `tenantId` as if `createUser` had added it from `createDept`. */
  async post(tenantId: string, code: string, createUser: string | null, createDept: string | null): Promise<void> {
    await sql`insert into blade_post (tenant_id, category, post_code, post_name, sort, create_user, create_dept)
      values (${tenantId}, 4, ${code}, ${code}, 1, ${createUser}, ${createDept})`.execute(this.db);
  }
}

/** The codes of the rows a client lists, among those starting with `prefix`. */
export async function codesSeen(client: ApiClient, path: string, key: string, prefix: string): Promise<string[]> {
  const answer = await client.get(`${path}/list`, { [`${key}_likeright`]: prefix, size: 1000 });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  const records = answer.body.data.records as Array<Record<string, string>>;
  expect(answer.body.data.total).toBe(records.length);
  return records.map((r) => r[key]).sort();
}
