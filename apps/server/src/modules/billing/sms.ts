import { BILL_ACTION, BILL_STATUS, Money, smsUseEntity, translate, type Locale } from '@property/domain';
import { sql } from 'kysely';
import { parseIds, toJson, type CrudContext, type Row } from '../../platform/crud/engine';
import { badRequest } from '../../platform/http/errors';
import { lockBills, logBill, owedOf } from './bills';

/**
 * Where reminders go. The product ships one provider, `record`: it stores
 * each message in smsuse (sendStatus 1 已记录(未发送)) and the server log and
 * sends nothing — no SMS leaves the system until a real gateway (the
 * /blade-resource/sms settings) is wired in as another provider, which then
 * sets 2 已发送 or 3 发送失败.
 */
export interface SmsProvider {
  name: string;
  /** 1 recorded only, 2 sent, 3 failed. */
  send(phone: string, content: string): Promise<1 | 2 | 3>;
}

export const recordingProvider = (log: (msg: object) => void): SmsProvider => ({
  name: 'record',
  async send(phone, content) {
    log({ sms: { provider: 'record', phone, content }, msg: 'SMS recorded, not sent (no gateway configured)' });
    return 1;
  },
});

/**
 * One reminder: the message naming a phone's bills and their total, through
 * the provider, recorded in smsuse (with the batch run that sent it, if any)
 * and in each bill's log. Runs inside the caller's transaction, the bills locked.
 */
export async function remindPhone(
  ctx: CrudContext,
  provider: SmsProvider,
  locale: Locale,
  to: string,
  group: Row[],
  jobRunId: string | null = null,
): Promise<Row> {
  const owed = Money.format(Money.sum(group.map(owedOf)), 2);
  const first = group[0]!;
  const content = translate(locale, 'smsReminder', {
    name: String(first.owner_name ?? ''),
    house: String(first.house_name ?? ''),
    count: group.length,
    amount: owed,
  });
  const sendStatus = await provider.send(to, content);
  const saved = await sql<Row>`insert into property_sms_use (tenant_id, garden_id, owner_name, phone, bill_ids, bill_count,
      amount, content, provider, send_status, job_run_id, create_user, create_dept, update_user)
    values (${ctx.auth.tenantId}, ${first.garden_id}, ${first.owner_name ?? null}, ${to}, ${group.map((b) => b.id).join(',')},
      ${group.length}, ${owed}, ${content}, ${provider.name}, ${sendStatus}, ${jobRunId}, ${ctx.auth.userId || null},
      ${ctx.auth.deptId || null}, ${ctx.auth.userId || null}) returning *`.execute(ctx.db);
  for (const bill of group) await logBill(ctx, bill, BILL_ACTION.remind, BILL_STATUS.unpaid, owedOf(bill), to);
  return saved.rows[0]!;
}

/** Bills by phone (the owner's, or `given` for all), those without a phone left out. */
export function byPhone(bills: Row[], given: string | null = null): Map<string, Row[]> {
  const out = new Map<string, Row[]>();
  for (const bill of bills) {
    const to = given ?? (bill.owner_phone as string | null);
    if (!to) continue;
    out.set(to, [...(out.get(to) ?? []), bill]);
  }
  return out;
}

/**
 * Reminds the owners of unpaid bills: one message per phone (the bills' owner
 * phone, or `phone` for all when given) naming the bills' total, each
 * recorded in smsuse and in each bill's log. Many owners at once: the
 * reminder batch job (jobs.ts).
 */
export async function remind(
  ctx: CrudContext,
  provider: SmsProvider,
  locale: Locale,
  rawBillIds: unknown,
  phone: unknown,
): Promise<{ provider: string; records: Row[] }> {
  const ids = parseIds(rawBillIds, 'billIds');
  return ctx.db.transaction().execute(async (db) => {
    const tx = { ...ctx, db };
    const unpaid = (await lockBills(tx, ids)).filter((b) => Number(b.bill_status) === BILL_STATUS.unpaid);
    if (unpaid.length === 0) throw badRequest('smsNothingOverdue');
    const given = typeof phone === 'string' && phone.trim() ? phone.trim() : null;
    const groups = byPhone(unpaid, given);
    if (groups.size === 0) throw badRequest('smsNoPhone');
    const records: Row[] = [];
    for (const [to, group] of groups) records.push(toJson(smsUseEntity, await remindPhone(tx, provider, locale, to, group)));
    return { provider: provider.name, records };
  });
}
