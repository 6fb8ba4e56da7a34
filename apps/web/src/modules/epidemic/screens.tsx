import { epidemicConfigEntity, epidemicPointEntity, epidemicUserEntity, type EntityDef } from '@property/domain';
import type { ComponentType } from 'react';
import type { Preloadable } from '../../app/preloadable';
import { gardenScreen } from '../../app/scoped-screen';

const scoped = (entity: EntityDef) =>
  gardenScreen(() => import('./EpidemicScreen').then((m) => ({ default: () => <m.default entity={entity} /> })));

/** The epidemic screens by menu code, each its own chunk (registered in app/screens.ts), scoped by the header garden. */
export const EPIDEMIC_SCREENS: Record<string, Preloadable<ComponentType>> = {
  epidemicinfo: gardenScreen(() => import('./EpidemicInfoScreen')),
  epidemicpoint: scoped(epidemicPointEntity),
  epidemicuser: scoped(epidemicUserEntity),
  epidemicconfig: scoped(epidemicConfigEntity),
};
