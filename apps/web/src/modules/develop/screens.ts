import type { ComponentType } from 'react';
import { preloadable, type Preloadable } from '../../app/preloadable';

/** The development tools' screens by menu code, each its own chunk (registered in app/screens.ts). */
export const DEVELOP_SCREENS: Record<string, Preloadable<ComponentType>> = {
  datasource: preloadable(() => import('./DatasourceScreen')),
  devmodel: preloadable(() => import('./ModelScreen')),
  code: preloadable(() => import('./CodeScreen')),
};
