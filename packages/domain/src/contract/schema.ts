/**
 * The API's answer and input shapes are JSON Schema written with TypeBox: one
 * object is both the schema the server publishes (and serialises with) and,
 * through `Static`, the TypeScript type the console reads. Nothing here is
 * written twice.
 */
import { Type, type Static, type TObject, type TProperties, type TSchema, type TUnsafe } from '@sinclair/typebox';

export { Type, type Static, type TSchema, type TUnsafe };

/** A schema of a known static type (TypeBox's own builders and the helpers below all give one). */
export type Schema<T = unknown> = TUnsafe<T>;

/** Only the JSON keywords of a schema (TypeBox marks its objects with symbol keys too). */
export function plain(schema: TSchema): Record<string, unknown> {
  return Object.fromEntries(Object.entries(schema));
}

/** Schemas shared by name: `components/schemas` of the document, `$ref`'d by the operations. */
const components = new Map<string, Record<string, unknown>>();

/** Every shared schema declared so far, by name (the server adds them before it starts). */
export function sharedSchemas(): ReadonlyMap<string, Record<string, unknown>> {
  return components;
}

/**
 * Declares a shared schema under `id` and answers a reference to it. Declared
 * once per id: a second declaration of an id returns the first one's reference.
 */
export function shared<T extends TSchema>(id: string, schema: T): TUnsafe<Static<T>> {
  if (!components.has(id)) components.set(id, { ...plain(schema), $id: id });
  return Type.Unsafe<Static<T>>({ $ref: `${id}#` });
}

/** The object schema behind a shared reference (or the schema itself). */
export function objectSchemaOf(schema: TSchema): Record<string, unknown> {
  const json = plain(schema);
  const ref = json.$ref as string | undefined;
  const own = ref ? components.get(ref.replace(/#$/, '')) : json;
  if (!own || own.type !== 'object') throw new Error(`not an object schema: ${JSON.stringify(json)}`);
  return own;
}

/** The value or null. */
export function Nullable<T extends TSchema>(schema: T): TUnsafe<Static<T> | null> {
  const json = plain(schema);
  const type = json.type;
  if (type === undefined) return Type.Unsafe({ anyOf: [json, { type: 'null' }] });
  const types = Array.isArray(type) ? type : [type];
  return Type.Unsafe({ ...json, type: types.includes('null') ? types : [...types, 'null'] });
}

type ObjectOf<P extends TProperties> = Static<TObject<P>>;

/** An object with these properties (all required unless wrapped in Type.Optional), described. */
export function Obj<P extends TProperties>(properties: P, description?: string): TUnsafe<ObjectOf<P>> {
  return Type.Unsafe(plain(Type.Object(properties, description ? { description } : {})));
}

/**
 * The properties of an object schema (inline, not a reference) with more of
 * them: an entity's record with the names a custom answer adds beside its ids.
 */
export function Extend<B, P extends TProperties>(
  base: TUnsafe<B>,
  properties: P,
  description?: string,
): TUnsafe<B & ObjectOf<P>> {
  const own = objectSchemaOf(base);
  const extra = plain(Type.Object(properties));
  return Type.Unsafe({
    type: 'object',
    description: description ?? (own.description as string | undefined),
    properties: { ...(own.properties as object), ...(extra.properties as object) },
    required: [...((own.required as string[]) ?? []), ...((extra.required as string[]) ?? [])],
  });
}

/** A 64-bit id: a string of digits (never a JSON number, which would lose precision). */
export const Id = (description = '64-bit id as a string of digits') => Type.String({ pattern: '^\\d{1,19}$', description });

/** Text that may be missing from the database. */
export const NullableText = (description?: string) => Nullable(Type.String(description ? { description } : {}));
