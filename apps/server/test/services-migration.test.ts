import { readFileSync } from 'node:fs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from '../src/platform/db/migrate';
import { startServer, type TestServer } from './harness';

/**
 * Migration 0008 also mends the data of databases seeded before the services
 * module: the repair states' names, the dictionaries it adds, the feedback
 * menu's 处理 button. Here its data statements run on a database put back to
 * that earlier state.
 */
let server: TestServer;
const db = () => server.built.services.db;
const DATA_MARK = '-- Data for databases seeded before the services module';

beforeAll(async () => {
  server = await startServer({ seedDemo: false });
});
afterAll(async () => server?.close());

const labels = async (code: string) =>
  Object.fromEntries(
    (
      await sql<{ dict_key: string; dict_value: string }>`select dict_key, dict_value from blade_dict
        where code = ${code} and parent_id <> 0 and is_deleted = 0`.execute(db())
    ).rows.map((r) => [r.dict_key, r.dict_value]),
  );

describe('migration 0008 on an earlier database', () => {
  it('renames the repair states, adds the new dictionaries and the 处理 button, once', async () => {
    // The state before: the old repair states, no new dictionaries, no 处理 button, the 意见建议 menu.
    await sql`delete from blade_dict where code in ('repair_channel', 'repair_image_kind', 'patrol_point_status', 'patrol_result')
      or (code = 'repair_status' and dict_key = '6')`.execute(db());
    await sql`update blade_dict set dict_value = '已评价' where code = 'repair_status' and dict_key = '4'`.execute(db());
    await sql`delete from blade_menu where code = 'feedback_handle'`.execute(db());
    await sql`insert into blade_menu (parent_id, code, name, alias, path, sort, category) values (0, 'suggestion', '意见建议', 'suggestion',
      '/service/suggestion', 3, 1)`.execute(db());
    const file = readFileSync(`${MIGRATIONS_DIR}/0010_services.sql`, 'utf8');
    const data = file.slice(file.indexOf(DATA_MARK));
    const statements = data
      .split('--;')
      .map((s) => s.trim())
      .filter(Boolean);
    for (let run = 0; run < 2; run++) for (const statement of statements) await sql.raw(statement).execute(db());

    expect(await labels('repair_status')).toEqual({
      0: '待派单',
      1: '已派单',
      2: '已接单',
      3: '已拒单',
      4: '维修中',
      5: '已完成',
      6: '已关闭',
    });
    expect(await labels('repair_channel')).toEqual({ 1: '物业代报', 2: '电话报修', 3: '业主APP' });
    expect(await labels('patrol_result')).toEqual({ 1: '正常', 2: '异常' });
    const menus = await sql<{ code: string; is_deleted: number }>`select code, is_deleted from blade_menu
      where code in ('feedback_handle', 'suggestion', 'patroltask_add')`.execute(db());
    expect(menus.rows.filter((m) => m.is_deleted === 0).map((m) => m.code)).toEqual(['feedback_handle']);
    // The second run added nothing twice.
    const parents = await sql<{
      n: number;
    }>`select count(*)::int as n from blade_dict where code = 'repair_channel' and parent_id = 0`.execute(db());
    expect(parents.rows[0]!.n).toBe(1);
  });
});
