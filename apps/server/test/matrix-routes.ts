/**
 * The route table and the entity definitions, as the generated matrices read
 * them (matrix-*.test.ts): every operation of the published OpenAPI document,
 * which generic call of which entity it is, and which of its parameters name
 * rows of which entity. A route added tomorrow appears here by itself; a
 * matrix fails until its parameters are understood or it is excluded with a
 * reason.
 */
import { columnOf, ENTITIES, referenceReadersOf, routesOf, type EntityDef, type GenericRoute } from '@property/domain';
import { sql } from 'kysely';
import { gardenColumnOf } from '../src/platform/security/access';
import type { ApiClient } from './client';
import type { TestServer } from './harness';

export interface RouteInfo {
  method: 'GET' | 'POST';
  path: string;
  /** Query and (JSON or form) body parameter names. */
  params: string[];
  /** Answers without a token. */
  isPublic: boolean;
  multipart: boolean;
  /** Parameters in the path itself (`/file/:name`). */
  hasPathParams: boolean;
}

type Schema = { properties?: Record<string, unknown>; $ref?: string };
type OpenApiOperation = {
  parameters?: Array<{ name: string; in: string }>;
  requestBody?: { content?: Record<string, { schema?: Schema }> };
  security?: unknown[];
};

/** Every operation under /api of the server's own document. */
export async function routeTable(server: TestServer): Promise<RouteInfo[]> {
  const document = (await (await fetch(`${server.url}/api/docs/json`)).json()) as {
    paths: Record<string, Record<string, OpenApiOperation>>;
    components: { schemas: Record<string, Schema> };
  };
  const resolve = (schema: Schema | undefined): Schema | undefined =>
    schema?.$ref ? document.components.schemas[schema.$ref.split('/').pop()!] : schema;
  const routes: RouteInfo[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, op] of Object.entries(item)) {
      const params = (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
      const content = op.requestBody?.content ?? {};
      for (const media of Object.values(content)) params.push(...Object.keys(resolve(media.schema)?.properties ?? {}));
      routes.push({
        method: method.toUpperCase() as 'GET' | 'POST',
        path: path.replace(/\{(\w+)\}/g, ':$1'),
        params: [...new Set(params)],
        isPublic: Array.isArray(op.security) && op.security.length === 0,
        multipart: 'multipart/form-data' in content,
        hasPathParams: path.includes('{'),
      });
    }
  }
  return routes;
}

/** The generic call a route is (spec §7.1), and of which entity. */
export function genericOf(route: RouteInfo): { entity: EntityDef; kind: GenericRoute } | undefined {
  for (const entity of ENTITIES) {
    for (const kind of routesOf(entity)) {
      if (route.path === `/api${entity.base}/${kind}`) return { entity, kind };
    }
  }
  return undefined;
}

/**
 * Routes (by path, or by a prefix ending in /) serving an entity under another base than its
 * definition's: the spec names some calls twice (§7), and some module calls' `id` is another
 * entity's than their prefix says.
 */
const OWN_ENTITY: Record<string, string> = {
  '/api/community-resource/garden/': 'garden',
  '/api/system-property/building/': 'house',
  '/api/citizen-user/building/': 'citizenHouse',
  '/api/blade-resource/parking/': 'parking',
  '/api/blade-resource/parkingspace/': 'parkingSpace',
  '/api/system-property/owner/listHouse': 'house',
  '/api/system-property/owner/detailhouse': 'house',
  '/api/system-property/owner/removeByHouseIds': 'house',
  '/api/system-property/owner/save': 'owner',
  '/api/system-property/owner/get-no-house-user-list': 'owner',
  '/api/system-property/owner/updatehouse': 'ownership',
  '/api/system-property/owner/save-user': 'citizenUser',
  '/api/community-resource/resource-search/search': 'garden', // ids of the level asked (type), gardens by default
  '/api/system-property/sms/remind-batch': 'paymentBill', // a bill list's filters pick the bills to remind
  '/api/system-property/patrol/': 'patrolTaskPoint', // patrol records are the checked and missed points
};

/** The entity a route belongs to: named above, else the one with the longest base its path starts with. */
export function ownEntityOf(route: RouteInfo): EntityDef | undefined {
  const named =
    OWN_ENTITY[route.path] ?? Object.entries(OWN_ENTITY).find(([p]) => p.endsWith('/') && route.path.startsWith(p))?.[1];
  if (named) return byName(named);
  return ENTITIES.filter((e) => route.path.startsWith(`/api${e.base}/`)).sort((a, b) => b.base.length - a.base.length)[0];
}

const byName = (name: string) => ENTITIES.find((e) => e.name === name);

/**
 * The entity whose ids a parameter carries, by its name (`gardenId`, `roleIds`, `UnitId`...): `id`,
 * `ids` and `parentId` are the route's own entity's. undefined: not an id parameter. null: an id
 * parameter the matrices do not know yet (the test names it).
 */
export function entityOfParam(route: RouteInfo, param: string): EntityDef | null | undefined {
  if (!/^(id|ids|[a-zA-Z]+Ids?)$/.test(param) || param === 'tenantId' || param === 'oauthId') return undefined;
  if (['id', 'ids', 'parentId'].includes(param)) return ownEntityOf(route) ?? null;
  const stem = param.replace(/Ids?$/, '');
  const name = stem.charAt(0).toLowerCase() + stem.slice(1);
  const known: Record<string, string> = { unit: 'unit', user: 'user', role: 'role', dept: 'dept', post: 'post', owner: 'owner' };
  return byName(known[name] ?? name) ?? PARAM_ENTITIES[name] ?? null;
}

/** Id parameters named differently from their entity. */
const PARAM_ENTITIES: Record<string, EntityDef | undefined> = {
  parking: byName('parking'),
  car: byName('car'),
  house: byName('house'),
  building: byName('building'),
  garden: byName('garden'),
  package: byName('tenantPackage'),
  // Workflow calls name the engine's rows by their role in a process.
  task: byName('flowTask'),
  model: byName('flowModel'),
  process: byName('flowDefinition'),
  processDefinition: byName('flowDefinition'),
  deployment: byName('flowDefinition'),
  processInstance: byName('flowInstance'),
  business: byName('leave'),
  // Billing calls name bills, items, formulas and orders shortly (billChildIds: chosen bills of a list).
  bill: byName('paymentBill'),
  billChild: byName('paymentBill'),
  item: byName('paymentItem'),
  formula: byName('payFormula'),
  order: byName('paymentOrder'),
  // Services: a repair is sent to a worker (a console user); patrol records name their point.
  worker: byName('user'),
  point: byName('patrolPoint'),
  // Club calls name a wallet by its balance row and a product's category shortly.
  balance: byName('clubBalance'),
  category: byName('clubCategory'),
  // Code generation records name the menu group their menu goes under.
  menuParent: byName('menu'),
};

/** Entities whose rows belong to one tenant, with the table the fingerprints read. */
export const TENANT_ENTITIES = ENTITIES.filter((e) => e.owner === 'tenant');

/** Entities whose rows belong to one garden. */
export const GARDEN_ENTITIES = TENANT_ENTITIES.filter((e) => gardenColumnOf(e) !== null);

/**
 * What the rows of every table look like now (md5 of each row's text, in id order) among the rows
 * `where` picks: compared before and after a call, any change to any such row shows. Runs a schedule
 * started are left out: the job queue's clock (patrol tasks, flow timers every quarter hour) writes them
 * whatever call the test makes at that moment.
 */
export async function fingerprint(
  server: TestServer,
  entities: ReadonlyArray<EntityDef>,
  where: (entity: EntityDef) => ReturnType<typeof sql>,
): Promise<Record<string, string>> {
  const prints: Record<string, string> = {};
  for (const entity of entities) {
    const rows = await sql<{ print: string | null }>`select md5(string_agg(t::text, '|' order by id)) as print
      from ${sql.table(entity.table)} t where ${where(entity)}
      ${entity.table === 'blade_job_run' ? sql`and scheduled = 0` : sql``}`.execute(server.built.services.db);
    prints[entity.table] = rows.rows[0]?.print ?? '';
  }
  return prints;
}

/** A value of a field's kind that its validation takes (for rows made where the seed has none). */
function sampleValue(entity: EntityDef, key: string): unknown {
  const def = entity.fields[key]!;
  switch (def.kind) {
    case 'int':
      return 1;
    case 'long':
      return 0;
    case 'money':
      return '1.00';
    case 'date':
      return '2024-01-01';
    case 'datetime':
      return '2024-01-01 00:00:00';
    case 'json':
      return '{}';
    default:
      return def.choices?.[0] ?? `m${key}`.slice(0, def.maxLength ?? 20);
  }
}

/**
 * A live row of `entity` in the tenant (and garden, when given): the first one seeded, or one made
 * from the definition's required fields when the seed has none.
 */
export async function rowOf(server: TestServer, entity: EntityDef, tenantId: string, gardenId?: string): Promise<string> {
  const db = server.built.services.db;
  const gardenColumn = gardenColumnOf(entity);
  const inGarden = gardenId && gardenColumn ? sql`and ${sql.ref(gardenColumn)} = ${gardenId}` : sql``;
  const found = await sql<{ id: string }>`select id from ${sql.table(entity.table)}
    where tenant_id = ${tenantId} and is_deleted = 0 ${inGarden} order by id limit 1`.execute(db);
  if (found.rows[0]) return String(found.rows[0].id);
  const values: Record<string, unknown> = { tenant_id: tenantId };
  for (const [key, def] of Object.entries(entity.fields)) {
    if (def.required || (def.default !== undefined && def.default !== null))
      values[columnOf(key, def)] = sampleValue(entity, key);
  }
  if (gardenId && gardenColumn && gardenColumn !== 'id') values[gardenColumn] = gardenId;
  const columns = Object.keys(values);
  const made = await sql<{ id: string }>`insert into ${sql.table(entity.table)} (${sql.join(columns.map((c) => sql.ref(c)))})
    values (${sql.join(columns.map((c) => values[c]))}) returning id`.execute(db);
  return String(made.rows[0]!.id);
}

/** Objects anywhere in an answer whose `id` is one of `ids`. */
export function idsIn(answer: unknown, ids: ReadonlySet<string>): string[] {
  const found: string[] = [];
  const walk = (value: unknown) => {
    if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === 'object') {
      const record = value as Record<string, unknown>;
      if (record.id !== undefined && ids.has(String(record.id))) found.push(String(record.id));
      Object.values(record).forEach(walk);
    }
  };
  walk(answer);
  return found;
}

/** Who a matrix aims at: a row of each entity it may aim at, and the text no answer may hold. */
export interface Aim {
  rowOf(entity: EntityDef): string | undefined;
  /** A fragment of JSON only a row of the other side carries (its tenant id, its garden id). */
  marker: string;
}

const routeKey = (route: RouteInfo) => `${route.method} ${route.path}`;

/**
 * The parameters a matrix sends a route: every id parameter it can place, with the aimed row of
 * its entity; `unknown` names those it cannot place. A generic call's other id parameters are list
 * filters on its own fields (the engine's scope applies whatever they say); its list is aimed at
 * the row by `id_equal`.
 */
export function aimAt(route: RouteInfo, aim: Aim): { params: Record<string, string>; unknown: string[] } {
  const params: Record<string, string> = {};
  const unknown: string[] = [];
  const generic = genericOf(route);
  for (const param of route.params) {
    const entity = entityOfParam(route, param);
    if (entity === undefined || (generic && entity === null)) continue;
    if (entity === null) unknown.push(param);
    else {
      const id = aim.rowOf(entity);
      if (id) params[param] = id;
    }
  }
  if (generic && (generic.kind === 'list' || generic.kind === 'page')) {
    const id = aim.rowOf(generic.entity);
    if (id) params.id_equal = id;
  }
  return { params, unknown };
}

/** Every read among `routes` called by `client` aimed at `aim`: what it answered that it must not have. */
export async function readLeaks(client: ApiClient, routes: RouteInfo[], aim: Aim): Promise<string[]> {
  const leaks: string[] = [];
  for (const route of routes.filter((r) => r.method === 'GET')) {
    const { params } = aimAt(route, aim);
    const answer = await client.get(route.path.slice('/api'.length), params);
    if (answer.status >= 500) leaks.push(`${routeKey(route)} answered ${answer.status}`);
    if (JSON.stringify(answer.body).includes(aim.marker)) leaks.push(`${routeKey(route)} answered ${aim.marker}`);
    const own = ownEntityOf(route);
    const ownRow = own && aim.rowOf(own);
    const aimed = new Set([...Object.values(params), ...(ownRow ? [ownRow] : [])]);
    const found = ownRow ? idsIn((answer.body as { data?: unknown })?.data, aimed) : [];
    if (found.length) leaks.push(`${routeKey(route)} answered the aimed row ${found.join(',')}`);
  }
  return leaks;
}

/**
 * Every write among `routes` called by `client` aimed at `aim`, the aimed side's rows fingerprinted
 * after each: which calls changed any of them, accepted an update of one, or failed with a 5xx.
 */
export async function writeChanges(
  server: TestServer,
  client: ApiClient,
  routes: RouteInfo[],
  aim: Aim,
  entities: ReadonlyArray<EntityDef>,
  where: (entity: EntityDef) => ReturnType<typeof sql>,
): Promise<string[]> {
  const changed: string[] = [];
  let before = await fingerprint(server, entities, where);
  for (const route of routes.filter((r) => r.method === 'POST')) {
    const { params } = aimAt(route, aim);
    const generic = genericOf(route);
    let answer;
    if (generic?.kind === 'submit') {
      const target = aim.rowOf(generic.entity);
      if (!target) continue;
      const text = Object.entries(generic.entity.fields).find(([, d]) => d.kind === 'text' && !d.readOnly && !d.options)?.[0];
      answer = await client.post(route.path.slice(4), { id: target, ...(text ? { [text]: 'matrix' } : {}) });
      if (answer.status < 400) changed.push(`${routeKey(route)} accepted an update of the aimed row ${target}`);
    } else if (route.multipart) {
      answer = await client.call('POST', route.path.slice(4), { query: params });
    } else {
      answer = await client.call('POST', route.path.slice(4), { query: params, body: params });
    }
    if (answer.status >= 500) changed.push(`${routeKey(route)} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
    const after = await fingerprint(server, entities, where);
    for (const [table, print] of Object.entries(after)) {
      if (before[table] !== print) changed.push(`${routeKey(route)} changed the aimed side's ${table}`);
    }
    before = after;
  }
  return changed;
}

/**
 * The lists read as references (docs/api-conventions.md, "Reference reads"): each list call of an
 * entity that others' menus may read, with those menus' codes. The permission matrix grants each
 * such menu alone and expects the list read, within the caller's gardens, and every write refused.
 */
export function referenceReads(
  routes: RouteInfo[],
): Array<{ route: RouteInfo; entity: EntityDef; readers: ReadonlyArray<string> }> {
  return routes.flatMap((route) => {
    const generic = genericOf(route);
    const readers = generic?.kind === 'list' ? referenceReadersOf(generic.entity) : [];
    return generic && readers.length > 0 ? [{ route, entity: generic.entity, readers }] : [];
  });
}
