import type { EntityDef } from '../define';
import { CITIZEN_ENTITIES } from './citizen/index';
import { CLUB_ENTITIES } from './club/index';
import { EPIDEMIC_ENTITIES } from './epidemic/index';
import { REPORT_ENTITIES } from './report/index';
import { DEVELOP_ENTITIES } from './develop/index';
import { buildingBatchForm, COMMUNITY_ENTITIES } from './community/index';
import { BILLING_ENTITIES } from './billing/index';
import { FACILITY_ENTITIES } from './facility/index';
import { OWNER_APP_ENTITIES } from './owner-app/index';
import { PATROL_ENTITIES, patrolRecordView } from './patrol/index';
import { PLATFORM_ENTITIES } from './platform/index';
import { RESOURCE_ENTITIES } from './resource/index';
import { SERVICE_ENTITIES } from './service/index';
import { WORKFLOW_ENTITIES } from './workflow/index';

export * from './platform/index';
export * from './community/index';
export * from './citizen/index';
export * from './facility/index';
export * from './owner-app/index';
export * from './billing/index';
export * from './service/index';
export * from './patrol/index';
export * from './workflow/index';
export * from './club/index';
export * from './dashboard/index';
export * from './epidemic/index';
export * from './report/index';
export * from './resource/index';
export * from './develop/index';
export * from './references';
export * from './data-names';

/**
 * Definitions of a call's body rather than of a table (the server validates the body with one, the
 * console draws the form from it), and views of an answer the console lists (patrol records):
 * labelled like entities, no table of their own.
 */
export const FORMS: ReadonlyArray<EntityDef> = [buildingBatchForm, patrolRecordView];

/** Every entity of the product; the server makes tables and routes for each. */
export const ENTITIES: ReadonlyArray<EntityDef> = [
  ...PLATFORM_ENTITIES,
  ...COMMUNITY_ENTITIES,
  ...CITIZEN_ENTITIES,
  ...FACILITY_ENTITIES,
  ...OWNER_APP_ENTITIES,
  ...BILLING_ENTITIES,
  ...SERVICE_ENTITIES,
  ...PATROL_ENTITIES,
  ...WORKFLOW_ENTITIES,
  ...CLUB_ENTITIES,
  ...EPIDEMIC_ENTITIES,
  ...REPORT_ENTITIES,
  ...RESOURCE_ENTITIES,
  ...DEVELOP_ENTITIES,
];
export * from './reference-reads';
