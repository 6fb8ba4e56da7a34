import { BILL_STATUS, BillStatistics, Money, paymentBillEntity } from '@property/domain';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { data } from '../../platform/http/envelope';
import { get } from '../../platform/http/operation';
import { contextOf, type RequestContext } from '../../platform/http/request-context';
import type { Services } from '../../platform/services';
import { billListQuery, extraConditions, OWN_KEYS, requireView } from './bill-routes';
import { bills } from './bills';

type Query = Record<string, unknown>;

/** The figures of a group of bills, in SQL: what each statistics row and the total carry (the dashboard's too). */
export const FIGURES = sql`count(*) filter (where bill_status <> ${BILL_STATUS.closed})::int as count,
  coalesce(sum(amount - reduce_amount) filter (where bill_status <> ${BILL_STATUS.closed}), 0) as receivable,
  coalesce(sum(paid_amount + late_fee), 0) as received,
  coalesce(sum(refund_amount), 0) as refunded,
  coalesce(sum(amount - reduce_amount) filter (where bill_status = ${BILL_STATUS.unpaid}), 0) as outstanding,
  coalesce(sum(amount - reduce_amount) filter (where bill_status = ${BILL_STATUS.unpaid} and due_date < current_date), 0) as overdue`;

/** A row of FIGURES as the answers carry it: money as decimal strings with two places. */
export const figures = (r: Record<string, unknown>) => ({
  count: Number(r.count),
  receivable: Money.format(String(r.receivable), 2),
  received: Money.format(String(r.received), 2),
  refunded: Money.format(String(r.refunded), 2),
  outstanding: Money.format(String(r.outstanding), 2),
  overdue: Money.format(String(r.overdue), 2),
});

/**
 * The figures of the bills a filter selects, by charge item, by month and in total, within the caller's gardens and
 * data scope: what the statistics call answers, and what a saved report keeps (modules/report).
 */
export async function billStatistics(ctx: RequestContext, query: Query): Promise<BillStatistics> {
  const request = bills.listRequest(
    ctx,
    { ...query, current: undefined, size: undefined },
    { extra: extraConditions(query), skip: OWN_KEYS },
  );
  const from = sql`${request.from} where ${request.where}`;
  const [byItem, byMonth, total] = await Promise.all([
    sql<Record<string, unknown>>`select item_id, min(item_name) as item_name, ${FIGURES} from ${from}
      group by item_id order by min(item_name), item_id`.execute(ctx.db),
    sql<Record<string, unknown>>`select period, ${FIGURES} from ${from} group by period order by period`.execute(ctx.db),
    sql<Record<string, unknown>>`select ${FIGURES} from ${from}`.execute(ctx.db),
  ]);
  return {
    byItem: byItem.rows.map((r) => ({ itemId: String(r.item_id), itemName: (r.item_name as string) ?? null, ...figures(r) })),
    byMonth: byMonth.rows.map((r) => ({ period: String(r.period), ...figures(r) })),
    total: figures(total.rows[0]!),
  };
}

/**
 * 收费统计 (menu billstatistics): the bills a filter selects — as the bill lists filter (gardenId, buildingId,
 * itemId..., billBetweenTime for a range of periods), within the caller's gardens and data scope — summed by
 * charge item and by month, and in total. Each total is the sum of its rows (one query each, the same filter).
 */
export function registerStatisticsRoute(app: FastifyInstance, services: Services): void {
  app.get(
    '/api/system-property/paymentbill/statistics',
    get({
      tags: [paymentBillEntity.label.en],
      summary: 'Charge statistics by item and by month',
      description:
        'Filters as the bill lists (gardenId, buildingId, itemId..., billBetweenTime "yyyy-MM,yyyy-MM"). receivable leaves closed bills out; received is paid plus late fees; outstanding and overdue are the unpaid bills (overdue: past their due date today). Needs the billstatistics or paymentbill menu.',
      query: billListQuery(),
      data: BillStatistics,
    }),
    async (req) => {
      const ctx = await contextOf(services, req);
      requireView(ctx, ['billstatistics']);
      return data(await billStatistics(ctx, req.query as Query));
    },
  );
}
