import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { ENTITIES, sharedSchemas, translate } from '@property/domain';
import type { FastifyInstance } from 'fastify';
import type { OpenAPIV3_1 } from 'openapi-types';
import { ERROR_STATUSES, OPTIONAL_BODY } from './operation';

/** Tags that are not an entity's label: what each groups. */
const OTHER_TAGS: Record<string, string> = {
  Auth: 'Sign-in, tokens, captcha and the session',
  Dashboard: 'The dashboard: resource totals, payment orders and bill figures by garden and period',
  Files: 'Public uploads and their links',
  'Resource search': 'Gardens, buildings, units and houses for pickers',
};

const ERROR_DESCRIPTIONS: Record<keyof typeof ERROR_STATUSES, string> = {
  400: 'Bad input: a missing or malformed parameter, or a field the rules refuse (`msg` says which)',
  401: 'No token, or a token that is invalid, expired or revoked',
  403: 'The caller lacks the permission (menu, button, API scope or garden) the call needs',
  404: 'No such path, or the row does not exist or was removed',
  409: 'The row was changed by another call at the same time (a unique value taken, a row it refers to removed): refresh and retry',
  413: 'The body or file is larger than the call accepts',
  415: 'The body’s content type is not one the call takes',
  429: 'Too many requests of this kind from the address or for the tenant: wait and retry',
  500: `The server failed; the answer says only “${translate('zh', 'serverError')}” (details go to the error log)`,
  503: `The database cannot be reached for the moment (restarting, connections lost): “${translate('zh', 'databaseUnavailable')}”; retry after the \`Retry-After\` seconds`,
};

/**
 * A stable operationId from method and path, a camelCase word per path
 * segment: GET /api/blade-system/user/page → get_bladeSystem_user_page (the
 * segments stay apart, so tenant/package-detail and tenant-package/detail differ).
 */
export function operationIdOf(method: string, url: string): string {
  const segments = url
    .replace(/^\/api\//, '')
    .split('/')
    .map((segment) => segment.replace(/^:(\w+)$/, 'by-$1').replace(/^\{(\w+)\}$/, 'by-$1'))
    .map((segment) =>
      segment.replace(/[^A-Za-z0-9]+([A-Za-z0-9])/g, (_, c: string) => c.toUpperCase()).replace(/[^A-Za-z0-9]/g, ''),
    );
  return [method.toLowerCase(), ...segments].join('_');
}

type Document = {
  paths: Record<
    string,
    Record<
      string,
      {
        tags?: string[];
        responses?: Record<string, Record<string, unknown>>;
        requestBody?: { required?: boolean };
        [OPTIONAL_BODY]?: boolean;
      }
    >
  >;
  components: Record<string, unknown>;
  tags?: Array<{ name: string; description: string }>;
};

/**
 * Error answers are documented once, as shared responses, and every operation
 * refers to them; each tag an operation uses is declared with a description.
 */
function finishDocument(document: Document): Document {
  const errorRef = '#/components/schemas/ErrorAnswer';
  const responses: Record<string, unknown> = {};
  for (const [status, name] of Object.entries(ERROR_STATUSES)) {
    responses[name] = {
      description: ERROR_DESCRIPTIONS[Number(status) as keyof typeof ERROR_STATUSES],
      content: { 'application/json': { schema: { $ref: errorRef } } },
    };
  }
  document.components.responses = responses;
  const labels = new Map(ENTITIES.map((e) => [e.label.en, `${e.label.zh} (${e.label.en})`]));
  const tags = new Set<string>();
  for (const item of Object.values(document.paths)) {
    for (const op of Object.values(item)) {
      for (const tag of op.tags ?? []) tags.add(tag);
      if (op[OPTIONAL_BODY] && op.requestBody) op.requestBody.required = false;
      delete op[OPTIONAL_BODY];
      for (const [status, answer] of Object.entries(op.responses ?? {})) {
        const name = ERROR_STATUSES[Number(status) as keyof typeof ERROR_STATUSES];
        const schema = (answer.content as Record<string, { schema?: { $ref?: string } }> | undefined)?.['application/json']
          ?.schema;
        if (name && schema?.$ref === errorRef) op.responses![status] = { $ref: `#/components/responses/${name}` };
      }
    }
  }
  document.tags = [...tags].sort().map((name) => ({ name, description: OTHER_TAGS[name] ?? labels.get(name) ?? name }));
  return document;
}

/** The OpenAPI document at /api/docs/json (UI at /api/docs), made from the routes' declarations. */
export async function installOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Property console API',
        version: '1.0.0',
        description: [
          'The API of the property console: residential communities (gardens, buildings, houses, owners…) and platform administration.',
          'Every answer but the token call’s is the envelope `{ code, success, data, msg }`, with HTTP status = `code`.',
          'Sign in with `POST /api/blade-auth/oauth/token` (the client’s Basic header; the password is the hex MD5 of what was typed),',
          'then send `Blade-Auth: bearer <access_token>` with every call. Ids and money are strings.',
        ].join(' '),
        contact: { name: 'Property console' },
        license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
      },
      servers: [{ url: '/', description: 'the server that serves this document' }],
      components: {
        securitySchemes: {
          bladeAuth: {
            type: 'apiKey',
            in: 'header',
            name: 'Blade-Auth',
            description: '`bearer <access_token>` from the token call',
          },
          clientBasic: {
            type: 'http',
            scheme: 'basic',
            description: 'The OAuth client: client id and secret (the console’s is saber:saber_secret)',
          },
        },
      },
      security: [{ bladeAuth: [] }],
    },
    refResolver: { buildLocalReference: (json, _base, _fragment, i) => String(json.$id ?? `def-${i}`) },
    transform: ({ schema, url, route }) => ({
      schema: { ...schema, operationId: operationIdOf(String(route.method), url) } as typeof schema,
      url,
    }),
    transformObject: (document) =>
      finishDocument((document as unknown as { openapiObject: Document }).openapiObject) as unknown as OpenAPIV3_1.Document,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
}

/** The shared schemas a schema refers to (`$ref: "Name#"`), and those they refer to in turn. */
function referencesOf(schema: unknown, found: Set<string>): Set<string> {
  if (Array.isArray(schema)) for (const item of schema) referencesOf(item, found);
  else if (schema && typeof schema === 'object') {
    for (const [key, value] of Object.entries(schema)) {
      if (key === '$ref' && typeof value === 'string' && value.endsWith('#')) {
        const id = value.slice(0, -1);
        if (!found.has(id) && sharedSchemas().has(id)) {
          found.add(id);
          referencesOf(sharedSchemas().get(id), found);
        }
      } else referencesOf(value, found);
    }
  }
  return found;
}

/**
 * Collects the shared schemas routes refer to; `share()` then adds them to the
 * app (only those: the document has no unused component). Install before the
 * routes, share once they are all registered.
 */
export function sharedSchemasOfRoutes(app: FastifyInstance): { share(): void } {
  const used = new Set<string>();
  app.addHook('onRoute', (route) => void referencesOf(route.schema, used));
  return {
    share() {
      for (const id of used) app.addSchema(sharedSchemas().get(id)!);
    },
  };
}
