import { datetime, entity, int, json, long, text } from '../../define';
import { gardenRef } from '../references';

/** Values of the examine_status dictionary. */
export const EXAMINE_STATUS = { pending: 0, approved: 1, rejected: 2 } as const;

/** A rejection's reason: required, at most 500 characters (checked by the server and the review dialog). */
export const REJECT_REASON = { required: '请输入驳回原因', maxLength: 500, tooLong: '驳回原因不能超过500字' } as const;

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
  label: { zh: '业主审核', en: 'Owner examination' },
  permission: 'examine',
  routes: [],
  fields: {
    name: text({ required: '请输入姓名', maxLength: 50, search: 'like' }),
    phone: text({ required: '请输入手机号', validator: 'phone', search: 'like' }),
    idCard: text({ validator: 'idCard' }),
    gardenId: gardenRef({ required: '请选择小区' }),
    houseId: long({ required: '请选择房屋' }),
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
