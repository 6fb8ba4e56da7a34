import {
  CLUB_PRODUCT_TYPE,
  clubBalanceEntity,
  clubLineAmount,
  clubConsumeEntity,
  clubProductEntity,
  Money,
  OPEN_CLOSE,
  type ConsumeLine,
} from '@property/domain';
import { sql } from 'kysely';
import { parseId, toJson, type CrudContext, type Row, NEXT_UPDATE_TIME } from '../../platform/crud/engine';
import { inTransaction } from '../../platform/db/transaction';
import { badRequest } from '../../platform/http/errors';
import { liveRow } from '../facility/lookups';

/**
 * The wallet's money moves (spec §2.3, §3; the rule is documented on
 * clubBalanceEntity and in docs/architecture.md). Every move runs in one
 * transaction that first locks the wallet row (`for update`), then its lots
 * (recharges), never the other way round, so cashiers on one wallet queue and
 * nothing deadlocks; the balance is always the sum of the unexpired lots.
 */
const AMOUNT = /^\d{1,10}(\.\d{1,2})?$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
export const MAX_LINES = 100;
const MAX_NUM = 999;

const money2 = (value: Money.Dec | string) => Money.format(value, 2);

/** The caller's live wallet, locked for the rest of the transaction. */
async function lockWallet(ctx: CrudContext, id: unknown): Promise<Row> {
  // Stryker disable next-line ObjectLiteral,BooleanLiteral: the lock queues concurrent cashiers (club.test.ts proves it); one caller cannot see it.
  return liveRow(ctx, clubBalanceEntity, id, 'clubWalletMissing', { lock: true });
}

/**
 * Writes off the money of a locked wallet's lots whose validity date has
 * passed (they are no longer spendable) and sets the wallet's balance to the
 * sum of what is left (a balance stored as NULL too). Answers that balance.
 */
async function settleExpiry(ctx: CrudContext, wallet: Row): Promise<string> {
  await sql`update property_club_recharge set remaining_amount = 0
    where balance_id = ${wallet.id} and tenant_id = ${wallet.tenant_id} and is_deleted = 0
      and remaining_amount > 0 and validity_date <= current_date`.execute(ctx.db);
  const left = await sql<{ total: string }>`select coalesce(sum(remaining_amount), 0)::text as total
    from property_club_recharge where balance_id = ${wallet.id} and tenant_id = ${wallet.tenant_id}
      and is_deleted = 0 and remaining_amount > 0`.execute(ctx.db);
  const balance = money2(left.rows[0]!.total);
  if (wallet.club_balance === null || Money.compare(balance, String(wallet.club_balance)) !== 0) {
    await sql`update property_club_balance set club_balance = ${balance} where id = ${wallet.id}`.execute(ctx.db);
  }
  return balance;
}

/** Writes off expired money of the given wallets (all the caller's wallets holding some when none given), in id order. */
export async function writeOffExpired(ctx: CrudContext, walletIds?: string[]): Promise<void> {
  if (walletIds && walletIds.length === 0) return;
  await inTransaction(ctx.db, async (tx) => {
    const txCtx = { ...ctx, db: tx };
    const only = walletIds ? sql`and b.id in (${sql.join(walletIds)})` : sql``;
    const due = await sql<Row>`select b.* from property_club_balance b
      where b.is_deleted = 0 and b.tenant_id = ${ctx.auth.tenantId} ${only}
        and exists (select 1 from property_club_recharge r where r.balance_id = b.id and r.tenant_id = b.tenant_id
          and r.is_deleted = 0 and r.remaining_amount > 0 and r.validity_date <= current_date)
      order by b.id for update`.execute(tx);
    for (const wallet of due.rows) await settleExpiry(txCtx, wallet);
  });
}

// Stryker disable all: the house named on recharges, orders and the cashier's list (club.test.ts shows it), not a money move.
/** The owner's first bound house (for the names on recharges and orders), if any. */
async function houseOf(ctx: CrudContext, ownerId: unknown): Promise<{ id: string; name: string; ownerType: number } | null> {
  if (ownerId === null || ownerId === undefined) return null;
  const rows = await sql<{ id: string; house_name: string; owner_type: number }>`select h.id, h.house_name, o.owner_type
    from property_ownership o join property_house h on h.id = o.house_id and h.is_deleted = 0
    where o.owner_id = ${ownerId} and o.tenant_id = ${ctx.auth.tenantId} and o.is_deleted = 0
    order by o.id limit 1`.execute(ctx.db);
  const row = rows.rows[0];
  return row ? { id: String(row.id), name: row.house_name, ownerType: Number(row.owner_type) } : null;
}

/** Wallets with their owner's first house, for the cashier. */
export async function withHouses(ctx: CrudContext, wallets: Row[]): Promise<Row[]> {
  return Promise.all(
    wallets.map(async (w) => {
      const house = await houseOf(ctx, w.owner_id);
      return { ...toJson(clubBalanceEntity, w), houseId: house?.id ?? null, houseName: house?.name ?? null };
    }),
  );
}

// Stryker restore all

function openWallet(wallet: Row): void {
  if (Number(wallet.status) !== OPEN_CLOSE.open) throw badRequest('clubWalletClosed');
}

/** A positive amount with at most two decimals, or rechargeAmountRequired / rechargeAmountInvalid. */
function rechargeAmountOf(raw: unknown): string {
  const text = typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw.trim() : '';
  if (text === '') throw badRequest('rechargeAmountRequired');
  if (!AMOUNT.test(text) || Money.compare(text, '0') <= 0) throw badRequest('rechargeAmountInvalid');
  return money2(text);
}

/**
 * A recharge: a new lot of `amount`, spendable until `validityDate` (none:
 * for ever; today or earlier is refused), added to the wallet's balance;
 * the record keeps the balance after it.
 */
export async function recharge(ctx: CrudContext, body: Record<string, unknown>): Promise<Row> {
  const amount = rechargeAmountOf(body.rechargeAmount);
  const validity =
    body.validityDate === undefined || body.validityDate === null || body.validityDate === '' ? null : body.validityDate;
  if (validity !== null && (typeof validity !== 'string' || !DAY.test(validity) || Number.isNaN(Date.parse(validity)))) {
    throw badRequest('paramTypeOf', { name: 'validityDate' });
  }
  return inTransaction(ctx.db, async (tx) => {
    const txCtx = { ...ctx, db: tx };
    if (body.balanceId === undefined || body.balanceId === null || body.balanceId === '') throw badRequest('clubWalletRequired');
    const wallet = await lockWallet(txCtx, body.balanceId);
    openWallet(wallet);
    if (validity !== null) {
      const past = await sql<{ past: boolean }>`select ${validity}::date <= current_date as past`.execute(tx);
      if (past.rows[0]!.past) throw badRequest('validityDatePast');
    }
    const before = await settleExpiry(txCtx, wallet);
    const after = money2(Money.add(before, amount));
    const house = await houseOf(txCtx, wallet.owner_id);
    const inserted = await sql<Row>`insert into property_club_recharge (tenant_id, create_user, create_dept, update_user,
        balance_id, user_id, user_name, user_tel, house_name, owner_type, recharge_amount, recharge_last_balance,
        validity_date, remaining_amount)
      values (${wallet.tenant_id}, ${ctx.auth.userId || null}, ${ctx.auth.deptId || null}, ${ctx.auth.userId || null},
        ${wallet.id}, ${wallet.club_user_id ?? null}, ${wallet.user_name ?? null}, ${wallet.user_tel ?? null},
        ${house?.name ?? null}, ${house?.ownerType ?? null}, ${amount}, ${after}, ${validity}, ${amount})
      returning *`.execute(tx);
    await sql`update property_club_balance set club_balance = ${after}, last_balance = ${after},
      update_user = ${ctx.auth.userId || null}, update_time = ${NEXT_UPDATE_TIME} where id = ${wallet.id}`.execute(tx);
    return inserted.rows[0]!;
  });
}

/** Removing recharges: only whole, unspent ones; their money leaves the wallet (wallets locked in id order). */
export async function takeBackRecharges(ctx: CrudContext, ids: string[]): Promise<void> {
  const lots = await sql<Row>`select * from property_club_recharge where id in (${sql.join(ids)})
    and tenant_id = ${ctx.auth.tenantId} and is_deleted = 0`.execute(ctx.db);
  // Stryker disable next-line MethodExpression: the lock order (no deadlock between two cashiers), not visible to one caller.
  const walletIds = [...new Set(lots.rows.map((l) => String(l.balance_id)))].sort();
  const wallets = new Map<string, Row>();
  for (const id of walletIds) {
    const rows = await sql<Row>`select * from property_club_balance where id = ${id} for update`.execute(ctx.db);
    if (rows.rows[0]) wallets.set(id, rows.rows[0]);
  }
  for (const lot of lots.rows) {
    if (Money.compare(String(lot.remaining_amount), String(lot.recharge_amount)) !== 0) throw badRequest('rechargeSpent');
  }
  for (const [id, wallet] of wallets) {
    // The lots leave first (the hook runs before the soft delete), then the balance is what remains.
    await sql`update property_club_recharge set remaining_amount = 0 where id in (${sql.join(ids)})
      and balance_id = ${id}`.execute(ctx.db);
    await settleExpiry(ctx, wallet);
  }
}

interface SaleLine {
  clubProductId: string;
  num: number;
}

function linesOf(raw: unknown): SaleLine[] {
  if (!Array.isArray(raw) || raw.length === 0) throw badRequest('clubConsumeEmpty');
  if (raw.length > MAX_LINES) throw badRequest('clubConsumeTooMany', { max: MAX_LINES });
  return raw.map((item) => {
    const line = (item ?? {}) as Record<string, unknown>;
    const num = typeof line.num === 'string' && /^\d+$/.test(line.num.trim()) ? Number(line.num) : line.num;
    if (typeof num !== 'number' || !Number.isInteger(num) || num < 1 || num > MAX_NUM) throw badRequest('clubConsumeNumInvalid');
    if (line.clubProductId === undefined || line.clubProductId === null || line.clubProductId === '')
      throw badRequest('clubProductUnavailable');
    return { clubProductId: parseId(line.clubProductId, 'clubProductId'), num };
  });
}

/**
 * A sale at the cashier: the open products' own prices, the wallet locked,
 * expired money written off, then the lots that expire first spent until the
 * total is paid. Refused, with nothing changed, when the spendable balance is
 * short. The order keeps the balance before and the amount.
 */
export async function consume(ctx: CrudContext, body: Record<string, unknown>): Promise<{ order: Row; balance: Row }> {
  if (body.balanceId === undefined || body.balanceId === null || body.balanceId === '') throw badRequest('clubWalletRequired');
  const lines = linesOf(body.consumeProducts);
  return inTransaction(ctx.db, async (tx) => {
    const txCtx = { ...ctx, db: tx };
    const wallet = await lockWallet(txCtx, body.balanceId);
    openWallet(wallet);
    const ids = [...new Set(lines.map((l) => l.clubProductId))];
    const scope = sql.join(
      [sql`is_deleted = 0`, sql`status = ${OPEN_CLOSE.open}`, ...ctx.rowScope(clubProductEntity)],
      sql` and `,
    );
    const found = await sql<Row>`select * from property_club_product where id in (${sql.join(ids)}) and ${scope}`.execute(tx);
    const products = new Map(found.rows.map((p) => [String(p.id), p]));
    if (products.size !== ids.length) throw badRequest('clubProductUnavailable');
    const sold: ConsumeLine[] = lines.map((line) => {
      const product = products.get(line.clubProductId)!;
      const price = money2(String(product.club_product_price));
      const type = String(product.club_product_type ?? CLUB_PRODUCT_TYPE.goods);
      return {
        clubProductId: line.clubProductId,
        clubProductName: String(product.club_product_name),
        clubProductPrice: price,
        num: line.num,
        type,
        amount: clubLineAmount(price, line.num, type),
      };
    });
    const total = money2(Money.sum(sold.map((l) => l.amount)));
    const before = await settleExpiry(txCtx, wallet);
    if (Money.compare(before, total) < 0) throw badRequest('clubBalanceShort', { balance: before, amount: total });
    await spendLots(txCtx, wallet, total);
    const after = money2(Money.sub(before, total));
    const updated = await sql<Row>`update property_club_balance set club_balance = ${after}
      where id = ${wallet.id} and club_balance = ${before} and club_balance >= ${total} returning *`.execute(tx);
    // The guard cannot fail under the row lock; if it ever did, nothing of the sale stays.
    if (!updated.rows[0]) throw badRequest('clubBalanceShort', { balance: before, amount: total });
    const house = await houseOf(txCtx, wallet.owner_id);
    const cashier = await sql<{ real_name: string | null; name: string | null }>`select real_name, name from blade_user
      where id = ${ctx.auth.userId || null}`.execute(tx);
    const inserted = await sql<Row>`insert into property_club_consume (tenant_id, create_user, create_dept, update_user,
        balance_id, user_id, consume_user_name, consume_user_tel, house_id, house_name, consume_amount,
        consume_before_amount, consume_products, update_user_name)
      values (${wallet.tenant_id}, ${ctx.auth.userId || null}, ${ctx.auth.deptId || null}, ${ctx.auth.userId || null},
        ${wallet.id}, ${wallet.club_user_id ?? null}, ${wallet.club_user_name ?? wallet.user_name ?? null},
        ${wallet.user_tel ?? null}, ${house?.id ?? null}, ${house?.name ?? null}, ${total}, ${before},
        ${JSON.stringify(sold)}::jsonb, ${cashier.rows[0]?.real_name ?? cashier.rows[0]?.name ?? null})
      returning *`.execute(tx);
    return { order: toJson(clubConsumeEntity, inserted.rows[0]!), balance: toJson(clubBalanceEntity, updated.rows[0]) };
  });
}

/** Takes `total` from the wallet's unexpired lots, those expiring first first (no date last), then the oldest. */
async function spendLots(ctx: CrudContext, wallet: Row, total: string): Promise<void> {
  const lots = await sql<Row>`select id, remaining_amount from property_club_recharge
    where balance_id = ${wallet.id} and tenant_id = ${wallet.tenant_id} and is_deleted = 0 and remaining_amount > 0
      and (validity_date is null or validity_date > current_date)
    order by validity_date asc nulls last, id asc for update`.execute(ctx.db);
  let due: Money.Dec = Money.dec(total);
  for (const lot of lots.rows) {
    if (Money.isZero(due)) break;
    const take = Money.min(String(lot.remaining_amount), due);
    await sql`update property_club_recharge set remaining_amount = remaining_amount - ${money2(take)}
      where id = ${lot.id}`.execute(ctx.db);
    due = Money.sub(due, take);
  }
}
