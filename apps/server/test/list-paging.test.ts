import { EXACT_TOTAL_LIMIT, PAGE_DEPTH_LIMIT, postEntity } from '@property/domain';
import { sql, type KyselyPlugin, type RawNode } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from './client';
import { CrudService } from '../src/platform/crud/engine';
import { readPage } from '../src/platform/crud/paging';
import type { Db } from '../src/platform/db/database';
import { administratorOf, startServer, type TestServer } from './harness';

/**
 * Lists at any size (DESIGN.md decision 9): exact totals up to the limit and
 * estimates beyond, OFFSET pages up to the depth limit and keyset pages after
 * it, on a posts table of the platform tenant grown past both limits.
 */
let server: TestServer;
let platform: ApiClient;
let company: ApiClient;

/**
 * Categories no seeded post has: 91 holds exactly the limit, 92 one more. Orders with ties and NULLs:
 * create_time repeats in threes, `sort` repeats and is NULL in every 13th row, `remark` is NULL but in
 * every 4th row (so page boundaries fall on NULLs).
 */
const EXACT = 91;
const OVER = 92;
const PER_CATEGORY = { [EXACT]: EXACT_TOTAL_LIMIT, [OVER]: EXACT_TOTAL_LIMIT + 1 };
const COMPANY_POSTS = 7;

beforeAll(async () => {
  server = await startServer({ seedDemo: true });
  const db = server.built.services.db;
  for (const [category, count] of Object.entries(PER_CATEGORY)) {
    await sql`insert into blade_post (tenant_id, category, post_code, post_name, sort, remark, create_time)
      select '000000', ${Number(category)}, 'L' || ${category} || '-' || g, '分页岗位' || g || '号',
        case when g % 13 = 0 then null else g % 7 end, case when g % 4 = 0 then 'r' || g % 5 end,
        timestamp '2020-01-01' + ((g / 3) || ' minutes')::interval
      from generate_series(1, ${count}) g`.execute(db);
  }
  await sql`insert into blade_post (tenant_id, category, post_code, post_name, sort)
    select '100001', ${OVER}, 'C' || g, '分页岗位' || g || '号', g from generate_series(1, ${COMPANY_POSTS}) g`.execute(db);
  await sql`analyze blade_post`.execute(db);
  platform = new ApiClient(server.url);
  await platform.signIn('admin', 'admin');
  company = new ApiClient(server.url);
  await company.signIn('admin', 'admin', '100001');
});
afterAll(async () => server?.close());

const list = async (client: ApiClient, query: Record<string, unknown>) => {
  const answer = await client.get('/blade-system/post/list', query);
  expect(answer.status, JSON.stringify(answer.body).slice(0, 300)).toBe(200);
  return answer.body.data;
};

/** The ids of the platform's posts of some categories in an order, as the database sorts them. */
const expectedIds = async (categories: number[], order: string) => {
  const rows = await sql<{ id: string }>`select id from blade_post where tenant_id = '000000' and is_deleted = 0
    and category in (${sql.join(categories)}) order by ${sql.raw(order)}`.execute(server.built.services.db);
  return rows.rows.map((r) => String(r.id));
};

describe('totals', () => {
  it('counts a list of exactly the limit exactly, and says so', async () => {
    const page = await list(platform, { category_equal: EXACT, size: 20 });
    expect(Object.keys(page).sort()).toEqual(['current', 'pages', 'records', 'searchCount', 'size', 'total', 'totalExact']);
    expect(page).toMatchObject({
      total: EXACT_TOTAL_LIMIT,
      totalExact: true,
      size: 20,
      current: 1,
      pages: EXACT_TOTAL_LIMIT / 20,
    });
    expect(page.records).toHaveLength(20);
  });

  it('answers an estimate above the limit for a list one row larger', async () => {
    const page = await list(platform, { category_equal: OVER });
    expect(page.totalExact).toBe(false);
    expect(page.total).toBeGreaterThan(EXACT_TOTAL_LIMIT);
    // The planner's estimate from the table's statistics: about the real 10,001.
    expect(page.total).toBeLessThan(EXACT_TOTAL_LIMIT * 2);
    expect(page.pages).toBe(Math.ceil(page.total / 10));
    expect(page.records).toHaveLength(10);
  });

  it('keeps a list filtered down to a few rows exact', async () => {
    const page = await list(platform, { postName: '分页岗位1234号' });
    expect(page).toMatchObject({ total: 2, totalExact: true, pages: 1 });
    expect(page.records.map((r: { postCode: string }) => r.postCode).sort()).toEqual(['L91-1234', 'L92-1234']);
    // A page past its matches still knows how many there are.
    expect(await list(platform, { postName: '分页岗位1234号', current: 2 })).toMatchObject({
      records: [],
      total: 2,
      totalExact: true,
    });
  });

  it('counts a full first page of a small list exactly (the page alone cannot tell), in the list’s order', async () => {
    const page = await list(platform, { postName: '分页岗位123', category_equal: EXACT, size: 5, current: 2 });
    // 123 and 1230–1239 of the category.
    expect(page).toMatchObject({ total: 11, totalExact: true, pages: 3, current: 2 });
    const ordered = await sql<{ post_code: string }>`select post_code from blade_post where tenant_id = '000000'
      and category = ${EXACT} and post_name like '分页岗位123%' order by sort asc, id desc`.execute(server.built.services.db);
    expect(page.records.map((r: { postCode: string }) => r.postCode)).toEqual(ordered.rows.slice(5, 10).map((r) => r.post_code));
  });

  it('counts within the caller’s tenant only, large lists of another tenant notwithstanding', async () => {
    await list(platform, { postName: '分页岗位' });
    const page = await list(company, { postName: '分页岗位' });
    expect(page).toMatchObject({ total: COMPANY_POSTS, totalExact: true });
    expect(page.records.every((r: { tenantId: string }) => r.tenantId === '100001')).toBe(true);
  });

  it('answers residents (a union of three tables) with the same page shape, and no OFFSET past the limit', async () => {
    const answer = await company.get('/owner/user-list', { current: 2, size: 5 });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({ totalExact: true, current: 2, size: 5 });
    expect(answer.body.data.total).toBeGreaterThan(5);
    expect(answer.body.data.records).toHaveLength(5);
    const deep = await company.get('/owner/user-list', { current: PAGE_DEPTH_LIMIT / 5 + 1, size: 5 });
    expect(deep.status).toBe(400);
  });
});

describe('text searches', () => {
  /** The statements readPage runs, as Kysely hands them to the database. */
  const recorded = () => {
    const statements: string[] = [];
    const plugin: KyselyPlugin = {
      transformQuery: (args) => {
        if (args.node.kind === 'RawNode') statements.push((args.node as RawNode).sqlFragments.join('?'));
        return args.node;
      },
      transformResult: async (args) => args.result,
    };
    return { db: server.built.services.db.withPlugin(plugin), statements };
  };
  const request = (db: Db, query: Record<string, unknown>) =>
    new CrudService(postEntity).listRequest(
      { db, auth: administratorOf('000000'), rowScope: () => [sql`tenant_id = '000000'`] },
      query,
    );

  it('reads the few rows a rare text matches and sorts them, rather than walking the order for them', async () => {
    const { db, statements } = recorded();
    const page = await readPage(db, request(db, { postName: '分页岗位1234号', descs: 'createTime' }));
    expect(page).toMatchObject({ total: 2, totalExact: true });
    expect(statements.some((s) => s.includes('with matching as materialized'))).toBe(true);
  });

  it('walks the order for a common text, whose matches fill a page within a few rows, and remembers it is common', async () => {
    const { db, statements } = recorded();
    const walk = /^select \* from \? where \?\s+order by/;
    const first = await readPage(db, request(db, { postName: '分页岗位', descs: 'createTime' }));
    expect(first.totalExact).toBe(false);
    expect(first.records).toHaveLength(10);
    // Its matches were read once to learn there are more than the limit; the page came from the walk.
    expect(statements.filter((s) => s.includes('with matching as materialized'))).toHaveLength(1);
    expect(statements.some((s) => walk.test(s))).toBe(true);
    statements.length = 0;
    const again = await readPage(db, request(db, { postName: '分页岗位', descs: 'createTime', current: 2 }));
    expect(again.totalExact).toBe(false);
    expect(statements.some((s) => s.includes('with matching as materialized'))).toBe(false);
    expect(statements.some((s) => walk.test(s))).toBe(true);
  });
});

describe('deep pages', () => {
  const size = 1000;
  const rows = PER_CATEGORY[EXACT] + PER_CATEGORY[OVER];
  const pagesOf = Math.ceil(rows / size);

  it.each([
    ['ascs', 'sort', 'sort asc, id desc'],
    ['descs', 'sort', 'sort desc, id desc'],
    ['ascs', 'remark', 'remark asc, id desc'],
    ['descs', 'remark', 'remark desc, id desc'],
    ['descs', 'createTime', 'create_time desc, id desc'],
  ])('pages through every row by %s=%s, past the depth limit by the page before', async (direction, field, order) => {
    const seen: string[] = [];
    for (let current = 1; current <= pagesOf; current++) {
      const page = await list(platform, { category_ge: EXACT, size, current, [direction]: field });
      seen.push(...page.records.map((r: { id: string }) => r.id));
    }
    // Ties and NULLs (last ascending, first descending) across page boundaries: each row exactly once, in order.
    expect(seen).toEqual(await expectedIds([EXACT, OVER], order));
  });

  it('refuses a jump past the depth limit that skips the page before', async () => {
    const deep = PAGE_DEPTH_LIMIT / 100 + 2;
    const answer = await platform.get('/blade-system/post/list', {
      category_equal: OVER,
      size: 100,
      current: deep,
      ascs: 'postCode',
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      code: 400,
      success: false,
      msg: `页码过深:前 ${PAGE_DEPTH_LIMIT} 条之后只能逐页向后翻,请缩小查询范围`,
    });
  });

  it('reaches the last page within the depth limit by OFFSET, and no further', async () => {
    const lastShallow = PAGE_DEPTH_LIMIT / 100;
    const page = await list(platform, { category_equal: EXACT, size: 100, current: lastShallow, descs: 'createTime' });
    expect(page.records.map((r: { id: string }) => r.id)).toEqual(
      (await expectedIds([EXACT], 'create_time desc, id desc')).slice(-100),
    );
    const beyond = await platform.get('/blade-system/post/list', { category_equal: EXACT, size: 100, current: lastShallow + 2 });
    expect(beyond.status).toBe(400);
  });

  it('does not continue another tenant’s list from the boundary it left', async () => {
    // The platform read the category up to its last page above; the company's same query starts cold.
    const answer = await company.get('/blade-system/post/list', { category_ge: EXACT, size, current: pagesOf, ascs: 'sort' });
    expect(answer.status).toBe(400);
  });
});
