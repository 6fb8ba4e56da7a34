import { ENTITIES, routesOf, type EntityDef } from '@property/domain';
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** Menus of 社区资源 and 住户管理 without a screen of their own: the generic screen, scoped by the header garden. */
const SCOPED_CODES = ['unit', 'parking', 'parkingspace', 'elevator', 'hydrant', 'family', 'lessee', 'ownership', 'car'];

/**
 * The entity whose generic screen a menu code shows: the one named like the code when several
 * share its permission (车位管理 lists parking spaces, not their parking records), else the last
 * listed with that permission, as MenuScreen picks it.
 */
const entityOf = (code: string): EntityDef | undefined => {
  const listed = ENTITIES.filter((e) => e.permission === code && routesOf(e).includes('list'));
  return listed.find((e) => e.name.toLowerCase() === code) ?? listed.at(-1);
};

const scoped = (entity: EntityDef) =>
  lazy(() => import('./GardenScopedScreen').then((m) => ({ default: () => <m.GardenScopedScreen entity={entity} /> })));

/** The community and residents screens by menu code, each its own chunk (registered in app/screens.ts). */
export const COMMUNITY_SCREENS: Record<string, LazyExoticComponent<ComponentType>> = {
  ...Object.fromEntries(
    SCOPED_CODES.map((code) => [code, entityOf(code)] as const)
      .filter((pair): pair is readonly [string, EntityDef] => !!pair[1]?.fields.gardenId)
      .map(([code, entity]) => [code, scoped(entity)]),
  ),
  garden: lazy(() => import('./GardenScreen')),
  building: lazy(() => import('./BuildingScreen')),
  house: lazy(() => import('./HouseScreen')),
  owner: lazy(() => import('./OwnerScreen')),
  examine: lazy(() => import('./ExamineScreen')),
  resident: lazy(() => import('./ResidentScreen')),
};
