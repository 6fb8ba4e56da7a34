import type { ComponentType } from 'react';
import { preloadable, type Preloadable } from '../../app/preloadable';

/** The report list by menu code (registered in app/screens.ts), its own chunk. */
export const REPORT_SCREENS: Record<string, Preloadable<ComponentType>> = {
  report: preloadable(() => import('./ReportScreen')),
};
