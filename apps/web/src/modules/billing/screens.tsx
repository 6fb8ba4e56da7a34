import type { ComponentType } from 'react';
import type { Preloadable } from '../../app/preloadable';
import { gardenScreen } from '../../app/scoped-screen';
import { gardenScopedScreens } from '../community/screens';
import { BILL_TABS } from './bill-tabs';

/** The billing menus whose generic screen lists the header garden's rows. */
export const GARDEN_SCOPED_BILLING = ['paymentitems', 'payformula', 'orderprint', 'reducepay', 'billlog', 'supplier'];

const billScreen = (tab: (typeof BILL_TABS)[number]['key']) =>
  gardenScreen(() => import('./BillScreen').then((m) => ({ default: () => <m.BillScreen tab={tab} /> })));

/**
 * The billing screens by menu code, each its own chunk (registered in app/screens.ts): the five bill lists open
 * one screen on their own tab; 缴费订单 reprints receipts; 收费统计; 预存款 (accounts, top-ups, ledger). The other billing menus (items, formulas,
 * print records, reductions, logs, suppliers) are the generic screens of their entities, scoped by the
 * header garden like the community's (a charge item belongs to one garden). 短信记录 is the plain generic screen: it
 * also holds messages of no garden (短信配置's 发送短信), which a garden's list would hide; its garden is a column and
 * a search field.
 */
export const BILLING_SCREENS: Record<string, Preloadable<ComponentType>> = {
  ...gardenScopedScreens(GARDEN_SCOPED_BILLING),
  ...Object.fromEntries(BILL_TABS.map((tab) => [tab.menu, billScreen(tab.key)])),
  paymentorder: gardenScreen(() => import('./OrderScreen')),
  billstatistics: gardenScreen(() => import('./StatisticsScreen')),
  prepaidaccount: gardenScreen(() => import('./PrepaidScreen')),
};
