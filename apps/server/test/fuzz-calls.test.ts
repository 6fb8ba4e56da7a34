import { allFields, ENTITIES, routesOf, type EntityDef, type FieldDef } from '@property/domain';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TENANT } from '../src/seed/seed';
import { ApiClient, type Answer } from './client';
import { startServer, type TestServer } from './harness';
import { fingerprint, genericOf, ownEntityOf, rowOf, routeTable, type RouteInfo } from './matrix-routes';
import { sql } from 'kysely';

/**
 * Property-based fuzzing (issue 13) of every submit and list call of the
 * OpenAPI document, with fast-check: bodies and query strings built from each
 * entity's fields, filled with wrong types, huge and empty strings, deep
 * nesting, arrays for scalars, unicode, numbers at and beyond the column
 * limits, `__proto__` and `constructor` keys, SQL in values and in sort
 * parameters and unknown columns. Every answer is a 4xx or a success, never a
 * 5xx; a refused write leaves its table as it was (md5 of its rows).
 *
 * Seeded and repeatable: FUZZ_SEED (default 13) and FUZZ_RUNS (runs per
 * call, default 12) — `FUZZ_RUNS=200 npx vitest run --project pglite
 * apps/server/test/fuzz-calls.test.ts` for a long run. A failure names the
 * call, the seed and fast-check's path to replay exactly that case.
 */
/** Marks a string to be written into a JSON body as a bare number token. */
const RAW = '#raw-number:';
const SEED = Number(process.env.FUZZ_SEED ?? 13);
const RUNS = Number(process.env.FUZZ_RUNS ?? 12);

/** Calls the fuzzing leaves alone, with why. */
const SKIPPED: Record<string, string> = {
  'POST /api/blade-auth/oauth/logout': 'signs the fuzzing client out (its body is a list, fuzzed in hostile-input.test.ts)',
  'POST /api/blade-auth/oauth/token': 'the sign-in call: its answers are OAuth shapes, tested in auth.test.ts',
};

let server: TestServer;
let platform: ApiClient;
let tenantAdmin: ApiClient;
let routes: RouteInfo[];

beforeAll(async () => {
  server = await startServer();
  platform = new ApiClient(server.url);
  tenantAdmin = new ApiClient(server.url);
  expect((await platform.signIn('admin', 'admin')).status).toBe(200);
  expect((await tenantAdmin.signIn('admin', 'admin', DEMO_TENANT)).status).toBe(200);
  routes = (await routeTable(server)).filter((r) => !r.hasPathParams && !r.multipart && !SKIPPED[`${r.method} ${r.path}`]);
}, 120_000);
afterAll(async () => server?.close());

// ---- hostile values ----
const SQL = [
  "' or '1'='1",
  "'; drop table blade_user; --",
  '1; select pg_sleep(1)',
  '") or 1=1 --',
  "%' and 1=0 union select password from blade_user --",
  '\\',
];
const NUMBERS = [0, -1, 2147483647, 2147483648, -2147483649, 2 ** 53, 1e21, 1e308, -1e308, 0.1, 123456789012.345];
/** JSON number tokens JavaScript cannot hold exactly, written into the body's text as they are (see jsonOf). */
const RAW_NUMBERS = ['9223372036854775807', '9223372036854775808', '9007199254740993', '99999999999999.99', '1e400', '-0'].map(
  (n) => `${RAW}${n}`,
);
const NUMBER_TEXTS = [
  '9223372036854775807',
  '9223372036854775808',
  '-9223372036854775809',
  '99999999999999999999',
  '1e400',
  'NaN',
  'Infinity',
  '-0',
  '0x10',
  '١٢٣',
  '1.999',
  '999999999999.995',
];
const DATES = ['2025-13-45', '2025-02-30', '0000-00-00', '2024-02-29 24:00:00', '9999-12-31 23:59:59', '2024-1-1', 'today'];

const scalar = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.constantFrom(...SQL, ...NUMBER_TEXTS, ...DATES, '', ' ', 'null', 'undefined', '__proto__', 'constructor'),
  fc.constantFrom(...NUMBERS),
  fc.constantFrom(...RAW_NUMBERS),
  fc.integer(),
  fc.double({ noNaN: true }),
  fc.boolean(),
  fc.constant(null),
  fc.nat({ max: 300_000 }).map((n) => 'x'.repeat(n)),
  fc.constant('\u{1F600}'.repeat(5000)),
);
/** Nesting down to 40 levels (deeper than the server takes), arrays for scalars, objects with poisoned keys. */
const nested = fc.nat({ max: 40 }).chain((depth) =>
  scalar.map((leaf) => {
    let value: unknown = leaf;
    for (let i = 0; i < depth; i++) value = i % 2 ? [value] : { a: value };
    return value;
  }),
);
const hostile: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: scalar },
  { weight: 2, arbitrary: fc.array(scalar, { maxLength: 5 }) },
  { weight: 1, arbitrary: nested },
  { weight: 1, arbitrary: fc.dictionary(fc.constantFrom('__proto__', 'constructor', 'prototype', 'x'), scalar) },
);

const pad = (n: number, width: number) => String(n).padStart(width, '0');
/** Near misses of a field's own kind first (impossible days, numbers past the column), any hostile value otherwise. */
function valueFor(def: FieldDef | undefined): fc.Arbitrary<unknown> {
  const near = (() => {
    switch (def?.kind) {
      case 'date':
      case 'datetime':
        return fc.oneof(
          fc.constantFrom(...DATES),
          fc
            .tuple(fc.nat(9999), fc.nat(99), fc.nat(99), fc.nat(30), fc.nat(70))
            .map(([y, m, d, h, mi]) => `${pad(y, 4)}-${pad(m, 2)}-${pad(d, 2)}${h % 2 ? ` ${pad(h, 2)}:${pad(mi, 2)}:00` : ''}`),
        );
      case 'int':
      case 'long':
        return fc.oneof(fc.constantFrom(...NUMBERS, ...NUMBER_TEXTS, ...RAW_NUMBERS), fc.bigInt().map(String));
      case 'money':
        return fc.oneof(
          fc.constantFrom('999999999999.995', '9999999999999', '1e5', '-0.001', '0.1.2', ...RAW_NUMBERS),
          fc.double().map(String),
        );
      default:
        return hostile;
    }
  })();
  return fc.oneof({ weight: 3, arbitrary: near }, { weight: 2, arbitrary: hostile });
}

/** JSON text with its keys as given, `__proto__` included (an object literal would make it the prototype). */
function jsonOf(entries: Array<[string, unknown]>): string {
  const text = `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v) ?? 'null'}`).join(',')}}`;
  return text.replace(new RegExp(`"${RAW}([-0-9.e]+)"`, 'g'), '$1');
}

/** Body entries: the entity's fields (or the call's declared parameters) with values near their kind, unknown columns, poisoned keys. */
const entryOf = (fields: Record<string, FieldDef | undefined>) =>
  fc.oneof(
    {
      weight: 8,
      arbitrary: fc
        .constantFrom(...(Object.keys(fields).length ? Object.keys(fields) : ['id']))
        .chain((key) => fc.tuple(fc.constant(key), valueFor(fields[key]))),
    },
    {
      weight: 1,
      arbitrary: fc.tuple(fc.constantFrom('__proto__', 'constructor', 'no_such_column', 'tenantId', 'isDeleted', 'id'), hostile),
    },
  );

const bodyOf = (fields: Record<string, FieldDef | undefined>, id?: string) =>
  fc
    .tuple(fc.array(entryOf(fields), { maxLength: 8 }), fc.boolean())
    .map(([entries, update]) => jsonOf(update && id ? [['id', id], ...entries.filter(([k]) => k !== 'id')] : entries));

const OPERATORS = [
  '',
  '_equal',
  '_like',
  '_notlike',
  '_likeleft',
  '_ge',
  '_lt',
  '_datege',
  '_dateequal',
  '_null',
  '_ignore',
  '_bogus',
];
const queryOf = (fields: Record<string, FieldDef | undefined>) => {
  const names = Object.keys(fields).length ? Object.keys(fields) : ['id'];
  return fc
    .array(
      fc.oneof(
        fc
          .tuple(fc.constantFrom(...names), fc.constantFrom(...OPERATORS))
          .chain(([n, o]) => fc.tuple(fc.constant(n + o), valueFor(o.startsWith('_date') ? { kind: 'datetime' } : fields[n]))),
        fc.tuple(
          fc.constantFrom('ascs', 'descs'),
          fc.oneof(fc.constantFrom(...names, 'no_such_column', 'id desc; drop table x', '1', 'create_time,(select 1)'), scalar),
        ),
        fc.tuple(
          fc.constantFrom('current', 'size'),
          fc.oneof(fc.constantFrom(...NUMBER_TEXTS, '0', '-1', '1001', '10000'), scalar),
        ),
      ),
      { maxLength: 6 },
    )
    .map((pairs) => {
      const query = new URLSearchParams();
      for (const [k, v] of pairs) query.append(k, typeof v === 'string' ? v.replace(RAW, '') : (JSON.stringify(v) ?? ''));
      return query.toString();
    });
};
/** The declared parameters of a call that is not an entity's: their kinds unknown. */
const untyped = (names: string[]): Record<string, FieldDef | undefined> => Object.fromEntries(names.map((n) => [n, undefined]));

const clientFor = (entity: EntityDef | undefined) => (entity?.owner === 'platform' ? platform : tenantAdmin);

/** One call's property, checked with the run's seed; a failure says which call and how to replay it. */
async function check<T>(name: string, arbitrary: fc.Arbitrary<T>, call: (input: T) => Promise<void>, offset: number) {
  const seed = SEED + offset;
  try {
    await fc.assert(fc.asyncProperty(arbitrary, call), { seed, numRuns: RUNS, endOnFailure: true });
  } catch (error) {
    throw new Error(`${name} (FUZZ_SEED=${SEED}, this call's seed ${seed}): ${(error as Error).message}`, { cause: error });
  }
}

const fine = (answer: Answer, what: string) => {
  if (answer.status >= 500) throw new Error(`${what} answered ${answer.status}: ${JSON.stringify(answer.body).slice(0, 300)}`);
};

describe('fuzzing every submit and list call', () => {
  it('answers every generated list query with a 4xx or a success', async () => {
    const lists = routes.filter((r) => r.method === 'GET' && ['list', 'page'].includes(genericOf(r)?.kind ?? ''));
    expect(lists.length).toBeGreaterThan(40);
    for (const [i, route] of lists.entries()) {
      const entity = genericOf(route)!.entity;
      await check(
        `GET ${route.path}`,
        queryOf({ ...untyped(route.params), ...allFields(entity) }),
        async (query) => {
          const answer = await clientFor(entity).call('GET', `${route.path.slice(4)}?${query}`);
          fine(answer, `GET ${route.path}?${query}`);
        },
        i,
      );
    }
  }, 600_000);

  it('answers every generated submit with a 4xx or a success, and a refused one writes nothing', async () => {
    const submits = routes.filter((r) => r.method === 'POST' && genericOf(r)?.kind === 'submit');
    expect(submits.length).toBeGreaterThan(30);
    for (const [i, route] of submits.entries()) {
      const entity = genericOf(route)!.entity;
      const where = () => (entity.owner === 'tenant' ? sql`tenant_id = ${DEMO_TENANT}` : sql`true`);
      const id = entity.owner === 'tenant' ? await rowOf(server, entity, DEMO_TENANT) : undefined;
      await check(
        `POST ${route.path}`,
        bodyOf(allFields(entity), id),
        async (raw) => {
          const before = await fingerprint(server, [entity], where);
          const answer = await clientFor(entity).call('POST', route.path.slice(4), { raw });
          fine(answer, `POST ${route.path} ${raw.slice(0, 300)}`);
          if (answer.status >= 400) {
            const after = await fingerprint(server, [entity], where);
            if (after[entity.table] !== before[entity.table])
              throw new Error(`POST ${route.path} refused (${answer.status}) but changed ${entity.table}: ${raw.slice(0, 300)}`);
          }
        },
        100 + i,
      );
    }
  }, 600_000);

  it('answers every other call taking JSON with a 4xx or a success, hostile values in every declared parameter', async () => {
    const others = routes.filter((r) => r.method === 'POST' && !genericOf(r) && r.params.length > 0);
    expect(others.length).toBeGreaterThan(20);
    for (const [i, route] of others.entries()) {
      const entity = ownEntityOf(route);
      await check(
        `POST ${route.path}`,
        fc.tuple(bodyOf(untyped(route.params)), queryOf(untyped(route.params))),
        async ([raw, query]) => {
          const answer = await clientFor(entity).call('POST', `${route.path.slice(4)}?${query}`, { raw });
          fine(answer, `POST ${route.path}?${query} ${raw.slice(0, 300)}`);
        },
        300 + i,
      );
    }
    // The fuzzing's own sessions survived it.
    expect((await tenantAdmin.get('/blade-system/user/info')).status).toBe(200);
  }, 600_000);

  it('reaches every entity’s list and submit calls the definitions name', () => {
    const paths = new Set(routes.map((r) => `${r.method} ${r.path}`));
    const missing = ENTITIES.flatMap((e) =>
      routesOf(e)
        .filter((k) => k === 'list' || k === 'submit')
        .map((k) => `${k === 'list' ? 'GET' : 'POST'} /api${e.base}/${k}`)
        .filter((call) => !paths.has(call)),
    );
    expect(missing).toEqual([]);
  });
});
