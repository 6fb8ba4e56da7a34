import type { EntityDef } from '../../define';
import { attachBlobEntity, attachEntity, ownerAttachmentEntity } from './attachment.entity';
import { ownerExamineEntity } from './examine.entity';

export * from './answers';
export * from './attachment.entity';
export * from './examine.entity';

/** What owners submit from the mobile app (spec §7.7 mobile/owner, attachmentUpload), and the stored files behind them. */
export const OWNER_APP_ENTITIES: ReadonlyArray<EntityDef> = [
  ownerExamineEntity,
  ownerAttachmentEntity,
  attachEntity,
  attachBlobEntity,
];
