import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import Fastify, {
  LogController,
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import { ENTITIES } from '@property/domain';
import type { Config } from './config';
import { registerModules } from './modules/index';
import { openSignals } from './platform/cache/signals';
import { openStore } from './platform/cache/store';
import { openDatabase, type Database } from './platform/db/database';
import { migrate } from './platform/db/migrate';
import { TokenService } from './platform/auth/tokens';
import { installAuthentication } from './platform/auth/authenticate';
import { failure } from './platform/http/envelope';
import { describeCall, installErrorHandler } from './platform/http/error-handler';
import { installBodyParsers } from './platform/http/body-parsers';
import { registerHealthRoutes } from './platform/http/health';
import { installInputGuard } from './platform/http/input-guard';
import { installPageHeaders } from './platform/http/page-headers';
import { installRequestDeadline } from './platform/http/request-deadline';
import { installOpenApi, sharedSchemasOfRoutes } from './platform/http/openapi';
import { lazySchemaSerializers } from './platform/http/serializer';
import { installAnswerLanguage, messageFor } from './platform/http/locale';
import { JobQueue } from './platform/jobs/queue';
import { LogWriter } from './platform/log/log-writer';
import { AccessService } from './platform/security/access';
import { sealStoredSecrets, secretSealOf } from './platform/security/sealed-secrets';
import type { Services } from './platform/services';
import { seed } from './seed/seed';

/** The caller's request id when it is a plain token of at most 64 characters; otherwise a new one. */
function requestIdOf(request: { headers: Record<string, string | string[] | undefined> }): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && /^[\w.:-]{1,64}$/.test(given) ? given : randomUUID();
}

export interface BuiltApp {
  app: FastifyInstance;
  services: Services;
  close(): Promise<void>;
}

/**
 * The composition root, used by main.ts and by every test: opens the
 * database, migrates and seeds it, and assembles the HTTP server.
 */
type ValidatorFactory = NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>['buildValidator'];
/** Inputs are checked by the entity definitions, with the spec's messages; the request schemas document them. */
const acceptEverything = (() => () => () => true) as unknown as ValidatorFactory;

export interface BuildOptions {
  database?: Database;
  logger?: boolean;
  /**
   * How answers are written: by fast-json-stringify from the routes' declared
   * schemas (the default), or by JSON.stringify (for the bench's comparison).
   */
  answers?: 'schema' | 'json';
  /** Tests: sees every answer before it is serialised (checked against the OpenAPI document). */
  checkAnswer?: (app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, payload: unknown) => void;
}

export async function buildApp(config: Config, options: BuildOptions = {}): Promise<BuiltApp> {
  const database =
    options.database ?? (await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir, timeZone: config.timeZone }));
  await migrate(database.db);
  const store = openStore(config.redisUrl, config.redisPrefix);
  const signals = await openSignals(store, config.redisUrl);
  const processLog: { current?: FastifyBaseLogger } = {};
  const services: Services = {
    config,
    database,
    db: database.db,
    store,
    signals,
    tokens: new TokenService(config.jwtSecret, store, signals),
    access: new AccessService(database.db, store, signals),
    logs: new LogWriter(database.db),
    secrets: secretSealOf(config),
    jobs: new JobQueue(database, {
      ...config.jobs,
      timeZone: config.timeZone,
      // The process log once the server has one (the queue starts after it); the console before.
      log: (level, message, error) =>
        processLog.current ? processLog.current[level]({ err: error }, message) : console[level](message, error),
    }),
  };
  await seed(services);
  const stored = await sealStoredSecrets(database.db, services.secrets, ENTITIES);

  const app = Fastify({
    logger: options.logger === false ? false : { level: config.logLevel },
    // Every call is recorded in the api log table; the process log keeps to events and errors.
    logController: new LogController({ disableRequestLogging: true, requestIdLogLabel: 'requestId' }),
    // A request id on every call: the caller's X-Request-Id when it is a plain token (a proxy's), else a new UUID;
    // answered as X-Request-Id, in every process log line of the call (requestId), the api and error logs and the audit trail.
    requestIdHeader: false,
    genReqId: requestIdOf,
    // JSON and form bodies; multipart uploads are limited per file by the routes that read them.
    bodyLimit: config.bodyLimit,
    // Node's own limit as well (checked every 30 s); installRequestDeadline answers on time.
    requestTimeout: config.requestTimeoutMs,
    trustProxy: config.trustProxy,
    ajv: { customOptions: { strict: false } },
    schemaController: {
      compilersFactory: {
        // Declared in the factory, not by setValidatorCompiler: plugin scopes (uploads) build their own compilers from it.
        buildValidator: acceptEverything,
        buildSerializer: lazySchemaSerializers(),
      },
    },
  });
  processLog.current = app.log;
  if (stored.sealed > 0) app.log.info(`sealed ${stored.sealed} stored credentials under the current key`);
  // Sealed under a key this server was not given: SECRETS_KEY changed without the old one in SECRETS_KEY_PREVIOUS.
  if (stored.unreadable > 0)
    app.log.warn(`${stored.unreadable} stored credentials open with no key given; they must be typed again`);
  const checkAnswer = options.checkAnswer;
  if (checkAnswer) {
    app.addHook('preSerialization', async (request, reply, payload) => {
      checkAnswer(app, request, reply, payload);
      return payload;
    });
  }
  if (options.answers === 'json') app.setSerializerCompiler(() => (value) => JSON.stringify(value));

  await app.register(compress, { threshold: 1024 });
  await installOpenApi(app);

  app.addHook('onRequest', async (request, reply) => {
    reply.header('X-Request-Id', request.id);
  });
  installBodyParsers(app);
  installInputGuard(app);
  installPageHeaders(app);
  installRequestDeadline(app, config.requestTimeoutMs);
  installErrorHandler(app, services.logs);
  installAnswerLanguage(app);
  installAuthentication(app, services);
  app.addHook('onResponse', async (request, reply) => {
    if (!request.url.startsWith('/api/') || request.url.startsWith('/api/docs')) return;
    services.logs.api({
      ...describeCall(request),
      title: request.routeOptions.url ?? request.url,
      durationMs: reply.elapsedTime,
    });
  });

  const schemas = sharedSchemasOfRoutes(app);
  await registerModules(app, services);
  registerHealthRoutes(app, services);
  await serveConsole(app, config.webRoot);
  // Routes registered inside plugins (uploads, the console's files) are in place after this; then the schemas they name can be shared.
  await app.after();
  schemas.share();
  // After the modules registered their kinds and schedules: workers start taking jobs now.
  await services.jobs.start();

  return {
    app,
    services,
    async close() {
      // Handlers stop at their next chunk and their runs go back to the queue before the database closes.
      await services.jobs.stop();
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
      preCompressed: true,
      setHeaders(reply, path) {
        reply.header('Cache-Control', /\/assets\//.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    // A missing script or style is a 404, not the page: a browser holding an older page then fails clearly.
    const isAsset = request.url.startsWith('/assets/');
    if (request.url.startsWith('/api/') || isAsset || !hasConsole || request.method !== 'GET') {
      return reply.status(404).send(failure(404, messageFor(request, 'notFound')));
    }
    return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
  });
}
