/**
 * The signed-in users' section of `npm run bench` (`--only load` runs it alone): makes the database
 * `load_bench` afresh on DATABASE_URL's server, runs load-users.ts on it and prints the figures.
 */
import pg from 'pg';
import { runUserLoad } from './load-users';

const DATABASE = 'load_bench';

export async function benchUsers(options: { users: number; seconds: number }): Promise<void> {
  if (!process.env.DATABASE_URL) {
    console.log('\nSigned-in users: left out (two instances need a PostgreSQL server: set DATABASE_URL)');
    return;
  }
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  await admin.query(`drop database if exists ${DATABASE} with (force)`);
  await admin.query(`create database ${DATABASE}`);
  await admin.end();
  const url = new URL(process.env.DATABASE_URL);
  url.pathname = `/${DATABASE}`;

  const result = await runUserLoad({
    databaseUrl: url.toString(),
    redisUrl: process.env.REDIS_URL,
    redisPrefix: 'pc-load-bench:',
    users: options.users,
    seconds: options.seconds,
    log: (line) => console.log(`  ${line}`),
  });
  console.log(
    `\nSigned-in users: ${options.users} for ${options.seconds} s, 2 instances behind one port, PostgreSQL${process.env.REDIS_URL ? ' + Redis' : ''}`,
  );
  console.log(
    `  ${result.requests + result.errors} calls, ${result.errors} errors, ${result.rps} calls/s, p50 ${result.p50} ms, p99 ${result.p99} ms`,
  );
  console.log(`  calls per instance: ${result.perInstance.join(', ')}`);
  console.log(
    `  load average (1 min): ${result.loadAverage.start} at the start, ${result.loadAverage.mean} mean and ${result.loadAverage.max} at most during the run`,
  );
  for (const [name, figures] of Object.entries(result.byCall)) {
    console.log(
      `  ${name.padEnd(12)} ${String(figures.requests).padStart(7)} calls  p50 ${figures.p50} ms  p99 ${figures.p99} ms`,
    );
  }
  for (const sample of result.errorSamples) console.log(`  error: ${sample}`);
}
