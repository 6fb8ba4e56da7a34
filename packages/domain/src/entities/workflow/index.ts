import type { EntityDef } from '../../define';
import {
  flowActivityEntity,
  flowDefinitionEntity,
  flowInstanceEntity,
  flowModelEntity,
  flowTaskEntity,
  leaveEntity,
} from './definitions.entity';

export * from './answers';
export * from './definitions.entity';

/** Workflow (spec §7.9 /blade-flow and /blade-desk/process/leave). */
export const WORKFLOW_ENTITIES: ReadonlyArray<EntityDef> = [
  flowModelEntity,
  flowDefinitionEntity,
  flowInstanceEntity,
  flowTaskEntity,
  flowActivityEntity,
  leaveEntity,
];
