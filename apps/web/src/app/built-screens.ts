import { ENTITIES, routesOf, type EntityDef } from '@property/domain';
import { SCREENS } from './screens';

/** The generic screen of each entity, found by its menu code (= the entity's permission code). */
export const SCREEN_BY_CODE = new Map<string, EntityDef>();
// Several entities may share a permission code (a bill and its lines are both under paymentbill): the menu opens
// the first one defined, the main entity, not whichever came last.
for (const entity of ENTITIES) {
  if (routesOf(entity).includes('list') && !SCREEN_BY_CODE.has(entity.permission)) SCREEN_BY_CODE.set(entity.permission, entity);
}

/**
 * Whether the menu with this code opens a working screen: a module's own, or the generic screen of its entity.
 * The others show "under construction" until their module is built.
 */
export function hasScreen(code: string): boolean {
  return code in SCREENS || SCREEN_BY_CODE.has(code);
}
