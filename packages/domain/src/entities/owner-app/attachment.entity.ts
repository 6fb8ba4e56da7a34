import { bytes, entity, int, long, text } from '../../define';

/**
 * A stored file (附件, spec §7.9 attach): its metadata, whichever storage
 * driver keeps the bytes. `name` is the server-made storage name (random,
 * never from the client); `originalName` is what the user uploaded, cleaned,
 * and the one thing submit changes (a rename: files are added by uploading).
 * Public files (console images, avatars) are served by name to anyone holding
 * the link; private ones (owners' documents) only through permission-checked
 * calls.
 */
export const attachEntity = entity({
  name: 'attach',
  table: 'blade_attach',
  base: '/blade-resource/attach',
  owner: 'tenant',
  permission: 'attach',
  routes: ['list', 'detail', 'submit', 'remove'],
  fields: {
    name: text({ readOnly: true }),
    originalName: text({ required: 'attachNameRequired', maxLength: 100, search: 'like' }),
    extension: text({ readOnly: true, search: 'equal' }),
    contentType: text({ readOnly: true }),
    attachSize: long({ readOnly: true }),
    link: text({ readOnly: true }),
    domain: text({ readOnly: true }),
    /**
     * Which driver holds the bytes: disk, database, or oss:<id> (the bucket of that object storage
     * configuration), so changing FILE_STORAGE or the enabled bucket never loses older files.
     */
    storage: text({ readOnly: true }),
    isPublic: int({ readOnly: true, default: 0, dict: 'yes_no', search: 'equal' }),
  },
  unique: [{ fields: ['name'], message: 'fileNameTaken' }],
  sort: { descs: ['createTime'] },
  // storage: how many files an object-storage configuration's bucket holds (its removal, a change of bucket).
  indexes: [['storage']],
});

/**
 * File contents for the database storage driver (several instances without a shared disk). Read and
 * written by the server only (no routes, no menu): its permission is no menu's, since a platform entity's
 * permission makes that menu platform data, which would leave tenants only 查看 on 附件管理.
 */
export const attachBlobEntity = entity({
  name: 'attachBlob',
  table: 'blade_attach_blob',
  base: '/blade-resource/attach-blob',
  owner: 'platform',
  permission: 'attach_blob',
  routes: [],
  fields: {
    name: text({ readOnly: true }),
    content: bytes(),
  },
  unique: [{ fields: ['name'], message: 'fileNameTaken' }],
});

/**
 * A document of an owner (业主附件, spec §7.7 attachmentUpload): property
 * certificate, ID card and the like, optionally for one of their houses.
 * The spec's calls name the owner `userId`.
 */
export const ownerAttachmentEntity = entity({
  name: 'ownerAttachment',
  table: 'property_owner_attachment',
  base: '/system-property/attachmentUpload',
  owner: 'tenant',
  permission: 'owner',
  routes: [],
  fields: {
    ownerId: long({ required: 'ownerRequired' }),
    houseId: long(),
    attachId: long({ readOnly: true }),
    fileName: text({ required: 'fileNameRequired', maxLength: 100, search: 'like' }),
    contentType: text({ readOnly: true }),
    fileSize: long({ readOnly: true }),
    remark: text({ maxLength: 500 }),
  },
  indexes: [['ownerId', 'houseId']],
  sort: { descs: ['createTime'] },
});
