import { serviceDirectoryEntity } from '@property/domain';
import type { ComponentType } from 'react';
import { preloadable, type Preloadable } from '../../app/preloadable';
import { gardenScreen } from '../../app/scoped-screen';

/** The service and patrol screens by menu code, each its own chunk (registered in app/screens.ts). */
export const SERVICE_SCREENS: Record<string, Preloadable<ComponentType>> = {
  repair: gardenScreen(() => import('./RepairScreen')),
  feedback: preloadable(() => import('./FeedbackScreen')),
  notice: preloadable(() => import('./PublicationScreen').then((m) => ({ default: m.NoticeScreen }))),
  activity: preloadable(() => import('./PublicationScreen').then((m) => ({ default: m.ActivityScreen }))),
  servicedir: preloadable(() =>
    import('../../crud/CrudPage').then((m) => ({ default: () => <m.CrudPage entity={serviceDirectoryEntity} tree="all" /> })),
  ),
  patrolplan: preloadable(() => import('./PatrolScreens').then((m) => ({ default: m.PatrolPlanScreen }))),
  templatemsg: preloadable(() => import('./MessageScreen')),
  patroltask: preloadable(() => import('./PatrolScreens').then((m) => ({ default: m.PatrolTaskScreen }))),
};
