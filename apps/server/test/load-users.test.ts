import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runUserLoad } from '../bench/load-users';
import { createSeededTestDatabase, usingPostgres } from './harness';

/**
 * The load bench's harness (bench/load-users.ts, `npm run bench -- --only load`), run for a few
 * seconds with a few users so it cannot rot: two instances behind one port, every call answered.
 * Not timed: the figures are the bench's, on a machine whose load is known.
 */
if (!usingPostgres()) console.log('load-users.test.ts skipped: two instances need a PostgreSQL server (the postgres project)');

describe.skipIf(!usingPostgres())('the load harness', () => {
  let database: { url: string; drop(): Promise<void> };
  // The run's demo template is made once per run (by the first file that needs it): not the harness's time.
  beforeAll(async () => {
    database = await createSeededTestDatabase();
  });
  afterAll(async () => {
    await database?.drop();
  });

  it('a few users for a few seconds on two instances: every call answered, both instances serving', async () => {
    const result = await runUserLoad({
      databaseUrl: database.url,
      redisUrl: process.env.REDIS_URL,
      redisPrefix: `pc-load-test-${process.pid}:`,
      users: 4,
      seconds: 3,
      poolSize: 3,
    });
    expect(result.errorSamples).toEqual([]);
    expect(result.errors).toBe(0);
    // Lists, details and saves all ran (the mix is the bench's point).
    expect(Object.keys(result.byCall).sort()).toEqual(
      ['bill detail', 'bills', 'house detail', 'houses', 'notices', 'owners', 'post detail', 'post save', 'repairs'].sort(),
    );
    expect(result.perInstance).toHaveLength(2);
    for (const served of result.perInstance) expect(served).toBeGreaterThan(0);
    expect(result.perInstance.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(result.requests);
  }, 60_000);
});
