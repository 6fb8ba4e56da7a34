import {
  Money,
  paymentOrderEntity,
  paymentOrderPrintEntity,
  Nullable,
  Receipt,
  recordOf,
  reducePayEntity,
  ReduceResult,
  refundPayEntity,
  ReminderResult,
  smsUseEntity,
  inputOf,
  JobStarted,
  ORDER_STATUS,
} from '@property/domain';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { CrudService, parseId, parseIds, toJson, type CrudContext, type Row } from '../../platform/crud/engine';
import { registerCrudRoutes } from '../../platform/crud/routes';
import { data, status } from '../../platform/http/envelope';
import { badRequest, forbidden } from '../../platform/http/errors';
import { localeOfRequest } from '../../platform/http/locale';
import { get, idText, params, post } from '../../platform/http/operation';
import { contextOf } from '../../platform/http/request-context';
import type { Services } from '../../platform/services';
import { isSet } from '../facility/lookups';
import { billIdsOfList, billListQuery, paramsOf } from './bill-routes';
import { billRows, linesOf } from './bills';
import { reduceBill, refundBill } from './payments';
import { REMINDER_JOB, type ReminderParams } from './jobs';
import { remind, type SmsProvider } from './sms';

type Body = Record<string, unknown>;

/** Bills one reminder batch may cover. */
const MAX_REMIND_BATCH = 20_000;

/** The receipt of an order: the order, its bills with lines, the amount in capitals and how often it was printed. */
async function receiptOf(ctx: CrudContext, orderId: string) {
  const scope = sql.join([sql`is_deleted = 0`, ...ctx.rowScope(paymentOrderEntity)], sql` and `);
  const found = await sql<Row>`select o.*, (select garden_name from property_garden g where g.id = o.garden_id) as garden_name
    from property_payment_order o where id = ${orderId} and ${scope}`.execute(ctx.db);
  const order = found.rows[0];
  if (!order) return null;
  const billIds = String(order.bill_ids ?? '')
    .split(',')
    .filter(Boolean);
  const rows = billIds.length
    ? (
        await sql<Row>`select * from property_payment_bill where id in (${sql.join(billIds)}) and tenant_id = ${ctx.auth.tenantId} order by id`.execute(
          ctx.db,
        )
      ).rows
    : [];
  const lines = await linesOf(ctx, billIds);
  const prints = await sql<{ n: number }>`select count(*)::int as n from property_payment_order_print where is_deleted = 0
    and order_id = ${orderId} and tenant_id = ${ctx.auth.tenantId}`.execute(ctx.db);
  return {
    order: toJson(paymentOrderEntity, order),
    gardenName: (order.garden_name as string) ?? null,
    bills: (await billRows(ctx, rows)).map((b) => ({ ...b, children: lines.get(String(b.id)) ?? [] })),
    capitalAmount: Money.capitalAmount(String(order.total_amount)),
    printCount: Number(prints.rows[0]?.n ?? 0),
  };
}

/** Orders, receipts and their prints, reductions, refunds and SMS use (spec §7.7). */
export function registerRecordRoutes(app: FastifyInstance, services: Services, provider: SmsProvider): void {
  // ---- paymentorder: made by paying; submit changes payer and remark only; paid orders stay ----
  const orders = new CrudService(paymentOrderEntity, {
    async beforeRemove(ctx, ids) {
      const paid =
        await sql`select 1 from property_payment_order where id in (${sql.join(ids)}) and tenant_id = ${ctx.auth.tenantId}
        and order_status in (${ORDER_STATUS.paid}, ${ORDER_STATUS.refunded}) limit 1`.execute(ctx.db);
      if (paid.rows.length) throw badRequest('orderPaidNoRemove');
    },
  });
  registerCrudRoutes(app, services, paymentOrderEntity, orders, { except: ['submit', 'detail'] });
  const orderBase = `/api${paymentOrderEntity.base}`;
  const orderTags = [paymentOrderEntity.label.en];
  app.get(
    `${orderBase}/detail`,
    get({
      tags: orderTags,
      summary: 'One order (by id or orderId)',
      query: params({ id: idText('the order'), orderId: idText('the order (the print page’s name)') }),
      data: Nullable(recordOf(paymentOrderEntity)),
    }),
    async (req) => {
      const ctx = await contextOf(services, req);
      ctx.require(paymentOrderEntity, 'view');
      const q = req.query as Body;
      const row = await orders.findRow(ctx, parseId(q.id ?? q.orderId, 'id'));
      return data(row ? toJson(paymentOrderEntity, row) : null);
    },
  );
  app.post(
    `${orderBase}/submit`,
    post({
      tags: orderTags,
      summary: 'Change an order’s payer or remark',
      description: 'Orders are made by paymentbill/pay; without id this is refused. Needs paymentorder_edit.',
      body: params({
        id: idText('the order'),
        payerName: { type: ['string', 'null'], maxLength: 50 },
        remark: { type: ['string', 'null'], maxLength: 500 },
      }),
      form: true,
    }),
    async (req) => {
      const ctx = await contextOf(services, req);
      const body = (req.body ?? {}) as Body;
      // The button first: a caller without it learns nothing of how orders are made.
      ctx.require(paymentOrderEntity, 'edit');
      if (!isSet(body.id)) throw badRequest('orderMadeByPay');
      await orders.submit(ctx, { id: body.id, payerName: body.payerName, remark: body.remark });
      return status(true);
    },
  );

  // ---- receipts and their prints ----
  const prints = new CrudService(paymentOrderPrintEntity);
  registerCrudRoutes(app, services, paymentOrderPrintEntity, prints, { except: ['submit', 'detail'] });
  const printBase = `/api${paymentOrderPrintEntity.base}`;
  const printTags = [paymentOrderPrintEntity.label.en];
  const receiptRoute = async (ctx: CrudContext, orderId: unknown) => data(await receiptOf(ctx, parseId(orderId, 'orderId')));
  app.get(
    `${printBase}/detail`,
    get({
      tags: printTags,
      summary: 'The receipt of an order, to print',
      query: params({ orderId: idText('the order') }, ['orderId']),
      data: Nullable(Receipt),
    }),
    async (req) => {
      const ctx = await contextOf(services, req);
      if (!['orderprint', 'paymentorder', 'billsettle'].some((c) => ctx.services.access.can(ctx.grants, c, 'view')))
        throw forbidden();
      return receiptRoute(ctx, (req.query as Body).orderId);
    },
  );
  app.post(
    '/api/system-property/paymentbill/get-print-bill-list',
    post({
      tags: printTags,
      summary: 'The receipt of an order (by orderId, or the order of billIds’ first bill)',
      query: params({ orderId: idText('the order'), billIds: { type: 'string' } }),
      body: params({ orderId: idText('the order'), billIds: { type: 'string' } }),
      form: true,
      bodyOptional: true,
      data: Nullable(Receipt),
    }),
    async (req) => {
      const ctx = await contextOf(services, req);
      if (!['paymentbill', 'billsettle', 'orderprint'].some((c) => ctx.services.access.can(ctx.grants, c, 'view')))
        throw forbidden();
      const p = paramsOf(req);
      let orderId = p.orderId;
      if (!isSet(orderId) && isSet(p.billIds)) {
        const [first] = parseIds(p.billIds, 'billIds');
        const row = await sql<{ order_id: string | null }>`select order_id from property_payment_bill where id = ${first}
          and tenant_id = ${ctx.auth.tenantId}`.execute(ctx.db);
        orderId = row.rows[0]?.order_id ?? undefined;
        if (!orderId) return data(null);
      }
      return receiptRoute(ctx, orderId);
    },
  );
  app.post(
    `${printBase}/submit`,
    post({
      tags: printTags,
      summary: 'Record a print of a receipt (or change a record’s remark)',
      description:
        'Without id: records one print of orderId on paperSize (A5/A4); the first is the original, later ones copies. Needs orderprint_add (or paymentorder_print, billsettle_print).',
      body: params({
        id: idText('a record: change its remark'),
        orderId: idText('the order printed'),
        paperSize: { type: 'string', enum: ['A5', 'A4'] },
        remark: { type: ['string', 'null'], maxLength: 500 },
      }),
      form: true,
      data: Nullable(recordOf(paymentOrderPrintEntity)),
    }),
    async (req) => {
      const ctx = await contextOf(services, req);
      const body = (req.body ?? {}) as Body;
      if (isSet(body.id)) {
        ctx.require(paymentOrderPrintEntity, 'edit');
        await prints.submit(ctx, { id: body.id, remark: body.remark });
        return data(null);
      }
      if (!['orderprint_add', 'paymentorder_print', 'billsettle_print'].some((c) => ctx.grants.codes.includes(c)))
        throw forbidden();
      const receipt = await receiptOf(ctx, parseId(body.orderId, 'orderId'));
      if (!receipt) throw badRequest('orderMissing');
      const paper = body.paperSize === 'A4' ? 'A4' : 'A5';
      const saved = await sql<Row>`insert into property_payment_order_print (tenant_id, order_id, garden_id, order_no, receipt_no,
          house_name, total_amount, paper_size, copy, print_no, remark, create_user, create_dept, update_user)
        select ${ctx.auth.tenantId}, o.id, o.garden_id, o.order_no, o.receipt_no, o.house_name, o.total_amount, ${paper},
          case when count(p.id) > 0 then 1 else 0 end, count(p.id) + 1, ${isSet(body.remark) ? String(body.remark) : null},
          ${ctx.auth.userId || null}, ${ctx.auth.deptId || null}, ${ctx.auth.userId || null}
        from property_payment_order o left join property_payment_order_print p on p.order_id = o.id and p.is_deleted = 0
        where o.id = ${receipt.order.id as string} group by o.id returning *`.execute(ctx.db);
      return data(toJson(paymentOrderPrintEntity, saved.rows[0]!));
    },
  );

  // ---- reductions: detail by billId (spec), list, and granting one ----
  registerCrudRoutes(app, services, reducePayEntity);
  app.post(
    `/api${reducePayEntity.base}/submit`,
    post({
      tags: [reducePayEntity.label.en],
      summary: 'Grant a reduction on an unpaid bill',
      description: 'billId, reduceAmount (> 0, at most what is owed), reason. Logged. Needs reducepay_add.',
      body: inputOf(reducePayEntity),
      form: true,
      data: ReduceResult,
    }),
    async (req) => {
      const ctx = await contextOf(services, req);
      ctx.require(reducePayEntity, 'add');
      return data(await reduceBill(ctx, (req.body ?? {}) as Body));
    },
  );

  // ---- refunds: made by refunding; submit without id refunds, with id changes the reason ----
  const refunds = new CrudService(refundPayEntity, {
    beforeRemove() {
      throw badRequest('refundNoRemove');
    },
  });
  registerCrudRoutes(app, services, refundPayEntity, refunds, { except: ['submit'] });
  app.post(
    `/api${refundPayEntity.base}/submit`,
    post({
      tags: [refundPayEntity.label.en],
      summary: 'Refund a paid bill (without id) or change a refund’s reason (with id)',
      body: params({
        id: idText('a refund'),
        billId: idText('the bill'),
        refundAmount: { type: ['string', 'number'] },
        reason: { type: 'string', maxLength: 500 },
        payType: { type: ['string', 'integer'] },
      }),
      form: true,
    }),
    async (req) => {
      const ctx = await contextOf(services, req);
      const body = (req.body ?? {}) as Body;
      if (isSet(body.id)) {
        ctx.require(refundPayEntity, 'edit');
        if (!isSet(body.reason)) throw badRequest('refundReasonRequired');
        await refunds.submit(ctx, { id: body.id, reason: body.reason });
      } else {
        ctx.require(refundPayEntity, 'add');
        await refundBill(ctx, { ...body, billId: body.billId });
      }
      return status(true);
    },
  );

  // ---- SMS use and reminders ----
  const sms = new CrudService(smsUseEntity);
  registerCrudRoutes(app, services, smsUseEntity, sms, { except: ['submit'] });
  app.post(
    `/api${smsUseEntity.base}/submit`,
    post({
      tags: [smsUseEntity.label.en],
      summary: 'Change an SMS record’s remark (records are made by reminders)',
      body: params({ id: idText('the record'), remark: { type: ['string', 'null'], maxLength: 500 } }),
      form: true,
    }),
    async (req) => {
      const ctx = await contextOf(services, req);
      const body = (req.body ?? {}) as Body;
      ctx.require(smsUseEntity, 'edit');
      if (!isSet(body.id)) throw badRequest('smsMadeBySend');
      await sms.submit(ctx, { id: body.id, remark: body.remark });
      return status(true);
    },
  );
  const remindParams = params({
    billIds: { type: 'string', description: 'comma-separated bills' },
    phone: { type: 'string', description: 'send all to this number instead of each bill’s owner phone' },
  });
  app.post(
    '/api/system-property/sms/sendPhoneMessage',
    post({
      tags: [smsUseEntity.label.en],
      summary: 'Remind owners of unpaid bills by SMS',
      description:
        'One message per phone naming the bills’ total, each recorded in smsuse and the bills’ logs. The shipped gateway `record` only records (sendStatus 1, recorded, not sent): no SMS leaves the system until a gateway is configured. Needs paymentbill_remind or billoverdue_remind.',
      query: remindParams,
      body: remindParams,
      form: true,
      bodyOptional: true,
      data: ReminderResult,
    }),
    async (req) => {
      const ctx = await contextOf(services, req);
      if (!['paymentbill_remind', 'billoverdue_remind'].some((c) => ctx.grants.codes.includes(c))) throw forbidden();
      const p = paramsOf(req);
      return data(await remind(ctx, provider, localeOfRequest(req), p.billIds, p.phone));
    },
  );

  const batchQuery = billListQuery();
  app.post(
    '/api/system-property/sms/remind-batch',
    post({
      tags: [smsUseEntity.label.en],
      summary: 'Remind many owners by SMS (a job run)',
      description: `Queues a run of the billReminders job for the bills a list's filter selects (listType overdu, the default, or out; the list filters as pageOverdu, billChildIds for chosen bills) within the caller's gardens and data scope, at most ${MAX_REMIND_BATCH}; answers the run's id (poll blade-system/job-run/detail). One message per owner phone, fifty phones a transaction; a rerun sends none twice. Needs paymentbill_remind or billoverdue_remind.`,
      query: batchQuery,
      data: JobStarted,
    }),
    async (req) => {
      const ctx = await contextOf(services, req);
      if (!['paymentbill_remind', 'billoverdue_remind'].some((c) => ctx.grants.codes.includes(c))) throw forbidden();
      const query = paramsOf(req);
      const view = query.listType === 'out' ? 'out' : 'overdu';
      const billIds = await billIdsOfList(ctx, query, view, MAX_REMIND_BATCH);
      if (billIds.length === 0) throw badRequest('remindBatchEmpty');
      if (billIds.length > MAX_REMIND_BATCH) throw badRequest('remindBatchTooMany', { max: MAX_REMIND_BATCH });
      const params: ReminderParams = { billIds, locale: localeOfRequest(req) };
      return data({ runId: await services.jobs.enqueue(REMINDER_JOB, { ...params }, ctx.auth) });
    },
  );
}
