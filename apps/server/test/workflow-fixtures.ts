import { sql } from 'kysely';
import { hashTypedPassword } from '../src/platform/auth/password';
import type { Db } from '../src/platform/db/database';
import { DEMO_TENANT } from '../src/seed/seed';

/**
 * A user of the demo tenant (password pass1234) with the role `alias`, made directly in its tables; a role
 * made here holds the menus (and their buttons) whose codes `menuCodes` matches (SQL LIKE patterns), none by default.
 * The people of the workflow tests: employees who file, managers and bosses who claim.
 */
export async function userWithRole(db: Db, account: string, alias: string, menuCodes: string[] = []): Promise<void> {
  const role = await sql<{
    id: string;
  }>`select id from blade_role where tenant_id = ${DEMO_TENANT} and role_alias = ${alias}`.execute(db);
  let roleId = role.rows[0]?.id;
  if (!roleId) {
    const made = await sql<{ id: string }>`insert into blade_role (tenant_id, parent_id, role_name, sort, role_alias)
      values (${DEMO_TENANT}, 0, ${alias}, 9, ${alias}) returning id`.execute(db);
    roleId = made.rows[0]!.id;
    if (menuCodes.length > 0)
      await sql`insert into blade_role_menu (tenant_id, role_id, menu_id) select ${DEMO_TENANT}, ${roleId}, id from blade_menu
        where is_deleted = 0 and (${sql.join(
          menuCodes.map((code) => sql`code like ${code}`),
          sql` or `,
        )})`.execute(db);
  }
  await sql`insert into blade_user (tenant_id, user_type, account, password, name, real_name, role_id, status)
    values (${DEMO_TENANT}, 1, ${account}, ${await hashTypedPassword('pass1234')}, ${account}, ${account}, ${String(roleId)}, 1)`.execute(
    db,
  );
}
