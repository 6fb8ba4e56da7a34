/**
 * npm run bench [-- --rows 100000 --seconds 5 --rounds 3 --connections 50 --import-houses 10000 --houses 1000000]
 *
 * Measures the generic list/detail calls on a large table three ways, in one
 * run on one database: the SQL alone, a bare Fastify route running the same
 * SQL, and the real API with everything on (token, tenancy, data scope,
 * validation, api log). Prints the ratios the targets are stated in.
 * Uses DATABASE_URL when set (the targets are for PostgreSQL), else PGlite.
 */
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { sql } from 'kysely';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { md5Hex } from '../src/platform/auth/password';
import { openDatabase } from '../src/platform/db/database';
import { createTestDatabase } from '../test/harness';
import { benchCommunity } from './community';

const args = process.argv.slice(2);
const flag = (name: string, fallback: number) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const ROWS = flag('rows', 100_000);
const SECONDS = flag('seconds', 5);
const CONNECTIONS = flag('connections', 50);
const ROUNDS = flag('rounds', 3);

const created = process.env.DATABASE_URL ? await createTestDatabase() : undefined;
const config = {
  ...loadConfig({
    ...process.env,
    CAPTCHA_ENABLED: 'false',
    JWT_SECRET: 'bench-secret-0123456789abcdef',
    REDIS_URL: process.env.REDIS_URL ?? '',
  }),
  logLevel: 'silent',
  seedDemo: false,
  databaseUrl: created?.url,
};
const database = await openDatabase({ url: created?.url, timeZone: config.timeZone, poolSize: 20 });
const built = await buildApp(config, { database, logger: false });
const db = built.services.db;

console.log(`Seeding ${ROWS.toLocaleString()} posts on ${database.kind}…`);
const dept = (await sql<{ id: string }>`select id from blade_dept where tenant_id = '000000' order by id limit 1`.execute(db))
  .rows[0].id;
await sql`insert into blade_post (tenant_id, category, post_code, post_name, sort, create_dept, create_time)
  select '000000', 1 + g % 4, 'P' || g, '岗位' || g, g % 100, ${dept}, localtimestamp(0) - (g || ' seconds')::interval
  from generate_series(1, ${ROWS}) g`.execute(db);
// Vacuumed as well as analysed: otherwise autovacuum wakes for the new rows in the middle of a measurement.
await sql`vacuum analyze blade_post`.execute(db);
const sample = (await sql<{ id: string }>`select id from blade_post where post_code = ${'P' + Math.floor(ROWS / 2)}`.execute(db))
  .rows[0].id;

await built.app.listen({ port: 0, host: '127.0.0.1' });
const apiPort = (built.app.server.address() as { port: number }).port;
const tokenAnswer = await fetch(
  `http://127.0.0.1:${apiPort}/api/blade-auth/oauth/token?tenantId=000000&username=admin&password=${md5Hex('admin')}&grant_type=password&scope=all`,
  {
    method: 'POST',
    headers: { Authorization: `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`, 'Tenant-Id': '000000' },
  },
);
const token = ((await tokenAnswer.json()) as { access_token: string }).access_token;

// The queries the engine runs for each case (same filters, same order), written out for the SQL-only and bare-route measurements.
const deepPage = Math.floor(ROWS / 10 / 2);
const cases = [
  {
    name: 'list, first page',
    api: '/api/blade-system/post/list?current=1&size=10&descs=createTime',
    where: sql`true`,
    offset: 0,
  },
  {
    name: `list, page ${deepPage}`,
    api: `/api/blade-system/post/list?current=${deepPage}&size=10&descs=createTime`,
    where: sql`true`,
    offset: (deepPage - 1) * 10,
  },
  {
    name: 'list, filtered',
    api: '/api/blade-system/post/list?postName=岗位12&category_equal=2&descs=createTime',
    where: sql`post_name::text ilike ${'%岗位12%'} and category = 2`,
    offset: 0,
  },
  { name: 'detail', api: `/api/blade-system/post/detail?id=${sample}`, where: undefined, offset: 0 },
];

const runSql = async (c: (typeof cases)[number]) => {
  if (!c.where) return sql`select * from blade_post where id = ${sample} and is_deleted = 0 and tenant_id = '000000'`.execute(db);
  const where = sql`is_deleted = 0 and tenant_id = '000000' and ${c.where}`;
  return Promise.all([
    sql`select count(*)::int as total from blade_post where ${where}`.execute(db),
    sql`select * from blade_post where ${where} order by create_time desc, id desc limit 10 offset ${c.offset}`.execute(db),
  ]);
};

const bare = Fastify({ logger: false });
cases.forEach((c, i) =>
  bare.get(`/bare/${i}`, async () => {
    const result = await runSql(c);
    return { code: 200, success: true, data: result, msg: '操作成功' };
  }),
);
await bare.listen({ port: 0, host: '127.0.0.1' });
const barePort = (bare.server.address() as { port: number }).port;

const percentile = (values: number[], p: number) =>
  values.sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((values.length * p) / 100))];
const load = async (url: string, headers: Record<string, string> = {}, seconds = SECONDS) => {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: seconds, headers });
  return {
    p50: result.latency.p50,
    p99: result.latency.p99,
    rps: result.requests.average,
    errors: result.non2xx + result.errors,
  };
};

const median = (values: number[]) => percentile([...values], 50);
const medianRun = (runs: Array<Awaited<ReturnType<typeof load>>>) => ({
  p50: median(runs.map((r) => r.p50)),
  p99: median(runs.map((r) => r.p99)),
  rps: median(runs.map((r) => r.rps)),
  errors: runs.reduce((sum, r) => sum + r.errors, 0),
});

console.log(
  `\n${database.kind}, ${ROWS.toLocaleString()} rows, ${CONNECTIONS} connections, median of ${ROUNDS} alternating runs of ${SECONDS} s\n`,
);
console.log(
  'case                 | SQL p50 ms | bare p50/p99 ms | API p50/p99 ms | latency API÷bare | bare rps | API rps | throughput API÷bare',
);
for (const [i, c] of cases.entries()) {
  const sqlTimes: number[] = [];
  for (let n = 0; n < 50; n++) {
    const start = performance.now();
    await runSql(c);
    sqlTimes.push(performance.now() - start);
  }
  const bareUrl = `http://127.0.0.1:${barePort}/bare/${i}`;
  const apiUrl = `http://127.0.0.1:${apiPort}${encodeURI(c.api)}`;
  const apiHeaders = { 'Blade-Auth': `bearer ${token}` };
  // Warm both, then alternate them and keep the median of each figure: whatever else the machine
  // does during one measurement (a checkpoint, another process) falls on both routes alike.
  await load(bareUrl, {}, 1);
  await load(apiUrl, apiHeaders, 1);
  const bareRuns = [];
  const apiRuns = [];
  for (let round = 0; round < ROUNDS; round++) {
    bareRuns.push(await load(bareUrl));
    apiRuns.push(await load(apiUrl, apiHeaders));
  }
  const bareRun = medianRun(bareRuns);
  const apiRun = medianRun(apiRuns);
  const latency = apiRun.p50 / Math.max(bareRun.p50, 0.01);
  console.log(
    [
      c.name.padEnd(20),
      percentile(sqlTimes, 50).toFixed(2).padStart(10),
      `${bareRun.p50}/${bareRun.p99}`.padStart(15),
      `${apiRun.p50}/${apiRun.p99}`.padStart(14),
      latency.toFixed(2).padStart(16),
      bareRun.rps.toFixed(0).padStart(8),
      apiRun.rps.toFixed(0).padStart(7),
      (apiRun.rps / Math.max(bareRun.rps, 1)).toFixed(2).padStart(19),
    ].join(' | ') + (apiRun.errors || bareRun.errors ? `  (non-2xx: bare ${bareRun.errors}, api ${apiRun.errors})` : ''),
  );
}

await benchCommunity({
  built,
  apiPort,
  token,
  load,
  importRows: flag('import-houses', 10_000),
  largeRows: flag('houses', 1_000_000),
});

await bare.close();
await built.close();
await created?.drop();
