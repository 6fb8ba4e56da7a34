import { POSTGRES_DRIVER } from '@property/domain';
import { sql } from 'kysely';
import type { Db } from '../platform/db/database';

/**
 * The product's own database as the built-in data source of the development tools (研发工具): there
 * from the start, reached as the server is configured (its address is answered from that
 * configuration, so none is stored), never removed. Checks for itself, so a database seeded before
 * the module gets it too.
 */
export async function seedBuiltInDatasource(db: Db): Promise<void> {
  await sql`insert into blade_datasource (name, driver_class, url, username, built_in, remark)
    select '本系统数据库', ${POSTGRES_DRIVER}, '', '', 1, '本产品自己的数据库,连接随服务器配置(内嵌 PGlite 或 DATABASE_URL)'
    where not exists (select 1 from blade_datasource where built_in = 1 and is_deleted = 0)`.execute(db);
}
