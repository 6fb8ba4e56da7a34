import {
  BILL_ACTION,
  CYCLE_MONTHS,
  Money,
  ONE_OFF_CYCLE,
  paymentBillEntity,
  type ErrorKey,
  type Locale,
  translate,
} from '@property/domain';
import { sql } from 'kysely';
import { auditInsertSql } from '../../platform/crud/audit';
import type { CrudContext, Row } from '../../platform/crud/engine';
import { inTransaction } from '../../platform/db/transaction';
import { badRequest } from '../../platform/http/errors';
import { deductGenerated } from './auto-deduct';

/**
 * Bills of a period from the charge items bound to houses and parking spaces.
 * Each bill's key is house-or-space × item × period (× "once" for one-off
 * items), unique among live bills: generation inserts in chunks, each its own
 * transaction, skipping keys that exist, so a run that was stopped halfway is
 * completed by running it again and a second run adds nothing.
 */
export interface GenerationScope {
  gardenId: string;
  buildingId?: string;
  /** One unit (单元) of the garden: its houses only (parking spaces belong to no unit). */
  unitId?: string;
  itemIds?: string[];
  period: string;
}

/** What one bound house or space will be charged, ready to insert. */
export interface PlannedBill {
  billKey: string;
  row: Record<string, unknown>;
  lines: Money.ChargeLine[];
}

export interface GenerationProblem {
  houseName: string | null;
  itemName: string | null;
  key: ErrorKey;
  params?: Record<string, string | number>;
}

export const CHUNK = 2000;
/** The most bills one run may plan (a garden of 100,000 houses with a few items). */
export const MAX_RUN = 500_000;

const LINE_TYPE = { base: 1, additional: 2, vacant: 3 } as const;

const monthIndex = (period: string) => Number(period.slice(0, 4)) * 12 + Number(period.slice(5, 7)) - 1;
const periodOf = (index: number) => `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
const lastDay = (index: number) => {
  const next = index + 1;
  return new Date(Date.UTC(Math.floor(next / 12), next % 12, 0)).toISOString().slice(0, 10);
};

/** Whether an item bills in this period: within its dates, and on its cycle (anchored at its start month, else January). */
export function billsInPeriod(item: Row, period: string): boolean {
  const at = monthIndex(period);
  if (item.start_date && at < monthIndex(String(item.start_date).slice(0, 7))) return false;
  if (item.end_date && at > monthIndex(String(item.end_date).slice(0, 7))) return false;
  const months = CYCLE_MONTHS[Number(item.billing_cycle ?? 1)] ?? 1;
  if (Number(item.billing_cycle) === ONE_OFF_CYCLE || months === 1) return true;
  const anchor = item.start_date ? monthIndex(String(item.start_date).slice(0, 7)) : Math.floor(at / 12) * 12;
  return (at - anchor) % months === 0;
}

/** The charge rule of an item with its formula. */
export function ruleOf(item: Row): Money.ChargeRule {
  return {
    kind: Number(item.formula_type ?? 1) as Money.FormulaKind,
    unitPrice: String(item.unit_price ?? '0'),
    additional: (item.additional_amount as string | null) ?? '0',
    places: Math.min(2, Math.max(0, Number(item.decimal_places ?? 2))),
    roundMode: Money.ROUND_MODES[Number(item.round_mode ?? 1)] ?? 'halfUp',
    months: Number(item.billing_cycle) === ONE_OFF_CYCLE ? 1 : (CYCLE_MONTHS[Number(item.billing_cycle ?? 1)] ?? 1),
    expression: (item.expression as string | null) ?? null,
    escalationMonths: item.escalation_months === null ? null : Number(item.escalation_months),
    escalationPercent: (item.escalation_percent as string | null) ?? null,
    vacantPercent: (item.vacant_percent as string | null) ?? null,
  };
}

/** Items of the scope with their formula's kind, expression and rent rises. */
async function itemsIn(ctx: CrudContext, scope: GenerationScope): Promise<Row[]> {
  const only = scope.itemIds?.length ? sql`and i.id in (${sql.join(scope.itemIds)})` : sql``;
  const rows = await sql<Row>`select i.*, f.formula_type, f.expression, f.escalation_months, f.escalation_percent
    from property_payment_item i join property_pay_formula f on f.id = i.formula_id and f.is_deleted = 0
    where i.is_deleted = 0 and i.tenant_id = ${ctx.auth.tenantId} and i.garden_id = ${scope.gardenId} ${only}`.execute(ctx.db);
  return rows.rows;
}

/**
 * The bound houses and spaces of one item in the scope, with what the
 * formulas read (areas, status, floor, readings) and the owner to name:
 * a house's first ownership, a space's owner.
 */
async function targetsOf(ctx: CrudContext, item: Row, scope: GenerationScope): Promise<Row[]> {
  const building = scope.buildingId ? sql`and b.building_id = ${scope.buildingId}` : sql``;
  const unit = scope.unitId ? sql`and h.unit_id = ${scope.unitId}` : sql``;
  const rows = await sql<Row>`select b.id as binding_id, b.house_id, b.parking_space_id, b.rent, b.start_date as binding_start,
      coalesce(h.garden_id, s.garden_id) as garden_id, h.building_id, h.unit_id, h.built_area, h.inner_area,
      h.house_status, h.floor, coalesce(h.house_name, s.space_no) as house_name, s.area as space_area,
      g.built_area as garden_area, coalesce(o.id, so.id) as owner_id, coalesce(o.name, so.name) as owner_name,
      coalesce(o.phone, so.phone) as owner_phone,
      m.last_reading, m.current_reading
    from property_payment_item_house b
      left join property_house h on h.id = b.house_id and h.is_deleted = 0
      left join property_parking_space s on s.id = b.parking_space_id and s.is_deleted = 0
      join property_garden g on g.id = coalesce(h.garden_id, s.garden_id)
      left join lateral (select w.id, w.name, w.phone from property_ownership p join property_owner w on w.id = p.owner_id
        and w.is_deleted = 0 where p.is_deleted = 0 and p.tenant_id = ${ctx.auth.tenantId}
        and p.house_id = b.house_id order by p.id limit 1) o on true
      -- A space's bill is made out to the space's owner: the cashier and the automatic deduction pay it from their account.
      left join property_owner so on so.id = s.owner_id and so.is_deleted = 0 and so.tenant_id = ${ctx.auth.tenantId}
      left join property_meter_reading m on m.is_deleted = 0 and m.tenant_id = ${ctx.auth.tenantId}
        and m.house_id = b.house_id and m.item_id = b.item_id and m.period = ${scope.period}
    where b.is_deleted = 0 and b.tenant_id = ${ctx.auth.tenantId} and b.item_id = ${item.id}
      and b.garden_id = ${scope.gardenId} ${building} ${unit}
      and (h.id is not null or s.id is not null)
      and (b.start_date is null or b.start_date <= ${`${scope.period}-01`}::date + interval '1 month' - interval '1 day')
      and (b.end_date is null or b.end_date >= ${`${scope.period}-01`}::date)
    order by b.id`.execute(ctx.db);
  return rows.rows;
}

/** The key of one house-or-space × item × period bill. */
export function billKeyOf(target: { house_id?: unknown; parking_space_id?: unknown }, item: Row, period: string): string {
  const who = target.house_id ? `H${target.house_id}` : `P${target.parking_space_id}`;
  return `${who}:I${item.id}:${Number(item.billing_cycle) === ONE_OFF_CYCLE ? 'once' : period}`;
}

/** One bill for one target, computed by the money module; a ChargeError when the house lacks what the formula needs. */
export function planBill(ctx: CrudContext, item: Row, target: Row, period: string, amount?: string): PlannedBill {
  const rule = ruleOf(item);
  const at = monthIndex(period);
  const start = target.binding_start ?? item.start_date;
  const charge = Money.computeCharge(rule, {
    builtArea: (target.built_area ?? target.space_area) as string | null,
    innerArea: target.inner_area as string | null,
    lastReading: target.last_reading as string | null,
    currentReading: target.current_reading as string | null,
    rent: target.rent as string | null,
    monthsSinceStart: start ? at - monthIndex(String(start).slice(0, 7)) : 0,
    amount: amount ?? null,
    vacant: Number(target.house_status) === 3,
    variables: {
      floor: target.floor === null || target.floor === undefined ? null : String(target.floor),
      gardenArea: target.garden_area as string | null,
      spaceArea: target.space_area as string | null,
    },
  });
  const dueDay = Math.min(28, Math.max(1, Number(item.due_day ?? 15)));
  const row = {
    tenant_id: ctx.auth.tenantId,
    garden_id: target.garden_id,
    building_id: target.building_id ?? null,
    unit_id: target.unit_id ?? null,
    house_id: target.house_id ?? null,
    parking_space_id: target.parking_space_id ?? null,
    house_name: target.house_name ?? null,
    owner_id: target.owner_id ?? null,
    owner_name: target.owner_name ?? null,
    owner_phone: target.owner_phone ?? null,
    item_id: item.id,
    item_name: item.item_name,
    fee_type: item.fee_type,
    period,
    start_date: `${period}-01`,
    end_date: lastDay(at + rule.months - 1),
    due_date: `${period}-${String(dueDay).padStart(2, '0')}`,
    amount: charge.amount,
    bill_key: billKeyOf(target, item, period),
    create_user: ctx.auth.userId || null,
    create_dept: ctx.auth.deptId || null,
    update_user: ctx.auth.userId || null,
  };
  return { billKey: row.bill_key, row, lines: charge.lines };
}

/** The bill columns generation writes, with the SQL array type each travels in. */
const BILL_COLUMNS = {
  tenant_id: 'text',
  garden_id: 'bigint',
  building_id: 'bigint',
  unit_id: 'bigint',
  house_id: 'bigint',
  parking_space_id: 'bigint',
  house_name: 'text',
  owner_id: 'bigint',
  owner_name: 'text',
  owner_phone: 'text',
  item_id: 'bigint',
  item_name: 'text',
  fee_type: 'int',
  period: 'text',
  start_date: 'date',
  end_date: 'date',
  due_date: 'date',
  amount: 'numeric',
  bill_key: 'text',
  create_user: 'bigint',
  create_dept: 'bigint',
  update_user: 'bigint',
} as const;
const BILL_COLUMN_NAMES = Object.keys(BILL_COLUMNS) as (keyof typeof BILL_COLUMNS)[];

/** A column of values as one array parameter (text, so numbers and dates keep every digit), unnested by the database. */
const arrayOf = (values: unknown[], type: string) =>
  sql`${values.map((v) => (v === null || v === undefined ? null : String(v)))}::text[]::${sql.raw(type)}[]`;

/**
 * Inserts planned bills (one chunk, inside the caller's transaction) with
 * their lines and log rows; keys that exist already are skipped. Answers the
 * ids of the bills added.
 *
 * One statement a chunk whatever its size: each column travels as one array
 * parameter (not a parameter a value), and the lines and log rows are
 * inserted from the bills the same statement added.
 */
export async function insertBills(ctx: CrudContext, planned: PlannedBill[]): Promise<string[]> {
  if (planned.length === 0) return [];
  const bills = BILL_COLUMN_NAMES.map((c) =>
    arrayOf(
      planned.map((p) => p.row[c]),
      BILL_COLUMNS[c],
    ),
  );
  const lines = planned.flatMap((p) => p.lines.map((line) => ({ key: p.billKey, line })));
  const userId = ctx.auth.userId || null;
  const operator = ctx.auth.userName || ctx.auth.account || null;
  const added = await sql<{ id: string }>`with input as (
      select * from unnest(${sql.join(bills)}) as t(${sql.join(BILL_COLUMN_NAMES.map((c) => sql.ref(c)))})
    ), added as (
      insert into property_payment_bill (${sql.join(BILL_COLUMN_NAMES.map((c) => sql.ref(c)))})
      select ${sql.join(BILL_COLUMN_NAMES.map((c) => sql.ref(c)))} from input
      on conflict (tenant_id, bill_key) where is_deleted = 0 do nothing
      returning *
    ), audited as (
      -- Written with this module's own SQL: each bill's audit row too, in this statement (the chunk's transaction).
      ${auditInsertSql(ctx, paymentBillEntity, 'a')} from added a
    ), lines as (
      insert into property_payment_bill_child (tenant_id, bill_id, garden_id, line_type, item_name, quantity, unit_price,
        amount, create_user, update_user)
      select a.tenant_id, a.id, a.garden_id, l.line_type, a.item_name, l.quantity, l.unit_price, l.amount,
        ${userId}::bigint, ${userId}::bigint
      from added a join unnest(${arrayOf(
        lines.map((l) => l.key),
        'text',
      )}, ${arrayOf(
        lines.map((l) => LINE_TYPE[l.line.lineType]),
        'int',
      )}, ${arrayOf(
        lines.map((l) => l.line.quantity),
        'numeric',
      )}, ${arrayOf(
        lines.map((l) => l.line.unitPrice),
        'numeric',
      )}, ${arrayOf(
        lines.map((l) => l.line.amount),
        'numeric',
      )}) with ordinality as l(bill_key, line_type, quantity, unit_price, amount, n) on l.bill_key = a.bill_key
      order by l.n
    ), logged as (
      insert into property_bill_log (tenant_id, bill_id, garden_id, house_name, action, to_status, amount, operator_name,
        create_user, create_dept, update_user)
      select tenant_id, id, garden_id, house_name, ${BILL_ACTION.create}::int, bill_status, amount, ${operator}::text,
        ${userId}::bigint, ${ctx.auth.deptId || null}::bigint, ${userId}::bigint
      from added
    )
    select id from added order by id`.execute(ctx.db);
  return added.rows.map((r) => String(r.id));
}

/** One bound house or space of an item billing in the period. */
interface Target {
  item: Row;
  target: Row;
}

/** The bound houses and spaces of every item of the scope that bills in the period, in item then binding order. */
async function targetsIn(ctx: CrudContext, scope: GenerationScope): Promise<Target[]> {
  const all: Target[] = [];
  for (const item of await itemsIn(ctx, scope)) {
    if (!billsInPeriod(item, scope.period)) continue;
    for (const target of await targetsOf(ctx, item, scope)) all.push({ item, target });
  }
  // Counted before any bill is planned or written: a run is refused whole, never stopped halfway.
  if (all.length > MAX_RUN) throw badRequest('generateTooMany', { max: MAX_RUN });
  return all;
}

/** Bills planned, with the houses that cannot be billed and why. */
interface Plan {
  planned: PlannedBill[];
  problems: GenerationProblem[];
}

/** The bills of some targets. */
function planTargets(ctx: CrudContext, targets: Target[], period: string): Plan {
  const planned: PlannedBill[] = [];
  const problems: GenerationProblem[] = [];
  for (const { item, target } of targets) {
    try {
      planned.push(planBill(ctx, item, target, period));
    } catch (e) {
      if (!(e instanceof Money.ChargeError)) throw e;
      problems.push({
        houseName: (target.house_name as string) ?? null,
        itemName: item.item_name as string,
        key: e.key,
        params: e.params as Record<string, string>,
      });
    }
  }
  return { planned, problems };
}

/** Every bill the scope would make, with the houses that cannot be billed and why. */
export async function planPeriod(ctx: CrudContext, scope: GenerationScope): Promise<Plan> {
  return planTargets(ctx, await targetsIn(ctx, scope), scope.period);
}

/** Which of these keys already have a live bill. */
export async function existingKeys(ctx: CrudContext, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await sql<{ bill_key: string }>`select bill_key from property_payment_bill where is_deleted = 0
    and tenant_id = ${ctx.auth.tenantId} and bill_key = any(${keys}::text[])`.execute(ctx.db);
  return new Set(rows.rows.map((r) => r.bill_key));
}

export interface GenerationOutcome {
  period: string;
  count: number;
  total: string;
  existing: number;
  /** The first 100 houses that could not be billed, and why. */
  problems: { houseName: string | null; itemName: string | null; message: string }[];
  problemCount: number;
  /** Bills paid from their owners' pre-paid balances (auto-deduct items; absent when the scope has none). */
  deducted?: number;
}

const describeProblems = (problems: GenerationProblem[], locale: Locale) =>
  problems
    .slice(0, 100)
    .map((p) => ({ houseName: p.houseName, itemName: p.itemName, message: translate(locale, p.key, p.params) }));

/** How many bills the scope would add and their total (nothing is written). */
export async function previewPeriod(ctx: CrudContext, scope: GenerationScope, locale: Locale): Promise<GenerationOutcome> {
  const { planned, problems } = await planPeriod(ctx, scope);
  const existing = await existingKeys(
    ctx,
    planned.map((p) => p.billKey),
  );
  const fresh = planned.filter((p) => !existing.has(p.billKey));
  return {
    period: scope.period,
    count: fresh.length,
    total: Money.format(Money.sum(fresh.map((p) => String(p.row.amount))), 2),
    existing: existing.size,
    problems: describeProblems(problems, locale),
    problemCount: problems.length,
  };
}

export interface GenerationOptions {
  /** Hears after each chunk commits: bills done of those to add. */
  progress?: (done: number, of: number) => void | Promise<void>;
  /** Checked before each chunk: a cancelled or stopping job run ends at a chunk boundary. */
  signal?: AbortSignal;
  /** Bills a chunk (default CHUNK); smaller in tests, to stop a run between chunks. */
  chunk?: number;
}

/** Lets pending I/O run: a transaction waiting on its BEGIN sends its statement. */
const yieldToIo = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Prepares each input and runs it in turn, preparing the next input while the
 * previous run is still awaited: with the database working on one chunk,
 * Node plans the next. `prepare` should yield now and then (yieldToIo) so the
 * run it overlaps gets its statements sent. Runs never overlap each other,
 * and a failure leaves no run going on after this answers.
 */
export async function pipelined<I, P>(
  inputs: I[],
  prepare: (input: I) => Promise<P>,
  run: (prepared: P) => Promise<void>,
): Promise<void> {
  let running: Promise<void> = Promise.resolve();
  try {
    for (const input of inputs) {
      const prepared = await prepare(input);
      await running;
      running = run(prepared);
      // Handled here at once: a run failing while the next input is prepared is no unhandled rejection.
      running.catch(() => undefined);
    }
  } finally {
    await running.catch(() => undefined);
  }
  await running;
}

/** Targets a slice between yields when planning: a few milliseconds of JavaScript. */
const PLAN_SLICE = 250;

/**
 * Runs the generation in chunks of CHUNK houses-or-spaces, each chunk's bills
 * one transaction, planning the next chunk while the database inserts this
 * one; `progress` hears after each chunk (done, of: the targets without a
 * live bill, each counted done once its chunk is in, billed or not). Answers
 * what was added. What a stopped or killed run committed stays, and a rerun
 * reads the period again and skips those keys (insert … on conflict do
 * nothing besides).
 */
export async function generatePeriod(
  ctx: CrudContext,
  scope: GenerationScope,
  locale: Locale,
  options: GenerationOptions = {},
): Promise<GenerationOutcome> {
  const { progress, signal } = options;
  const size = Math.max(1, options.chunk ?? CHUNK);
  const targets = await targetsIn(ctx, scope);
  // Keys need no planning: the existing ones are known before the first chunk, and with them the count to do.
  const keys = targets.map((t) => billKeyOf(t.target, t.item, scope.period));
  const existing = await existingKeys(ctx, keys);
  const isFresh = (t: Target) => !existing.has(billKeyOf(t.target, t.item, scope.period));
  const of = keys.filter((k) => !existing.has(k)).length;
  const chunks: Target[][] = [];
  for (let i = 0; i < targets.length; i += size) chunks.push(targets.slice(i, i + size));

  let plannedCount = 0;
  let created = 0;
  let done = 0;
  let total = Money.dec('0');
  const problems: GenerationProblem[] = [];
  // Planned in slices, yielding between them, so the chunk being inserted meanwhile is not held up.
  const planChunk = async (chunk: Target[]): Promise<Plan & { fresh: number }> => {
    const plan: Plan = { planned: [], problems: [] };
    for (let i = 0; i < chunk.length; i += PLAN_SLICE) {
      await yieldToIo();
      const slice = planTargets(ctx, chunk.slice(i, i + PLAN_SLICE), scope.period);
      plan.planned.push(...slice.planned);
      plan.problems.push(...slice.problems);
    }
    return { ...plan, fresh: chunk.filter(isFresh).length };
  };
  const insertChunk = async (plan: Plan & { fresh: number }) => {
    signal?.throwIfAborted();
    plannedCount += plan.planned.length;
    problems.push(...plan.problems);
    const bills = plan.planned.filter((p) => !existing.has(p.billKey));
    // A rerun's chunks of bills that all exist already open no transaction.
    const ids = bills.length ? await inTransaction(ctx.db, (tx) => insertBills({ ...ctx, db: tx }, bills)) : [];
    created += ids.length;
    const addedKeys = new Set(ids.length === bills.length ? bills.map((c) => c.billKey) : await keysOf(ctx, ids));
    total = Money.add(total, Money.sum(bills.filter((c) => addedKeys.has(c.billKey)).map((c) => String(c.row.amount))));
    done += plan.fresh;
    await progress?.(done, of);
  };
  await progress?.(0, of);
  await pipelined(chunks, planChunk, insertChunk);
  // A step of its own after the chunks (auto-deduct.ts): its progress follows the bills added.
  const deducted = await deductGenerated(ctx, scope, {
    signal,
    progress: progress && ((d, o) => progress(of + d, of + o)),
  });
  return {
    period: scope.period,
    count: created,
    total: Money.format(total, 2),
    existing: plannedCount - created,
    problems: describeProblems(problems, locale),
    problemCount: problems.length,
    ...(deducted === null ? {} : { deducted }),
  };
}

async function keysOf(ctx: CrudContext, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await sql<{ bill_key: string }>`select bill_key from property_payment_bill where id in (${sql.join(ids)})`.execute(
    ctx.db,
  );
  return rows.rows.map((r) => r.bill_key);
}

/**
 * A scope naming a unit: the unit must be a live one of the garden (and of
 * the building, when one is named), else unitMissing; its building fills in
 * a building left out, so the run's scope reads whole.
 */
export async function withUnit(ctx: CrudContext, scope: GenerationScope): Promise<GenerationScope> {
  if (!scope.unitId) return scope;
  const rows = await sql<{ building_id: string }>`select building_id::text from property_unit where id = ${scope.unitId}
    and tenant_id = ${ctx.auth.tenantId} and garden_id = ${scope.gardenId} and is_deleted = 0`.execute(ctx.db);
  const unit = rows.rows[0];
  if (!unit || (scope.buildingId && scope.buildingId !== unit.building_id)) throw badRequest('unitMissing');
  return { ...scope, buildingId: unit.building_id };
}

export { periodOf, monthIndex };
