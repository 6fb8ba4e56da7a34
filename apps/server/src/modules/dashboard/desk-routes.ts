import {
  GardenSummary,
  OrderDaySums,
  OrderMonthSum,
  OrderMonthSums,
  OrderYears,
  OrderYearSum,
  PaymentMonthSum,
  ResourceTotals,
  type Schema,
} from '@property/domain';
import type { FastifyInstance } from 'fastify';
import { parseId } from '../../platform/crud/engine';
import { data } from '../../platform/http/envelope';
import { forbidden } from '../../platform/http/errors';
import { get, idText, params } from '../../platform/http/operation';
import { contextOf, type RequestContext } from '../../platform/http/request-context';
import type { Services } from '../../platform/services';
import { today } from '../billing/bills';
import { daySums, monthSum, monthSums, orderYears, paymentsByItem, yearSum } from './order-figures';
import { DASHBOARD_TAG, gardenParam, monthParam, yearParam } from './range';
import { gardenSummary, resourceTotals } from './resources';

type Query = Record<string, unknown>;

/** The dashboard menu (统计看板, code `dashboard`) reads every desk figure. */
export function requireDashboard(ctx: RequestContext): void {
  if (!ctx.services.access.can(ctx.grants, 'dashboard', 'view')) throw forbidden();
}

const garden = idText('one garden (the header’s); none: every garden the caller may see');
const YEAR = { type: 'string', pattern: '^\\d{4}$', description: 'yyyy; this year when absent' };
const MONTH = (what: string) => ({
  type: 'string',
  pattern: '^\\d{4}-\\d{2}$',
  description: `yyyy-MM: ${what}; this month when absent`,
});

const SCOPE =
  'Within the caller’s tenant, gardens and data scope of each entity counted; gardenId narrows to one garden. Needs the dashboard menu.';
const ORDERS =
  'Paid orders (payment orders of the cashier, paid or refunded since), by their pay time in the server’s zone. Within the caller’s tenant, gardens and data scope on orders; gardenId narrows to one garden. A month or year that is not one is a 400. Needs the dashboard menu.';

interface DeskCall {
  path: string;
  summary: string;
  description: string;
  query: Record<string, unknown>;
  required?: string[];
  schema: Schema;
  answer: (ctx: RequestContext, query: Query, gardenId: string | undefined, today: string) => Promise<unknown>;
}

/** The desk calls (spec §7.7 desk, all with gardenId): the dashboard's resource, garden and order figures. */
const DESK_CALLS: DeskCall[] = [
  {
    path: 'get-index-sum-resource',
    summary: 'Resource totals: gardens, buildings, units, houses, parking, residents, cars, elevators, hydrants',
    description: SCOPE,
    query: { gardenId: garden },
    schema: ResourceTotals,
    answer: (ctx, _query, gardenId) => resourceTotals(ctx, gardenId),
  },
  {
    path: 'get-garden',
    summary: 'One garden’s card: name, region, address, houses by state',
    description:
      'null when the caller may not see the garden (another tenant’s, or outside a garden-bound user’s gardens). Houses by house_status: occupied = 1 (owner-occupied) or 2 (let), vacant = 3, renovating = 4. Needs the dashboard menu.',
    query: { gardenId: idText('the garden') },
    required: ['gardenId'],
    schema: GardenSummary,
    answer: (ctx, query) => gardenSummary(ctx, parseId(query.gardenId, 'gardenId')),
  },
  {
    path: 'get-order-year',
    summary: 'The years with paid orders, newest first (the year picker)',
    description: ORDERS,
    query: { gardenId: garden },
    schema: OrderYears,
    answer: (ctx, _query, gardenId) => orderYears(ctx, gardenId),
  },
  {
    path: 'get-order-sum',
    summary: 'A year’s paid orders: count, amount, refunded',
    description: ORDERS,
    query: { gardenId: garden, year: YEAR },
    schema: OrderYearSum,
    answer: (ctx, query, gardenId, day) => yearSum(ctx, gardenId, yearParam(query, 'year', Number(day.slice(0, 4)))),
  },
  {
    path: 'get-order-month-sum',
    summary: 'A month’s paid orders: count, amount, refunded',
    description: ORDERS,
    query: { gardenId: garden, month: MONTH('the month') },
    schema: OrderMonthSum,
    answer: (ctx, query, gardenId, day) => monthSum(ctx, gardenId, monthParam(query, 'month', day.slice(0, 7))),
  },
  {
    path: 'get-order-sum-month',
    summary: 'Paid orders of each month of a year (this year by default)',
    description: `${ORDERS} year (not in the spec) chooses another year, as the dashboard’s year picker does.`,
    query: { gardenId: garden, year: YEAR },
    schema: OrderMonthSums,
    answer: (ctx, query, gardenId, day) => monthSums(ctx, gardenId, yearParam(query, 'year', Number(day.slice(0, 4)))),
  },
  {
    path: 'get-order-sum-day',
    summary: 'Paid orders of each day of a month',
    description: ORDERS,
    query: { gardenId: garden, time: MONTH('the month') },
    schema: OrderDaySums,
    answer: (ctx, query, gardenId, day) => daySums(ctx, gardenId, monthParam(query, 'time', day.slice(0, 7))),
  },
  {
    path: 'get-payment-sum-month',
    summary: 'Money taken in a month by charge item',
    description: `${ORDERS} The bills those orders paid, by charge item (paidAmount + lateFee each), within the caller’s scope on bills too.`,
    query: { gardenId: garden, time: MONTH('the month') },
    schema: PaymentMonthSum,
    answer: (ctx, query, gardenId, day) => paymentsByItem(ctx, gardenId, monthParam(query, 'time', day.slice(0, 7))),
  },
];

export function registerDeskRoutes(app: FastifyInstance, services: Services): void {
  for (const call of DESK_CALLS) {
    app.get(
      `/api/system-property/desk/${call.path}`,
      get({
        tags: [DASHBOARD_TAG],
        summary: call.summary,
        description: call.description,
        query: params(call.query, call.required),
        data: call.schema,
      }),
      async (req) => {
        const ctx = await contextOf(services, req);
        requireDashboard(ctx);
        const query = req.query as Query;
        return data(await call.answer(ctx, query, gardenParam(query), await today(ctx)));
      },
    );
  }
}
