/**
 * The answers the console reads beyond an entity's generic rows, named once: each is the type of the schema
 * the server declares for the call (packages/domain), which the API document publishes too. Nothing here is
 * written a second time; a field the contract makes nullable is nullable here.
 */
import type {
  BatchSaved,
  BindingsAdded,
  deptEntity,
  gardenEntity,
  GrantKeys,
  GrantTree,
  MenuKeys,
  MenuPicker,
  noticeEntity,
  RecordOf,
  roleEntity,
  tenantPackageEntity,
  Static,
  TopMenuItem,
  TopUpResult,
  UploadedFile,
  userEntity,
} from '@property/domain';

/** blade-system/user/info, /platform-detail and the rows of /page: a user (no password). */
export type UserRecord = RecordOf<typeof userEntity>;
/** blade-system/role/select. */
export type RoleRecord = RecordOf<typeof roleEntity>;
/** blade-system/dept/select. */
export type DeptRecord = RecordOf<typeof deptEntity>;
/** Rows of the garden list (the header's gardens). */
export type GardenRecord = RecordOf<typeof gardenEntity>;
/** Rows of the notice list. */
export type NoticeRecord = RecordOf<typeof noticeEntity>;
/** Rows of the tenant package list (a tenant's package picker). */
export type TenantPackageRecord = RecordOf<typeof tenantPackageEntity>;
/** blade-system/menu/top-menu. */
export type TopMenu = Static<typeof TopMenuItem>;
/** blade-system/menu/grant-tree. */
export type GrantTreeAnswer = Static<typeof GrantTree>;
/** blade-system/menu/role-tree-keys. */
export type GrantKeysAnswer = Static<typeof GrantKeys>;
/** blade-system/menu/grant-top-tree. */
export type MenuPickerAnswer = Static<typeof MenuPicker>;
/** blade-system/menu/top-tree-keys. */
export type MenuKeysAnswer = Static<typeof MenuKeys>;
/** blade-resource/oss/endpoint/put-file. */
export type Uploaded = Static<typeof UploadedFile>;
/** community-resource/building/batchsave. */
export type BuildingBatchSaved = Static<typeof BatchSaved>;
/** owner/save-bind. */
export type Bound = Static<typeof BindingsAdded>;
/** system-property/prepaidaccount/top-up: the account after the top-up (and any auto-deductions), its ledger row. */
export type TopUpAnswer = Static<typeof TopUpResult>;
