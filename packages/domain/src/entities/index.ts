import type { EntityDef } from '../define';
import { COMMUNITY_ENTITIES } from './community/index';
import { PLATFORM_ENTITIES } from './platform/index';

export * from './platform/index';
export * from './community/index';

/** Every entity of the product; the server makes tables and routes for each. */
export const ENTITIES: ReadonlyArray<EntityDef> = [...PLATFORM_ENTITIES, ...COMMUNITY_ENTITIES];
