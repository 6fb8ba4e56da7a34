import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** The club screens by menu code, each its own chunk (registered in app/screens.ts); the others are generic. */
export const CLUB_SCREENS: Record<string, LazyExoticComponent<ComponentType>> = {
  club: lazy(() => import('./ClubScreens').then((m) => ({ default: m.ClubScreen }))),
  clubproduct: lazy(() => import('./ClubScreens').then((m) => ({ default: m.ProductScreen }))),
  clubbalance: lazy(() => import('./ClubScreens').then((m) => ({ default: m.WalletScreen }))),
  clubrecharge: lazy(() => import('./ClubScreens').then((m) => ({ default: m.RechargeScreen }))),
  clubconsume: lazy(() => import('./ClubScreens').then((m) => ({ default: m.ConsumeScreen }))),
  cashier: lazy(() => import('./CashierScreen')),
};
