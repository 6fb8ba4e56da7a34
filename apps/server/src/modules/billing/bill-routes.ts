import {
  BILL_ACTION,
  BILL_STATUS,
  BillHousePage,
  BillPage,
  BillSums,
  BillWithLines,
  GenerationPreview,
  JobStarted,
  HouseBills,
  List,
  listQueryOf,
  Money,
  Nullable,
  PayResult,
  paymentBillEntity,
  paymentOrderEntity,
  recordOf,
  reducePayEntity,
  RefundResult,
  translate,
} from '@property/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql, type RawBuilder } from 'kysely';
import { parseId, parseIds, toJson, type Row, NEXT_UPDATE_TIME } from '../../platform/crud/engine';
import { parseListQuery } from '../../platform/crud/filters';
import { idsQuery } from '../../platform/crud/routes';
import { boundedTotal, readPage, requireShallow } from '../../platform/crud/paging';
import { data, status } from '../../platform/http/envelope';
import { badRequest, forbidden } from '../../platform/http/errors';
import { localeOfRequest } from '../../platform/http/locale';
import { get, idText, params, post } from '../../platform/http/operation';
import { contextOf, type RequestContext } from '../../platform/http/request-context';
import type { Services } from '../../platform/services';
import { BILL_TOTAL_VIEWS, BILL_VIEWS, billRows, bills, linesOf, lockBills, logBill, parsePeriod, type BillView } from './bills';
import { gardenRow } from '../community/hierarchy';
import { insertBills, planBill, previewPeriod, withUnit, type GenerationScope } from './generation';
import { GENERATION_JOB, type GenerationParams } from './jobs';
import { closeBills, payBills, refundBill } from './payments';

type Query = Record<string, unknown>;
const base = `/api${paymentBillEntity.base}`;
const tags = [paymentBillEntity.label.en];

/** Reads a parameter from the query string or the body alike (the spec's clients send either). */
export const paramsOf = (req: FastifyRequest): Query => ({ ...((req.query as Query) ?? {}), ...((req.body as Query) ?? {}) });

/** The caller may read bills through the bill menu or the list's own menu (逾期账单, 已缴账单...). */
export function requireView(ctx: RequestContext, menus: string[]): void {
  if (!['paymentbill', ...menus].some((code) => ctx.services.access.can(ctx.grants, code, 'view'))) throw forbidden();
}
const requireButton = (ctx: RequestContext, codes: string[]) => {
  if (!codes.some((code) => ctx.grants.codes.includes(code))) throw forbidden();
};

/** Keys the bill lists read themselves, beside the entity's filters. */
const LIST_EXTRA = {
  billChildIds: { type: 'string', description: 'comma-separated bill ids: only these bills' },
  billBetweenTime: { type: 'string', description: 'periods "yyyy-MM,yyyy-MM" (either end may be empty): bills of these periods' },
  listType: { type: 'string', enum: ['all', 'out', 'overdu', 'settle', 'refund', 'closed'], description: 'list-sum: which list' },
};
export const OWN_KEYS = Object.keys(LIST_EXTRA);

export function extraConditions(query: Query): RawBuilder<unknown>[] {
  const out: RawBuilder<unknown>[] = [];
  if (query.billChildIds) out.push(sql`id in (${sql.join(parseIds(query.billChildIds, 'billChildIds'))})`);
  if (query.billBetweenTime) {
    const [from, to] = String(query.billBetweenTime)
      .split(',')
      .map((s) => s.trim());
    if (from) out.push(sql`period >= ${parsePeriod(from)}`);
    if (to) out.push(sql`period <= ${parsePeriod(to)}`);
  }
  return out;
}

/** The list's query schema: the entity's filters and the bill lists' own keys. */
export const billListQuery = () => listQueryOf(paymentBillEntity, LIST_EXTRA);

/**
 * Ids of the caller's bills a list's filter selects (their gardens and data
 * scope applied), at most `max` + 1 so the caller can tell it was more.
 */
export async function billIdsOfList(ctx: RequestContext, query: Query, view: BillView, max: number): Promise<string[]> {
  const request = bills.listRequest(
    ctx,
    { ...query, current: undefined, size: undefined },
    { extra: [...BILL_VIEWS[view], ...extraConditions(query)], skip: OWN_KEYS },
  );
  const rows = await sql<{ id: string }>`select id from ${request.from} where ${request.where}
    order by id limit ${max + 1}`.execute(ctx.db);
  return rows.rows.map((r) => String(r.id));
}

/**
 * The conditions on the running totals that select what a list's filter selects of the bills, when the totals can
 * answer it: no filter but the garden (gardenId, as the console sends the header's garden) and no data scope on the
 * bills (the totals know tenants and gardens only). Undefined otherwise: the bills are read.
 */
function totalsScope(ctx: RequestContext, query: Query): RawBuilder<unknown>[] | undefined {
  if (ctx.services.access.dataScoped(ctx.grants, paymentBillEntity)) return undefined;
  if (extraConditions(query).length > 0) return undefined;
  const { gardenId, ...rest } = query;
  if (parseListQuery(paymentBillEntity, rest, OWN_KEYS).where.length > 0) return undefined;
  // The filter's own reading of gardenId: the last one given; empty is none; anything but an id is left to it.
  const garden = String((Array.isArray(gardenId) ? gardenId[gardenId.length - 1] : gardenId) ?? '');
  if (garden !== '' && !/^\d+$/.test(garden)) return undefined;
  // rowScope names only tenant_id and garden_id when no data scope applies: columns of the totals too.
  const scope = ctx.rowScope(paymentBillEntity);
  return garden === '' ? scope : [...scope, sql`garden_id = ${garden}`];
}

const VIEWS: { path: string; view: BillView; menus: string[]; summary: string }[] = [
  { path: 'pageOut', view: 'out', menus: [], summary: 'Outstanding bills (unpaid, overdue or not)' },
  { path: 'pageOverdu', view: 'overdu', menus: ['billoverdue'], summary: 'Overdue bills: unpaid and past their due date' },
  { path: 'pageSettle', view: 'settle', menus: ['billsettle'], summary: 'Settled bills (paid, partly refunded ones too)' },
  { path: 'pageRefund', view: 'refund', menus: ['billrefund'], summary: 'Refunded bills (any refund, full or partial)' },
  { path: 'page', view: 'closed', menus: ['billclosed'], summary: 'Closed bills (billStatus 3)' },
  { path: 'list', view: 'all', menus: [], summary: 'Every bill (filter billStatus to choose)' },
];

/** Payment bills (spec §4, §7.7 paymentbill): the lists, totals, cashier calls, generation. */
export function registerBillRoutes(app: FastifyInstance, services: Services): void {
  const listQuery = billListQuery();
  for (const { path, view, menus, summary } of VIEWS) {
    app.get(
      `${base}/${path}`,
      get({
        tags,
        summary,
        description: `${summary}. Filters as every list (houseName, ownerName, ownerPhone, itemId, period, gardenId, buildingId...), billChildIds and billBetweenTime. Each row carries owed, overdue, overdueDays and lateFeeDue worked out today (never stored). Needs the paymentbill menu${menus.length ? ` or ${menus.join(', ')}` : ''}.`,
        query: listQuery,
        data: BillPage,
      }),
      async (req) => {
        const ctx = await contextOf(services, req);
        requireView(ctx, menus);
        const query = req.query as Query;
        const request = bills.listRequest(ctx, query, {
          extra: [...BILL_VIEWS[view], ...extraConditions(query)],
          skip: OWN_KEYS,
        });
        const page = await readPage(ctx.db, request);
        return data({ ...page, records: await billRows(ctx, page.records) });
      },
    );
  }

  app.get(
    `${base}/list-sum`,
    get({
      tags,
      summary: "Totals of a list's filter",
      description:
        'The sums of the bills the same filters select (listType chooses the list, default all): each total equals the sum of the rows. Money as decimal strings.',
      query: listQuery,
      data: BillSums,
    }),
    async (req) => {
      const ctx = await contextOf(services, req);
      const query = req.query as Query;
      const view =
        (String(query.listType ?? 'all') as BillView) in BILL_VIEWS ? (String(query.listType ?? 'all') as BillView) : 'all';
      requireView(ctx, ['billoverdue', 'billsettle', 'billrefund', 'billclosed']);
      const request = bills.listRequest(
        ctx,
        { ...query, current: undefined, size: undefined },
        {
          extra: [...BILL_VIEWS[view], ...extraConditions(query)],
          skip: OWN_KEYS,
        },
      );
      const totals = totalsScope(ctx, query);
      // The whole tenant's or a garden's totals read the running totals (a few rows a garden); other filters the bills.
      const rows = totals
        ? await sql<Record<string, string | number>>`select coalesce(sum(bill_count), 0)::int as count,
            coalesce(sum(amount), 0) as amount, coalesce(sum(reduce_amount), 0) as reduce_amount,
            coalesce(sum(owed), 0) as owed, coalesce(sum(paid_amount), 0) as paid_amount,
            coalesce(sum(late_fee), 0) as late_fee, coalesce(sum(refund_amount), 0) as refund_amount,
            coalesce(sum(owed) filter (where bill_status = ${BILL_STATUS.unpaid}), 0) as unpaid_owed
          from property_bill_totals where ${sql.join([...totals, ...BILL_TOTAL_VIEWS[view]], sql` and `)}`.execute(ctx.db)
        : await sql<Record<string, string | number>>`select count(*)::int as count, coalesce(sum(amount), 0) as amount,
            coalesce(sum(reduce_amount), 0) as reduce_amount, coalesce(sum(amount - reduce_amount), 0) as owed,
            coalesce(sum(paid_amount), 0) as paid_amount, coalesce(sum(late_fee), 0) as late_fee,
            coalesce(sum(refund_amount), 0) as refund_amount,
            coalesce(sum(amount - reduce_amount) filter (where bill_status = ${BILL_STATUS.unpaid}), 0) as unpaid_owed
          from ${request.from} where ${request.where}`.execute(ctx.db);
      const r = rows.rows[0]!;
      const m = (v: unknown) => Money.format(String(v), 2);
      return data({
        count: Number(r.count),
        amount: m(r.amount),
        reduceAmount: m(r.reduce_amount),
        owed: m(r.owed),
        paidAmount: m(r.paid_amount),
        lateFee: m(r.late_fee),
        refundAmount: m(r.refund_amount),
        unpaidOwed: m(r.unpaid_owed),
      });
    },
  );

  app.get(
    `${base}/detail`,
    get({
      tags,
      summary: 'One bill with its child lines',
      query: params({ id: idText('the bill') }, ['id']),
      data: Nullable(BillWithLines),
    }),
    async (req) => {
      const ctx = await contextOf(services, req);
      requireView(ctx, ['billoverdue', 'billsettle', 'billrefund', 'billclosed']);
      const row = await bills.findRow(ctx, parseId((req.query as Query).id));
      if (!row) return data(null);
      const [bill] = await billRows(ctx, [row]);
      return data({ ...bill!, children: (await linesOf(ctx, [String(row.id)])).get(String(row.id)) ?? [] });
    },
  );

  app.post(
    `${base}/remove`,
    post({
      tags,
      summary: 'Remove unpaid bills',
      description: 'Only unpaid bills (else 400); each removal is logged. Needs paymentbill_delete.',
      query: idsQuery(),
    }),
    async (req) => {
      const ctx = await contextOf(services, req);
      ctx.require(paymentBillEntity, 'delete');
      const ids = parseIds((req.query as Query).ids);
      await ctx.db.transaction().execute(async (db) => {
        const tx = { ...ctx, db };
        const locked = await lockBills(tx, ids);
        if (locked.some((b) => Number(b.bill_status) !== BILL_STATUS.unpaid)) throw badRequest('billNotUnpaid');
        for (const bill of locked) await logBill(tx, bill, BILL_ACTION.remove, Number(bill.bill_status), null);
        await sql`update property_payment_bill set is_deleted = 1, update_time = ${NEXT_UPDATE_TIME}, update_user = ${ctx.auth.userId || null}
          where id in (${sql.join(ids)}) and tenant_id = ${ctx.auth.tenantId}`.execute(db);
        await sql`update property_payment_bill_child set is_deleted = 1 where bill_id in (${sql.join(ids)})
          and tenant_id = ${ctx.auth.tenantId}`.execute(db);
      });
      return status(true);
    },
  );

  registerSaveAndUpdate(app, services);
  registerCashierRoutes(app, services);
  registerGenerationRoutes(app, services);
}

/** save: one bill made by hand (its item's formula, or the amount given for ad-hoc items); update: due date and remark of an unpaid bill. */
function registerSaveAndUpdate(app: FastifyInstance, services: Services): void {
  app.post(
    `${base}/save`,
    post({
      tags,
      summary: 'Add one bill by hand',
      description:
        'houseId or parkingSpaceId (bound or not), itemId, period (yyyy-MM); amount for ad-hoc items (formula 7), otherwise computed by the item’s formula; dueDate and remark optional. One bill per house, item and period. Needs paymentbill_add.',
      body: params(
        {
          houseId: idText('the house'),
          parkingSpaceId: idText('or the parking space'),
          itemId: idText('the charge item'),
          period: { type: 'string', description: 'yyyy-MM' },
          amount: { type: ['string', 'number'], description: 'ad-hoc amount' },
          dueDate: { type: 'string', description: 'yyyy-MM-dd; the item’s due day when absent' },
          remark: { type: ['string', 'null'], maxLength: 500 },
        },
        [],
      ),
      form: true,
      data: BillWithLines,
    }),
    async (req) => {
      const ctx = await contextOf(services, req);
      ctx.require(paymentBillEntity, 'add');
      const body = paramsOf(req);
      const itemId = body.itemId ? parseId(body.itemId, 'itemId') : null;
      if (!itemId) throw badRequest('itemRequired');
      const period = parsePeriod(body.period);
      const houseId = body.houseId ? parseId(body.houseId, 'houseId') : null;
      const spaceId = body.parkingSpaceId ? parseId(body.parkingSpaceId, 'parkingSpaceId') : null;
      if (!houseId && !spaceId) throw badRequest('bindingTargetRequired');
      const item = await sql<Row>`select i.*, f.formula_type, f.expression, f.escalation_months, f.escalation_percent
        from property_payment_item i join property_pay_formula f on f.id = i.formula_id
        where i.id = ${itemId} and i.is_deleted = 0 and i.tenant_id = ${ctx.auth.tenantId}`.execute(ctx.db);
      if (!item.rows[0]) throw badRequest('itemMissing');
      const target = await targetRow(ctx, houseId, spaceId, itemId, period);
      if (String(target.garden_id) !== String(item.rows[0].garden_id)) throw badRequest('bindingOtherGarden');
      ctx.requireGarden?.(target.garden_id);
      const amount = body.amount === undefined || body.amount === '' ? undefined : String(body.amount);
      if (amount !== undefined && !/^\d{1,12}(\.\d{1,2})?$/.test(amount)) throw badRequest('moneyInvalid');
      const planned = (() => {
        try {
          return planBill(ctx, item.rows[0]!, target, period, amount);
        } catch (e) {
          if (e instanceof Money.ChargeError) throw badRequest(e.key, e.params);
          throw e;
        }
      })();
      if (body.dueDate) planned.row.due_date = String(body.dueDate);
      const ids = await ctx.db.transaction().execute(async (db) => {
        const added = await insertBills({ ...ctx, db }, [planned]);
        if (added[0] && body.remark)
          await sql`update property_payment_bill set remark = ${String(body.remark).slice(0, 500)} where id = ${added[0]}`.execute(
            db,
          );
        return added;
      });
      if (!ids[0]) throw badRequest('billKeyTaken');
      const row = (await bills.findRow(ctx, ids[0]))!;
      const [bill] = await billRows(ctx, [row]);
      return data({ ...bill!, children: (await linesOf(ctx, ids)).get(ids[0]) ?? [] });
    },
  );

  app.post(
    `${base}/update`,
    post({
      tags,
      summary: 'Change an unpaid bill’s due date or remark',
      description:
        'Amounts change through its lines (paymentbillchild) or a reduction (reducepay). Logged. Needs paymentbill_edit.',
      body: params(
        { id: idText('the bill'), dueDate: { type: ['string', 'null'] }, remark: { type: ['string', 'null'], maxLength: 500 } },
        ['id'],
      ),
      form: true,
    }),
    async (req) => {
      const ctx = await contextOf(services, req);
      ctx.require(paymentBillEntity, 'edit');
      const body = paramsOf(req);
      const id = parseId(body.id);
      await ctx.db.transaction().execute(async (db) => {
        const tx = { ...ctx, db };
        const [bill] = await lockBills(tx, [id]);
        if (Number(bill!.bill_status) !== BILL_STATUS.unpaid) throw badRequest('billNotUnpaid');
        const due = body.dueDate === undefined ? bill!.due_date : body.dueDate || null;
        const remark = body.remark === undefined ? bill!.remark : body.remark || null;
        await sql`update property_payment_bill set due_date = ${due}::date, remark = ${remark}, update_time = ${NEXT_UPDATE_TIME},
          update_user = ${ctx.auth.userId || null} where id = ${id}`.execute(db);
        await logBill(tx, bill!, BILL_ACTION.update, BILL_STATUS.unpaid, null, null);
      });
      return status(true);
    },
  );
}

/** The house or parking space a hand-made bill is for, with what formulas read. */
async function targetRow(
  ctx: RequestContext,
  houseId: string | null,
  spaceId: string | null,
  itemId: string,
  period: string,
): Promise<Row> {
  const rows = houseId
    ? await sql<Row>`select h.id as house_id, null as parking_space_id, h.garden_id, h.building_id, h.unit_id, h.built_area, h.inner_area,
          h.house_status, h.floor, h.house_name, g.built_area as garden_area, b.rent, b.start_date as binding_start,
          o.id as owner_id, o.name as owner_name, o.phone as owner_phone, m.last_reading, m.current_reading
        from property_house h join property_garden g on g.id = h.garden_id
          left join property_payment_item_house b on b.tenant_id = h.tenant_id and b.house_id = h.id and b.item_id = ${itemId}
            and b.is_deleted = 0
          left join lateral (select w.id, w.name, w.phone from property_ownership p join property_owner w on w.id = p.owner_id
            and w.is_deleted = 0 where p.tenant_id = h.tenant_id and p.is_deleted = 0 and p.house_id = h.id order by p.id limit 1) o on true
          left join property_meter_reading m on m.tenant_id = h.tenant_id and m.house_id = h.id and m.item_id = ${itemId}
            and m.period = ${period} and m.is_deleted = 0
        where h.id = ${houseId} and h.is_deleted = 0 and h.tenant_id = ${ctx.auth.tenantId}`.execute(ctx.db)
    : await sql<Row>`select null as house_id, s.id as parking_space_id, s.garden_id, s.area as space_area, s.space_no as house_name,
          b.rent, b.start_date as binding_start
        from property_parking_space s left join property_payment_item_house b on b.tenant_id = s.tenant_id and b.parking_space_id = s.id
          and b.item_id = ${itemId} and b.is_deleted = 0
        where s.id = ${spaceId} and s.is_deleted = 0 and s.tenant_id = ${ctx.auth.tenantId}`.execute(ctx.db);
  const row = rows.rows[0];
  if (!row) throw badRequest(houseId ? 'houseMissing' : 'spaceMissing');
  return row;
}

function registerCashierRoutes(app: FastifyInstance, services: Services): void {
  const payBody = params(
    {
      billIds: { type: 'string', description: 'comma-separated bill ids, one house' },
      payType: {
        type: ['string', 'integer'],
        description:
          'pay_type: 1 cash, 2 card, 3 transfer, 4 online, 5 balance (taken from the bills’ owner’s pre-paid account in their garden: prepaidNoAccount without one, prepaidBalanceShort with nothing written when it holds less than the total)',
      },
      clientKey: {
        type: 'string',
        pattern: '^[A-Za-z0-9_-]{1,64}$',
        description: 'the cashier’s key of this payment: the same key again pays nothing and answers the first payment',
      },
      payerName: { type: ['string', 'null'], maxLength: 50 },
      remark: { type: ['string', 'null'], maxLength: 500 },
    },
    [],
  );
  app.post(
    `${base}/pay`,
    post({
      tags,
      summary: 'Pay one or several bills of one house',
      description:
        'One order and one receipt number (per garden and year) for all; each bill settles what it owes plus today’s late fee. Atomic: the bills are locked, a paid, closed or refunded bill refuses the whole payment (a second cashier paying the same bill is told it is paid already). By balance, the account is locked after the bills and debited in the same transaction, with a ledger row. Parameters in the query or the body. Needs paymentbill_pay.',
      query: payBody,
      body: payBody,
      form: true,
      bodyOptional: true,
      data: PayResult,
    }),
    async (req) => {
      const ctx = await contextOf(services, req);
      requireButton(ctx, ['paymentbill_pay']);
      const p = paramsOf(req);
      return data(
        await payBills(ctx, {
          billIds: p.billIds,
          payType: p.payType,
          clientKey: p.clientKey,
          payerName: p.payerName,
          remark: p.remark,
        }),
      );
    },
  );

  const refundParams = params(
    {
      billId: idText('the paid bill'),
      refundAmount: { type: ['string', 'number'], description: 'at most what is left to refund; the whole rest when absent' },
      reason: { type: 'string', maxLength: 500 },
      payType: {
        type: ['string', 'integer'],
        description:
          'how it is given back (pay_type); the payment’s when absent. A bill paid by balance is always refunded to the balance (a ledger row); 5 is refused for a bill paid otherwise',
      },
      clientKey: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,64}$', description: 'the same key again refunds nothing more' },
    },
    [],
  );
  const refund = async (req: FastifyRequest, reasonDefault?: string) => {
    const ctx = await contextOf(services, req);
    requireButton(ctx, ['billsettle_refund', 'billrefund_add']);
    const p = paramsOf(req);
    return data(await refundBill(ctx, { ...p, billId: p.billId, reason: p.reason ?? reasonDefault }));
  };
  app.post(
    `${base}/refund`,
    post({
      tags,
      summary: 'Refund a paid bill, fully or partly',
      description:
        'Never more than paid (owed + late fee − refunded); a full refund makes the bill refunded (4). Logged with the reason. Needs billsettle_refund.',
      query: refundParams,
      body: refundParams,
      form: true,
      bodyOptional: true,
      data: RefundResult,
    }),
    (req) => refund(req),
  );
  app.post(
    '/api/system-property-ljy/app/pay/payRefund',
    post({
      tags,
      summary: 'Refund a bill (the owner app’s call)',
      description:
        'paymentbill/refund by billId: the whole rest unless refundAmount is given; the reason defaults to the app’s request.',
      query: refundParams,
      body: refundParams,
      form: true,
      bodyOptional: true,
      data: RefundResult,
    }),
    (req) => refund(req, translate(localeOfRequest(req), 'appRefundReason')),
  );

  const closeParams = params({
    ids: { type: 'string', description: 'comma-separated bill ids (or id)' },
    id: idText('one bill'),
    reason: { type: 'string', maxLength: 500 },
  });
  app.post(
    `${base}/close`,
    post({
      tags,
      summary: 'Close unpaid bills (billStatus 3)',
      description: 'Cancelled without payment; only unpaid bills. Logged. Needs paymentbill_close.',
      query: closeParams,
      body: closeParams,
      form: true,
      bodyOptional: true,
    }),
    async (req) => {
      const ctx = await contextOf(services, req);
      requireButton(ctx, ['paymentbill_close']);
      const p = paramsOf(req);
      await closeBills(ctx, p.ids ?? p.id, p.reason);
      return status(true);
    },
  );

  app.get(
    `${base}/payList`,
    get({
      tags,
      summary: 'Payments of a bill or a house',
      query: params({ billId: idText('a bill'), houseId: idText('or a house') }),
      data: List(recordOf(paymentOrderEntity)),
    }),
    async (req) => {
      const ctx = await contextOf(services, req);
      requireView(ctx, ['billsettle', 'paymentorder']);
      const q = req.query as Query;
      const where = q.billId
        ? sql`id in (select order_id from property_payment_bill where id = ${parseId(q.billId, 'billId')} and ${bills.scope(ctx)})`
        : q.houseId
          ? sql`house_id = ${parseId(q.houseId, 'houseId')}`
          : (() => {
              throw badRequest('missingParam', { name: 'billId' });
            })();
      const rows = await sql<Row>`select * from property_payment_order where is_deleted = 0 and tenant_id = ${ctx.auth.tenantId}
        and ${sql.join(ctx.rowScope(paymentOrderEntity), sql` and `)} and ${where} order by pay_time desc, id desc limit 500`.execute(
        ctx.db,
      );
      return data(rows.rows.map((r) => toJson(paymentOrderEntity, r)));
    },
  );

  app.get(
    `${base}/get-all-reduce`,
    get({
      tags,
      summary: 'The reductions of a bill',
      query: params({ id: idText('the bill') }, ['id']),
      data: List(recordOf(reducePayEntity)),
    }),
    async (req) => {
      const ctx = await contextOf(services, req);
      requireView(ctx, ['reducepay']);
      const id = parseId((req.query as Query).id);
      const rows = await sql<Row>`select * from property_reduce_pay where is_deleted = 0 and bill_id = ${id}
        and ${sql.join(ctx.rowScope(reducePayEntity), sql` and `)} order by id`.execute(ctx.db);
      return data(rows.rows.map((r) => toJson(reducePayEntity, r)));
    },
  );

  app.get(
    `${base}/get-all-bill-by-houseId`,
    get({
      tags,
      summary: 'A house’s bills at the cashier',
      description: 'The unpaid bills (billStatus to choose another state) with their lines, what is owed and today’s late fees.',
      query: params({ houseId: idText('the house'), billStatus: { type: 'string', pattern: '^[1-4]$' } }, ['houseId']),
      data: HouseBills,
    }),
    async (req) => {
      const ctx = await contextOf(services, req);
      requireView(ctx, []);
      const q = req.query as Query;
      const houseId = parseId(q.houseId, 'houseId');
      const state = q.billStatus ? Number(q.billStatus) : BILL_STATUS.unpaid;
      const rows = await sql<Row>`select * from property_payment_bill where ${bills.scope(ctx)} and house_id = ${houseId}
        and bill_status = ${state} order by period, id limit 1000`.execute(ctx.db);
      const list = await billRows(ctx, rows.rows);
      const lines = await linesOf(
        ctx,
        list.map((b) => String(b.id)),
      );
      const unpaid = list.filter((b) => b.billStatus === BILL_STATUS.unpaid);
      const owed = Money.format(Money.sum(unpaid.map((b) => b.owed)), 2);
      const fee = Money.format(Money.sum(unpaid.map((b) => b.lateFeeDue)), 2);
      const house =
        await sql<Row>`select h.house_name, o.name, o.phone from property_house h left join lateral (select w.name, w.phone
          from property_ownership p join property_owner w on w.id = p.owner_id and w.is_deleted = 0
          where p.tenant_id = h.tenant_id and p.house_id = h.id and p.is_deleted = 0 order by p.id limit 1) o on true
        where h.id = ${houseId} and h.tenant_id = ${ctx.auth.tenantId}`.execute(ctx.db);
      const h = house.rows[0];
      return data({
        houseId,
        houseName: (h?.house_name as string) ?? list[0]?.houseName ?? null,
        ownerName: (h?.name as string) ?? null,
        ownerPhone: (h?.phone as string) ?? null,
        bills: list.map((b) => ({ ...b, children: lines.get(String(b.id)) ?? [] })),
        unpaidCount: unpaid.length,
        owed,
        lateFeeDue: fee,
        totalDue: Money.format(Money.add(owed, fee), 2),
      });
    },
  );

  app.get(
    `${base}/list-bill-house`,
    get({
      tags,
      summary: 'Houses with unpaid bills',
      description:
        'The cashier’s and reminders’ pick list: houses of the caller’s gardens with unpaid bills, how many are overdue and what is owed; search by gardenId, buildingId, houseName, ownerName, ownerPhone; overdue=true for houses with overdue bills only.',
      query: params({
        gardenId: idText('a garden'),
        buildingId: idText('a building'),
        houseName: { type: 'string' },
        ownerName: { type: 'string' },
        ownerPhone: { type: 'string' },
        overdue: { type: 'string', enum: ['true', 'false'] },
        current: { type: 'string', pattern: '^\\d+$' },
        size: { type: 'string', pattern: '^\\d+$' },
      }),
      data: BillHousePage,
    }),
    async (req) => {
      const ctx = await contextOf(services, req);
      requireView(ctx, ['billoverdue']);
      const q = req.query as Query;
      const like = (v: unknown) => `%${String(v).replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const where = [bills.scope(ctx), sql`bill_status = ${BILL_STATUS.unpaid}`, sql`house_id is not null`];
      if (q.gardenId) where.push(sql`garden_id = ${parseId(q.gardenId, 'gardenId')}`);
      if (q.buildingId) where.push(sql`building_id = ${parseId(q.buildingId, 'buildingId')}`);
      for (const [key, column] of [
        ['houseName', 'house_name'],
        ['ownerName', 'owner_name'],
        ['ownerPhone', 'owner_phone'],
      ] as const)
        if (q[key]) where.push(sql`${sql.ref(column)} ilike ${like(q[key])}`);
      const current = Math.max(1, Number(q.current ?? 1) || 1);
      const size = Math.min(1000, Math.max(1, Number(q.size ?? 10) || 10));
      const matching = sql.join(where, sql` and `);
      // Houses in the order of the (state, house name, house id) index, so a page stops after its houses however many
      // owe: each (name, house) pair once, each house at the first name its matching bills carry (the least, as
      // min(house_name) would give; a house renamed between bills has two), its figures from all its matching bills.
      const overdueOnly = q.overdue === 'true' ? sql`and s.overdue_count > 0` : sql``;
      const houses = sql`select p.house_id, p.house_name, s.* from (select house_name, house_id from property_payment_bill
          where ${matching} group by house_name, house_id) p
        cross join lateral (select min(garden_id) as garden_id, min(owner_name) as owner_name, min(owner_phone) as owner_phone,
            count(*)::int as unpaid_count, (count(*) filter (where due_date < current_date))::int as overdue_count,
            sum(amount - reduce_amount) as owed
          from property_payment_bill where ${matching} and house_id = p.house_id) s
        where not exists (select 1 from property_payment_bill where ${matching} and house_id = p.house_id
            and (house_name < p.house_name or (p.house_name is null and house_name is not null))) ${overdueOnly}`;
      requireShallow(current, size);
      const offset = (current - 1) * size;
      const rows = await sql<Row>`${houses} order by p.house_name, p.house_id limit ${size} offset ${offset}`.execute(ctx.db);
      // As every list: a page that is not full tells its total; otherwise counted up to the limit, estimated beyond.
      const { total, exact } =
        rows.rows.length > 0 && rows.rows.length < size
          ? { total: offset + rows.rows.length, exact: true }
          : await boundedTotal(ctx.db, { from: sql`(${houses}) as houses`, where: sql`true` });
      return data({
        records: rows.rows.map((r) => ({
          houseId: String(r.house_id),
          gardenId: String(r.garden_id),
          houseName: (r.house_name as string) ?? null,
          ownerName: (r.owner_name as string) ?? null,
          ownerPhone: (r.owner_phone as string) ?? null,
          unpaidCount: Number(r.unpaid_count),
          overdueCount: Number(r.overdue_count),
          owed: Money.format(String(r.owed), 2),
        })),
        total,
        size,
        current,
        pages: Math.ceil(total / size),
        searchCount: true,
        totalExact: exact,
      });
    },
  );
}

/** Generation of a period's bills: the preview and the run (chunked, idempotent; see generation.ts). */
function registerGenerationRoutes(app: FastifyInstance, services: Services): void {
  const scopeParams = params(
    {
      gardenId: idText('the garden'),
      buildingId: idText('one building of it (optional)'),
      unitId: idText('one unit of it (optional): its houses only; a unit of another garden or building is unitMissing'),
      itemIds: { type: 'string', description: 'comma-separated charge items (optional: all of the garden)' },
      period: { type: 'string', description: 'yyyy-MM' },
    },
    [],
  );
  const scopeOf = (ctx: RequestContext, req: FastifyRequest): GenerationScope => {
    const p = paramsOf(req);
    if (!p.gardenId) throw badRequest('generateScopeRequired');
    const gardenId = parseId(p.gardenId, 'gardenId');
    ctx.requireGarden?.(gardenId);
    return {
      gardenId,
      buildingId: p.buildingId ? parseId(p.buildingId, 'buildingId') : undefined,
      unitId: p.unitId ? parseId(p.unitId, 'unitId') : undefined,
      itemIds: p.itemIds ? parseIds(p.itemIds, 'itemIds') : undefined,
      period: parsePeriod(p.period),
    };
  };
  app.post(
    `${base}/generate-preview`,
    post({
      tags,
      summary: 'How many bills a generation would add, and their total',
      description: 'Nothing is written. Houses the formulas cannot bill are listed with why. Needs paymentbill_add.',
      query: scopeParams,
      body: scopeParams,
      form: true,
      bodyOptional: true,
      data: GenerationPreview,
    }),
    async (req) => {
      const ctx = await contextOf(services, req);
      ctx.require(paymentBillEntity, 'add');
      const scope = scopeOf(ctx, req);
      await gardenRow(ctx, scope.gardenId);
      return data(await previewPeriod(ctx, await withUnit(ctx, scope), localeOfRequest(req)));
    },
  );
  app.post(
    `${base}/generate`,
    post({
      tags,
      summary: 'Generate a period’s bills for a garden, building or unit (a job run)',
      description:
        'Queues a run of the billGeneration job and answers its id; poll blade-system/job-run/detail for progress (bills done of those to add) and the outcome. The run makes a bill for every bound house and space whose item bills in the period, each with its lines and a log row, in transactions of 2,000. Bills that exist are skipped, so a rerun completes a stopped or killed run and adds no duplicate. Then the unpaid bills of auto-deduct items (autoDeduct) in the scope are paid from their owners’ pre-paid balances (the outcome says how many). Needs paymentbill_add.',
      query: scopeParams,
      body: scopeParams,
      form: true,
      bodyOptional: true,
      data: JobStarted,
    }),
    async (req) => {
      const ctx = await contextOf(services, req);
      ctx.require(paymentBillEntity, 'add');
      const scope = scopeOf(ctx, req);
      // Refused now rather than queued: a garden of another tenant, or one removed.
      await gardenRow(ctx, scope.gardenId);
      const params: GenerationParams = { ...(await withUnit(ctx, scope)) };
      return data({ runId: await services.jobs.enqueue(GENERATION_JOB, { ...params }, ctx.auth) });
    },
  );
}
