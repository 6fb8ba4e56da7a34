/**
 * One server instance of the load bench (load-users.ts), a `cluster` worker: the workers listen on
 * the same port and the primary hands each new connection to one of them in turn, as two
 * instances behind a balancer. Configured from the environment like the real server (main.ts),
 * with a small pool (LOAD_POOL_SIZE) because the bench's PostgreSQL is shared.
 */
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/platform/db/database';

const config = { ...loadConfig(), logLevel: 'silent' };
const database = await openDatabase({
  url: config.databaseUrl,
  timeZone: config.timeZone,
  poolSize: Number(process.env.LOAD_POOL_SIZE ?? 10),
});
const built = await buildApp(config, { database, logger: false });
// The bench asks each instance how many calls it answered, to show both took their share.
let served = 0;
built.app.addHook('onResponse', async () => {
  served++;
});
process.on('message', (message) => message === 'served?' && process.send?.({ served }));
await built.app.listen({ port: config.port, host: '127.0.0.1' });
process.send?.('ready');

// The primary disconnects its workers when the bench ends: stop cleanly (jobs, pools, Redis).
process.once('disconnect', () => {
  void built.close().finally(() => process.exit(0));
});
