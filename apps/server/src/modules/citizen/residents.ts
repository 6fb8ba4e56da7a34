import {
  carEntity,
  familyEntity,
  houseEntity,
  lesseeEntity,
  ownerEntity,
  ownershipEntity,
  RESIDENT_TYPES,
  type EntityDef,
} from '@property/domain';
import { sql, type RawBuilder } from 'kysely';
import { parseId, type CrudContext, type Page, type Row } from '../../platform/crud/engine';
import { parseListQuery } from '../../platform/crud/filters';
import { boundedTotal, requireShallow } from '../../platform/crud/paging';

type Query = Record<string, unknown>;

/** The caller's live rows of an entity, as a condition on its unqualified columns. */
const live = (ctx: CrudContext, entity: EntityDef) => sql.join([sql`is_deleted = 0`, ...ctx.rowScope(entity)], sql` and `);

const optionalId = (query: Query, name: string) =>
  query[name] === undefined || query[name] === '' ? undefined : parseId(query[name], name);

/**
 * Everyone who lives in houses, one row per person and house: owners (once
 * per bound house, or once without a house when unbound), family members and
 * lessees, each with `type` 1/2/3. Narrowed by house, garden, owner, type,
 * name or phone (contains).
 */
function residentsQuery(ctx: CrudContext, query: Query): { from: RawBuilder<unknown>; where: RawBuilder<unknown> } {
  const from = sql`(
    select o.id, 1 as type, o.name, o.phone, o.sex, o.id_card, s.house_id, coalesce(s.garden_id, o.garden_id) as garden_id,
      o.id as owner_id, null::int as relation, o.user_id, o.create_time
    from (select * from property_owner where ${live(ctx, ownerEntity)}) o
    left join (select * from property_ownership where ${live(ctx, ownershipEntity)}) s on s.owner_id = o.id
    union all
    select id, 2, name, phone, sex, id_card, house_id, garden_id, owner_id, relation, user_id, create_time
    from property_family where ${live(ctx, familyEntity)}
    union all
    select id, 3, name, phone, null, id_card, house_id, garden_id, owner_id, null, null, create_time
    from property_lessee where ${live(ctx, lesseeEntity)}
  ) r left join property_house h on h.id = r.house_id`;
  const where: RawBuilder<unknown>[] = [sql`true`];
  for (const [key, column] of [
    ['houseId', 'house_id'],
    ['gardenId', 'garden_id'],
    ['ownerId', 'owner_id'],
  ] as const) {
    const id = optionalId(query, key);
    if (id) where.push(sql`r.${sql.ref(column)} = ${id}`);
  }
  const type = query.type === undefined || query.type === '' ? undefined : Number(query.type);
  if (type !== undefined) where.push(sql`r.type = ${RESIDENT_TYPES[type] ? type : -1}`);
  for (const key of ['name', 'phone'] as const) {
    const text = query[key];
    if (typeof text === 'string' && text.trim() !== '')
      where.push(sql`r.${sql.ref(key)} ilike ${`%${text.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`);
  }
  return { from, where: sql.join(where, sql` and `) };
}

const residentJson = (r: Row): Row => ({
  id: String(r.id),
  type: Number(r.type),
  typeName: RESIDENT_TYPES[Number(r.type)],
  name: r.name,
  phone: r.phone,
  sex: r.sex,
  idCard: r.id_card,
  houseId: r.house_id === null ? null : String(r.house_id),
  houseName: r.house_name ?? null,
  gardenId: r.garden_id === null ? null : String(r.garden_id),
  ownerId: r.owner_id === null ? null : String(r.owner_id),
  relation: r.relation,
  userId: r.user_id === null ? null : String(r.user_id),
});

const ORDER = sql`order by r.type, h.house_name nulls last, r.create_time desc, r.id`;

/** Every resident of the filters, unpaged (one house's people: at most a few dozen). */
export async function allResidents(ctx: CrudContext, query: Query): Promise<Row[]> {
  const { from, where } = residentsQuery(ctx, query);
  const rows = await sql<Row>`select r.*, h.house_name from ${from} where ${where} ${ORDER} limit 5000`.execute(ctx.db);
  return rows.rows.map(residentJson);
}

export async function pageResidents(ctx: CrudContext, query: Query): Promise<Page> {
  // Paging parameters are checked as every list checks them; the union has no index order, so no keyset paging.
  const { current, size } = parseListQuery(ownerEntity, { current: query.current, size: query.size });
  requireShallow(current, size);
  const { from, where } = residentsQuery(ctx, query);
  const [total, rows] = await Promise.all([
    boundedTotal(ctx.db, { from, where }),
    sql<Row>`select r.*, h.house_name from ${from} where ${where} ${ORDER} limit ${size} offset ${(current - 1) * size}`.execute(
      ctx.db,
    ),
  ]);
  return {
    records: rows.rows.map(residentJson),
    total: total.total,
    size,
    current,
    pages: Math.ceil(total.total / size),
    searchCount: true,
    totalExact: total.exact,
  };
}

/**
 * The numbers of a garden (all gardens without one): owners (bound there or
 * belonging there), houses, houses with an owner, family members, lessees and
 * cars.
 */
export async function residentSums(ctx: CrudContext, gardenId: string | undefined): Promise<Record<string, number>> {
  const inGarden = gardenId ? sql`garden_id = ${gardenId}` : sql`true`;
  const ownersHere = gardenId
    ? sql`(garden_id = ${gardenId} or id in (select owner_id from property_ownership where is_deleted = 0
        and tenant_id = ${ctx.auth.tenantId} and garden_id = ${gardenId}))`
    : sql`true`;
  const result = await sql<Record<string, number>>`select
    (select count(*)::int from property_owner where ${live(ctx, ownerEntity)} and ${ownersHere}) as "ownerCount",
    (select count(*)::int from property_house where ${live(ctx, houseEntity)} and ${inGarden}) as "houseCount",
    (select count(distinct house_id)::int from property_ownership where ${live(ctx, ownershipEntity)} and ${inGarden})
      as "boundHouseCount",
    (select count(*)::int from property_family where ${live(ctx, familyEntity)} and ${inGarden}) as "familyCount",
    (select count(*)::int from property_lessee where ${live(ctx, lesseeEntity)} and ${inGarden}) as "lesseeCount",
    (select count(*)::int from property_car where ${live(ctx, carEntity)} and ${inGarden}) as "carCount"`.execute(ctx.db);
  return result.rows[0]!;
}
