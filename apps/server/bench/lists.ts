/**
 * Lists at any size (issue 12), called by run.ts on its server and database:
 * the posts list (first page, a deep page, a text search) and one post's
 * detail, with the posts table and the api log at `small` rows and again
 * after both have grown to `large`. Each case is measured three ways: one
 * call at a time (p50), the API under load, and a bare route under load that
 * runs the same paging code on the same condition and nothing else (no
 * token, grants, validation, JSON mapping or api log).
 */
import { cpus, loadavg } from 'node:os';
import { PAGE_DEPTH_LIMIT, postEntity } from '@property/domain';
import Fastify from 'fastify';
import { sql } from 'kysely';
import type { BuiltApp } from '../src/app';
import { CrudService, type CrudContext } from '../src/platform/crud/engine';
import { readPage } from '../src/platform/crud/paging';
import { administratorOf } from '../test/harness';
import type { LoadResult } from './load';

export interface ListBenchOptions {
  built: BuiltApp;
  apiPort: number;
  token: string;
  load: (url: string, headers?: Record<string, string>) => Promise<LoadResult>;
  /** Runs bare and API loads alternately and takes the median of each figure. */
  alternate: (
    bareUrl: string,
    apiUrl: string,
    apiHeaders: Record<string, string>,
  ) => Promise<{ bare: LoadResult; api: LoadResult }>;
  small: number;
  large: number;
}

const SIZE = 10;
/** A name matching one post at any table size: the search a person makes for one row. */
const SEARCHED = (rows: number) => `岗位${Math.floor(rows / 2) + 17}号`;

interface Case {
  name: string;
  query: Record<string, string | number>;
  path: 'list' | 'detail';
}

interface Figures {
  case: string;
  rows: number;
  single: number;
  bare: LoadResult;
  api: LoadResult;
}

const posts = new CrudService(postEntity);
/** The platform administrator's rows, as the API's row scope makes them. */
const platformScope = (db: CrudContext['db'], store: CrudContext['store']): CrudContext => ({
  db,
  store,
  auth: administratorOf('000000'),
  rowScope: () => [sql`tenant_id = ${'000000'}`],
});

/** Posts (and as many api log rows) up to `total`, newest first, in batches that keep PGlite's memory small. */
async function growTo(built: BuiltApp, total: number): Promise<void> {
  const db = built.services.db;
  const dept = (await sql<{ id: string }>`select id from blade_dept where tenant_id = '000000' order by id limit 1`.execute(db))
    .rows[0]!.id;
  const count = async (table: string) =>
    Number((await sql<{ n: string }>`select count(*) as n from ${sql.table(table)}`.execute(db)).rows[0]!.n);
  const started = performance.now();
  for (let from = (await count('blade_post')) + 1; from <= total; from += 100_000) {
    const to = Math.min(total, from + 99_999);
    await sql`insert into blade_post (tenant_id, category, post_code, post_name, sort, create_dept, create_time)
      select '000000', 1 + g % 4, 'P' || g, '岗位' || g || '号', g % 100, ${dept}, timestamp '2026-01-01' - (g || ' seconds')::interval
      from generate_series(${from}::int, ${to}::int) g`.execute(db);
  }
  for (let from = (await count('blade_log_api')) + 1; from <= total; from += 100_000) {
    const to = Math.min(total, from + 99_999);
    await sql`insert into blade_log_api (tenant_id, service_id, server_host, type, title, method, request_uri, user_agent,
        remote_ip, params, time, create_by, create_user, create_time)
      select '000000', 'property-console', 'bench', '1', '岗位 list', 'GET', '/api/blade-system/post/list', 'autocannon',
        '127.0.0.1', 'current=' || g % 100, g % 50, 'admin', 1, timestamp '2026-01-01' - (g || ' seconds')::interval
      from generate_series(${from}::int, ${to}::int) g`.execute(db);
  }
  // Vacuumed as well as analysed: autovacuum would otherwise wake for the new rows during a measurement, and the
  // trigram indexes' pending lists are merged.
  await sql`vacuum analyze blade_post`.execute(db);
  await sql`vacuum analyze blade_log_api`.execute(db);
  console.log(`  ${total.toLocaleString()} posts and api log rows (${((performance.now() - started) / 1000).toFixed(0)} s)`);
}

export async function benchLists(o: ListBenchOptions): Promise<void> {
  const { built } = o;
  const db = built.services.db;
  const ctx = platformScope(db, built.services.store);
  const auth = { 'Blade-Auth': `bearer ${o.token}` };

  const bare = Fastify({ logger: false });
  bare.get('/bare/list', async (req) => {
    const page = await readPage(db, posts.listRequest(ctx, req.query as Record<string, unknown>));
    return { code: 200, success: true, data: page, msg: '操作成功' };
  });
  bare.get('/bare/detail', async (req) => {
    const row = await posts.findRow(ctx, String((req.query as { id: string }).id));
    return { code: 200, success: true, data: row, msg: '操作成功' };
  });
  await bare.listen({ port: 0, host: '127.0.0.1' });
  const barePort = (bare.server.address() as { port: number }).port;

  const casesAt = async (rows: number): Promise<Case[]> => {
    const deepPage = Math.min(5000, Math.floor(rows / SIZE / 2));
    const sample = (
      await sql<{ id: string }>`select id from blade_post where post_code = ${'P' + Math.floor(rows / 2)}`.execute(db)
    ).rows[0]!.id;
    return [
      { name: 'first page', query: { current: 1, size: SIZE, descs: 'createTime' }, path: 'list' },
      { name: `page ${deepPage.toLocaleString()}`, query: { current: deepPage, size: SIZE, descs: 'createTime' }, path: 'list' },
      { name: 'text search', query: { postName: SEARCHED(o.small), size: SIZE, descs: 'createTime' }, path: 'list' },
      { name: 'detail', query: { id: String(sample) }, path: 'detail' },
    ];
  };

  /** A deep page continues from the page before it: read the pages from the depth limit on, as a client paging there would. */
  const walkTo = async (query: Record<string, string | number>) => {
    const first = Math.floor(PAGE_DEPTH_LIMIT / SIZE);
    for (let current = first; current < Number(query.current); current++) {
      const answer = await fetch(urlOf(o.apiPort, '/api/blade-system/post/list', { ...query, current }), { headers: auth });
      if (answer.status !== 200) throw new Error(`page ${current}: ${await answer.text()}`);
    }
  };

  const measure = async (rows: number): Promise<Figures[]> => {
    const figures: Figures[] = [];
    for (const c of await casesAt(rows)) {
      await walkTo(c.query);
      const apiUrl = urlOf(o.apiPort, `/api/blade-system/post/${c.path}`, c.query);
      const bareUrl = urlOf(barePort, `/bare/${c.path}`, c.query);
      const check = await fetch(apiUrl, { headers: auth });
      if (check.status !== 200) throw new Error(`${c.name}: ${await check.text()}`);
      const times: number[] = [];
      // The first calls of a case compile its code paths: warm them before timing (the load runs warm up too).
      for (let n = 0; n < 30; n++) await fetch(apiUrl, { headers: auth }).then((r) => r.text());
      for (let n = 0; n < 50; n++) {
        const start = performance.now();
        await fetch(apiUrl, { headers: auth }).then((r) => r.text());
        times.push(performance.now() - start);
      }
      const { bare: bareRun, api } = await o.alternate(bareUrl, apiUrl, auth);
      figures.push({ case: c.name, rows, single: median(times), bare: bareRun, api });
    }
    return figures;
  };

  console.log(`\nLists: posts and the api log at ${o.small.toLocaleString()} rows, then ${o.large.toLocaleString()}`);
  console.log(
    `  load average at the start (1, 5, 15 min): ${loadavg()
      .map((l) => l.toFixed(1))
      .join(', ')} on ${cpus().length} cores`,
  );
  await growTo(built, o.small);
  const small = await measure(o.small);
  await growTo(built, o.large);
  const large = await measure(o.large);
  await bare.close();

  console.log(
    '\ncase            | rows      | one call p50 ms | API p50/p99 ms | API rps | API CPU ms/call | bare p50/p99 ms | bare rps | bare CPU ms/call | latency API÷bare | throughput API÷bare | non-2xx',
  );
  for (const f of [...small, ...large]) {
    console.log(
      [
        f.case.padEnd(15),
        f.rows.toLocaleString().padStart(9),
        f.single.toFixed(2).padStart(15),
        `${f.api.p50}/${f.api.p99}`.padStart(14),
        f.api.rps.toFixed(0).padStart(7),
        f.api.cpuMs.toFixed(3).padStart(15),
        `${f.bare.p50}/${f.bare.p99}`.padStart(15),
        f.bare.rps.toFixed(0).padStart(8),
        f.bare.cpuMs.toFixed(3).padStart(16),
        (f.api.p50 / Math.max(f.bare.p50, 0.01)).toFixed(2).padStart(16),
        (f.api.rps / Math.max(f.bare.rps, 1)).toFixed(2).padStart(19),
        String(f.api.errors + f.bare.errors).padStart(7),
      ].join(' | '),
    );
  }
  const ratio = (a: number, b: number) => `${(a / Math.max(b, 0.001)).toFixed(2)}×`;
  console.log(`\n${o.large.toLocaleString()} ÷ ${o.small.toLocaleString()} rows (target: each within 1.5×)`);
  for (const [i, f] of large.entries()) {
    const s = small[i]!;
    console.log(
      `  ${s.case} → ${f.case}: one call ${ratio(f.single, s.single)}, load p50 ${ratio(f.api.p50, s.api.p50)}, ` +
        `p99 ${ratio(f.api.p99, s.api.p99)}, throughput (small ÷ large) ${ratio(s.api.rps, f.api.rps)}, CPU per call ${ratio(f.api.cpuMs, s.api.cpuMs)}`,
    );
  }
  console.log(
    `  first page at ${o.large.toLocaleString()} rows: ${large[0]!.api.rps.toFixed(0)} requests/s (target at least 1,000)`,
  );
  console.log(
    `  load average at the end (1, 5, 15 min): ${loadavg()
      .map((l) => l.toFixed(1))
      .join(', ')} on ${cpus().length} cores`,
  );
}

function urlOf(port: number, path: string, query: Record<string, string | number>): string {
  const url = new URL(`http://127.0.0.1:${port}${path}`);
  for (const [k, v] of Object.entries(query)) url.searchParams.set(k, String(v));
  return url.toString();
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}
