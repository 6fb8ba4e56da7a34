import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, type Answer } from './client';
import { startServer, usingPostgres, type TestServer } from './harness';
import { eventually } from './jobs/test-kinds';

/**
 * PostgreSQL restarted under load (issue 13), simulated: the machine's PostgreSQL serves others and
 * cannot be restarted, so every connection of the server's database is ended by the database
 * (`pg_terminate_backend`, what a restart or a failover does to them) again and again for a few
 * seconds while calls run. Meanwhile a call either succeeds or is answered 503 with the message
 * saying the database cannot be reached (never a 500, never a page that is not the envelope); the
 * process stays up and serves again afterwards without a restart.
 */
if (!usingPostgres())
  console.log('postgres-restart.test.ts skipped: it ends PostgreSQL server connections (the postgres project)');

const UNAVAILABLE = '数据库暂时无法连接,请稍后重试';

describe.skipIf(!usingPostgres())('PostgreSQL connections ended under load', () => {
  let server: TestServer;
  let admin: pg.Client;
  let database: string;

  beforeAll(async () => {
    server = await startServer({ seedDemo: false });
    database = new URL(server.built.services.config.databaseUrl!).pathname.slice(1);
    admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
  });
  afterAll(async () => {
    await admin?.end();
    await server?.close();
  });

  /** Ends every connection of the server's database but the test's own (which is on another database). */
  const terminate = async () => {
    const ended = await admin.query<{ n: string }>(
      'select count(*) filter (where pg_terminate_backend(pid)) as n from pg_stat_activity where datname = $1',
      [database],
    );
    return Number(ended.rows[0]!.n);
  };

  it('answers 503 with the message while its connections are ended, then serves again by itself', async () => {
    const client = new ApiClient(server.url);
    expect((await client.signIn('admin', 'admin')).status).toBe(200);
    const postId = (await client.get('/blade-system/post/page', { size: 1 })).body.data.records[0].id as string;
    // Reads and a save, as the console makes them.
    const calls = [
      () => client.get('/blade-system/post/page', { current: 1, size: 10 }),
      () => client.get('/blade-system/post/detail', { id: postId }),
      () => client.get('/blade-system/user/info'),
      () =>
        client.post('/blade-system/post/submit', { id: postId, category: 1, postCode: 'ceo', postName: '首席执行官', sort: 1 }),
    ];
    const answers: Answer[] = [];
    let running = true;
    const worker = async (offset: number) => {
      for (let i = offset; running; i++) answers.push(await calls[i % calls.length]!());
    };
    const workers = [0, 1, 2, 3, 4, 5].map(worker);

    await new Promise((resolve) => setTimeout(resolve, 500));
    let ended = 0;
    // The "restart": three seconds in which every connection the server opens is ended again within 50 ms.
    for (const start = Date.now(); Date.now() - start < 3_000;) {
      ended += await terminate();
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    running = false;
    await Promise.all(workers);
    expect(ended).toBeGreaterThan(0);

    const refused = answers.filter((a) => a.status !== 200);
    // The window was met: some calls were refused, and each refusal is the 503 envelope with the message.
    expect(refused.length).toBeGreaterThan(0);
    for (const answer of refused) {
      expect(answer.status).toBe(503);
      expect(answer.body).toEqual({ code: 503, success: false, data: null, msg: UNAVAILABLE });
    }
    expect(answers.some((a) => a.status === 200)).toBe(true);

    // Back without a restart: the same process serves every call again, the save included.
    await eventually(
      async () => (await client.get('/blade-system/user/info')).status === 200,
      15_000,
      'the server to serve again',
    );
    for (const call of calls) expect((await call()).status).toBe(200);
    expect((await client.get('/blade-system/post/detail', { id: postId })).body.data.postName).toBe('首席执行官');
    const ready = await fetch(`${server.url}/ready`);
    expect(ready.status).toBe(200);
  }, 60_000);
});
