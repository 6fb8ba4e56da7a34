import type { EntityDef } from '../../define';
import { buildingEntity } from './building.entity';
import { gardenUserEntity } from './garden-user.entity';
import { gardenEntity } from './garden.entity';
import { houseEntity } from './house.entity';
import { unitEntity } from './unit.entity';

export * from './answers';
export * from './building-batch';
export * from './building.entity';
export * from './garden-user.entity';
export * from './garden.entity';
export * from './house.entity';
export * from './unit.entity';

/** Gardens and what they are made of (spec §7.4 community resource, §7.7 garden and pgarden). */
export const COMMUNITY_ENTITIES: ReadonlyArray<EntityDef> = [
  gardenEntity,
  buildingEntity,
  unitEntity,
  houseEntity,
  gardenUserEntity,
];
