import { existsSync } from 'node:fs';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import type { Config } from './config';
import { registerModules } from './modules/index';
import { openSignals } from './platform/cache/signals';
import { openStore } from './platform/cache/store';
import { openDatabase, type Database } from './platform/db/database';
import { migrate } from './platform/db/migrate';
import { TokenService } from './platform/auth/tokens';
import { installAuthentication } from './platform/auth/authenticate';
import { failure, MSG } from './platform/http/envelope';
import { describeCall, installErrorHandler } from './platform/http/error-handler';
import { installBodyParsers } from './platform/http/body-parsers';
import { LogWriter } from './platform/log/log-writer';
import { AccessService } from './platform/security/access';
import type { Services } from './platform/services';
import { seed } from './seed/seed';

export interface BuiltApp {
  app: FastifyInstance;
  services: Services;
  close(): Promise<void>;
}

/**
 * The composition root, used by main.ts and by every test: opens the
 * database, migrates and seeds it, and assembles the HTTP server.
 */
export async function buildApp(config: Config, options: { database?: Database; logger?: boolean } = {}): Promise<BuiltApp> {
  const database =
    options.database ?? (await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir, timeZone: config.timeZone }));
  await migrate(database.db);
  const store = openStore(config.redisUrl);
  const signals = await openSignals(store, config.redisUrl);
  const services: Services = {
    config,
    database,
    db: database.db,
    store,
    signals,
    tokens: new TokenService(config.jwtSecret, store, signals),
    access: new AccessService(database.db, store, signals),
    logs: new LogWriter(database.db),
  };
  await seed(services);

  const app = Fastify({
    logger: options.logger === false ? false : { level: config.logLevel },
    // Every call is recorded in the api log table; the process log keeps to events and errors.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: 60 * 1024 * 1024,
    trustProxy: true,
    // Validation is the entity definitions' job, with the spec's messages; schemas here feed the OpenAPI document.
    ajv: { customOptions: { strict: false } },
  });
  app.setValidatorCompiler(() => () => true);

  await app.register(compress, { threshold: 1024 });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Property console API',
        version: '1.0.0',
        description: 'Envelope { code, success, data, msg }; token in the Blade-Auth header.',
      },
      components: { securitySchemes: { bladeAuth: { type: 'apiKey', in: 'header', name: 'Blade-Auth' } } },
      security: [{ bladeAuth: [] }],
    },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  installBodyParsers(app);
  installErrorHandler(app, services.logs);
  installAuthentication(app, services);
  app.addHook('onResponse', async (request, reply) => {
    if (!request.url.startsWith('/api/') || request.url.startsWith('/api/docs')) return;
    services.logs.api({
      ...describeCall(request),
      title: request.routeOptions.url ?? request.url,
      durationMs: reply.elapsedTime,
    });
  });

  await registerModules(app, services);
  await serveConsole(app, config.webRoot);

  return {
    app,
    services,
    async close() {
      await app.close();
      await services.logs.close();
      await signals.close();
      await store.close();
      await database.close();
    },
  };
}

/** The built console on the same port; any non-API path falls back to its index.html (client-side routes). */
async function serveConsole(app: FastifyInstance, webRoot: string): Promise<void> {
  const hasConsole = existsSync(`${webRoot}/index.html`);
  if (hasConsole) {
    await app.register(fastifyStatic, {
      root: webRoot,
      wildcard: false,
      setHeaders(reply, path) {
        reply.header('Cache-Control', /\/assets\//.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    // A missing script or style is a 404, not the page: a browser holding an older page then fails clearly.
    const isAsset = request.url.startsWith('/assets/');
    if (request.url.startsWith('/api/') || isAsset || !hasConsole || request.method !== 'GET') {
      return reply.status(404).send(failure(404, MSG.notFound));
    }
    return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
  });
}
