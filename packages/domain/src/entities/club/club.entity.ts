import { date, datetime, entity, int, json, long, money, text } from '../../define';
import { RICH_TEXT_MAX } from '../service/content.entity';
import { houseRef, ownerRef } from '../references';

/** Status of clubs, categories, wallets and products (dictionary open_close): 1 open, the default for new rows. */
export const OPEN_CLOSE = { open: 1, close: 0 } as const;

/** A product's kind (dictionary club_product_type): goods are counted by the piece, a hall by half-hours. */
export const CLUB_PRODUCT_TYPE = { goods: 'goods', hall: 'hall' } as const;

/** The sort of categories and products (spec §5): digits only; empty 请输入整数数字, not digits 请输入正确的整数数字!. */
const sortField = (column?: string) =>
  int({ ...(column ? { column } : {}), default: 0, required: 'integerEmpty', validator: 'integer', invalid: 'integerInvalid' });

/** A club facility (会所信息, spec §3, §5): every field required; the introduction is rich text, sanitised by the server. */
export const clubEntity = entity({
  name: 'club',
  table: 'property_club',
  base: '/system-property/club',
  owner: 'tenant',
  permission: 'club',
  fields: {
    name: text({ required: 'clubNameRequired', maxLength: 100, search: 'like' }),
    subhead: text({ required: 'clubSubheadRequired', maxLength: 200 }),
    tel: text({ required: 'clubTelRequired', validator: 'phone', maxLength: 20, search: 'like' }),
    status: int({ required: 'clubStatusRequired', dict: 'open_close', default: OPEN_CLOSE.open, search: 'equal' }),
    consumeProducts: text({ required: 'clubSpecRequired', maxLength: 1000 }),
    content: text({ required: 'clubContentRequired', maxLength: RICH_TEXT_MAX }),
  },
  sort: { descs: ['createTime'] },
});

/** A booking of a club facility (会所预约), newest change first. */
export const clubReserveEntity = entity({
  name: 'clubReserve',
  table: 'property_club_reserve',
  base: '/system-property/clubReserve',
  owner: 'tenant',
  permission: 'clubreserve',
  fields: {
    clubId: long({ required: 'clubRequired', search: 'equal', options: { from: '/system-property/club/list', label: 'name' } }),
    userName: text({ required: 'reservationUserRequired', maxLength: 50, search: 'like' }),
    userTel: text({ required: 'reservationTelRequired', validator: 'phone', maxLength: 20, search: 'like' }),
    reserveTime: datetime({ required: 'reserveTimeRequired' }),
    peopleNum: int({ validator: 'integer', invalid: 'integerInvalid' }),
    remark: text({ maxLength: 500 }),
    /** Overrides the common flag: 0 pending, 1 confirmed, 2 done, 3 cancelled (dictionary reservation_status). */
    status: int({ dict: 'reservation_status', default: 0, search: 'equal' }),
  },
  indexes: [['clubId']],
  sort: { descs: ['updateTime'] },
});

/** A product category (商品类型), by sort (spec §7.3 descs=sort). */
export const clubCategoryEntity = entity({
  name: 'clubCategory',
  table: 'property_club_category',
  base: '/system-property/clubCategory',
  owner: 'tenant',
  permission: 'clubcategory',
  fields: {
    clubCategory: text({ required: 'clubCategoryRequired', maxLength: 50, search: 'like' }),
    sort: sortField(),
    status: int({ dict: 'open_close', default: OPEN_CLOSE.open, search: 'equal' }),
  },
  unique: [{ fields: ['clubCategory'], message: 'clubCategoryTaken' }],
  sort: { descs: ['sort'] },
});

/**
 * A club product (商品管理, spec §3, §5). The code is generated when empty;
 * the price is whole yuan, digits only (a hall's price is per hour, its
 * orders count half-hours); the cover is one of our stored jpg/jpeg/png files.
 */
export const clubProductEntity = entity({
  name: 'clubProduct',
  table: 'property_club_product',
  base: '/system-property/clubProduct',
  owner: 'tenant',
  permission: 'clubproduct',
  fields: {
    clubProductCode: text({ maxLength: 32, search: 'like' }),
    clubProductName: text({ required: 'clubProductNameRequired', maxLength: 100, search: 'like' }),
    categoryId: long({
      required: 'clubProductCategoryRequired',
      search: 'equal',
      options: { from: '/system-property/clubCategory/dict', label: 'clubCategory' },
    }),
    clubProductType: text({ dict: 'club_product_type', default: CLUB_PRODUCT_TYPE.goods, maxLength: 10, search: 'equal' }),
    clubProductImages: text({ required: 'coverRequired', maxLength: 500 }),
    status: int({ dict: 'open_close', default: OPEN_CLOSE.open, search: 'equal' }),
    clubProductPrice: money({ required: 'integerEmpty', validator: 'integer', invalid: 'integerInvalid' }),
    clubProductSort: sortField(),
  },
  unique: [{ fields: ['clubProductCode'], message: 'clubProductCodeTaken' }],
  indexes: [['categoryId']],
  sort: { ascs: ['clubProductSort'] },
});

/**
 * A member wallet (会员钱包): one per owner (请选择业主; a phone without an
 * owner is 请先创建业主信息). Only recharges and consumptions change its
 * balance, never submit.
 *
 * The expiry rule: each recharge is a lot of money (its `remainingAmount`)
 * spendable while days are left before its validity date (none: for ever);
 * on the validity date itself the list tags it 已过期 (0 days left, spec §4)
 * and it is no longer spendable, so what the list says and what the cashier
 * takes agree. A recharge's date must therefore be after today. A
 * consumption locks the wallet row, first writes off the lots that have
 * expired, then spends the lots that expire first (no date last, the older
 * recharge first among equals), so money never outlives its date while newer
 * money waits. `clubBalance` is always the sum of the lots' unspent,
 * unexpired money: expired money is written off by every recharge and sale,
 * and before the wallet list and the cashier's look-up are read.
 */
export const clubBalanceEntity = entity({
  name: 'clubBalance',
  table: 'property_club_balance',
  base: '/system-property/clubBalance',
  owner: 'tenant',
  permission: 'clubbalance',
  fields: {
    ownerId: ownerRef({ required: 'ownerRequired', search: 'equal' }),
    ownerName: text({ readOnly: true, maxLength: 50, search: 'like' }),
    clubUserName: text({ maxLength: 50, search: 'like' }),
    userName: text({ readOnly: true, maxLength: 50, search: 'like' }),
    userTel: text({ validator: 'mobile', maxLength: 20, search: 'like' }),
    clubUserId: long({ readOnly: true }),
    clubBalance: money({ readOnly: true, default: '0.00' }),
    lastBalance: money({ readOnly: true, default: '0.00' }),
    status: int({ dict: 'open_close', default: OPEN_CLOSE.open, search: 'equal' }),
  },
  unique: [{ fields: ['ownerId'], message: 'clubWalletTaken' }],
  indexes: [['userTel']],
  sort: { descs: ['updateTime'] },
});

/** A recharge (充值记录): money put into a wallet, spendable until its validity date (see clubBalanceEntity). */
export const clubRechargeEntity = entity({
  name: 'clubClubRecharge',
  table: 'property_club_recharge',
  base: '/system-property/clubClubRecharge',
  owner: 'tenant',
  permission: 'clubrecharge',
  fields: {
    balanceId: long({
      required: 'clubWalletRequired',
      search: 'equal',
      options: { from: '/system-property/clubBalance/list', label: ['userName', 'userTel'] },
    }),
    userId: long({ readOnly: true }),
    userName: text({ readOnly: true, maxLength: 50, search: 'like' }),
    userTel: text({ readOnly: true, maxLength: 20, search: 'like' }),
    houseName: text({ readOnly: true, maxLength: 100 }),
    ownerType: int({ readOnly: true, dict: 'owner_type' }),
    rechargeAmount: money({ required: 'rechargeAmountRequired', invalid: 'rechargeAmountInvalid', search: 'equal' }),
    rechargeLastBalance: money({ readOnly: true }),
    /** The day the money stops being spendable (0 days left, 已过期); none: no end. */
    validityDate: date({ search: 'range' }),
    remainingAmount: money({ readOnly: true }),
  },
  indexes: [['balanceId']],
  sort: { descs: ['createTime'] },
});

/** One line of a consumption order, as kept on the order: what was sold, at which price, how many. */
export interface ConsumeLine {
  clubProductId: string;
  clubProductName: string;
  clubProductPrice: string;
  /** Pieces, or half-hours for a hall. */
  num: number;
  type: string;
  amount: string;
}

/** A consumption order (消费订单): made by the cashier only, read-only afterwards, newest first. */
export const clubConsumeEntity = entity({
  name: 'clubConsume',
  table: 'property_club_consume',
  base: '/system-property/clubConsume',
  owner: 'tenant',
  permission: 'clubconsume',
  fields: {
    balanceId: long({ required: 'clubWalletRequired', search: 'equal' }),
    userId: long({ readOnly: true }),
    consumeUserName: text({ readOnly: true, maxLength: 50, search: 'like' }),
    consumeUserTel: text({ readOnly: true, maxLength: 20, search: 'like' }),
    houseId: houseRef({ readOnly: true }),
    houseName: text({ readOnly: true, maxLength: 100 }),
    consumeAmount: money({ readOnly: true }),
    consumeBeforeAmount: money({ readOnly: true }),
    consumeProducts: json({ readOnly: true }),
    updateUserName: text({ readOnly: true, maxLength: 50 }),
  },
  indexes: [['balanceId']],
  sort: { descs: ['updateTime'] },
});
