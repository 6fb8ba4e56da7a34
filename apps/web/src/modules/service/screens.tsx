import { serviceDirectoryEntity } from '@property/domain';
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** The service and patrol screens by menu code, each its own chunk (registered in app/screens.ts). */
export const SERVICE_SCREENS: Record<string, LazyExoticComponent<ComponentType>> = {
  repair: lazy(() => import('./RepairScreen')),
  feedback: lazy(() => import('./FeedbackScreen')),
  notice: lazy(() => import('./PublicationScreen').then((m) => ({ default: m.NoticeScreen }))),
  activity: lazy(() => import('./PublicationScreen').then((m) => ({ default: m.ActivityScreen }))),
  servicedir: lazy(() =>
    import('../../crud/CrudPage').then((m) => ({ default: () => <m.CrudPage entity={serviceDirectoryEntity} tree="all" /> })),
  ),
  patrolplan: lazy(() => import('./PatrolScreens').then((m) => ({ default: m.PatrolPlanScreen }))),
  templatemsg: lazy(() => import('./MessageScreen')),
  patroltask: lazy(() => import('./PatrolScreens').then((m) => ({ default: m.PatrolTaskScreen }))),
};
