import { houseEntity, Money, PAY_TYPE, PREPAID_KIND, prepaidAccountEntity, prepaidLedgerEntity } from '@property/domain';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { writeAudit } from '../../platform/crud/audit';
import { CrudService, toJson, type CrudContext, type Row, NEXT_UPDATE_TIME } from '../../platform/crud/engine';
import { inTransaction } from '../../platform/db/transaction';
import { badRequest } from '../../platform/http/errors';
import { isSet, liveRow } from '../facility/lookups';
import { deductAccount } from './auto-deduct';
import { clientKeyOf, nextReceipt, positiveAmount, today } from './bills';

/**
 * Owners' pre-paid accounts (预存款, see prepaidAccountEntity): opening one
 * for a house, topping it up, and the one write every move of a balance goes
 * through (`moveBalance`). The lock order is the cashier's everywhere: bills
 * first (payments, refunds), then the account; a top-up locks the account
 * only. So two cashiers on one account queue and nothing deadlocks.
 */
const TOP_UP_PAY_TYPES: ReadonlyArray<number> = [PAY_TYPE.cash, PAY_TYPE.card, PAY_TYPE.transfer];

/**
 * The owner bills of a house are made out to (generation names the house's
 * first ownership), with the house's garden and name; null when it has none.
 */
async function billedOwnerOf(ctx: CrudContext, house: Row): Promise<Row | null> {
  const rows = await sql<Row>`select w.id, w.name, w.phone from property_ownership p
      join property_owner w on w.id = p.owner_id and w.is_deleted = 0
    where p.is_deleted = 0 and p.tenant_id = ${ctx.auth.tenantId} and p.house_id = ${house.id}
    order by p.id limit 1`.execute(ctx.db);
  return rows.rows[0] ?? null;
}

/** The live account of an owner in a garden (locked when asked), if open. */
export async function accountOf(
  ctx: CrudContext,
  ownerId: unknown,
  gardenId: unknown,
  options: { lock?: boolean } = {},
): Promise<Row | undefined> {
  if (!isSet(ownerId) || !isSet(gardenId)) return undefined;
  // Stryker disable next-line all: the row lock queues concurrent cashiers (billing-prepaid proves it); one caller cannot see it.
  const lock = options.lock ? sql` for update` : sql``;
  const rows = await sql<Row>`select * from property_prepaid_account where tenant_id = ${ctx.auth.tenantId}
    and owner_id = ${String(ownerId)} and garden_id = ${String(gardenId)} and is_deleted = 0${lock}`.execute(ctx.db);
  return rows.rows[0];
}

/** The account the cashier pays a house's bills from (its billed owner's, in its garden), or null. */
export async function accountOfHouse(ctx: CrudContext, houseId: unknown): Promise<Row | null> {
  const house = await liveRow(ctx, houseEntity, houseId, 'houseMissing');
  const owner = await billedOwnerOf(ctx, house);
  const account = owner ? await accountOf(ctx, owner.id, house.garden_id) : undefined;
  return account ? toJson(prepaidAccountEntity, account) : null;
}

/**
 * Accounts: opened for a house (its garden, billed owner and names set
 * here, refused when the house has no owner); afterwards only the remark
 * changes. An account with ledger entries is never removed (its movements
 * and any later refund to it need it).
 */
export const prepaidAccounts = new CrudService(prepaidAccountEntity, {
  async beforeSave(ctx, values, existing) {
    if (existing) {
      if ('house_id' in values && String(values.house_id) !== String(existing.house_id)) throw badRequest('prepaidAccountFixed');
      return;
    }
    const house = await liveRow(ctx, houseEntity, values.house_id, 'houseMissing');
    const owner = await billedOwnerOf(ctx, house);
    if (!owner) throw badRequest('prepaidHouseNoOwner');
    Object.assign(values, {
      garden_id: house.garden_id,
      house_name: house.house_name ?? null,
      owner_id: owner.id,
      owner_name: owner.name ?? null,
      owner_phone: owner.phone ?? null,
      balance: '0.00',
    });
  },
  async beforeRemove(ctx, ids) {
    const used = await sql`select 1 from property_prepaid_ledger where tenant_id = ${ctx.auth.tenantId}
      and prepaid_account_id in (${sql.join(ids)}) limit 1`.execute(ctx.db);
    if (used.rows.length) throw badRequest('prepaidAccountUsed');
  },
});

export interface LedgerEntry {
  kind: (typeof PREPAID_KIND)[keyof typeof PREPAID_KIND];
  payType?: number | null;
  orderId?: unknown;
  billId?: unknown;
  refundId?: unknown;
  receipt?: { no: string; seq: number; year: number } | null;
  clientKey?: string | null;
  remark?: string | null;
}

/**
 * Moves a locked account's balance by `amount` (signed: in +, out −) and
 * writes its ledger row with the balance after, in the caller's transaction.
 * Refused with prepaidBalanceShort when the balance would go below zero: the
 * update's own guard decides, so no read-then-write race can overdraw it.
 */
export async function moveBalance(
  ctx: CrudContext,
  account: Row,
  amount: string,
  entry: LedgerEntry,
): Promise<{ account: Row; ledger: Row }> {
  return (await moveBalances(ctx, [{ account, amount, entry }]))[0]!;
}

export interface BalanceMove {
  /** The account as locked by the caller (its balance before the first of its moves here). */
  account: Row;
  amount: string;
  entry: LedgerEntry;
}

/**
 * Several moves at once (an automatic deduction's chunk), each exactly as
 * moveBalance writes it: a ledger row with the balance after it and the
 * account's and the ledger's audit rows, an account's moves applied in the
 * order given. One update of the accounts (each by the sum of its moves,
 * guarded as above) and one insert of the ledger rows, whatever their number.
 * All or nothing: in the caller's transaction, or in one of its own (a move
 * found short after the update has run takes the update back with it).
 */
export function moveBalances(ctx: CrudContext, moves: BalanceMove[]): Promise<{ account: Row; ledger: Row }[]> {
  return inTransaction(ctx.db, (db) => writeMoves({ ...ctx, db }, moves));
}

async function writeMoves(ctx: CrudContext, moves: BalanceMove[]): Promise<{ account: Row; ledger: Row }[]> {
  if (moves.length === 0) return [];
  const delta = new Map<string, string>();
  for (const { account, amount } of moves) {
    const id = String(account.id);
    delta.set(id, Money.format(Money.add(delta.get(id) ?? '0', amount), 2));
  }
  const accountIds = [...delta.keys()];
  const updated = await sql<Row>`update property_prepaid_account a set balance = a.balance + v.delta,
      update_time = ${NEXT_UPDATE_TIME}, update_user = ${ctx.auth.userId || null}
    from unnest(${accountIds}::bigint[], ${accountIds.map((id) => delta.get(id)!)}::numeric[]) as v(id, delta)
    where a.id = v.id and a.tenant_id = ${ctx.auth.tenantId} and a.balance + v.delta >= 0
    returning a.*`.execute(ctx.db);
  const byId = new Map(updated.rows.map((r) => [String(r.id), r]));
  // Each move's balance before and after, in turn per account, from the balance the update started from.
  const running = new Map(
    updated.rows.map((r) => [String(r.id), Money.format(Money.sub(String(r.balance), delta.get(String(r.id))!), 2)]),
  );
  const steps = moves.map(({ account, amount }) => {
    const before = running.get(String(account.id));
    const after = before === undefined ? null : Money.format(Money.add(before, amount), 2);
    if (after !== null) running.set(String(account.id), after);
    return { before, after };
  });
  const short = steps.findIndex((step) => step.after === null || Money.isNegative(step.after));
  if (short >= 0) {
    // An account the update refused is short by all its moves together: the refusal names their sum, not one of them
    // (可用余额 10.00, 本次 12.00 for two moves of 6.00). A step short within an accepted update names that step.
    const refused = steps[short]!.before === undefined;
    const id = String(moves[short]!.account.id);
    throw badRequest('prepaidBalanceShort', {
      balance: Money.format(steps[short]!.before ?? String(moves[short]!.account.balance), 2),
      amount: Money.format(Money.sub('0', refused ? delta.get(id)! : moves[short]!.amount), 2),
    });
  }
  // Each row's own key (the caller's, or a fresh one): how the inserted rows are told apart.
  const keys = moves.map((m) => m.entry.clientKey ?? randomUUID());
  const column = <T>(pick: (m: BalanceMove, n: number) => T) => moves.map(pick);
  const set = (raw: unknown) => (isSet(raw) ? String(raw) : null);
  const inserted = await sql<Row>`insert into property_prepaid_ledger (tenant_id, prepaid_account_id, garden_id, house_name,
      owner_name, kind, amount, balance_after, pay_type, order_id, bill_id, refund_id, receipt_no, receipt_year, receipt_seq,
      client_key, remark, create_user, create_dept, update_user)
    select ${ctx.auth.tenantId}, v.account_id, v.garden_id, v.house_name, v.owner_name, v.kind, v.amount, v.balance_after,
      v.pay_type, v.order_id, v.bill_id, v.refund_id, v.receipt_no, v.receipt_year, v.receipt_seq, v.client_key, v.remark,
      ${ctx.auth.userId || null}::bigint, ${ctx.auth.deptId || null}::bigint, ${ctx.auth.userId || null}::bigint
    from unnest(${column((m) => String(m.account.id))}::bigint[], ${column((m) => set(m.account.garden_id))}::bigint[],
      ${column((m) => (m.account.house_name as string | null) ?? null)}::text[],
      ${column((m) => (m.account.owner_name as string | null) ?? null)}::text[], ${column((m) => m.entry.kind)}::int[],
      ${column((m) => m.amount)}::numeric[], ${column((_, n) => steps[n]!.after)}::numeric[],
      ${column((m) => m.entry.payType ?? null)}::int[], ${column((m) => set(m.entry.orderId))}::bigint[],
      ${column((m) => set(m.entry.billId))}::bigint[], ${column((m) => set(m.entry.refundId))}::bigint[],
      ${column((m) => m.entry.receipt?.no ?? null)}::text[], ${column((m) => m.entry.receipt?.year ?? null)}::int[],
      ${column((m) => m.entry.receipt?.seq ?? null)}::int[], ${keys}::text[], ${column((m) => m.entry.remark ?? null)}::text[])
      as v(account_id, garden_id, house_name, owner_name, kind, amount, balance_after, pay_type, order_id, bill_id, refund_id,
        receipt_no, receipt_year, receipt_seq, client_key, remark)
    returning *`.execute(ctx.db);
  const ledgerByKey = new Map(inserted.rows.map((r) => [String(r.client_key), r]));
  // The account as each move left it (the update's row, with that move's balance), and as the one before left it.
  const seen = new Map<string, Row>();
  const done = moves.map((m, n) => {
    const id = String(m.account.id);
    const after = { ...byId.get(id)!, balance: steps[n]!.after };
    const before = seen.get(id) ?? m.account;
    seen.set(id, after);
    return { before, account: after, ledger: ledgerByKey.get(keys[n]!)! };
  });
  // Written with this module's own SQL: the audit trail is written here, in the same transaction.
  await writeAudit(
    ctx,
    prepaidAccountEntity,
    done.map((d) => ({ action: 'update', before: d.before, after: d.account })),
  );
  await writeAudit(
    ctx,
    prepaidLedgerEntity,
    done.map((d) => ({ action: 'insert', after: d.ledger })),
  );
  return done.map(({ account, ledger }) => ({ account, ledger }));
}

export interface TopUpRequest {
  prepaidAccountId: unknown;
  amount: unknown;
  payType: unknown;
  clientKey?: unknown;
  remark?: unknown;
}

/**
 * A top-up: money paid in (cash, card or transfer) onto an account, with a
 * ledger row numbered as a receipt of its garden's top-up book. The same
 * clientKey again (same account and amount) answers the first top-up
 * (replay) and adds nothing; with another account or amount it is refused.
 * Then the account's waiting auto-deduct bills are paid (auto-deduct.ts).
 */
export async function topUp(ctx: CrudContext, request: TopUpRequest) {
  const amount = positiveAmount(request.amount, 'topUpAmountInvalid');
  const payType = Number(request.payType);
  if (!TOP_UP_PAY_TYPES.includes(payType)) throw badRequest('topUpPayTypeInvalid');
  const key = clientKeyOf(request.clientKey);
  const remark = isSet(request.remark) ? String(request.remark).slice(0, 500) : null;
  const done = await inTransaction(ctx.db, async (db) => {
    const tx = { ...ctx, db };
    // Stryker disable next-line ObjectLiteral,BooleanLiteral: the lock queues concurrent cashiers (billing-prepaid proves it); one caller cannot see it.
    const account = await liveRow(tx, prepaidAccountEntity, request.prepaidAccountId, 'prepaidAccountMissing', { lock: true });
    if (key) {
      const seen = await sql<Row>`select * from property_prepaid_ledger where tenant_id = ${ctx.auth.tenantId}
        and client_key = ${key} and is_deleted = 0`.execute(db);
      const first = seen.rows[0];
      if (first) {
        const same =
          String(first.prepaid_account_id) === String(account.id) &&
          Number(first.kind) === PREPAID_KIND.topUp &&
          Money.compare(String(first.amount), amount) === 0;
        if (!same) throw badRequest('payKeyReused');
        return { account: toJson(prepaidAccountEntity, account), ledger: toJson(prepaidLedgerEntity, first), replay: true };
      }
    }
    const year = Number((await today(tx)).slice(0, 4));
    const receipt = await nextReceipt(tx, String(account.garden_id), year, 'topUp');
    const moved = await moveBalance(tx, account, amount, {
      kind: PREPAID_KIND.topUp,
      payType,
      receipt: { ...receipt, year },
      clientKey: key,
      remark,
    });
    return {
      account: toJson(prepaidAccountEntity, moved.account),
      ledger: toJson(prepaidLedgerEntity, moved.ledger),
      replay: false,
    };
  });
  // The account's waiting auto-deduct bills, paid right after the top-up commits rather than inside it: each
  // payment locks its bills before the account (the module's lock order), which a transaction already holding
  // the account would reverse; and the top-up stands whole whatever the payments meet. A replay runs them too,
  // so a top-up whose answer was lost before they ran has them done by its retry.
  const deducted = await deductAccount(ctx, String(done.account.id));
  if (deducted === 0) return { ...done, deducted };
  const account = await liveRow(ctx, prepaidAccountEntity, done.account.id, 'prepaidAccountMissing');
  return { ...done, account: toJson(prepaidAccountEntity, account), deducted };
}
