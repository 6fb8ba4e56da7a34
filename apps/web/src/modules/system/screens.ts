import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

const named = <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) =>
  lazy(() => load().then((m) => ({ default: m[name] })));
const dicts = () => import('./DictScreen');
const logs = () => import('./LogScreen');

/** The system administration screens by menu code, each its own chunk (registered in app/screens.ts). */
export const SYSTEM_SCREENS: Record<string, LazyExoticComponent<ComponentType>> = {
  user: lazy(() => import('./UserScreen')),
  role: lazy(() => import('./RoleScreen')),
  menu: lazy(() => import('./MenuManagement')),
  topmenu: lazy(() => import('./TopMenuScreen')),
  dept: lazy(() => import('./DeptScreen')),
  region: lazy(() => import('./RegionScreen')),
  tenant: lazy(() => import('./TenantScreen')),
  tenantpackage: lazy(() => import('./TenantPackageScreen')),
  dict: named(dicts, 'SystemDictScreen'),
  dictbiz: named(dicts, 'BusinessDictScreen'),
  log_usual: named(logs, 'UsualLogScreen'),
  log_api: named(logs, 'ApiLogScreen'),
  log_error: named(logs, 'ErrorLogScreen'),
  job_run: lazy(() => import('./JobRunScreen')),
  log_audit: lazy(() => import('./AuditScreen')),
};
