import { sql } from 'kysely';
import { hashSecret } from '../platform/auth/password';
import type { Db } from '../platform/db/database';
import type { Services } from '../platform/services';
import { provisionTenant } from '../modules/system/tenant-service';
import { SYSTEM_DICTS } from './data/dictionaries';
import { seedBusinessDicts, seedDicts } from './dictionaries';
import { MENUS, TOP_MENUS, type MenuSeed } from './data/menus';
import { REGIONS } from './data/regions';
import { seedDemoBilling } from './billing';
import { seedDemoEpidemic } from './epidemic';
import { seedDemoClub } from './club';
import { seedDemoResidents } from './citizen';
import { seedDemoCommunity } from './community';
import { seedBuiltInDatasource } from './develop';
import { seedDemoFacilities } from './facility';
import { seedPlatformOrganisation } from './organisation';
import { seedDemoResources } from './resources';
import { seedDemoServices } from './services';
import { seedLeaveProcess } from './workflow';

/** Held while seeding, so instances starting together seed once. */
const SEED_LOCK = 727_002;
export const DEMO_TENANT = '100001';

/**
 * Every start, after the migrations: the first start's seed once per database (seedFirstStart), then what checks
 * for itself, so a database seeded by an earlier release gets what its modules add: their dictionaries, the leave
 * process, the built-in data source, the demo company's data.
 */
export async function seed(services: Services): Promise<void> {
  await services.db.transaction().execute(async (tx) => {
    await sql`select pg_advisory_xact_lock(${SEED_LOCK})`.execute(tx);
    await seedFirstStart(tx, services.config.seedDemo);
    // Dictionaries of modules added since this database was seeded, for the platform and every tenant.
    await seedDicts(tx, 'blade_dict', SYSTEM_DICTS);
    const tenants = await sql<{ tenant_id: string }>`select tenant_id from blade_tenant where is_deleted = 0`.execute(tx);
    for (const { tenant_id } of tenants.rows) await seedBusinessDicts(tx, tenant_id);
    // Business demo data checks for itself, so a database seeded before a module existed gets it too.
    await seedLeaveProcess(tx, '000000');
    await seedBuiltInDatasource(tx);
    if (services.config.seedDemo) {
      await seedLeaveProcess(tx, DEMO_TENANT);
      await seedDemoCommunity(tx, DEMO_TENANT);
      await seedDemoResidents(tx, DEMO_TENANT);
      // Last: spaces are bound to the residents' cars when there are any.
      await seedDemoFacilities(tx, DEMO_TENANT);
      // After the houses' owners and the parking spaces it bills.
      await seedDemoBilling(tx, DEMO_TENANT);
      await seedDemoServices(tx, DEMO_TENANT);
      await seedDemoClub(tx, DEMO_TENANT);
      await seedDemoEpidemic(tx, DEMO_TENANT);
      await seedDemoResources(tx, DEMO_TENANT);
    }
  });
}

/**
 * First start: the platform tenant and its administrator, OAuth clients, parameters, dictionaries, regions, the
 * menu tree of every screen, a low-privilege role and user, and a demo tenant. Once per database: nothing when the
 * platform tenant is there. (An earlier release's database holds what this wrote then: test/operations.test.ts
 * makes one so.)
 */
export async function seedFirstStart(db: Db, seedDemo: boolean): Promise<void> {
  const done = await sql`select 1 from blade_tenant where tenant_id = '000000'`.execute(db);
  if (done.rows.length > 0) return;
  await seedPlatform(db);
  if (seedDemo) await seedDemoTenant(db);
}

async function seedPlatform(db: Db): Promise<void> {
  await sql`insert into blade_tenant (tenant_id, tenant_name, linkman, contact_number, address, account_number)
    values ('000000', '管理组', 'admin', '', '', -1)`.execute(db);
  const params: Array<[string, string, string]> = [
    ['是否开放注册', 'account.registerUser', 'true'],
    ['账号初始密码', 'account.initPassword', '123456'],
    ['账号错误锁定次数', 'account.failCount', '5'],
    ['租户默认管理密码', 'tenant.default.password', 'admin'],
    ['租户默认账号额度', 'tenant.default.accountNumber', '100'],
    ['审计记录保留天数', 'audit.retentionDays', '180'],
  ];
  for (const [name, key, value] of params) {
    await sql`insert into blade_param (param_name, param_key, param_value) values (${name}, ${key}, ${value})`.execute(db);
  }
  const grants = 'refresh_token,password,captcha,social,authorization_code';
  for (const [id, secret] of [
    ['saber', 'saber_secret'],
    ['sword', 'sword_secret'],
  ]) {
    await sql`insert into blade_client (client_id, client_secret, scope, authorized_grant_types, access_token_validity, refresh_token_validity)
      values (${id}, ${await hashSecret(secret)}, 'all', ${grants}, 3000, 604800)`.execute(db);
  }
  await seedDicts(db, 'blade_dict', SYSTEM_DICTS);
  await seedRegions(db);
  const menuIds = await seedMenus(db);
  await seedPlatformOrganisation(db, menuIds);
  await seedBusinessDicts(db, '000000');
  await seedTopMenus(db, '000000', menuIds);
}

async function seedRegions(db: Db): Promise<void> {
  for (let i = 0; i < REGIONS.length; i += 200) {
    const rows = REGIONS.slice(i, i + 200).map(
      (r) => sql`(${r.code}, ${r.parentCode}, ${r.name}, ${r.level}, ${r.sort}, ${r.level === 1 ? r.code : r.parentCode},
        ${r.level === 2 ? r.code : null}, ${r.parentCode === '00' ? '00' : `00,${r.parentCode}`})`,
    );
    await sql`insert into blade_region (code, parent_code, name, region_level, sort, province_code, city_code, ancestors)
      values ${sql.join(rows)}`.execute(db);
  }
}

/** Inserts the menu tree; answers code → id for everything inserted (menus and buttons). */
async function seedMenus(db: Db): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  const insert = async (
    m: {
      code: string;
      name: string;
      alias?: string;
      path?: string;
      source?: string;
      sort: number;
      isOpen?: number;
      action?: number;
    },
    parentId: string,
    category: number,
  ) => {
    const row = await sql<{
      id: string;
    }>`insert into blade_menu (parent_id, code, name, alias, path, source, sort, category, action, is_open)
      values (${parentId}, ${m.code}, ${m.name}, ${m.alias ?? m.code}, ${m.path ?? ''}, ${m.source ?? ''}, ${m.sort}, ${category},
      ${m.action ?? 0}, ${m.isOpen ?? 1}) returning id`.execute(db);
    ids.set(m.code, String(row.rows[0]!.id));
    return String(row.rows[0]!.id);
  };
  const walk = async (menus: ReadonlyArray<MenuSeed>, parentId: string) => {
    for (const menu of menus) {
      const id = await insert(menu, parentId, 1);
      for (const [i, button] of (menu.buttons ?? []).entries()) {
        await insert({ ...button, path: button.path ?? `${menu.path}/${button.alias}`, sort: i + 1 }, id, 2);
      }
      await walk(menu.children ?? [], id);
    }
  };
  await walk(MENUS, '0');
  return ids;
}

export async function seedTopMenus(db: Db, tenantId: string, menuIds: Map<string, string>): Promise<void> {
  for (const top of TOP_MENUS) {
    const row = await sql<{ id: string }>`insert into blade_top_menu (tenant_id, code, name, source, sort)
      values (${tenantId}, ${top.code}, ${top.name}, ${top.source}, ${top.sort}) returning id`.execute(db);
    for (const code of top.menuCodes) {
      const menuId = menuIds.get(code);
      if (menuId) {
        await sql`insert into blade_top_menu_setting (tenant_id, top_menu_id, menu_id) values (${tenantId}, ${row.rows[0]!.id}, ${menuId})`.execute(
          db,
        );
      }
    }
  }
}

/** A property company to try the product with: its own package, administrator and business dictionaries. */
async function seedDemoTenant(db: Db): Promise<void> {
  const menus = await sql<{
    id: string;
    code: string;
    path: string;
  }>`select id, code, path from blade_menu where is_deleted = 0`.execute(db);
  const platformOnly = /^\/(system\/(tenant|tenantpackage|client)|develop)/;
  const packageMenus = menus.rows.filter((m) => !platformOnly.test(m.path ?? '')).map((m) => String(m.id));
  const pkg = await sql<{ id: string }>`insert into blade_tenant_package (package_name, menu_id, remark)
    values ('物业标准版', ${packageMenus.join(',')}, '物业公司使用的全部业务功能') returning id`.execute(db);
  await sql`insert into blade_tenant (tenant_id, tenant_name, linkman, contact_number, address, account_number, package_id)
    values (${DEMO_TENANT}, '示范物业服务有限公司', '李经理', '13800138000', '深圳市南山区科技园', 100, ${pkg.rows[0]!.id})`.execute(
    db,
  );
  await provisionTenant(db, DEMO_TENANT, '示范物业服务有限公司', null);
  const ids = new Map(menus.rows.map((m) => [m.code, String(m.id)]));
  await seedTopMenus(db, DEMO_TENANT, ids);
}
