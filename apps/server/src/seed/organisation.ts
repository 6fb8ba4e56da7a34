import { sql } from 'kysely';
import type { Db } from '../platform/db/database';
import { hashTypedPassword } from '../platform/auth/password';

/** Seeded accounts, printed at start and used by tests. */
export const SEED_ACCOUNTS = {
  admin: { tenantId: '000000', account: 'admin', password: 'admin' },
  /** A role with few rights: reads parameters and posts, nothing else. */
  staff: { tenantId: '000000', account: 'staff', password: 'staff123' },
} as const;

/** Menu codes the low-privilege role `user` is granted. */
export const STAFF_MENU_CODES = ['param', 'post', 'post_view'];

/** The platform company: departments, posts, roles, the administrator and a low-privilege user. */
export async function seedPlatformOrganisation(db: Db, menuIds: Map<string, string>): Promise<void> {
  const dept = async (parentId: string, ancestors: string, name: string, category: number, sort: number) => {
    const row = await sql<{ id: string }>`insert into blade_dept (parent_id, ancestors, dept_category, dept_name, full_name, sort)
      values (${parentId}, ${ancestors}, ${category}, ${name}, ${name}, ${sort}) returning id`.execute(db);
    return String(row.rows[0]!.id);
  };
  const root = await dept('0', '0', '总部', 1, 1);
  const north = await dept(root, `0,${root}`, '华北分公司', 1, 1);
  await dept(root, `0,${root}`, '华南分公司', 1, 2);
  await dept(north, `0,${root},${north}`, '客服部', 2, 1);

  const posts: Array<[number, string, string]> = [
    [1, 'ceo', '首席执行官'],
    [1, 'coo', '首席运营官'],
    [1, 'cfo', '首席财务官'],
    [1, 'cto', '首席技术官'],
    [1, 'cio', '首席信息官'],
    [2, 'pm', '技术经理'],
    [2, 'hrm', '人力经理'],
    [3, 'staff', '普通员工'],
  ];
  for (const [i, [category, code, name]] of posts.entries()) {
    await sql`insert into blade_post (category, post_code, post_name, sort) values (${category}, ${code}, ${name}, ${i + 1})`.execute(
      db,
    );
  }

  const role = async (name: string, alias: string, sort: number) => {
    const row = await sql<{ id: string }>`insert into blade_role (parent_id, role_name, sort, role_alias)
      values (0, ${name}, ${sort}, ${alias}) returning id`.execute(db);
    return String(row.rows[0]!.id);
  };
  const admin = await role('超级管理员', 'administrator', 1);
  const user = await role('用户', 'user', 2);
  await role('人事', 'hr', 3);
  await role('经理', 'manager', 4);
  await role('老板', 'boss', 5);
  for (const code of STAFF_MENU_CODES) {
    const menuId = menuIds.get(code);
    if (menuId) await sql`insert into blade_role_menu (role_id, menu_id) values (${user}, ${menuId})`.execute(db);
  }

  const account = async (name: string, realName: string, password: string, roleId: string, deptId: string) => {
    await sql`insert into blade_user (user_type, account, password, name, real_name, role_id, dept_id, status)
      values (1, ${name}, ${await hashTypedPassword(password)}, ${name}, ${realName}, ${roleId}, ${deptId}, 1)`.execute(db);
  };
  await account('admin', '管理员', 'admin', admin, root);
  await account('staff', '普通员工', 'staff123', user, north);
}
