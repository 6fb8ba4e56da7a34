import { BILL_ACTION, BILL_STATUS, CYCLE_MONTHS, ORDER_STATUS, SPACE_STATUS } from '@property/domain';
import { sql, type RawBuilder } from 'kysely';
import { billsInPeriod, monthIndex, periodOf } from '../modules/billing/generation';
import { closeBills, reduceBill, refundBill } from '../modules/billing/payments';
import type { Db } from '../platform/db/database';
import { seedAdminContext } from './community';

/** Months of bills the demo tenant gets, up to and including this month. */
const MONTHS = 12;

const FORMULAS = [
  { key: 'area', name: '建筑面积计费', type: 1, expression: null, remark: '建筑面积×单价×月数+附加费' },
  { key: 'fixed', name: '固定金额', type: 2, expression: null, remark: '每期固定金额' },
  { key: 'meter', name: '抄表计费', type: 4, expression: null, remark: '(本期读数−上期读数)×单价' },
  {
    key: 'lift',
    name: '电梯分摊公式',
    type: 6,
    expression: 'builtArea * price * (1 + (floor - 6) * 0.02)',
    remark: '高层按楼层递增分摊电梯运行费',
  },
] as const;

type Target = 'houses' | 'firstBuilding' | 'firstUnit' | 'spaces' | 'upper';
interface ItemSeed {
  name: string;
  feeType: number;
  formula: (typeof FORMULAS)[number]['key'];
  price: [string, string]; // per garden, in DEMO_GARDENS order
  /** billing_cycle: 1 monthly, 2 quarterly. */
  cycle: 1 | 2;
  dueDay: number;
  lateFee?: { percent: string; grace: number; cap: string };
  vacantPercent?: string;
  /**
   * Who is bound: every house; the lived-in houses of each garden's first
   * building (water meters read by the company) or of its first unit
   * (electricity); sold or let parking spaces; upper floors of the second
   * garden's first building (the lift).
   */
  target: Target;
}

/**
 * Property fees, water and the lift quarterly (as many companies bill them), electricity and parking monthly:
 * about 7,000 bills a year, which keeps the first start's seeding to a few seconds.
 */
const ITEMS: ItemSeed[] = [
  {
    name: '物业服务费',
    feeType: 1,
    formula: 'area',
    price: ['2.50', '2.80'],
    cycle: 2,
    dueDay: 15,
    lateFee: { percent: '0.05', grace: 15, cap: '200.00' },
    vacantPercent: '50',
    target: 'houses',
  },
  {
    name: '水费',
    feeType: 2,
    formula: 'meter',
    price: ['4.20', '4.20'],
    cycle: 2,
    dueDay: 20,
    lateFee: { percent: '0.05', grace: 10, cap: '50.00' },
    target: 'firstBuilding',
  },
  { name: '电费', feeType: 3, formula: 'meter', price: ['0.68', '0.68'], cycle: 1, dueDay: 20, target: 'firstUnit' },
  { name: '车位管理费', feeType: 5, formula: 'fixed', price: ['150.00', '180.00'], cycle: 1, dueDay: 10, target: 'spaces' },
  { name: '电梯运行费', feeType: 7, formula: 'lift', price: ['0.30', '0.30'], cycle: 2, dueDay: 15, target: 'upper' },
];

/** Per meter item, a period's usage derived from the house's id: water 18–62 t a quarter, electricity 120–400 kWh a month. */
const USAGE: Record<string, { base: number; spread: number; start: number }> = {
  水费: { base: 18, spread: 45, start: 300 },
  电费: { base: 120, spread: 281, start: 5000 },
};

/** The amount's parts per formula, in SQL over the binding's house (h), reading (m) and the item's price: as the money module computes them. */
const BASE: Record<
  ItemSeed['formula'],
  (price: string, months: number) => { quantity: RawBuilder<unknown>; unitPrice: boolean; raw: RawBuilder<unknown> }
> = {
  area: (price, months) => ({
    quantity: sql`h.built_area * ${months}::int`,
    unitPrice: true,
    raw: sql`h.built_area * ${months}::int * ${price}::numeric`,
  }),
  fixed: (price) => ({ quantity: sql`1`, unitPrice: true, raw: sql`${price}::numeric` }),
  meter: (price) => ({
    quantity: sql`m.current_reading - m.last_reading`,
    unitPrice: true,
    raw: sql`(m.current_reading - m.last_reading) * ${price}::numeric`,
  }),
  lift: (price) => ({
    quantity: sql`null::numeric`,
    unitPrice: false,
    raw: sql`h.built_area * ${price}::numeric * (1 + (h.floor - 6) * 0.02)`,
  }),
};

/**
 * A year of billing for the demo tenant, so every bill list, its totals and
 * the cashier show real data: formulas, charge items per garden (property fee
 * by area with a vacant discount, water and electricity by meter, parking
 * spaces fixed, a lift fee by expression), bindings, meter readings, and the
 * bills of the last twelve months with their lines and log. Set-based (a
 * staging table, then one insert per table): the amounts are computed in SQL
 * exactly as the money module does (test: seeded amounts equal the
 * generator's plan). Most owners paid each period within the grace period
 * (one order per house or space and period, receipt numbers per garden and
 * year, a third printed); about one payer in eleven never pays (overdue
 * bills with late fees); last month is partly paid, this month paid by a
 * quarter of the payers whose day has already come (so the dashboard's month
 * and day figures show something on any day but the 1st). A few
 * moves go through the cashier's own functions: reductions, a closed bill, a
 * full and a partial refund. Idempotent: a tenant with charge items is left alone.
 */
export async function seedDemoBilling(db: Db, tenantId: string): Promise<void> {
  const had = await sql`select 1 from property_payment_item where tenant_id = ${tenantId} limit 1`.execute(db);
  const gardens = await sql<{ id: string }>`select id from property_garden
    where tenant_id = ${tenantId} and is_deleted = 0 order by sort, id limit 2`.execute(db);
  if (had.rows.length > 0 || gardens.rows.length === 0) return;
  const ctx = await seedAdminContext(db, tenantId);
  // Typed: inside a union or a case, an untyped parameter would be read as text.
  const who = sql`${ctx.auth.userId || null}::bigint, ${ctx.auth.deptId || null}::bigint, ${ctx.auth.userId || null}::bigint`;
  const thisMonth = (await sql<{ p: string }>`select to_char(localtimestamp, 'YYYY-MM') as p`.execute(db)).rows[0]!.p;
  const periods = Array.from({ length: MONTHS }, (_, i) => periodOf(monthIndex(thisMonth) - MONTHS + 1 + i));
  const firstDay = `${periods[0]}-01`;

  const formulaIds = new Map<string, string>();
  for (const f of FORMULAS) {
    const made = await sql<{ id: string }>`insert into property_pay_formula (tenant_id, formula_name, formula_type, expression,
        remark, create_user, create_dept, update_user)
      values (${tenantId}, ${f.name}, ${f.type}, ${f.expression}, ${f.remark}, ${who}) returning id`.execute(db);
    formulaIds.set(f.key, String(made.rows[0]!.id));
  }

  const staged: Array<{ item: Record<string, unknown>; seed: ItemSeed; billed: string[] }> = [];
  for (const [g, garden] of gardens.rows.entries()) {
    for (const seed of ITEMS) {
      if (seed.target === 'upper' && g !== 1) continue;
      const made = await sql<Record<string, unknown>>`insert into property_payment_item (tenant_id, garden_id, item_name,
          fee_type, formula_id, unit_price, billing_cycle, due_day, late_fee_percent, late_fee_grace_days, late_fee_cap,
          vacant_percent, start_date, create_user, create_dept, update_user)
        values (${tenantId}, ${garden.id}, ${seed.name}, ${seed.feeType}, ${formulaIds.get(seed.formula)!}, ${seed.price[g]!},
          ${seed.cycle}, ${seed.dueDay}, ${seed.lateFee?.percent ?? null}, ${seed.lateFee?.grace ?? 0},
          ${seed.lateFee?.cap ?? null}, ${seed.vacantPercent ?? null}, ${firstDay}::date, ${who}) returning *`.execute(db);
      const item = made.rows[0]!;
      // The generator's own rule for which periods an item bills in.
      const billed = periods.filter((p) => billsInPeriod(item, p));
      await bind(db, tenantId, garden.id, String(item.id), seed.target, firstDay, who);
      const usage = USAGE[seed.name];
      if (usage) await readMeters(db, tenantId, String(item.id), billed, usage, who);
      staged.push({ item, seed, billed });
    }
  }
  // Tables filled within this transaction have no statistics yet: without them the planner loops over whole tables.
  await sql`analyze property_payment_item_house, property_meter_reading, property_house, property_parking_space,
    property_ownership, property_owner`.execute(db);
  await sql`create temp table seed_bill (id bigint, garden_id bigint, building_id bigint, unit_id bigint, house_id bigint,
      parking_space_id bigint, house_name text, owner_id bigint, owner_name text, owner_phone text, item_id bigint,
      item_name text, fee_type int, period text, start_date date, end_date date, due_date date, base_quantity numeric,
      unit_price numeric, base numeric, vacant numeric, amount numeric, payer bigint) on commit drop`.execute(db);
  for (const { item, seed, billed } of staged) await stageBills(db, tenantId, item, seed, billed);
  await sql`analyze seed_bill`.execute(db);
  await writeBills(db, tenantId, periods, who);
  await specialCases(ctx, tenantId);
  // PGlite has no autovacuum to gather statistics: without them the lists' plans scan whole tables.
  await sql`analyze property_payment_bill, property_payment_bill_child, property_bill_log, property_payment_order,
    property_payment_order_print`.execute(db);
}

/** Bindings of an item, set-based. */
async function bind(
  db: Db,
  tenantId: string,
  gardenId: string,
  itemId: string,
  target: Target,
  from: string,
  who: RawBuilder<unknown>,
): Promise<void> {
  if (target === 'spaces') {
    await sql`insert into property_payment_item_house (tenant_id, garden_id, item_id, parking_space_id, start_date,
        create_user, create_dept, update_user)
      select tenant_id, garden_id, ${itemId}, id, ${from}::date, ${who} from property_parking_space
      where tenant_id = ${tenantId} and garden_id = ${gardenId} and is_deleted = 0
        and space_status in (${SPACE_STATUS.sold}, ${SPACE_STATUS.rented})`.execute(db);
    return;
  }
  const firstBuilding = sql`h.building_id = (select min(id) from property_building where garden_id = ${gardenId}
    and is_deleted = 0)`;
  const firstUnit = sql`h.unit_id = (select min(u.id) from property_unit u where u.building_id = h.building_id
    and u.is_deleted = 0)`;
  const which = {
    houses: sql``,
    firstBuilding: sql`and h.house_status <> 3 and ${firstBuilding}`,
    firstUnit: sql`and h.house_status <> 3 and ${firstBuilding} and ${firstUnit}`,
    upper: sql`and h.floor >= 7 and ${firstBuilding}`,
  }[target];
  await sql`insert into property_payment_item_house (tenant_id, garden_id, building_id, item_id, house_id, start_date,
      create_user, create_dept, update_user)
    select h.tenant_id, h.garden_id, h.building_id, ${itemId}, h.id, ${from}::date, ${who} from property_house h
    where h.tenant_id = ${tenantId} and h.garden_id = ${gardenId} and h.is_deleted = 0 ${which}`.execute(db);
}

/** A reading per bound house and billed period: the meter rises by a usage derived from the house and the period. */
async function readMeters(
  db: Db,
  tenantId: string,
  itemId: string,
  periods: string[],
  usage: { base: number; spread: number; start: number },
  who: RawBuilder<unknown>,
): Promise<void> {
  await sql`insert into property_meter_reading (tenant_id, garden_id, house_id, item_id, period, last_reading, current_reading,
      read_date, create_user, create_dept, update_user)
    select tenant_id, garden_id, house_id, ${itemId}, period, reading - used, reading, (period || '-01')::date, ${who}
    from (
      select b.tenant_id, b.garden_id, b.house_id, p.period, p.used,
        ${usage.start} + sum(p.used) over (partition by b.house_id order by p.period) as reading
      from property_payment_item_house b
        cross join lateral (select ps.period, ${usage.base} + (b.house_id * 7 + ps.k * 13) % ${usage.spread} as used
          from unnest(array[${sql.join(periods)}]::text[]) with ordinality as ps(period, k)) p
      where b.item_id = ${itemId} and b.is_deleted = 0 and b.tenant_id = ${tenantId}
    ) r`.execute(db);
}

/**
 * One item's bills of the year into the staging table: per bound house or
 * space and billed period, its base line and vacant discount rounded half up
 * to cents, owner and names copied as the generator copies them.
 */
async function stageBills(
  db: Db,
  tenantId: string,
  item: Record<string, unknown>,
  seed: ItemSeed,
  periods: string[],
): Promise<void> {
  if (periods.length === 0) return;
  const months = CYCLE_MONTHS[seed.cycle] ?? 1;
  const base = BASE[seed.formula](String(item.unit_price), months);
  const vacant = seed.vacantPercent
    ? sql`case when h.house_status = 3 then -round(round(${base.raw}, 2) * ${seed.vacantPercent}::numeric / 100, 2) else 0 end`
    : sql`0`;
  const reading =
    seed.formula === 'meter'
      ? sql`join property_meter_reading m on m.item_id = h.item_id and m.house_id = h.house_id and m.period = p.period
          and m.is_deleted = 0`
      : sql``;
  await sql`insert into seed_bill (id, garden_id, building_id, unit_id, house_id, parking_space_id, house_name, owner_id,
      owner_name, owner_phone, item_id, item_name, fee_type, period, start_date, end_date, due_date, base_quantity, unit_price,
      base, vacant, amount, payer)
    select nextval('blade_id_seq'), x.*, x.base + x.vacant, coalesce(x.house_id, x.parking_space_id) from (
      select h.garden_id, h.building_id, h.unit_id, h.house_id, h.parking_space_id, coalesce(h.house_name, h.space_no),
        h.owner_id, h.owner_name, h.owner_phone, h.item_id, ${String(item.item_name)}, ${seed.feeType}::int, p.period, (p.period || '-01')::date,
        ((p.period || '-01')::date + make_interval(months => ${months}::int) - interval '1 day')::date,
        (p.period || '-01')::date + ${seed.dueDay - 1}::int, round(${base.quantity}, 2),
        ${base.unitPrice ? sql`${String(item.unit_price)}::numeric` : sql`null::numeric`}, round(${base.raw}, 2) as base,
        ${vacant} as vacant
      from (
        -- Each binding with its house or space and owner once (h), then per period.
        select b.garden_id, b.house_id, b.parking_space_id, b.item_id, h.building_id, h.unit_id, h.house_name, h.built_area,
          h.floor, h.house_status, s.space_no, coalesce(o.id, so.id) as owner_id, coalesce(o.name, so.name) as owner_name,
          coalesce(o.phone, so.phone) as owner_phone
        from property_payment_item_house b
          left join property_house h on h.id = b.house_id
          left join property_parking_space s on s.id = b.parking_space_id
          left join (select distinct on (r.house_id) r.house_id, w.id, w.name, w.phone from property_ownership r
            join property_owner w on w.id = r.owner_id and w.is_deleted = 0
            where r.is_deleted = 0 and r.tenant_id = ${tenantId} order by r.house_id, r.id) o on o.house_id = b.house_id
          -- A space's bills are made out to its owner, as generation makes them.
          left join property_owner so on so.id = s.owner_id and so.is_deleted = 0
        where b.item_id = ${String(item.id)} and b.is_deleted = 0
      ) h
        cross join unnest(array[${sql.join(periods)}]::text[]) as p(period)
        ${reading}
    ) x`.execute(db);
}

/**
 * The staged bills into their tables, with the payments: every payer but
 * about one in eleven (id % 11 = 3) paid all but the last two months, last
 * month two in three, this month one in four so far (a payment not after the
 * seeding), between the 1st and the 19th of the period (inside the
 * grace period: no late fee); one order per payer and period with its
 * receipt number per garden and year; a third of the receipts printed.
 */
async function writeBills(db: Db, tenantId: string, periods: string[], who: RawBuilder<unknown>): Promise<void> {
  const [lastMonth, thisMonth] = periods.slice(-2) as [string, string];
  const older = periods.slice(0, -2);
  await sql`create temp table seed_order on commit drop as
    select nextval('blade_id_seq') as id, x.*, extract(year from x.pay_time)::int as year,
      row_number() over (partition by x.garden_id, extract(year from x.pay_time) order by x.pay_time, x.payer, x.period) as seq
    from (
      select b.garden_id, b.house_id, b.parking_space_id, b.period, b.payer, min(b.house_name) as house_name,
        min(b.owner_name) as owner_name, min(b.owner_phone) as owner_phone, 1 + b.payer % 4 as pay_type,
        string_agg(b.id::text, ',' order by b.id) as bill_ids, count(*)::int as bill_count, sum(b.amount) as owed,
        (min(b.start_date) + make_interval(days => (b.payer % 19)::int, hours => 9 + (b.payer % 9)::int,
          mins => (b.payer % 60)::int))::timestamp(0) as pay_time
      from seed_bill b
      where b.payer % 11 <> 3 and (b.period in (${sql.join(older)}) or (b.period = ${lastMonth} and b.payer % 3 <> 0)
        or (b.period = ${thisMonth} and b.payer % 4 = 1))
      group by b.garden_id, b.house_id, b.parking_space_id, b.period, b.payer
    ) x
    where x.pay_time <= localtimestamp(0)`.execute(db);
  await sql`insert into property_payment_order (id, tenant_id, garden_id, house_id, house_name, owner_name, owner_phone,
      pay_type, bill_ids, bill_count, bill_amount, late_fee, total_amount, refund_amount, order_status, pay_time, order_no,
      receipt_no, receipt_year, receipt_seq, client_key, create_user, create_dept, update_user, create_time, update_time)
    select o.id, ${tenantId}, o.garden_id, o.house_id, o.house_name, o.owner_name, o.owner_phone, o.pay_type, o.bill_ids,
      o.bill_count, o.owed, 0, o.owed, 0, ${ORDER_STATUS.paid}::int, o.pay_time, 'PO' || to_char(o.pay_time, 'YYYYMMDD') || o.id,
      g.garden_code || '-' || o.year || '-' || lpad(o.seq::text, 6, '0'), o.year, o.seq, 'seed-' || o.id, ${who},
      o.pay_time, o.pay_time
    from seed_order o join property_garden g on g.id = o.garden_id`.execute(db);
  const paid = sql`o.id is not null`;
  await sql`insert into property_payment_bill (id, tenant_id, garden_id, building_id, unit_id, house_id, parking_space_id,
      house_name, owner_id, owner_name, owner_phone, item_id, item_name, fee_type, period, start_date, end_date, due_date,
      amount, bill_key, bill_status, paid_amount, late_fee, pay_type, pay_time, order_id, create_user, create_dept,
      update_user, create_time, update_time)
    select b.id, ${tenantId}, b.garden_id, b.building_id, b.unit_id, b.house_id, b.parking_space_id, b.house_name,
      b.owner_id, b.owner_name, b.owner_phone, b.item_id, b.item_name, b.fee_type, b.period, b.start_date, b.end_date,
      b.due_date, b.amount,
      case when b.house_id is not null then 'H' || b.house_id else 'P' || b.parking_space_id end || ':I' || b.item_id || ':' || b.period,
      case when ${paid} then ${BILL_STATUS.paid}::int else ${BILL_STATUS.unpaid}::int end, case when ${paid} then b.amount else 0 end,
      0, o.pay_type, o.pay_time, o.id, ${who}, b.start_date, coalesce(o.pay_time, b.start_date)
    from seed_bill b left join seed_order o on o.payer = b.payer and o.period = b.period
      and o.house_id is not distinct from b.house_id and o.parking_space_id is not distinct from b.parking_space_id`.execute(db);
  await sql`insert into property_payment_bill_child (tenant_id, bill_id, garden_id, line_type, item_name, quantity,
      unit_price, amount, create_user, create_dept, update_user, create_time, update_time)
    select ${tenantId}, b.id, b.garden_id, l.line_type, b.item_name, l.quantity, l.unit_price, l.amount, ${who},
      b.start_date, b.start_date
    from seed_bill b cross join lateral (values (1, b.base_quantity, b.unit_price, b.base),
      (3, null::numeric, null::numeric, b.vacant)) l(line_type, quantity, unit_price, amount)
    where l.line_type = 1 or b.vacant <> 0`.execute(db);
  await sql`insert into property_bill_log (tenant_id, bill_id, garden_id, house_name, action, from_status, to_status, amount,
      remark, operator_name, create_user, create_dept, update_user, create_time, update_time)
    select ${tenantId}::text, b.id, b.garden_id, b.house_name, ${BILL_ACTION.create}::int, null::int, ${BILL_STATUS.unpaid}::int, b.amount, null::text,
      'admin', ${who}, b.start_date, b.start_date from seed_bill b
    union all
    select ${tenantId}::text, b.id, b.garden_id, b.house_name, ${BILL_ACTION.pay}::int, ${BILL_STATUS.unpaid}::int, ${BILL_STATUS.paid}::int,
      b.amount, po.receipt_no, 'admin', ${who}, o.pay_time, o.pay_time
    from seed_bill b join seed_order o on o.payer = b.payer and o.period = b.period
      and o.house_id is not distinct from b.house_id and o.parking_space_id is not distinct from b.parking_space_id
      join property_payment_order po on po.id = o.id`.execute(db);
  await sql`insert into property_payment_order_print (tenant_id, order_id, garden_id, order_no, receipt_no, house_name,
      total_amount, paper_size, copy, print_no, create_user, create_dept, update_user, create_time, update_time)
    select tenant_id, id, garden_id, order_no, receipt_no, house_name, total_amount, 'A5', 0, 1, ${who}, pay_time, pay_time
    from property_payment_order where tenant_id = ${tenantId} and id % 3 = 0`.execute(db);
}

/** The rarer moves, through the cashier's own functions (each logged with who): reductions, a close, two refunds. */
async function specialCases(ctx: Awaited<ReturnType<typeof seedAdminContext>>, tenantId: string): Promise<void> {
  const pick = async (status: number, feeType: number, skip: number) =>
    (
      await sql<{ id: string }>`select id from property_payment_bill where tenant_id = ${tenantId} and is_deleted = 0
        and bill_status = ${status} and fee_type = ${feeType} order by period, id offset ${skip} limit 1`.execute(ctx.db)
    ).rows[0]?.id;
  const reasons = ['困难户减免', '装修期间空置减免', '物业服务投诉协商减免'];
  for (const [i, reason] of reasons.entries()) {
    const id = await pick(BILL_STATUS.unpaid, 1, i * 7);
    if (id) await reduceBill(ctx, { billId: id, reduceAmount: `${20 + i * 10}.00`, reason });
  }
  const duplicate = await pick(BILL_STATUS.unpaid, 5, 0);
  if (duplicate) await closeBills(ctx, duplicate, '车位已退租,账单作废');
  const refundAll = await pick(BILL_STATUS.paid, 1, 3);
  if (refundAll) await refundBill(ctx, { billId: refundAll, reason: '业主重复缴费,全额退回' });
  const refundPart = await pick(BILL_STATUS.paid, 2, 5);
  if (refundPart) await refundBill(ctx, { billId: refundPart, refundAmount: '10.00', reason: '水表故障,退还部分水费' });
}
