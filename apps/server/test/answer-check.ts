/**
 * Every answer of every API test is checked against the published OpenAPI
 * document before it is serialised: the operation of its route, the response
 * of its status, with every object closed (a field the document does not
 * declare fails, as it would be dropped by the serialiser). A mismatch is
 * recorded with the route named, and the test server refuses to close
 * quietly (harness.ts), so the test file fails.
 */
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

type Json = Record<string, unknown>;

/** Objects that list their properties allow no others, unless they say so. */
function closed(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(closed);
  if (!schema || typeof schema !== 'object') return schema;
  const out: Json = {};
  for (const [key, value] of Object.entries(schema)) out[key] = key === 'properties' ? closeAll(value as Json) : closed(value);
  if (out.properties && out.additionalProperties === undefined) out.additionalProperties = false;
  return out;
}
const closeAll = (properties: Json) => Object.fromEntries(Object.entries(properties).map(([k, v]) => [k, closed(v)]));

const pointer = (...parts: string[]) => parts.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');

export class AnswerChecker {
  readonly problems: string[] = [];
  private ajv?: Ajv2020;
  private document?: Json;
  private readonly validators = new Map<string, ValidateFunction | null>();

  constructor(private readonly app: FastifyInstance) {}

  private load(): { ajv: Ajv2020; document: Json } {
    if (!this.ajv || !this.document) {
      const document = this.app.swagger() as unknown as Json;
      const components = document.components as Json;
      const closedDocument = {
        $id: 'api',
        components: { ...components, schemas: closed(components.schemas) },
        paths: closed(document.paths),
      };
      this.ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
      this.ajv.addSchema(closedDocument);
      this.document = document;
    }
    return { ajv: this.ajv, document: this.document };
  }

  /** The validator of an operation's answer with this status (null: the document declares it as no JSON). */
  private validatorOf(method: string, url: string, status: number): ValidateFunction | null | undefined {
    const key = `${method} ${url} ${status}`;
    if (this.validators.has(key)) return this.validators.get(key);
    const { ajv, document } = this.load();
    const path = url.replace(/:(\w+)/g, '{$1}');
    const operation = ((document.paths as Json)[path] as Json | undefined)?.[method.toLowerCase()] as Json | undefined;
    const responses = operation?.responses as Json | undefined;
    let response = responses?.[String(status)] as Json | undefined;
    let at = ['paths', path, method.toLowerCase(), 'responses', String(status)];
    if (!response) return undefined;
    if (typeof response.$ref === 'string') {
      at = response.$ref.slice(2).split('/');
      response = ((document.components as Json).responses as Json)[at[2]!] as Json;
    }
    const json = (response.content as Json | undefined)?.['application/json'];
    const validator = json ? ajv.compile({ $ref: `api#/${pointer(...at, 'content', 'application/json', 'schema')}` }) : null;
    this.validators.set(key, validator);
    return validator;
  }

  /** Checks one answer; a mismatch is kept with the route, status and what is wrong. */
  check(request: FastifyRequest, reply: FastifyReply, payload: unknown): void {
    const url = request.routeOptions.url;
    if (!url || !url.startsWith('/api/') || url.startsWith('/api/docs') || request.method === 'HEAD') return;
    const where = `${request.method} ${url} → ${reply.statusCode}`;
    const validator = this.validatorOf(request.method, url, reply.statusCode);
    if (validator === undefined) this.problems.push(`${where}: the document declares no such answer`);
    else if (validator === null) this.problems.push(`${where}: the document declares this answer as no JSON`);
    else if (!validator(JSON.parse(JSON.stringify(payload)))) {
      const errors = (validator.errors ?? [])
        .slice(0, 5)
        .map((e) => `${e.instancePath || '/'} ${e.message} ${JSON.stringify(e.params)}`);
      this.problems.push(`${where}: ${errors.join('; ')}`);
    }
  }
}
