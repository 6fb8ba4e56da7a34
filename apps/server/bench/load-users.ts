/**
 * Signed-in users under load (issue 13): `users` staff of the demo company, each signed in with
 * their own account, work for `seconds` on `instances` server instances behind one port (the
 * `cluster` module: workers share the port, the primary hands out connections in turn) against
 * one PostgreSQL database and, when given, Redis. Each user does what a person at the console does,
 * without pauses: opens lists (houses, owners, bills, repairs, notices; a page of 10, pages 1-5),
 * opens a row's details, and edits a row of their own (reads it, saves it with the `updateTime`
 * it read, as the console does). Every answer other than a 2xx counts as an error.
 *
 * Used by `npm run bench -- --only load` (run.ts) and, briefly, by test/load-users.test.ts.
 */
import cluster, { type Worker } from 'node:cluster';
import { Agent, request } from 'node:http';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { freePort } from '../test/ports';
import { md5Hex } from '../src/platform/auth/password';
import { DEMO_TENANT } from '../src/seed/seed';

export interface UserLoadOptions {
  /** A PostgreSQL database of the bench's own: empty (the instances migrate and seed it) or already seeded with the demo. */
  databaseUrl: string;
  redisUrl?: string;
  redisPrefix?: string;
  users: number;
  seconds: number;
  instances?: number;
  /** Each instance's PostgreSQL pool (the machine's PostgreSQL is shared: keep the sum well under its max_connections). */
  poolSize?: number;
  log?: (line: string) => void;
}

export interface Figures {
  requests: number;
  p50: number;
  p99: number;
}

export interface UserLoadResult extends Figures {
  errors: number;
  /** The first errors seen (status, call, answer's start), to say what went wrong. */
  errorSamples: string[];
  rps: number;
  byCall: Record<string, Figures>;
  /** Calls each instance answered: both must have served. */
  perInstance: number[];
  /** The machine's 1-minute load average at the start, and its mean and maximum sampled during the run. */
  loadAverage: { start: number; mean: number; max: number };
}

const INSTANCE = fileURLToPath(new URL('./load-instance.ts', import.meta.url));
const CLIENT_BASIC = `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`;
/** The demo company's administrator, whose role and department the bench's users share. */
const ACCOUNT_PASSWORD = 'admin';

/** The lists a user opens (repairs and notices answer their pages at `list`). */
const LISTS: Array<[string, string]> = [
  ['houses', '/api/community-resource/unithouse/page'],
  ['owners', '/api/owner/page'],
  ['bills', '/api/system-property/paymentbill/page'],
  ['repairs', '/api/system-property/repair/list'],
  ['notices', '/api/system-property/notice/list'],
];

/** A small seeded generator, so two runs make the same choices. */
function random(seed: number) {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 2 ** 32;
  };
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]! : 0;

function figures(latencies: number[]): Figures {
  const sorted = [...latencies].sort((a, b) => a - b);
  return { requests: sorted.length, p50: round(percentile(sorted, 50)), p99: round(percentile(sorted, 99)) };
}
const round = (ms: number) => Math.round(ms * 10) / 10;

interface Answer {
  status: number;
  body: string;
}

export async function runUserLoad(options: UserLoadOptions): Promise<UserLoadResult> {
  const log = options.log ?? (() => undefined);
  const instances = options.instances ?? 2;
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  cluster.setupPrimary({ exec: INSTANCE, execArgv: ['--import', 'tsx'] });
  const env = {
    PORT: String(port),
    DATABASE_URL: options.databaseUrl,
    REDIS_URL: options.redisUrl ?? '',
    REDIS_PREFIX: options.redisPrefix ?? 'pc-load:',
    JWT_SECRET: 'load-bench-secret-0123456789abcdef',
    CAPTCHA_ENABLED: 'false',
    SEED_DEMO: 'true',
    WEB_ROOT: '/nonexistent',
    LOAD_POOL_SIZE: String(options.poolSize ?? 10),
  };
  const workers: Worker[] = [];
  const agent = new Agent({ keepAlive: true, maxSockets: options.users + 10 });
  try {
    // Started together, as a deployment starts: migrations and the demo seed run once between them.
    log(`starting ${instances} instances on ${base}`);
    await Promise.all(
      Array.from({ length: instances }, async () => {
        const worker = cluster.fork(env);
        workers.push(worker);
        await new Promise<void>((resolve, reject) => {
          worker.on('message', (message) => message === 'ready' && resolve());
          worker.once('exit', (code) => reject(new Error(`an instance exited with ${code} while starting`)));
        });
      }),
    );

    const call = (method: string, path: string, headers: Record<string, string>, body?: unknown) =>
      new Promise<Answer>((resolve, reject) => {
        const text = body === undefined ? undefined : JSON.stringify(body);
        const req = request(
          `${base}${path}`,
          {
            method,
            agent,
            headers: { Authorization: CLIENT_BASIC, ...headers, ...(text ? { 'Content-Type': 'application/json' } : {}) },
          },
          (res) => {
            let data = '';
            res.setEncoding('utf8');
            res.on('data', (chunk: string) => (data += chunk));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, body: data }));
            res.on('error', reject);
          },
        );
        req.on('error', reject);
        req.end(text);
      });

    // The users: copies of the demo administrator (role, department, password), and a post each to edit.
    const users = await makeUsers(options.databaseUrl, options.users);
    const signIn = async (account: string) => {
      const query = new URLSearchParams({
        tenantId: DEMO_TENANT,
        username: account,
        password: md5Hex(ACCOUNT_PASSWORD),
        grant_type: 'password',
        scope: 'all',
        type: 'account',
      });
      const answer = await call('POST', `/api/blade-auth/oauth/token?${query}`, { 'Tenant-Id': DEMO_TENANT });
      if (answer.status !== 200) throw new Error(`sign-in of ${account}: ${answer.status} ${answer.body.slice(0, 200)}`);
      return `bearer ${(JSON.parse(answer.body) as { access_token: string }).access_token}`;
    };
    log(`signing in ${users.length} users`);
    const tokens: string[] = [];
    for (let i = 0; i < users.length; i += 8) {
      tokens.push(...(await Promise.all(users.slice(i, i + 8).map((user) => signIn(user.account)))));
    }

    // Rows to open: the first pages of houses and bills, as a user would click them.
    const idsOf = async (path: string) => {
      const answer = await call('GET', `${path}?current=1&size=50`, { 'Blade-Auth': tokens[0]! });
      const records = (JSON.parse(answer.body) as { data: { records: Array<{ id: string }> } }).data.records;
      if (!records.length) throw new Error(`no rows at ${path}`);
      return records.map((r) => r.id);
    };
    const details: Array<[string, string, string[]]> = [
      ['house detail', '/api/community-resource/unithouse/detail', await idsOf('/api/community-resource/unithouse/page')],
      ['bill detail', '/api/system-property/paymentbill/detail', await idsOf('/api/system-property/paymentbill/page')],
    ];

    const latencies = new Map<string, number[]>();
    const errorSamples: string[] = [];
    let errors = 0;
    const timed = async (name: string, method: string, path: string, token: string, body?: unknown) => {
      const started = performance.now();
      let answer: Answer;
      try {
        answer = await call(method, path, { 'Blade-Auth': token }, body);
      } catch (error) {
        answer = { status: 0, body: (error as Error).message };
      }
      const ms = performance.now() - started;
      if (answer.status < 200 || answer.status >= 300) {
        errors++;
        if (errorSamples.length < 10) errorSamples.push(`${answer.status} ${method} ${path}: ${answer.body.slice(0, 160)}`);
        return undefined;
      }
      let list = latencies.get(name);
      if (!list) latencies.set(name, (list = []));
      list.push(ms);
      return answer;
    };

    const load = { start: loadavg()[0]!, samples: [] as number[] };
    const sampler = setInterval(() => load.samples.push(loadavg()[0]!), 2_000);
    log(`${users.length} users for ${options.seconds} s`);
    const started = performance.now();
    const until = started + options.seconds * 1000;
    const work = async (index: number) => {
      const next = random(index + 1);
      const token = tokens[index]!;
      const post = users[index]!.postId;
      while (performance.now() < until) {
        const roll = next();
        if (roll < 0.6) {
          // A list: six in ten actions.
          const [name, path] = LISTS[Math.floor(next() * LISTS.length)]!;
          await timed(name, 'GET', `${path}?current=${1 + Math.floor(next() * 5)}&size=10`, token);
        } else if (roll < 0.85) {
          const [name, path, ids] = details[Math.floor(next() * details.length)]!;
          await timed(name, 'GET', `${path}?id=${ids[Math.floor(next() * ids.length)]}`, token);
        } else {
          // An edit: the form reads the row, then saves it with the updateTime it read.
          const read = await timed('post detail', 'GET', `/api/blade-system/post/detail?id=${post}`, token);
          if (!read) continue;
          const row = (JSON.parse(read.body) as { data: Record<string, unknown> }).data;
          await timed('post save', 'POST', '/api/blade-system/post/submit', token, {
            id: row.id,
            category: row.category,
            postCode: row.postCode,
            postName: row.postName,
            sort: row.sort,
            remark: `edited at ${Date.now()}`,
            updateTime: row.updateTime,
          });
        }
      }
    };
    await Promise.all(tokens.map((_, index) => work(index)));
    const elapsed = (performance.now() - started) / 1000;
    clearInterval(sampler);

    const all = [...latencies.values()].flat();
    const samples = load.samples.length ? load.samples : [load.start];
    const perInstance = await Promise.all(workers.map((worker) => servedBy(worker)));
    return {
      ...figures(all),
      errors,
      errorSamples,
      rps: Math.round((all.length + errors) / elapsed),
      byCall: Object.fromEntries([...latencies].map(([name, list]) => [name, figures(list)])),
      perInstance,
      loadAverage: {
        start: round(load.start),
        mean: round(samples.reduce((a, b) => a + b, 0) / samples.length),
        max: round(Math.max(...samples)),
      },
    };
  } finally {
    agent.destroy();
    await Promise.all(
      workers.map(
        (worker) =>
          new Promise<void>((resolve) => {
            if (worker.isDead()) return resolve();
            worker.once('exit', () => resolve());
            worker.disconnect();
            // A worker that does not stop in 15 s is killed: the bench must end.
            setTimeout(() => worker.kill('SIGKILL'), 15_000).unref();
          }),
      ),
    );
  }
}

/** How many calls an instance answered (it counts them; see load-instance.ts). */
function servedBy(worker: Worker): Promise<number> {
  return new Promise((resolve) => {
    const onMessage = (message: unknown) => {
      if (typeof message === 'object' && message && 'served' in message) {
        worker.off('message', onMessage);
        resolve(Number((message as { served: number }).served));
      }
    };
    worker.on('message', onMessage);
    worker.send('served?');
  });
}

/**
 * `count` accounts load0001… in the demo company, copies of its administrator (so each signs in with
 * the administrator's password), each with a post of their own to edit. Written in SQL: making 200
 * accounts through the API would time argon2, not the product.
 */
async function makeUsers(databaseUrl: string, count: number): Promise<Array<{ account: string; postId: string }>> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('begin');
    const made = await client.query<{ id: string; account: string }>(
      `insert into blade_user (tenant_id, user_type, account, password, name, real_name, role_id, dept_id, status)
       select tenant_id, user_type, 'load' || lpad(g::text, 4, '0'), password, 'load' || g, '压测用户' || g, role_id, dept_id, 1
       from blade_user, generate_series(1, $2::int) g
       where tenant_id = $1 and account = 'admin' and is_deleted = 0
       returning id::text, account`,
      [DEMO_TENANT, count],
    );
    const users: Array<{ account: string; postId: string }> = [];
    for (const user of made.rows) {
      const post = await client.query<{ id: string }>(
        `insert into blade_post (tenant_id, category, post_code, post_name, sort, create_user)
         values ($1, 1, $2, $3, 1, $4) returning id::text`,
        [DEMO_TENANT, user.account, `压测岗位 ${user.account}`, user.id],
      );
      users.push({ account: user.account, postId: post.rows[0]!.id });
    }
    await client.query('commit');
    if (users.length !== count) throw new Error(`made ${users.length} users, not ${count}: is the demo company seeded?`);
    return users;
  } finally {
    await client.end();
  }
}
