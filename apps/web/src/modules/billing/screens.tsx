import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { BILL_TABS } from './bill-tabs';

const billScreen = (tab: (typeof BILL_TABS)[number]['key']) =>
  lazy(() => import('./BillScreen').then((m) => ({ default: () => <m.BillScreen tab={tab} /> })));

/**
 * The billing screens by menu code, each its own chunk (registered in app/screens.ts): the five bill lists open
 * one screen on their own tab; 缴费订单 reprints receipts; 收费统计; 预存款 (accounts, top-ups, ledger). The other billing menus (items, formulas,
 * print records, reductions, logs, suppliers, SMS use) are the generic screens of their entities.
 */
export const BILLING_SCREENS: Record<string, LazyExoticComponent<ComponentType>> = {
  ...Object.fromEntries(BILL_TABS.map((tab) => [tab.menu, billScreen(tab.key)])),
  paymentorder: lazy(() => import('./OrderScreen')),
  billstatistics: lazy(() => import('./StatisticsScreen')),
  prepaidaccount: lazy(() => import('./PrepaidScreen')),
};
