import type { EntityDef } from '../../define';
import {
  communityActivityEntity,
  noticeEntity,
  properTemplateMsgEntity,
  propertyFileEntity,
  templateMsgEntity,
} from './content.entity';
import { reservationEntity, serviceDirectoryEntity, suggestionEntity } from './feedback.entity';
import { repairCommentEntity, repairEntity, repairImageEntity, repairLogEntity } from './repair.entity';

export * from './answers';
export * from './content.entity';
export * from './feedback.entity';
export * from './repair.entity';

/** The daily services (spec §7.7): repairs, feedback, reservations, notices, activities, the directory, templates, files. */
export const SERVICE_ENTITIES: ReadonlyArray<EntityDef> = [
  repairEntity,
  repairLogEntity,
  repairImageEntity,
  repairCommentEntity,
  suggestionEntity,
  serviceDirectoryEntity,
  reservationEntity,
  noticeEntity,
  communityActivityEntity,
  templateMsgEntity,
  properTemplateMsgEntity,
  propertyFileEntity,
];
