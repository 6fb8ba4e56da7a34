import type { EntityDef } from '../../define';
import { codeEntity, datasourceEntity, modelEntity, modelPrototypeEntity } from './develop.entity';

export * from './develop.entity';
export * from './prototype-kinds';
export * from './answers';

/** The development tools (spec §7.9 /blade-develop): data sources, data models and their columns, code generation. */
export const DEVELOP_ENTITIES: ReadonlyArray<EntityDef> = [datasourceEntity, modelEntity, modelPrototypeEntity, codeEntity];
