import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { DEMO_TENANT } from '../src/seed/seed';
import { ApiClient } from './client';
import { createSeededTestDatabase, seededPgliteFiles, type TestServer, usingPostgres } from './harness';
import { uploadImport, workbook } from './import-files';

/**
 * Batches that are not jobs, killed (SIGKILL) in the middle (issue 13): building a whole building
 * (楼栋批量, building/batchsave) and the house import. Each saves in one transaction; the server
 * process dies after the first thousand houses are written and before the rest, and is started again
 * on the same database (PostgreSQL, or PGlite's files on disk): not one house, unit or building of the
 * batch is there, and the same batch then saves whole, without any manual step.
 */
const SERVER = fileURLToPath(new URL('./kill/server-process.ts', import.meta.url));
const cleanups: Array<() => Promise<void> | void> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** A database of the test's own (a copy of the run's seeded demo), and the environment of servers on it. */
async function place(): Promise<NodeJS.ProcessEnv> {
  const dataDir = mkdtempSync(join(tmpdir(), 'pc-batch-kill-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: join(dataDir, 'db'),
    DATABASE_URL: '',
    REDIS_URL: '',
    JWT_SECRET: 'batch-kill-secret-0123456789abcdef',
    CAPTCHA_ENABLED: 'false',
    WEB_ROOT: '/nonexistent',
    JOB_WORKERS: 'false',
  };
  if (usingPostgres()) {
    const database = await createSeededTestDatabase();
    cleanups.push(() => database.drop());
    env.DATABASE_URL = database.url;
  } else {
    const tar = join(dataDir, 'seeded.tar');
    writeFileSync(tar, Buffer.from(await (await seededPgliteFiles()).arrayBuffer()));
    env.KILL_TEST_DATA_TAR = tar;
  }
  return env;
}

/** The server in a child process that stops inside the first insert into property_house: its address and a wait for that moment. */
async function childServer(env: NodeJS.ProcessEnv): Promise<{ child: ChildProcess; url: string; midBatch: Promise<void> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER], {
    env: { ...env, KILL_TEST_HOLD_AFTER: 'property_house' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  cleanups.push(() => void child.kill('SIGKILL'));
  const lines = createInterface({ input: child.stdout! });
  let reachedMid: () => void = () => undefined;
  const midBatch = new Promise<void>((resolve) => (reachedMid = resolve));
  const url = await new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`server exited with ${code} before listening`)));
    lines.on('line', (line) => {
      const [word, value] = line.split(' ');
      if (word === 'listening') resolve(`http://127.0.0.1:${value}`);
      if (word === 'mid-batch') reachedMid();
    });
  });
  return { child, url, midBatch };
}

/** Starts `call` on the child, SIGKILLs it once the batch is inside its transaction, and answers the server started again. */
async function killMidBatch(
  env: NodeJS.ProcessEnv,
  call: (server: TestServer, admin: ApiClient, gardenId: string) => Promise<unknown>,
) {
  const { child, url, midBatch } = await childServer(env);
  const admin = new ApiClient(url);
  expect((await admin.signIn('admin', 'admin', DEMO_TENANT)).status).toBe(200);
  const gardenName = '断电花园';
  expect((await admin.post('/system-property/garden/submit', { gardenName })).body.code).toBe(200);
  const gardenId = (await admin.get('/system-property/garden/list', { gardenName_equal: gardenName })).body.data.records[0].id;
  const answered = call({ url } as TestServer, admin, gardenId).then(
    () => 'answered',
    () => 'connection lost',
  );
  await midBatch;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
  expect(await answered).toBe('connection lost');

  // Started again on the same database, as a supervisor would: no step in between.
  const config = { ...loadConfig({ ...env, KILL_TEST_DATA_TAR: '' }), logLevel: 'silent' };
  const restarted = await buildApp(config, { logger: false });
  cleanups.push(() => restarted.close());
  await restarted.app.listen({ port: 0, host: '127.0.0.1' });
  const again = new ApiClient(`http://127.0.0.1:${(restarted.app.server.address() as { port: number }).port}`);
  expect((await again.signIn('admin', 'admin', DEMO_TENANT)).status).toBe(200);
  return { server: { url: again.baseUrl } as TestServer, admin: again, gardenId };
}

const count = async (admin: ApiClient, path: string, query: Record<string, string>) =>
  (await admin.get(path, { ...query, size: 1 })).body.data.total as number;

it('building/batchsave killed after its first thousand houses: none of the batch saved; the same batch then saves whole', async () => {
  const env = await place();
  // 10 units × 20 floors × 10 houses: 2,000 houses, written in two inserts of 1,000.
  const batch = (gardenId: string) => ({ gardenId, buildingName: '9栋', unitCount: 10, floorCount: 20, houseCount: 10 });
  const { admin, gardenId } = await killMidBatch(env, (_server, client, garden) =>
    client.post('/community-resource/building/batchsave', batch(garden)),
  );
  expect(await count(admin, '/community-resource/unithouse/list', { gardenId })).toBe(0);
  expect(await count(admin, '/community-resource/building/list', { gardenId })).toBe(0);
  expect(await count(admin, '/community-resource/unit/list', { gardenId })).toBe(0);

  const saved = await admin.post('/community-resource/building/batchsave', batch(gardenId));
  expect(saved.body).toMatchObject({ code: 200, data: { unitCount: 10, houseCount: 2000 } });
  expect(await count(admin, '/community-resource/unithouse/list', { gardenId })).toBe(2000);
  expect(await count(admin, '/community-resource/building/list', { gardenId })).toBe(1);
}, 240_000);

it('the house import killed after its first thousand rows: none of the file saved; the same file then imports whole', async () => {
  const env = await place();
  const rows: Array<Array<string | number>> = [];
  for (let unit = 1; unit <= 3; unit++) {
    for (let floor = 1; floor <= 25; floor++) {
      for (let position = 1; position <= 20; position++) {
        rows.push(['断电花园', '8栋', `${unit}单元`, floor, `${floor}${String(position).padStart(2, '0')}`, '89.50', '72.30']);
      }
    }
  }
  const file = await workbook(['小区名称', '楼栋名称', '单元名称', '楼层', '房号', '建筑面积', '套内面积'], rows, '房屋');
  const upload = (server: TestServer, client: ApiClient) =>
    uploadImport(server, client, '/community-resource/unithouse/import', file, { filename: 'houses.xlsx' });

  const { server, admin, gardenId } = await killMidBatch(env, upload);
  expect(await count(admin, '/community-resource/unithouse/list', { gardenId })).toBe(0);
  expect(await count(admin, '/community-resource/building/list', { gardenId })).toBe(0);

  const imported = await upload(server, admin);
  expect(imported.body).toMatchObject({ code: 200, data: { total: 1500, success: 1500, errors: [] } });
  expect(await count(admin, '/community-resource/unithouse/list', { gardenId })).toBe(1500);
}, 240_000);
