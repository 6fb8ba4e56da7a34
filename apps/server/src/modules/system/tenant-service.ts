import { randomInt } from 'node:crypto';
import { NEW_TENANT_ADMIN_NAME } from '@property/domain';
import { sql } from 'kysely';
import type { Db } from '../../platform/db/database';
import { hashTypedPassword } from '../../platform/auth/password';
import { seedBusinessDicts } from '../../seed/dictionaries';
import { seedLeaveProcess } from '../../seed/workflow';
import { paramValue } from './params';

/** A tenant id nobody has: six digits, drawn at random and checked. */
export async function newTenantId(db: Db): Promise<string> {
  for (;;) {
    const candidate = String(randomInt(100000, 1000000));
    const taken = await sql`select 1 from blade_tenant where tenant_id = ${candidate}`.execute(db);
    if (taken.rows.length === 0) return candidate;
  }
}

/**
 * What every new tenant starts with: its root department, an administrator
 * role (which sees the tenant package's menus) and the `admin` account whose
 * password is the `tenant.default.password` parameter; and the leave process.
 */
export async function provisionTenant(
  db: Db,
  tenantId: string,
  tenantName: string,
  createdBy: string | null,
): Promise<{ userId: string; deptId: string; roleId: string }> {
  const dept = await sql<{
    id: string;
  }>`insert into blade_dept (tenant_id, parent_id, ancestors, dept_category, dept_name, full_name, sort, create_user)
    values (${tenantId}, 0, '0', 1, ${tenantName}, ${tenantName}, 1, ${createdBy}) returning id`.execute(db);
  const deptId = String(dept.rows[0]!.id);
  const role = await sql<{ id: string }>`insert into blade_role (tenant_id, parent_id, role_name, sort, role_alias, create_user)
    values (${tenantId}, 0, ${NEW_TENANT_ADMIN_NAME}, 1, 'administrator', ${createdBy}) returning id`.execute(db);
  const roleId = String(role.rows[0]!.id);
  const password = await hashTypedPassword(await paramValue(db, 'tenant.default.password', 'admin'));
  const user = await sql<{
    id: string;
  }>`insert into blade_user (tenant_id, user_type, account, password, name, real_name, role_id, dept_id, status, create_user, create_dept)
    values (${tenantId}, 1, 'admin', ${password}, 'admin', ${NEW_TENANT_ADMIN_NAME}, ${roleId}, ${deptId}, 1, ${createdBy}, ${deptId}) returning id`.execute(
    db,
  );
  await seedLeaveProcess(db, tenantId);
  // Its business dictionaries (房屋类型, 朝向, the epidemic points' kinds…), as the demo company's: without them its
  // pickers were empty.
  await seedBusinessDicts(db, tenantId);
  return { userId: String(user.rows[0]!.id), deptId, roleId };
}
