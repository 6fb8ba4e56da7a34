import type { EntityDef } from '@property/domain';
import type { ComponentType } from 'react';
import { preloadable, type Preloadable } from '../../app/preloadable';
import { gardenScreen } from '../../app/scoped-screen';
import { SCREEN_BY_CODE } from '../../app/screen-entity';

/** Menus of 社区资源 and 住户管理 without a screen of their own: the generic screen, scoped by the header garden. */
const SCOPED_CODES = ['unit', 'parking', 'parkingspace', 'elevator', 'hydrant', 'family', 'lessee', 'ownership', 'car'];

const scoped = (entity: EntityDef) =>
  gardenScreen(() => import('./GardenScopedScreen').then((m) => ({ default: () => <m.GardenScopedScreen entity={entity} /> })));

/**
 * The generic screens of these menu codes, scoped by the header garden: the list shows its rows, an add
 * dialog starts in it, pickers offer its rows. Codes whose entity has no garden are left to the plain screen.
 */
export function gardenScopedScreens(codes: string[]): Record<string, Preloadable<ComponentType>> {
  return Object.fromEntries(
    codes
      .map((code) => [code, SCREEN_BY_CODE.get(code)] as const)
      .filter((pair): pair is readonly [string, EntityDef] => !!pair[1]?.fields.gardenId)
      .map(([code, entity]) => [code, scoped(entity)]),
  );
}

/** The community and residents screens by menu code, each its own chunk (registered in app/screens.ts). */
export const COMMUNITY_SCREENS: Record<string, Preloadable<ComponentType>> = {
  ...gardenScopedScreens(SCOPED_CODES),
  garden: preloadable(() => import('./GardenScreen')),
  building: gardenScreen(() => import('./BuildingScreen')),
  house: gardenScreen(() => import('./HouseScreen')),
  owner: gardenScreen(() => import('./OwnerScreen')),
  examine: gardenScreen(() => import('./ExamineScreen')),
  resident: preloadable(() => import('./ResidentScreen')),
};
