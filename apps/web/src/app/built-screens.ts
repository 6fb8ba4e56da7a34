import { SCREEN_BY_CODE } from './screen-entity';
import { SCREENS } from './screens';

/**
 * Whether the menu with this code opens a working screen: a module's own, or the generic screen of its entity.
 * The others show "under construction" until their module is built.
 */
export function hasScreen(code: string): boolean {
  return code in SCREENS || SCREEN_BY_CODE.has(code);
}
