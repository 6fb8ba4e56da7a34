import type {
  BillBarChart,
  BillHeadline,
  BillRadarMap,
  BillStatisticsTable,
  ExpenseShares,
  GardenSummary,
  OrderDaySum,
  OrderMonthSum,
  OrderYearSum,
  OverduePayment,
  PaymentMonthSum,
  ResourceTotals,
} from '@property/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../app/http';

/** What the screen chooses: the header's garden, the bills' range of days, the orders' year and month. */
export interface DashboardChoice {
  gardenId?: string;
  sTime: string;
  eTime: string;
  year: number;
  month: string;
}

/** One call of the dashboard, kept while the next choice's answer comes (no flash of empty cards). */
function useFigure<T>(path: string, params: Record<string, unknown>, enabled = true) {
  const sent = Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined && v !== ''));
  return useQuery({
    queryKey: ['dashboard', path, sent],
    queryFn: () => api.get<T>(`/system-property/${path}`, sent),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** Every answer the dashboard shows, each from its own call (spec §7.7), for the choice made. */
export function useDashboard(choice: DashboardChoice) {
  const garden = { gardenId: choice.gardenId };
  const range = { ...garden, sTime: choice.sTime, eTime: choice.eTime };
  return {
    resources: useFigure<ResourceTotals>('desk/get-index-sum-resource', garden),
    garden: useFigure<GardenSummary>('desk/get-garden', garden, !!choice.gardenId),
    years: useFigure<number[]>('desk/get-order-year', garden),
    yearSum: useFigure<OrderYearSum>('desk/get-order-sum', { ...garden, year: choice.year }),
    monthSum: useFigure<OrderMonthSum>('desk/get-order-month-sum', { ...garden, month: choice.month }),
    byMonth: useFigure<OrderMonthSum[]>('desk/get-order-sum-month', { ...garden, year: choice.year }),
    byDay: useFigure<OrderDaySum[]>('desk/get-order-sum-day', { ...garden, time: choice.month }),
    payments: useFigure<PaymentMonthSum>('desk/get-payment-sum-month', { ...garden, time: choice.month }),
    table: useFigure<BillStatisticsTable>('paymentbill/statistics-tables', range),
    barChart: useFigure<BillBarChart>('paymentbill/barChart', range),
    radar: useFigure<BillRadarMap>('paymentbill/radarMap', range),
    headline: useFigure<BillHeadline>('index/statistics', range),
    expense: useFigure<ExpenseShares>('index/expenseEchartsData', range),
    overdue: useFigure<OverduePayment>('index/overduePayment', range),
  };
}

export type DashboardData = ReturnType<typeof useDashboard>;
