import type { ComponentType } from 'react';
import { preloadable, type Preloadable } from '../../app/preloadable';

/** The club screens by menu code, each its own chunk (registered in app/screens.ts); the others are generic. */
export const CLUB_SCREENS: Record<string, Preloadable<ComponentType>> = {
  club: preloadable(() => import('./ClubScreens').then((m) => ({ default: m.ClubScreen }))),
  clubproduct: preloadable(() => import('./ClubScreens').then((m) => ({ default: m.ProductScreen }))),
  clubbalance: preloadable(() => import('./ClubScreens').then((m) => ({ default: m.WalletScreen }))),
  clubrecharge: preloadable(() => import('./ClubScreens').then((m) => ({ default: m.RechargeScreen }))),
  clubconsume: preloadable(() => import('./ClubScreens').then((m) => ({ default: m.ConsumeScreen }))),
  cashier: preloadable(() => import('./CashierScreen')),
};
