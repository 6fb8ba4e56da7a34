import { ENTITIES, routesOf, type EntityDef } from '@property/domain';
import { SCREENS } from './screens';

/** The generic screen of each entity, found by its menu code (= the entity's permission code). */
export const SCREEN_BY_CODE = new Map<string, EntityDef>(
  ENTITIES.filter((e) => routesOf(e).includes('list')).map((e) => [e.permission, e]),
);

/**
 * Whether the menu with this code opens a working screen: a module's own, or the generic screen of its entity.
 * The others show "under construction" until their module is built.
 */
export function hasScreen(code: string): boolean {
  return code in SCREENS || SCREEN_BY_CODE.has(code);
}
