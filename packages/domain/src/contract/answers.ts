/**
 * The shapes every answer shares (spec §8): the envelope, a page, a tree, and
 * the error envelope. A route's answer is one of these around a record.
 */
import type { Static, TObject, TProperties, TSchema, TUnsafe } from '@sinclair/typebox';
import { allFields, type EntityDef } from '../define';
import { recordOf, type RecordOf } from './records';
import { Nullable, objectSchemaOf, plain, shared, Type } from './schema';

/** `{ code, success, data, msg }` around `data`; HTTP status = code. */
export function Envelope<T extends TSchema>(dataSchema: T) {
  return Type.Unsafe<{ code: number; success: boolean; data: Static<T>; msg: string }>({
    type: 'object',
    properties: {
      code: { type: 'integer', description: 'equals the HTTP status; 200 on success' },
      success: { type: 'boolean' },
      data: plain(dataSchema),
      msg: { type: 'string', description: 'a message for people, in the language of Accept-Language (Chinese by default)' },
    },
    required: ['code', 'success', 'data', 'msg'],
  });
}

/** What a call that only succeeds or fails answers: `data` is null. */
export const NoData = Type.Null({ description: 'no data: the call succeeded' });

/** The envelope of every error: success false, data null, msg saying why. */
export const ErrorAnswer = shared(
  'ErrorAnswer',
  Type.Object(
    {
      code: Type.Integer({ description: 'equals the HTTP status' }),
      success: Type.Boolean({ description: 'always false' }),
      data: Type.Null(),
      msg: Type.String({ description: 'why, for people: the field message of a refused input, in the caller’s language' }),
    },
    { description: 'A refused or failed call' },
  ),
);

/**
 * The fields of a page besides its rows. Lists count exactly while small and
 * estimate beyond (bounded totals); their fields are added here, once.
 */
export const PAGE_FIELDS = {
  total: Type.Integer({ minimum: 0, description: 'rows matching the filters' }),
  size: Type.Integer({ minimum: 1, description: 'rows a page' }),
  current: Type.Integer({ minimum: 1, description: 'this page, from 1' }),
  pages: Type.Integer({ minimum: 0, description: 'pages in all' }),
  searchCount: Type.Boolean({ description: 'whether total was counted' }),
  totalExact: Type.Boolean({
    description: 'false when more rows match than are counted exactly (EXACT_TOTAL_LIMIT): total and pages are then estimates',
  }),
};

/** A page of rows: `{ records, total, size, current, pages, searchCount }`. */
export function Page<T extends TSchema>(record: T) {
  return Type.Unsafe<{ records: Static<T>[] } & Static<TObject<typeof PAGE_FIELDS>>>({
    type: 'object',
    properties: { records: { type: 'array', items: plain(record) }, ...plainProperties(PAGE_FIELDS) },
    required: ['records', ...Object.keys(PAGE_FIELDS)],
  });
}
const plainProperties = (props: Record<string, TSchema>) =>
  Object.fromEntries(Object.entries(props).map(([key, schema]) => [key, plain(schema)]));

/** Rows without paging. */
export const List = <T extends TSchema>(record: T) => Type.Array(record);

/** A node of a tree with `children` (and `hasChildren`) only on nodes that have children. */
export type Node<T> = T & { children?: Node<T>[]; hasChildren?: boolean };

/** The shared schema `name` of nodes with these properties and, where there are any, children of the same kind. */
function nodeSchema(name: string, object: Record<string, unknown>, description: string) {
  return shared(
    name,
    Type.Unsafe({
      ...object,
      description,
      properties: {
        ...(object.properties as object),
        children: { type: 'array', items: { $ref: `${name}#` } },
        hasChildren: { type: 'boolean', description: 'present (true) only on nodes with children' },
      },
    }),
  );
}

/** A shared, recursive node schema: these properties, and children of the same kind where there are any. */
export function Recursive<P extends TProperties>(name: string, properties: P, description: string) {
  return nodeSchema(name, plain(Type.Object(properties)), description) as TUnsafe<Node<Static<TObject<P>>>>;
}

/** A node of a tree of rows: the row with `title` (its title field, a text column), `key` and `value`. */
export type TreeNode<R> = Node<R & { title: string | null; key: string; value: string }>;

/**
 * The tree node schema (shared under `name`) of the entity's rows: each node
 * keeps its own fields and gains `title` (the value of the definition's tree
 * title field, a text field, null when it is), `key` and `value` (its id);
 * `children` and `hasChildren` appear only on nodes with children.
 */
export function TreeOf<E extends EntityDef>(name: string, entity: E): TUnsafe<TreeNode<RecordOf<E>>> {
  const titleKey = entity.tree?.title;
  if (!titleKey || allFields(entity)[titleKey]?.kind !== 'text')
    throw new Error(`${name}: ${entity.name} has no text title field`);
  const own = objectSchemaOf(recordOf(entity));
  const node = {
    type: 'object',
    properties: {
      ...(own.properties as object),
      title: {
        ...(own.properties as Record<string, object>)[titleKey],
        description: `what the node shows: the row’s ${titleKey}`,
      },
      key: { type: 'string' },
      value: { type: 'string' },
    },
    required: [...((own.required as string[]) ?? []), 'title', 'key', 'value'],
  };
  return nodeSchema(name, node, `${(own.description as string | undefined) ?? name}, as a tree node`) as TUnsafe<
    TreeNode<RecordOf<E>>
  >;
}

/** An answer whose data may be null (a detail of a row that does not exist or was removed). */
export const Maybe = Nullable;

/** The envelope around a `data` of type T, as the console reads it. */
export type EnvelopeOf<T> = Static<ReturnType<typeof Envelope<TUnsafe<T>>>>;
/** A page of rows of type T. */
export type PageOf<T> = Static<ReturnType<typeof Page<TUnsafe<T>>>>;
/** The error envelope. */
export type ErrorAnswer = Static<typeof ErrorAnswer>;
