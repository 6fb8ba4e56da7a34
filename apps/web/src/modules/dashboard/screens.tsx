import { useContext, type ComponentType } from 'react';
import { Navigate } from 'react-router-dom';
import { ReadableContext } from '../../app/permissions';
import type { Preloadable } from '../../app/preloadable';
import { gardenScreen } from '../../app/scoped-screen';

/** The dashboard (统计看板): its own chunk, scoped by the header garden and shown once the garden is known. */
export const Dashboard = gardenScreen(() => import('./DashboardScreen'));

/** The dashboard's screen by menu code (registered in app/screens.ts). */
export const DASHBOARD_SCREENS: Record<string, Preloadable<ComponentType>> = { dashboard: Dashboard };

/**
 * /wel/dashboard (spec §2.1, hidden from the menu): the same dashboard, for whoever holds its menu; anyone else is
 * shown 403, as its calls would refuse them.
 */
export function DashboardPage() {
  const readable = useContext(ReadableContext);
  if (!readable) return null;
  return readable('dashboard') ? <Dashboard /> : <Navigate to="/403" replace />;
}
