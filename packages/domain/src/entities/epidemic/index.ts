import type { EntityDef } from '../../define';
import {
  epidemicConfigEntity,
  epidemicFamilyEntity,
  epidemicInfoEntity,
  epidemicPointEntity,
  epidemicUserEntity,
} from './epidemic.entity';

export * from './epidemic.entity';
export * from './rules';

/** Epidemic control (spec §1, §7.9 /epidemic-control): points, staff, health registrations with their families, configuration. */
export const EPIDEMIC_ENTITIES: ReadonlyArray<EntityDef> = [
  epidemicPointEntity,
  epidemicUserEntity,
  epidemicInfoEntity,
  epidemicFamilyEntity,
  epidemicConfigEntity,
];
