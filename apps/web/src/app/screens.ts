import type { ComponentType } from 'react';
import type { Preloadable } from './preloadable';
import { CLUB_SCREENS } from '../modules/club/screens';
import { BILLING_SCREENS } from '../modules/billing/screens';
import { COMMUNITY_SCREENS } from '../modules/community/screens';
import { DASHBOARD_SCREENS } from '../modules/dashboard/screens';
import { EPIDEMIC_SCREENS } from '../modules/epidemic/screens';
import { REPORT_SCREENS } from '../modules/report/screens';
import { DEVELOP_SCREENS } from '../modules/develop/screens';
import { SERVICE_SCREENS } from '../modules/service/screens';
import { SYSTEM_SCREENS } from '../modules/system/screens';
import { WORKFLOW_SCREENS } from '../modules/workflow/screens';
import { RESOURCE_SCREENS } from '../modules/resource/screens';

/**
 * Screens that do more than the generic CRUD screen, keyed by menu code, each loaded as its own
 * chunk with `lazy(() => import(...))`. Most wrap CrudPage and add their buttons and dialogs
 * (CrudExtras). A menu code not listed here gets the generic screen of the entity whose permission
 * code it is.
 */
export const SCREENS: Record<string, Preloadable<ComponentType>> = {
  ...SYSTEM_SCREENS,
  ...COMMUNITY_SCREENS,
  ...SERVICE_SCREENS,
  ...CLUB_SCREENS,
  ...WORKFLOW_SCREENS,
  ...BILLING_SCREENS,
  ...DASHBOARD_SCREENS,
  ...EPIDEMIC_SCREENS,
  ...REPORT_SCREENS,
  ...RESOURCE_SCREENS,
  ...DEVELOP_SCREENS,
};
