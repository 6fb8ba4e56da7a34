import type { EntityDef } from '../../define';
import { elevatorEntity, hydrantEntity } from './equipment.entity';
import { carParkingEntity, parkingSpaceChildEntity, parkingSpaceEntity } from './parking-space.entity';
import { parkingEntity } from './parking.entity';

export * from './answers';
export * from './equipment.entity';
export * from './parking-space.entity';
export * from './parking.entity';

/** A garden's facilities (spec §7.7): parking lots and spaces, elevators and hydrants. */
export const FACILITY_ENTITIES: ReadonlyArray<EntityDef> = [
  parkingEntity,
  parkingSpaceEntity,
  parkingSpaceChildEntity,
  carParkingEntity,
  elevatorEntity,
  hydrantEntity,
];
