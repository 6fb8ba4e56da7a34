import { sql } from 'kysely';
import type { Db } from '../../platform/db/database';
import type { AuthContext } from '../../platform/http/context';
import { signInDigest, verifyDigest } from '../../platform/auth/password';
import type { Services } from '../../platform/services';
import { paramValue } from '../system/params';
import { OAUTH } from './oauth-errors';

export interface UserRow {
  id: string;
  tenant_id: string;
  account: string;
  password: string | null;
  name: string | null;
  real_name: string | null;
  avatar: string | null;
  role_id: string | null;
  dept_id: string | null;
  post_id: string | null;
  status: number | null;
}

const split = (s: string | null | undefined) =>
  (s ?? '')
    .split(',')
    .map((x) => x.trim())
    .filter((x) => /^\d+$/.test(x));

export async function checkTenant(db: Db, tenantId: string): Promise<void> {
  const rows = await sql<{ expired: boolean }>`select coalesce(expire_time < localtimestamp(0), false) as expired
    from blade_tenant where tenant_id = ${tenantId} and is_deleted = 0`.execute(db);
  const tenant = rows.rows[0];
  if (!tenant) throw OAUTH.noTenant();
  if (tenant.expired) throw OAUTH.tenantExpired();
}

export async function findUser(db: Db, tenantId: string, by: { account?: string; id?: string }): Promise<UserRow | undefined> {
  const where = by.id ? sql`id = ${by.id}` : sql`account = ${by.account ?? ''}`;
  const rows =
    await sql<UserRow>`select id, tenant_id, account, password, name, real_name, avatar, role_id, dept_id, post_id, status
    from blade_user where tenant_id = ${tenantId} and is_deleted = 0 and ${where}`.execute(db);
  return rows.rows[0];
}

/**
 * Failed sign-ins are counted per account and address: five bad passwords from one address lock the
 * account for that address only, so nobody can lock someone else out (the platform administrator
 * included) from elsewhere. Each address also has a limit over all accounts (IP_FAIL_FACTOR times
 * the account limit), so it cannot try passwords across accounts instead. Unlocking an account
 * starts its counts afresh (a new epoch in the keys) whatever addresses they came from.
 */
const IP_FAIL_FACTOR = 10;
const epochKey = (tenantId: string, account: string) => `login-epoch:${tenantId}:${account}`;
const ipFailKey = (ip: string) => `login-fail-ip:${ip}`;
async function failKey(store: Services['store'], tenantId: string, account: string, ip: string): Promise<string> {
  const epoch = (await store.get(epochKey(tenantId, account))) ?? '0';
  return `login-fail:${tenantId}:${account}:${epoch}:${ip}`;
}

/**
 * Failed sign-ins allowed before an account locks: the `account.failCount` parameter, which the
 * platform administrator sets on the parameters screen; LOGIN_FAIL_LIMIT when it is unset or not a
 * positive whole number.
 */
async function failLimit(services: Services): Promise<number> {
  const value = (await paramValue(services.db, 'account.failCount', '')).trim();
  return /^[1-9]\d{0,3}$/.test(value) ? Number(value) : services.config.loginFailLimit;
}

/** Password sign-in with the lockout counter: too many failures lock the account for a while. */
export async function verifyPassword(
  services: Services,
  tenantId: string,
  account: string,
  password: string,
  ip: string,
): Promise<UserRow> {
  const { store, config, db } = services;
  const limit = await failLimit(services);
  const key = await failKey(store, tenantId, account, ip);
  const [failures, ipFailures] = await Promise.all([store.get(key), store.get(ipFailKey(ip))]);
  if (Number(failures ?? 0) >= limit || Number(ipFailures ?? 0) >= limit * IP_FAIL_FACTOR) throw OAUTH.locked();
  const user = await findUser(db, tenantId, { account });
  if (!user || !(await verifyDigest(user.password, signInDigest(password)))) {
    const [count] = await Promise.all([
      store.incr(key, config.loginLockSeconds),
      store.incr(ipFailKey(ip), config.loginLockSeconds),
    ]);
    if (count >= limit) throw OAUTH.locked();
    throw OAUTH.badCredentials();
  }
  await store.del(key);
  return user;
}

export async function unlockAccounts(services: Services, tenantId: string, accounts: string[]): Promise<void> {
  for (const account of accounts) await services.store.incr(epochKey(tenantId, account), 366 * 24 * 3600);
}

/**
 * The caller a token will speak for: the user's roles and departments, or the
 * one department and role chosen in switch mode (when they are the user's).
 */
export async function authContextOf(
  db: Db,
  user: UserRow,
  clientId: string,
  chosen: { deptId?: string; roleId?: string } = {},
): Promise<AuthContext> {
  if (user.status === 0) throw OAUTH.notApproved();
  if (user.status !== null && user.status !== 1) throw OAUTH.disabled();
  let roleIds = split(user.role_id);
  let deptIds = split(user.dept_id);
  if (chosen.roleId && roleIds.includes(chosen.roleId)) roleIds = [chosen.roleId];
  if (chosen.deptId && deptIds.includes(chosen.deptId)) deptIds = [chosen.deptId, ...deptIds.filter((d) => d !== chosen.deptId)];
  if (roleIds.length === 0) throw OAUTH.noRole();
  const roles = await sql<{ id: string; role_alias: string }>`select id, role_alias from blade_role
    where is_deleted = 0 and tenant_id = ${user.tenant_id} and id in (${sql.join(roleIds)})`.execute(db);
  if (roles.rows.length === 0) throw OAUTH.noRole();
  return {
    userId: String(user.id),
    tenantId: user.tenant_id,
    account: user.account,
    userName: user.name ?? user.account,
    deptId: deptIds[0] ?? '',
    deptIds,
    roleIds: roles.rows.map((r) => String(r.id)),
    roleAliases: roles.rows.map((r) => r.role_alias),
    clientId,
  };
}
