import { BILL_STATUS, Money, PAY_TYPE } from '@property/domain';
import { sql, type RawBuilder } from 'kysely';
import type { CrudContext, Row } from '../../platform/crud/engine';
import { inTransaction } from '../../platform/db/transaction';
import { bills, itemsOf, lateFeeOf, nextReceipts, owedOf, today } from './bills';
import type { GenerationScope } from './generation';
import { paidByBalance, totalOf, writePayments, type PaymentPlan } from './payments';
import { moveBalances } from './prepaid';

/**
 * Automatic deduction (自动从预存款扣缴): the bills of charge items with
 * `autoDeduct` = 1, a house's and a parking space's alike, are paid from the
 * pre-paid account of the owner each is made out to (a house's billed owner,
 * a space's owner) in the bill's garden, each bill as the cashier's payment
 * by balance pays it (pay type 5: an order and receipt number, the bill
 * settled, the ledger move, the bill log and the audit trail, "who" being
 * the caller: the job's starter, or the cashier who topped up), written by
 * the same writers (writePayments, moveBalances) for a whole chunk at once.
 * It runs
 *
 * - after a generation's chunks (`deductGenerated`), for the accounts of the
 *   owners whose flagged bills the scope's period has unpaid, and
 * - right after a top-up commits (`deductAccount`), for that account.
 *
 * Rules, the same in both:
 *
 * - One order a bill, keyed `auto:<billId>` (a bill whose key has paid is
 *   passed over, as payBills answers a key's replay), so a killed run or a
 *   retried top-up never pays a bill twice.
 * - Oldest first within an account, across its owner's houses and spaces
 *   (due date, then start, then id), and
 *   strictly so: at the first bill its balance cannot cover, that account
 *   stops, so a newer bill never takes money an older one is waiting for.
 *   Nothing is written for a bill not paid (no partial payment); the other
 *   accounts go on.
 * - Late fees: a bill of the generated period is paid as it is issued, so it
 *   is never overdue and pays none, even when a past period is generated late.
 *   Any other waiting bill (left unpaid by a short balance) pays the late fee
 *   it has come to by the day it is deducted, exactly as at the cashier.
 * - Chunks of CHUNK bills, each one transaction that locks its bills (id
 *   order) and then its accounts (id order): the module's lock order, bills
 *   first, so a cashier paying one of these bills by balance at the same
 *   time queues rather than deadlocks. Which of a chunk's bills are paid is
 *   decided from the locked rows, then written in one statement a kind of
 *   row (payChunk): about fifteen statements a chunk, not twenty a bill.
 *   What is left is read again from the database on every run; nothing is
 *   remembered across runs.
 * - Only the caller's tenant and rows (its row scope), and only the bill's
 *   own garden's account.
 */
export const CHUNK = 100;

/** The key of one bill's automatic payment: a colon, which a client's key may not hold (bills.ts KEY). */
export const autoDeductKey = (billId: string) => `auto:${billId}`;

export interface Waiting {
  id: string;
  account_id: string;
  /** A bill of the generated period: deducted as it is issued, without a late fee. */
  issued: boolean;
}

export interface DeductOptions {
  /** Hears after each chunk commits: bills looked at, of those waiting. */
  progress?: (done: number, of: number) => void | Promise<void>;
  /** Checked before each chunk. */
  signal?: AbortSignal;
}

/**
 * The unpaid bills of auto-deduct items waiting on these accounts, oldest
 * first per account across its owner's houses and parking spaces; only
 * accounts holding money. `issuedIn` marks the bills of a generated period.
 * A bill waits on the account of the owner it is made out to (its ownerId:
 * a house's billed owner, a space's owner, kept after the house or space
 * changes hands) in its garden, found by the bills' index by owner, so the
 * cost follows the accounts, not the garden's bills. (Found before through
 * the owner's ownerships, whose indexes hold live rows only: a removed
 * ownership's bills made that a scan of the tenant's ownerships an account.)
 * The statement alone: bench/billing.ts prints its plan.
 */
export function waitingSql(ctx: CrudContext, accountIds: string[], issuedIn?: GenerationScope): RawBuilder<Waiting> {
  const issued = issuedIn ? sql`b.garden_id = ${issuedIn.gardenId} and b.period = ${issuedIn.period}` : sql`false`;
  return sql<Waiting>`select b.id::text, a.id::text as account_id, ${issued} as issued
    from property_prepaid_account a
      join lateral (select * from property_payment_bill where ${bills.scope(ctx)} and bill_status = ${BILL_STATUS.unpaid}
        and owner_id = a.owner_id and garden_id = a.garden_id) b on true
      join property_payment_item i on i.id = b.item_id and i.tenant_id = b.tenant_id and i.auto_deduct = 1 and i.is_deleted = 0
    where a.id = any(${accountIds}::bigint[]) and a.tenant_id = ${ctx.auth.tenantId} and a.is_deleted = 0 and a.balance > 0
    order by a.id, b.due_date nulls last, b.start_date nulls last, b.id`;
}

async function waitingOn(ctx: CrudContext, accountIds: string[], issuedIn?: GenerationScope): Promise<Waiting[]> {
  if (accountIds.length === 0) return [];
  return (await waitingSql(ctx, accountIds, issuedIn).execute(ctx.db)).rows;
}

/** Pays what it can of the waiting bills, chunk by chunk; answers how many bills it paid. */
async function deduct(ctx: CrudContext, waiting: Waiting[], options: DeductOptions = {}): Promise<number> {
  const { progress, signal } = options;
  // Accounts that met a bill they cannot cover: their newer bills wait too (strictly oldest first).
  const stopped = new Set<string>();
  let paid = 0;
  await progress?.(0, waiting.length);
  for (let i = 0; i < waiting.length; i += CHUNK) {
    signal?.throwIfAborted();
    const chunk = waiting.slice(i, i + CHUNK).filter((w) => !stopped.has(w.account_id));
    if (chunk.length) paid += await inTransaction(ctx.db, (db) => payChunk({ ...ctx, db }, chunk, stopped));
    await progress?.(Math.min(i + CHUNK, waiting.length), waiting.length);
  }
  return paid;
}

/**
 * One chunk, in the caller's transaction: each bill its own payment by
 * balance, as the cashier's payBills writes it (order keyed auto:<billId> with its
 * receipt number, bill settled, bill log, ledger row, balance move, audit
 * rows), but written for the whole chunk at once: a statement a kind of
 * row (writePayments, moveBalances) rather than about twenty a bill. Which
 * bills are paid is decided first, in the waiting order, from the locked
 * rows: a bill no longer unpaid or already keyed is passed over; an
 * account that cannot cover its next bill stops.
 */
async function payChunk(tx: CrudContext, chunk: Waiting[], stopped: Set<string>): Promise<number> {
  // Bills first, then accounts, each in id order: the order every payment locks in.
  const live = new Map(
    (
      await sql<Row>`select * from property_payment_bill where id in (${sql.join(chunk.map((w) => w.id))})
        and ${bills.scope(tx)} and bill_status = ${BILL_STATUS.unpaid} order by id for update`.execute(tx.db)
    ).rows.map((r) => [String(r.id), r]),
  );
  const accounts = new Map(
    (
      await sql<Row>`select * from property_prepaid_account where id in (${sql.join([...new Set(chunk.map((w) => w.account_id))])})
        and tenant_id = ${tx.auth.tenantId} order by id for update`.execute(tx.db)
    ).rows.map((r) => [String(r.id), r]),
  );
  if (live.size === 0) return 0;
  const keys = [...live.keys()].map(autoDeductKey);
  const [keyed, day, byItem] = await Promise.all([
    sql<{ client_key: string }>`select client_key from property_payment_order where tenant_id = ${tx.auth.tenantId}
      and client_key in (${sql.join(keys)}) and is_deleted = 0`.execute(tx.db),
    today(tx),
    itemsOf(tx, [...live.values()]),
  ]);
  const paidBefore = new Set(keyed.rows.map((r) => r.client_key));
  const year = Number(day.slice(0, 4));
  const balance = new Map<string, string>();
  const plans: PaymentPlan[] = [];
  const payers: Row[] = [];
  for (const waiting of chunk) {
    const bill = live.get(waiting.id);
    // Paid, closed or removed since it was read (a cashier came first), or paid by this key already: not this step's.
    if (stopped.has(waiting.account_id) || !bill || paidBefore.has(autoDeductKey(waiting.id))) continue;
    const account = accounts.get(waiting.account_id);
    // The account the cashier's payment by balance would take: the bill's owner's, live, in the bill's garden.
    const payable =
      account &&
      Number(account.is_deleted) === 0 &&
      String(account.owner_id) === String(bill.owner_id) &&
      String(account.garden_id) === String(bill.garden_id);
    const fee = waiting.issued ? '0.00' : lateFeeOf(bill, byItem.get(String(bill.item_id)), day);
    const settled = [{ bill, owed: owedOf(bill), fee }];
    const left = balance.get(waiting.account_id) ?? String(account?.balance ?? '0');
    if (!payable || Money.compare(left, totalOf(settled)) < 0) {
      stopped.add(waiting.account_id);
      continue;
    }
    balance.set(waiting.account_id, Money.format(Money.sub(left, totalOf(settled)), 2));
    plans.push({ settled, payType: PAY_TYPE.balance, key: autoDeductKey(waiting.id), receipt: { no: '', seq: 0 }, year });
    payers.push(account);
  }
  // Receipt numbers per garden in the order the bills are paid, as one payment after another would take them.
  for (const gardenId of new Set(plans.map((p) => String(p.settled[0]!.bill.garden_id)))) {
    const ofGarden = plans.filter((p) => String(p.settled[0]!.bill.garden_id) === gardenId);
    const numbers = await nextReceipts(tx, gardenId, year, ofGarden.length);
    ofGarden.forEach((p, n) => (p.receipt = numbers[n]!));
  }
  const orders = await writePayments(tx, plans);
  await moveBalances(
    tx,
    orders.map((order, n) => paidByBalance(payers[n]!, order)),
  );
  return plans.length;
}

/** The scope's condition on a generated bill (`s`): its garden, period, building, unit and items. */
function scopeOf(scope: GenerationScope): RawBuilder<unknown> {
  return sql.join(
    [
      sql`s.garden_id = ${scope.gardenId}`,
      sql`s.period = ${scope.period}`,
      ...(scope.buildingId ? [sql`s.building_id = ${scope.buildingId}`] : []),
      ...(scope.unitId ? [sql`s.unit_id = ${scope.unitId}`] : []),
      ...(scope.itemIds?.length ? [sql`s.item_id in (${sql.join(scope.itemIds)})`] : []),
    ],
    sql` and `,
  );
}

/**
 * The accounts holding money of the owners the scope's unpaid bills of these
 * flagged items are made out to (a house's or a space's alike: by the bill's
 * owner), found from the scope's bills (item and period, indexed).
 */
export function accountsSql(ctx: CrudContext, scope: GenerationScope, flaggedIds: string[]): RawBuilder<{ id: string }> {
  return sql<{ id: string }>`select distinct a.id::text from property_payment_bill s
      join property_prepaid_account a on a.tenant_id = s.tenant_id and a.owner_id = s.owner_id and a.garden_id = s.garden_id
        and a.is_deleted = 0 and a.balance > 0
    where s.tenant_id = ${ctx.auth.tenantId} and s.is_deleted = 0 and s.bill_status = ${BILL_STATUS.unpaid}
      and s.item_id in (${sql.join(flaggedIds)}) and ${scopeOf(scope)}`;
}

/**
 * After a generation's chunks: the owners with unpaid bills of auto-deduct
 * items in the scope's period, each paid from their account, oldest first.
 * Null, after one look at the garden's items, when none of the scope's items
 * is flagged: generation without the flag does nothing more.
 */
export async function deductGenerated(
  ctx: CrudContext,
  scope: GenerationScope,
  options: DeductOptions = {},
): Promise<number | null> {
  const only = scope.itemIds?.length ? sql`and id in (${sql.join(scope.itemIds)})` : sql``;
  const flagged = await sql<{ id: string }>`select id::text from property_payment_item where tenant_id = ${ctx.auth.tenantId}
    and garden_id = ${scope.gardenId} and auto_deduct = 1 and is_deleted = 0 ${only}`.execute(ctx.db);
  if (flagged.rows.length === 0) return null;
  const accounts = await accountsSql(
    ctx,
    scope,
    flagged.rows.map((r) => r.id),
  ).execute(ctx.db);
  return deduct(
    ctx,
    await waitingOn(
      ctx,
      accounts.rows.map((r) => r.id),
      scope,
    ),
    options,
  );
}

/** Right after a top-up: the account's waiting auto-deduct bills, oldest first, as far as its balance goes. */
export async function deductAccount(ctx: CrudContext, accountId: string): Promise<number> {
  return deduct(ctx, await waitingOn(ctx, [accountId]));
}
