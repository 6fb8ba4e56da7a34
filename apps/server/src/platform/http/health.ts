import { Obj, plain, Type } from '@property/domain';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Services } from '../services';
import { get } from './operation';

/** How long a readiness check waits for the database or Redis before it calls it down. */
const CHECK_TIMEOUT_MS = 2000;

const Health = Obj({ status: Type.Literal('up', { description: 'the process answers' }) }, 'Liveness');
const Part = Type.Union([Type.Literal('up'), Type.Literal('down'), Type.Literal('none')], {
  description: 'up, down, or none when not configured',
});
const Readiness = Obj(
  {
    status: Type.Union([Type.Literal('ready'), Type.Literal('unavailable')]),
    database: Part,
    redis: Part,
  },
  'Readiness',
);

async function check(probe: () => Promise<unknown>): Promise<'up' | 'down'> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error('timeout')), CHECK_TIMEOUT_MS)));
  try {
    await Promise.race([probe(), timeout]);
    return 'up';
  } catch {
    return 'down';
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Probes for load balancers and orchestrators (docs/deploy.md): /health
 * answers while the process runs (liveness); /ready answers 200 only while the
 * database and, when configured, Redis answer, 503 otherwise. Public, no data.
 */
export function registerHealthRoutes(app: FastifyInstance, services: Services): void {
  const tags = ['Operations'];
  app.get(
    '/health',
    get({
      tags,
      summary: 'Liveness: the process answers',
      public: true,
      answers: { 200: { ...plain(Health), description: 'Alive' } },
    }),
    async () => ({ status: 'up' as const }),
  );
  app.get(
    '/ready',
    get({
      tags,
      summary: 'Readiness: the database and Redis answer',
      description: `200 when the database answers \`select 1\` and Redis (when REDIS_URL is set) a read, each within ${CHECK_TIMEOUT_MS} ms; 503 otherwise, naming what is down.`,
      public: true,
      answers: {
        200: { ...plain(Readiness), description: 'Ready to serve' },
        503: { ...plain(Readiness), description: 'The database or Redis does not answer' },
      },
    }),
    async (_request, reply) => {
      const [database, redis] = await Promise.all([
        check(() => sql`select 1`.execute(services.db)),
        services.config.redisUrl ? check(() => services.store.get('pc:ready')) : Promise.resolve('none' as const),
      ]);
      const ready = database === 'up' && redis !== 'down';
      return reply.status(ready ? 200 : 503).send({ status: ready ? 'ready' : 'unavailable', database, redis });
    },
  );
}
