import type { ComponentType } from 'react';
import { preloadable, type Preloadable } from '../../app/preloadable';

/** The resource screens by menu code (资源管理), each its own chunk (registered in app/screens.ts). */
export const RESOURCE_SCREENS: Record<string, Preloadable<ComponentType>> = {
  oss: preloadable(() => import('./ConfigScreens').then((m) => ({ default: m.OssScreen }))),
  sms: preloadable(() => import('./ConfigScreens').then((m) => ({ default: m.SmsScreen }))),
  attach: preloadable(() => import('./AttachScreen')),
};
