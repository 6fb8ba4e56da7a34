/**
 * npm run bench [-- --small 10000 --large 1000000 --seconds 5 --rounds 3 --connections 50 --import-houses 10000 --houses 1000000 --answers json
 *   --bills-small 10000 --bills 1000000 --bill-houses 100000 --users 200 --load-seconds 60 --only lists|houses|billing|load]
 *
 * Lists at any size (lists.ts): the posts list and detail with the posts table
 * and the api log at `--small` rows, then grown to `--large`, each measured as
 * one call, under load through the API (token, tenancy, data scope,
 * validation, api log) and under load through a bare route running the same
 * paging code. Then houses (community.ts): the import and the list by
 * building at 10k and 1M houses (`--houses 0` leaves them out). Then billing
 * (billing.ts): the outstanding list, its totals and the cashier's calls at
 * 10k and 1M bills (`--bills 0` leaves them out), and a month's generation
 * for 100k houses against INSERT … SELECT (`--bill-houses 0` leaves it out).
 * Last, signed-in users (load-users.ts): `--users` users for `--load-seconds` on two instances
 * behind one port, PostgreSQL and Redis; needs DATABASE_URL (left out on PGlite), runs in a
 * database of its own named `load_bench` on that server (made again each run, left for a look).
 * `--only billing` (or BENCH_ONLY=billing) runs one section alone.
 * `--answers json` writes answers with JSON.stringify instead of the routes'
 * schemas (fast-json-stringify), to compare the two.
 * Uses DATABASE_URL when set (the targets are for PostgreSQL), else PGlite; REDIS_URL when set.
 */
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { md5Hex } from '../src/platform/auth/password';
import { openDatabase } from '../src/platform/db/database';
import { createTestDatabase } from '../test/harness';
import { benchBilling } from './billing';
import { benchCommunity } from './community';
import { loader, type LoadResult } from './load';
import { benchLists } from './lists';
import { benchUsers } from './users';

const args = process.argv.slice(2);
const flag = (name: string, fallback: number) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const SECONDS = flag('seconds', 5);
const CONNECTIONS = flag('connections', 50);
const ROUNDS = flag('rounds', 3);
const ANSWERS = args.includes('--answers') ? (args[args.indexOf('--answers') + 1] as 'json' | 'schema') : 'schema';

const only = args.includes('--only') ? args[args.indexOf('--only') + 1] : process.env.BENCH_ONLY;
if (only === 'load') {
  // The users' bench starts servers of its own: nothing of the sections' setup is needed.
  await benchUsers({ users: flag('users', 200), seconds: flag('load-seconds', 60) });
  process.exit(0);
}

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
const built = await buildApp(config, { database, logger: false, answers: ANSWERS });

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

const load = loader(built.services.db, { seconds: SECONDS, connections: CONNECTIONS });
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const medianRun = (runs: LoadResult[]): LoadResult => ({
  p50: median(runs.map((r) => r.p50)),
  p99: median(runs.map((r) => r.p99)),
  rps: median(runs.map((r) => r.rps)),
  errors: runs.reduce((sum, r) => sum + r.errors, 0),
  cpuMs: median(runs.map((r) => r.cpuMs)),
});

/**
 * Warms both routes, then alternates them and keeps the median of each figure: whatever else the
 * machine does during one measurement (a checkpoint, another process) falls on both routes alike.
 */
const alternate = async (bareUrl: string, apiUrl: string, apiHeaders: Record<string, string>) => {
  await load(bareUrl, {}, 1);
  await load(apiUrl, apiHeaders, 1);
  const bareRuns: LoadResult[] = [];
  const apiRuns: LoadResult[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    bareRuns.push(await load(bareUrl));
    apiRuns.push(await load(apiUrl, apiHeaders));
  }
  return { bare: medianRun(bareRuns), api: medianRun(apiRuns) };
};

console.log(
  `${database.kind}${process.env.REDIS_URL ? ' + Redis' : ''}, ${CONNECTIONS} connections, median of ${ROUNDS} alternating runs of ${SECONDS} s`,
);
// The bench's own database goes whatever happens: a failed run must not leave a million rows behind.
try {
  if (!only || only === 'lists') {
    await benchLists({ built, apiPort, token, load, alternate, small: flag('small', 10_000), large: flag('large', 1_000_000) });
  }
  const houses = flag('houses', 1_000_000);
  if ((!only || only === 'houses') && houses > 0) {
    await benchCommunity({ built, apiPort, token, load, importRows: flag('import-houses', 10_000), largeRows: houses });
  }
  if (!only || only === 'billing') {
    await benchBilling({
      built,
      apiPort,
      token,
      load,
      small: flag('bills-small', 10_000),
      large: flag('bills', 1_000_000),
      houses: flag('bill-houses', 100_000),
      rounds: ROUNDS,
    });
  }
} finally {
  await built.close();
  // BENCH_KEEP_DB=1 keeps the database for a look at its plans afterwards (drop it by hand).
  if (process.env.BENCH_KEEP_DB) console.log(`kept database ${created?.name}`);
  else await created?.drop();
}
if (!only) await benchUsers({ users: flag('users', 200), seconds: flag('load-seconds', 60) });
process.exit(0);
