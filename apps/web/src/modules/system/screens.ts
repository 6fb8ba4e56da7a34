import type { ComponentType } from 'react';
import { preloadable, type Preloadable } from '../../app/preloadable';

const named = <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) =>
  preloadable(() => load().then((m) => ({ default: m[name] })));
const dicts = () => import('./DictScreen');
const logs = () => import('./LogScreen');

/** The system administration screens by menu code, each its own chunk (registered in app/screens.ts). */
export const SYSTEM_SCREENS: Record<string, Preloadable<ComponentType>> = {
  user: preloadable(() => import('./UserScreen')),
  role: preloadable(() => import('./RoleScreen')),
  menu: preloadable(() => import('./MenuManagement')),
  topmenu: preloadable(() => import('./TopMenuScreen')),
  dept: preloadable(() => import('./DeptScreen')),
  region: preloadable(() => import('./RegionScreen')),
  tenant: preloadable(() => import('./TenantScreen')),
  tenantpackage: preloadable(() => import('./TenantPackageScreen')),
  dict: named(dicts, 'SystemDictScreen'),
  dictbiz: named(dicts, 'BusinessDictScreen'),
  log_usual: named(logs, 'UsualLogScreen'),
  log_api: named(logs, 'ApiLogScreen'),
  log_error: named(logs, 'ErrorLogScreen'),
  job_run: preloadable(() => import('./JobRunScreen')),
  log_audit: preloadable(() => import('./AuditScreen')),
};
