import type { ComponentType, LazyExoticComponent } from 'react';

/**
 * Screens that do more than the generic CRUD screen, keyed by menu code, each loaded as its own
 * chunk with `lazy(() => import(...))`. Most wrap CrudPage and add their buttons and dialogs
 * (CrudExtras). A menu code not listed here gets the generic screen of the entity whose permission
 * code it is.
 */
export const SCREENS: Record<string, LazyExoticComponent<ComponentType>> = {};
