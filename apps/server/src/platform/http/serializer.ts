import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import type { FastifySchemaCompiler, FastifyServerOptions } from 'fastify';

type SerializerFactory = NonNullable<
  NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']
>['buildSerializer'];

/**
 * Answers are written by fast-json-stringify from each route's declared
 * schema: faster than JSON.stringify, and a field the schema does not declare
 * (a password hash, a client secret) never leaves the server.
 *
 * Compiling the serialisers of some three hundred routes, each with its error
 * answers, at start took a minute, so each is compiled when first used, and
 * routes with the same schema (the error envelope above all) share one.
 */
export function lazySchemaSerializers(): SerializerFactory {
  const select = SerializerSelector();
  return (externalSchemas, options) => {
    const compile = select(externalSchemas, options) as FastifySchemaCompiler<unknown>;
    const compiled = new Map<string, (data: unknown) => string>();
    return (route) => {
      const key = JSON.stringify(route.schema);
      let serialize: ((data: unknown) => string) | undefined;
      return (data: unknown) => {
        serialize ??= compiled.get(key);
        if (!serialize) {
          serialize = compile(route as Parameters<typeof compile>[0]) as unknown as (data: unknown) => string;
          compiled.set(key, serialize);
        }
        return serialize(data);
      };
    };
  };
}
