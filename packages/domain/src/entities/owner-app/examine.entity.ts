import { datetime, entity, int, json, long, text } from '../../define';
import { gardenRef } from '../references';

/** Values of the examine_status dictionary. */
export const EXAMINE_STATUS = { pending: 0, approved: 1, rejected: 2 } as const;

/** A rejection's reason: required, at most 500 characters (checked by the server and the review dialog). */
export const REJECT_REASON = { required: 'rejectReasonRequired', maxLength: 500, tooLong: 'rejectReasonTooLong' } as const;

/**
 * Owner information sent from the residents' app, waiting for review
 * (业主审核, spec §7.7 mobile/owner). Approval makes (or updates) the owner
 * and binds the house; rejection keeps the reason. Either is final.
 */
export const ownerExamineEntity = entity({
  name: 'ownerExamine',
  table: 'property_owner_examine',
  base: '/system-property/mobile/owner',
  owner: 'tenant',
  permission: 'examine',
  routes: [],
  fields: {
    name: text({ required: 'nameRequired', maxLength: 50, search: 'like' }),
    phone: text({ required: 'phoneRequired', validator: 'mobile', search: 'like' }),
    idCard: text({ validator: 'idCard' }),
    gardenId: gardenRef({ required: 'gardenRequired' }),
    houseId: long({ required: 'houseRequired' }),
    /** The applicant's standing in the house (owner_type: 业主/家属/租户). */
    relation: int({ dict: 'owner_type', default: 1 }),
    /** Links of the proofs the applicant attached (property certificate, ID card): [{ name, link }]. */
    attachments: json(),
    /** The residents' app account that sent it, when known. */
    citizenUserId: long(),
    /** Overrides the common flag: 0 待审核, 1 审核通过, 2 审核驳回; changed only through examine. */
    status: int({ dict: 'examine_status', default: EXAMINE_STATUS.pending, readOnly: true }),
    reason: text({ readOnly: true, maxLength: 500 }),
    reviewer: long({ readOnly: true }),
    reviewTime: datetime({ readOnly: true }),
    /** The owner made or updated by the approval. */
    ownerId: long({ readOnly: true }),
  },
  indexes: [['gardenId', 'status']],
  sort: { ascs: ['status'], descs: ['createTime'] },
});
