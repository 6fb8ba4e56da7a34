import type { ComponentType } from 'react';
import type { Preloadable } from '../../app/preloadable';
import { gardenScreen } from '../../app/scoped-screen';
import { gardenScopedScreens } from '../community/screens';
import { BILL_TABS } from './bill-tabs';

const billScreen = (tab: (typeof BILL_TABS)[number]['key']) =>
  gardenScreen(() => import('./BillScreen').then((m) => ({ default: () => <m.BillScreen tab={tab} /> })));

/**
 * The billing screens by menu code, each its own chunk (registered in app/screens.ts): the five bill lists open
 * one screen on their own tab; 缴费订单 reprints receipts; 收费统计; 预存款 (accounts, top-ups, ledger). The other billing menus (items, formulas,
 * print records, reductions, logs, suppliers, SMS use) are the generic screens of their entities, scoped by the
 * header garden like the community's (a charge item belongs to one garden).
 */
export const BILLING_SCREENS: Record<string, Preloadable<ComponentType>> = {
  ...gardenScopedScreens(['paymentitems', 'payformula', 'orderprint', 'reducepay', 'billlog', 'supplier', 'smsuse']),
  ...Object.fromEntries(BILL_TABS.map((tab) => [tab.menu, billScreen(tab.key)])),
  paymentorder: gardenScreen(() => import('./OrderScreen')),
  billstatistics: gardenScreen(() => import('./StatisticsScreen')),
  prepaidaccount: gardenScreen(() => import('./PrepaidScreen')),
};
