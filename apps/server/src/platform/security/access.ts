import { columnOf, gardenEntity, referenceReadersOf, type EntityDef } from '@property/domain';
import { sql, type RawBuilder } from 'kysely';
import type { SecuritySignals } from '../cache/signals';
import type { KeyValueStore } from '../cache/store';
import type { Db } from '../db/database';
import { isPlatformAdmin, isTenantAdmin, PLATFORM_TENANT, type AuthContext } from '../http/context';
import { forbidden } from '../http/errors';
import { matchesPattern } from './path-pattern';

/** A data scope granted to the caller's roles for one resource. */
interface DataScopeRule {
  type: number; // 1 all, 2 own rows, 3 own department, 4 department and below, 5 custom departments
  column: string | null;
  value: string | null;
}

/** Everything the caller's roles allow, computed once and cached in the shared store. */
export interface Grants {
  /** Sees every menu of the tenant's package and passes every check. */
  admin: boolean;
  /** Codes of granted menus and buttons. */
  codes: string[];
  /** Menu ids the caller may see (after the tenant package). */
  menuIds: string[];
  dataScopes: Record<string, DataScopeRule[]>;
  apiScopeIds: string[];
  /** Departments at and below the caller's, for "department and below" scopes. */
  deptTree: string[];
  /**
   * Gardens the caller is assigned to (pgarden), when they are garden-bound
   * staff: they see and touch those gardens' rows only. null: not bound
   * (administrators, staff without assignments), the whole tenant.
   */
  gardenIds: string[] | null;
}

/**
 * The column naming an entity's garden: a garden's own id, or the garden id
 * of a garden-bound row; null for rows that belong to no garden.
 */
export function gardenColumnOf(entity: EntityDef): string | null {
  if (entity.table === gardenEntity.table) return 'id';
  const field = entity.fields.gardenId;
  return field ? columnOf('gardenId', field) : null;
}

export type Action = 'view' | 'add' | 'edit' | 'delete';

interface ApiScope {
  id: string;
  path: string;
}

// Stryker disable all: caches of computed grants, not rules (docs/testing.md, "Mutation testing").
const CACHE_SECONDS = 300;
const LOCAL_ENTRIES = 500;

/**
 * A small in-process cache in front of the shared store. Keys carry the
 * shared version, so a grant change on any instance is seen at once.
 */
class LocalCache<T> {
  private readonly entries = new Map<string, { value: T; expires: number }>();
  get(key: string): T | undefined {
    const entry = this.entries.get(key);
    if (!entry || entry.expires < Date.now()) return undefined;
    return entry.value;
  }
  delete(key: string): void {
    this.entries.delete(key);
  }
  set(key: string, value: T): void {
    if (this.entries.size >= LOCAL_ENTRIES) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(key, { value, expires: Date.now() + CACHE_SECONDS * 1000 });
  }
}

const codeSets = new WeakMap<Grants, Set<string>>();

/** The granted codes as a set, built once per grants object (they are cached and shared between calls). */
function codeSet(grants: Grants): Set<string> {
  let set = codeSets.get(grants);
  if (!set) codeSets.set(grants, (set = new Set(grants.codes)));
  return set;
}
// Stryker restore all

export class AccessService {
  private readonly localGrants = new LocalCache<Grants>();
  private readonly localApiScopes = new LocalCache<ApiScope[]>();

  constructor(
    private readonly db: Db,
    private readonly store: KeyValueStore,
    private readonly signals: SecuritySignals,
  ) {}

  /** Any change to menus, roles, scopes or packages makes every cached grant stale. */
  async invalidate(): Promise<void> {
    await this.signals.bumpGrantsVersion();
  }

  private async version(known?: string): Promise<string> {
    return known ?? (await this.signals.grantsVersion());
  }

  /**
   * Drops the caller's own cached grants on this instance and in the shared store (clear-cache by
   * anyone but the platform administrator): read afresh on their next call, nobody else's touched.
   */
  async forget(auth: AuthContext): Promise<void> {
    const key = await this.grantsKey(auth);
    this.localGrants.delete(key);
    await this.store.del(key);
  }

  // Stryker disable all: the cache in front of loadGrants, not a rule.
  private async grantsKey(auth: AuthContext, version?: string): Promise<string> {
    // Every department counts (types 3 and 4 read them all), not only the current one.
    return `grants:${await this.version(version)}:${auth.tenantId}:${auth.userId}:${auth.roleIds.join(',')}:${auth.deptIds.join(',')}`;
  }

  /** `version`: the grants version when the caller already read it (saves a round trip). */
  async grantsOf(auth: AuthContext, version?: string): Promise<Grants> {
    const key = await this.grantsKey(auth, version);
    const local = this.localGrants.get(key);
    if (local) return local;
    const cached = await this.store.get(key);
    const grants = cached ? (JSON.parse(cached) as Grants) : await this.loadGrants(auth);
    if (!cached) await this.store.set(key, JSON.stringify(grants), CACHE_SECONDS);
    this.localGrants.set(key, grants);
    return grants;
  }
  // Stryker restore all

  private async loadGrants(auth: AuthContext): Promise<Grants> {
    const admin = isTenantAdmin(auth);
    const roleIds = auth.roleIds.length > 0 ? auth.roleIds : ['0'];
    const packageMenus = await this.packageMenuIds(auth.tenantId);
    const menuRows = admin
      ? await sql<{ id: string; code: string }>`select id, code from blade_menu where is_deleted = 0`.execute(this.db)
      : await sql<{ id: string; code: string }>`select distinct m.id, m.code from blade_menu m
          join blade_role_menu rm on rm.menu_id = m.id and rm.is_deleted = 0
          where m.is_deleted = 0 and rm.role_id in (${sql.join(roleIds)})`.execute(this.db);
    const menus = menuRows.rows.filter((m) => !packageMenus || packageMenus.has(m.id));
    const scopes = admin
      ? { rows: [] }
      : await sql<{ category: number; id: string; resource: string; type: number; col: string | null; val: string | null }>`
          select rs.scope_category as category, rs.scope_id as id, d.resource_code as resource,
                 d.scope_type as type, d.scope_column as col, d.scope_value as val
          from blade_role_scope rs left join blade_scope_data d on d.id = rs.scope_id and rs.scope_category = 1 and d.is_deleted = 0
          where rs.is_deleted = 0 and rs.role_id in (${sql.join(roleIds)})`.execute(this.db);
    const dataScopes: Record<string, DataScopeRule[]> = {};
    const apiScopeIds: string[] = [];
    for (const s of scopes.rows) {
      if (Number(s.category) === 2) apiScopeIds.push(String(s.id));
      else if (s.resource) (dataScopes[s.resource] ??= []).push({ type: Number(s.type), column: s.col, value: s.val });
    }
    return {
      admin,
      codes: [...new Set(menus.map((m) => m.code))],
      menuIds: menus.map((m) => String(m.id)),
      dataScopes,
      apiScopeIds,
      deptTree: await this.deptTree(auth),
      gardenIds: admin ? null : await this.assignedGardens(auth),
    };
  }

  /** The gardens the caller is assigned to (removing a garden removes its assignments); null without any. */
  private async assignedGardens(auth: AuthContext): Promise<string[] | null> {
    if (!/^\d+$/.test(auth.userId)) return null;
    const rows = await sql<{ id: string }>`select distinct garden_id as id from property_garden_user
      where is_deleted = 0 and tenant_id = ${auth.tenantId} and user_id = ${auth.userId}`.execute(this.db);
    return rows.rows.length > 0 ? rows.rows.map((r) => String(r.id)) : null;
  }

  /**
   * Menu ids of the tenant's package; null when the tenant has none (every
   * menu). A package that was removed grants nothing rather than everything.
   */
  private async packageMenuIds(tenantId: string): Promise<Set<string> | null> {
    if (tenantId === PLATFORM_TENANT) return null;
    const result = await sql<{ package_id: string | null; menu_id: string | null }>`select t.package_id, p.menu_id
      from blade_tenant t left join blade_tenant_package p on p.id = t.package_id and p.is_deleted = 0
      where t.tenant_id = ${tenantId} and t.is_deleted = 0`.execute(this.db);
    const row = result.rows[0];
    if (!row || row.package_id === null) return null;
    return new Set((row.menu_id ?? '').split(',').filter(Boolean));
  }

  private async deptTree(auth: AuthContext): Promise<string[]> {
    if (auth.deptIds.length === 0) return [];
    const ids = auth.deptIds;
    const rows = await sql<{ id: string }>`select id from blade_dept where is_deleted = 0 and tenant_id = ${auth.tenantId}
      and (id in (${sql.join(ids)}) or string_to_array(ancestors, ',') && ${ids}::text[])`.execute(this.db);
    return rows.rows.map((r) => String(r.id));
  }

  /**
   * Reads need the menu (or its view button); writes need the button. An
   * administrator holds every menu and button of the tenant's package, so the
   * package limits the API too, not only the sidebar.
   */
  can(grants: Grants, permission: string, action: Action): boolean {
    const codes = codeSet(grants);
    if (action === 'view') return codes.has(permission) || codes.has(`${permission}_view`);
    return codes.has(`${permission}_${action}`);
  }

  require(auth: AuthContext, grants: Grants, entity: EntityDef, action: Action): void {
    if (!this.can(grants, entity.permission, action)) throw forbidden();
    if (entity.platformAdminOnly && !isPlatformAdmin(auth)) throw forbidden();
    // Platform-wide data (menus, dictionaries, tenants...) is changed by the platform only.
    if (action !== 'view' && entity.owner === 'platform' && !isPlatformAdmin(auth)) throw forbidden('platformDataForbidden');
  }

  /**
   * A list read as a reference (docs/api-conventions.md, "Reference reads"): its own menu, or any
   * menu of the screens it names rows for (the garden list for every garden-bound screen). Reads
   * only: the caller's writes still need the entity's own buttons. The rows stay the caller's
   * tenant's, gardens' and data scope's (rowScope).
   */
  requireReference(auth: AuthContext, grants: Grants, entity: EntityDef): void {
    if (this.can(grants, entity.permission, 'view')) return this.require(auth, grants, entity, 'view');
    if (!referenceReadersOf(entity).some((code) => this.can(grants, code, 'view'))) throw forbidden();
  }

  requireCode(grants: Grants, code: string): void {
    if (!codeSet(grants).has(code)) throw forbidden();
  }

  /**
   * Garden-bound staff write only in their own gardens: a row naming another
   * garden, or none, is refused (a garden they could not see afterwards).
   */
  requireGarden(grants: Grants, gardenId: unknown): void {
    if (!grants.gardenIds) return;
    // No garden (undefined, null) is not one of theirs either: ids are digits.
    if (!grants.gardenIds.includes(String(gardenId))) throw forbidden('gardenForbidden');
  }

  /** The tenant, garden and data-scope conditions for an entity's rows. */
  rowScope(auth: AuthContext, grants: Grants, entity: EntityDef): RawBuilder<unknown>[] {
    const conditions: RawBuilder<unknown>[] = [];
    if (entity.owner === 'tenant') conditions.push(sql`tenant_id = ${auth.tenantId}`);
    const gardenColumn = gardenColumnOf(entity);
    // Grants cached before gardens were part of them carry no gardenIds: not bound.
    if (gardenColumn && grants.gardenIds) conditions.push(sql`${sql.ref(gardenColumn)} in (${sql.join(grants.gardenIds)})`);
    const rules = this.dataScopeRules(grants, entity);
    if (!rules) return conditions;
    const alternatives = rules.map((rule) => this.dataScopeCondition(auth, grants, rule));
    conditions.push(sql`(${sql.join(alternatives, sql` or `)})`);
    return conditions;
  }

  /** The caller's data-scope rules for an entity's rows, or undefined when they see all of them (an admin, no rule, or "all"). */
  private dataScopeRules(grants: Grants, entity: EntityDef): DataScopeRule[] | undefined {
    const rules = grants.admin ? undefined : (grants.dataScopes[entity.permission] ?? grants.dataScopes[entity.name]);
    // A resource's rules are only ever listed with at least one.
    return !rules || rules.some((r) => r.type === 1) ? undefined : rules;
  }

  /** Whether rowScope limits the entity's rows by a data scope (beyond the tenant and gardens). */
  dataScoped(grants: Grants, entity: EntityDef): boolean {
    return this.dataScopeRules(grants, entity) !== undefined;
  }

  private dataScopeCondition(auth: AuthContext, grants: Grants, rule: DataScopeRule): RawBuilder<unknown> {
    const deptColumn = sql.ref(rule.column && /^[a-z_]+$/.test(rule.column) ? rule.column : 'create_dept');
    const list = (ids: string[]) => (ids.length > 0 ? sql.join(ids) : sql`null`);
    switch (rule.type) {
      case 2:
        return sql`create_user = ${auth.userId}`;
      case 3:
        return sql`${deptColumn} in (${list(auth.deptIds)})`;
      case 4:
        return sql`${deptColumn} in (${list(grants.deptTree)})`;
      case 5:
        return sql`${deptColumn} in (${list((rule.value ?? '').split(',').filter((v) => /^\d+$/.test(v)))})`;
      default:
        return sql`false`;
    }
  }

  /** A path guarded by an API scope is open only to roles granted that scope. */
  async checkApiScope(grants: Grants, path: string, version?: string): Promise<void> {
    if (grants.admin) return;
    const scopes = await this.apiScopes(version);
    const guarding = scopes.filter((s) => matchesPattern(s.path, path));
    if (guarding.length > 0 && !guarding.some((s) => grants.apiScopeIds.includes(s.id))) throw forbidden();
  }

  private async apiScopes(version?: string): Promise<ApiScope[]> {
    // Stryker disable next-line all: the cache key and lookup, not a rule.
    const key = `api-scopes:${await this.version(version)}`;
    const local = this.localApiScopes.get(key);
    // Stryker disable next-line all: the cache lookup, not a rule.
    if (local) return local;
    const rows = await sql<{ id: string; path: string }>`select id, scope_path as path from blade_scope_api
      where is_deleted = 0 and scope_path is not null`.execute(this.db);
    const scopes = rows.rows.map((r) => ({ id: String(r.id), path: r.path }));
    // Stryker disable next-line all: the cache, not a rule.
    this.localApiScopes.set(key, scopes);
    return scopes;
  }
}
