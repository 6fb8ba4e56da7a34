/**
 * A server instance in a process of its own, for jobs-kill.test.ts to SIGKILL
 * in the middle of a run: built from the environment (DATA_DIR or
 * DATABASE_URL), with the test job kinds, saying on stdout what it does.
 * With JOB_TEST_ENQUEUE=count,chunk,slowMs it enqueues one run of testItems.
 */
import { readFileSync } from 'node:fs';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { openDatabase } from '../../src/platform/db/database';
import { createTestTables, FAST_JOBS, registerTestJobs } from './test-kinds';

const config = { ...loadConfig(process.env), logLevel: 'silent', jobs: FAST_JOBS };
// PGlite: start from the test run's seeded files (JOB_TEST_DATA_TAR) rather than migrating and seeding anew.
const tar = process.env.JOB_TEST_DATA_TAR;
const database = tar
  ? await openDatabase({ dataDir: config.dataDir, timeZone: config.timeZone, loadDataDir: new Blob([readFileSync(tar)]) })
  : undefined;
const built = await buildApp(config, { logger: false, database });
const { jobs, db } = built.services;
await createTestTables(db);
registerTestJobs(jobs, 'killed', {
  afterChunk: (_params, done, runId) => {
    console.log(`chunk ${runId} ${done}`);
  },
});
const order = process.env.JOB_TEST_ENQUEUE;
if (order) {
  const [count, chunk, slowMs] = order.split(',').map(Number);
  const id = await jobs.enqueue('testItems', { count, chunk, slowMs }, { tenantId: '000000' });
  console.log(`run ${id}`);
}
console.log('ready');
