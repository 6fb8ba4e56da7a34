import type { EntityDef } from '../../define';
import {
  clubBalanceEntity,
  clubCategoryEntity,
  clubConsumeEntity,
  clubEntity,
  clubProductEntity,
  clubRechargeEntity,
  clubReserveEntity,
} from './club.entity';

export * from './answers';
export * from './club.entity';

/** The clubhouse (spec §7.3): facilities and their reservations, categories, products, wallets, recharges, consumption orders. */
export const CLUB_ENTITIES: ReadonlyArray<EntityDef> = [
  clubEntity,
  clubReserveEntity,
  clubCategoryEntity,
  clubProductEntity,
  clubBalanceEntity,
  clubRechargeEntity,
  clubConsumeEntity,
];
export * from './lines';
