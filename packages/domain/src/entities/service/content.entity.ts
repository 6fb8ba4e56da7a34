import { datetime, entity, int, long, text } from '../../define';
import { gardenRef } from '../references';

/** Longest rich text kept (HTML after sanitising). */
export const RICH_TEXT_MAX = 200_000;

/**
 * What notices and community activities share (spec §3, §5): title (请填写标题),
 * cover image jpg/jpeg/png (请上传封面图), rich-text content sanitised by the
 * server, the show flag (yes_no), soft delete.
 */
const publication = () => ({
  gardenId: gardenRef({ search: 'equal' }),
  title: text({ required: 'titleRequired', maxLength: 100, search: 'like' }),
  imgUrl: text({ required: 'coverRequired', maxLength: 200 }),
  content: text({ maxLength: RICH_TEXT_MAX }),
  /** Overrides the common flag: shown (1) or hidden (0). */
  status: int({ dict: 'yes_no', default: 1, search: 'equal' }),
});

/** A notice (小区公告); the header's bell shows the newest shown ones. */
export const noticeEntity = entity({
  name: 'notice',
  table: 'property_notice',
  base: '/system-property/notice',
  owner: 'tenant',
  permission: 'notice',
  fields: {
    ...publication(),
    /** Reserved by the spec. */
    activityType: int({ dict: 'notice' }),
  },
  sort: { descs: ['createTime'] },
});

/** A community activity (社区活动). */
export const communityActivityEntity = entity({
  name: 'communityActivity',
  table: 'property_community_activity',
  base: '/system-property/communityActivity',
  owner: 'tenant',
  permission: 'activity',
  fields: {
    ...publication(),
    activityType: int({ dict: 'activity_type', search: 'equal' }),
    address: text({ maxLength: 200 }),
    startTime: datetime(),
    endTime: datetime(),
  },
  sort: { descs: ['createTime'] },
});

/** A message template (消息模板): words with {{placeholders}} sent to owners (temlatemsg, the spec's spelling). */
export const templateMsgEntity = entity({
  name: 'templateMsg',
  table: 'property_template_msg',
  base: '/system-property/temlatemsg',
  owner: 'tenant',
  permission: 'templatemsg',
  fields: {
    code: text({ required: 'templateCodeRequired', maxLength: 50, search: 'like' }),
    name: text({ required: 'templateNameRequired', maxLength: 100, search: 'like' }),
    content: text({ required: 'templateContentRequired', maxLength: 1000 }),
    remark: text({ maxLength: 500 }),
  },
  unique: [{ fields: ['code'], message: 'templateCodeTaken' }],
  sort: { ascs: ['code'] },
});

/** A garden's use of a template (propertemlatemsg): which template its owners get, and the words as sent. */
export const properTemplateMsgEntity = entity({
  name: 'properTemplateMsg',
  table: 'property_proper_template_msg',
  base: '/system-property/propertemlatemsg',
  owner: 'tenant',
  permission: 'templatemsg',
  fields: {
    gardenId: gardenRef({ required: 'gardenRequired', search: 'equal' }),
    templateId: long({
      required: 'templateRequired',
      options: { from: '/system-property/temlatemsg/list', label: 'name' },
    }),
    title: text({ maxLength: 100, search: 'like' }),
    content: text({ maxLength: 1000 }),
    remark: text({ maxLength: 500 }),
  },
  indexes: [['gardenId']],
  sort: { descs: ['createTime'] },
});

/**
 * A file of the property company (system-property/file): uploaded through
 * `file/upload` (editor images and videos, covers), checked by content, kept
 * in the platform storage under a generated name; this row is its catalogue entry.
 */
export const propertyFileEntity = entity({
  name: 'propertyFile',
  table: 'property_file',
  base: '/system-property/file',
  owner: 'tenant',
  permission: 'notice',
  fields: {
    name: text({ required: 'fileNameRequired', maxLength: 100, search: 'like' }),
    bucketName: text({ maxLength: 50, search: 'equal' }),
    link: text({ readOnly: true, maxLength: 200 }),
    contentType: text({ readOnly: true, maxLength: 100 }),
    fileSize: long({ readOnly: true }),
    attachId: long({ readOnly: true }),
  },
  sort: { descs: ['createTime'] },
});
