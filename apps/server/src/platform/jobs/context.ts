import { sql } from 'kysely';
import type { CrudContext } from '../crud/engine';
import type { Db } from '../db/database';

/**
 * The context a handler writes rows in: the run's tenant, and the person who
 * started it (their name goes into logs such as the bill log) or nobody when a
 * schedule did. Rows are limited to the tenant only: the starter's gardens and
 * data scope were applied by the call that enqueued the run, which put into
 * the run's params only what the starter may reach.
 */
export async function jobCrudContext(db: Db, tenantId: string, startedBy: string | null): Promise<CrudContext> {
  const user = startedBy
    ? (
        await sql<{ account: string; name: string | null; dept_id: string | null }>`
          select account, name, dept_id from blade_user where id = ${startedBy}`.execute(db)
      ).rows[0]
    : undefined;
  return {
    db,
    auth: {
      userId: startedBy ?? '',
      tenantId,
      account: user?.account ?? '',
      userName: user?.name ?? user?.account ?? '', // as sign-in names the user
      deptId: String(user?.dept_id ?? '').split(',')[0] ?? '',
      deptIds: [],
      roleIds: [],
      roleAliases: [],
      clientId: 'job',
    },
    rowScope: (entity) => (entity.owner === 'tenant' ? [sql`tenant_id = ${tenantId}`] : []),
  };
}
