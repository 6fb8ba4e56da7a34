import { buildApp } from './app';
import { loadConfig } from './config';
import { SEED_ACCOUNTS } from './seed/organisation';

const config = loadConfig();
const { app, close } = await buildApp(config);
await app.listen({ port: config.port, host: config.host });

const url = `http://localhost:${config.port}`;
const { admin } = SEED_ACCOUNTS;
console.log(`
  Property console is running at ${url}
  API documentation: ${url}/api/docs
  Database: ${config.databaseUrl ? 'PostgreSQL server' : `embedded (${config.dataDir})`}; shared state: ${config.redisUrl ? 'Redis' : 'in process'}
  Sign in: tenant ${admin.tenantId}, account ${admin.account}, password ${admin.password}
`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void close().finally(() => process.exit(0));
  });
}
