import {
  BillBarChart,
  BillHeadline,
  BillRadarMap,
  BillStatisticsTable,
  ExpenseShares,
  OverduePayment,
  type Schema,
} from '@property/domain';
import type { FastifyInstance } from 'fastify';
import type { RawBuilder } from 'kysely';
import { data } from '../../platform/http/envelope';
import { get, idText, params } from '../../platform/http/operation';
import { contextOf, type RequestContext } from '../../platform/http/request-context';
import type { Services } from '../../platform/services';
import { requireView } from '../billing/bill-routes';
import { today } from '../billing/bills';
import { billsInRange, figuresByItem, figuresByMonth, headline, overdue, ratesByItem, receivedByItem } from './bill-figures';
import { billRange, DASHBOARD_TAG, gardenParam, MAX_RANGE_YEARS, periodsOf, type BillRange } from './range';

type Query = Record<string, unknown>;

const DAY = '^\\d{4}-\\d{2}-\\d{2}( \\d{2}:\\d{2}(:\\d{2})?)?$';
const rangeQuery = params({
  gardenId: idText('one garden (the header’s); none: every garden the caller may see'),
  sTime: {
    type: 'string',
    pattern: DAY,
    description: 'yyyy-MM-dd (a time after it is ignored): the first day; January 1st of eTime’s year, or of this year',
  },
  eTime: {
    type: 'string',
    pattern: DAY,
    description: 'yyyy-MM-dd: the last day, included; December 31st of sTime’s year, or of this year',
  },
});

const RULES = `Bills are counted when their period (the month a bill covers, starting on its 1st) starts within sTime–eTime, both days included, at most ${MAX_RANGE_YEARS} years; an impossible day (2026-02-30) or eTime before sTime is a 400. The caller's tenant, gardens and data scope on bills apply; gardenId narrows to one garden. Closed bills (billStatus 3) are left out of the counts, receivable and reductions; refunded ones (4, and partial refunds) stay receivable and paid, their refunds shown as refunded. Needs the dashboard menu, or the bill menus that read the bills or the charge statistics (paymentbill, billstatistics).`;

/** A billing figure of the dashboard: the caller's bills of the range, summed by `answer`. */
function billFigureRoute(
  app: FastifyInstance,
  services: Services,
  path: string,
  summary: string,
  schema: Schema,
  answer: (ctx: RequestContext, where: RawBuilder<unknown>, range: BillRange) => Promise<object>,
): void {
  app.get(
    `/api/system-property/${path}`,
    get({ tags: [DASHBOARD_TAG], summary, description: `${summary}. ${RULES}`, query: rangeQuery, data: schema }),
    async (req) => {
      const ctx = await contextOf(services, req);
      requireView(ctx, ['billstatistics', 'dashboard']);
      const query = req.query as Query;
      const gardenId = gardenParam(query);
      const range = billRange(query, await today(ctx));
      const figures = await answer(ctx, billsInRange(ctx, gardenId, range), range);
      return data({ sTime: range.sTime, eTime: range.eTime, ...figures });
    },
  );
}

/**
 * The dashboard's billing figures (spec §7.7 paymentbill statistics-tables, barChart, radarMap; index statistics,
 * expenseEchartsData, overduePayment): 收费统计's sums (FIGURES) over the bills of a range of days.
 */
export function registerBillFigureRoutes(app: FastifyInstance, services: Services): void {
  billFigureRoute(
    app,
    services,
    'paymentbill/statistics-tables',
    'Bill statistics by charge item, with the collection rate',
    BillStatisticsTable,
    (ctx, where) => figuresByItem(ctx, where),
  );
  billFigureRoute(
    app,
    services,
    'paymentbill/barChart',
    'Receivable against received, month by month',
    BillBarChart,
    async (ctx, where, range) => ({ months: await figuresByMonth(ctx, where, periodsOf(range)) }),
  );
  billFigureRoute(app, services, 'paymentbill/radarMap', 'Collection rate by charge item', BillRadarMap, async (ctx, where) => ({
    items: await ratesByItem(ctx, where),
  }));
  billFigureRoute(
    app,
    services,
    'index/statistics',
    'Headline figures and the collection rate by houses and by money',
    BillHeadline,
    (ctx, where) => headline(ctx, where),
  );
  billFigureRoute(app, services, 'index/expenseEchartsData', 'Money taken in by charge item', ExpenseShares, (ctx, where) =>
    receivedByItem(ctx, where),
  );
  billFigureRoute(
    app,
    services,
    'index/overduePayment',
    'Overdue money by age, and the houses owing most',
    OverduePayment,
    (ctx, where) => overdue(ctx, where),
  );
}
