import type { EntityDef } from '../../define';
import { carEntity } from './car.entity';
import { citizenHouseEntity, citizenInfoEntity, citizenUserEntity } from './citizen-user.entity';
import { familyEntity } from './family.entity';
import { lesseeEntity } from './lessee.entity';
import { ownerEntity } from './owner.entity';
import { ownershipEntity } from './ownership.entity';

export * from './answers';
export * from './car.entity';
export * from './citizen-user.entity';
export * from './family.entity';
export * from './lessee.entity';
export * from './owner.entity';
export * from './ownership.entity';

/** Residents (spec §7.5 citizen user, §7.6 owner): owners, families, lessees, ownerships and cars. */
export const CITIZEN_ENTITIES: ReadonlyArray<EntityDef> = [
  ownerEntity,
  ownershipEntity,
  familyEntity,
  lesseeEntity,
  carEntity,
  citizenUserEntity,
  citizenInfoEntity,
  citizenHouseEntity,
];
