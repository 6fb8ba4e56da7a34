/** Who is calling, as read from their access token. */
export interface AuthContext {
  userId: string;
  tenantId: string;
  account: string;
  userName: string;
  /** Current department (first of the user's, or the one switched to). */
  deptId: string;
  deptIds: string[];
  roleIds: string[];
  /** Role aliases, e.g. 'administrator'. */
  roleAliases: string[];
  clientId: string;
}

export const PLATFORM_TENANT = '000000';
export const ADMIN_ROLE = 'administrator';

/** The platform's own administrator may act on platform-wide data and across tenants. */
export function isPlatformAdmin(auth: AuthContext): boolean {
  return auth.tenantId === PLATFORM_TENANT && auth.roleAliases.includes(ADMIN_ROLE);
}

/** A tenant's administrator sees every menu of the tenant's package. */
export function isTenantAdmin(auth: AuthContext): boolean {
  return auth.roleAliases.includes(ADMIN_ROLE);
}
