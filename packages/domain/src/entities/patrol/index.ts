import type { EntityDef } from '../../define';
import { patrolPlanEntity, patrolPointEntity, patrolTaskEntity, patrolTaskPointEntity } from './patrol.entity';

export * from './patrol.entity';
export * from './answers';

/** Patrols (spec §7.7): points, plans, the tasks made from them and their checked points. */
export const PATROL_ENTITIES: ReadonlyArray<EntityDef> = [
  patrolPointEntity,
  patrolPlanEntity,
  patrolTaskEntity,
  patrolTaskPointEntity,
];
