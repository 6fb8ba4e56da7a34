import type { EntityDef } from '../../define';
import { ossEntity, smsEntity } from './resource.entity';

export * from './answers';
export * from './resource.entity';

/** Resources (spec §7.9 /blade-resource): object storage and SMS configurations; stored files are the owner-app's attachEntity. */
export const RESOURCE_ENTITIES: ReadonlyArray<EntityDef> = [ossEntity, smsEntity];
