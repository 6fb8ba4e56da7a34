import { BILL_ACTION, BILL_STATUS, CONFIG_ENABLED, Money, smsUseEntity, translate, type Locale } from '@property/domain';
import { sql } from 'kysely';
import { parseIds, toJson, type CrudContext, type Row } from '../../platform/crud/engine';
import { badRequest } from '../../platform/http/errors';
import { lockBills, logBill, owedOf } from './bills';

/**
 * Where SMS go. The product ships one provider, `record`: it stores each
 * message in smsuse (sendStatus 1 已记录(未发送)) and the server log and
 * sends nothing — no SMS gateway can be reached from here. A real gateway
 * (one per SMS configuration's provider, 短信配置) would be another provider,
 * which then sets 2 已发送 or 3 发送失败.
 */
export interface SmsProvider {
  name: string;
  /** 1 recorded only, 2 sent, 3 failed. */
  send(message: SmsMessage): Promise<1 | 2 | 3>;
}

/** An SMS configuration (blade_sms, 短信配置) as messages name it: which account, template and signature they go out under. */
export interface SmsConfigRef {
  id: string;
  category: number;
  sms_code: string;
  template_id: string;
  sign_name: string | null;
}

export interface SmsMessage {
  phone: string;
  content: string;
  /** The configuration it goes out under: the enabled one for reminders, the one named for send-message; none configured: absent. */
  config?: SmsConfigRef;
  /** The template's variables (send-message). */
  params?: Record<string, string | number>;
}

export const recordingProvider = (log: (msg: object) => void): SmsProvider => ({
  name: 'record',
  async send({ phone, content, config, params }) {
    const under = config && {
      code: config.sms_code,
      category: config.category,
      template: config.template_id,
      sign: config.sign_name,
    };
    log({
      sms: { provider: 'record', phone, content, config: under, params },
      msg: 'SMS recorded, not sent (no gateway reachable)',
    });
    return 1;
  },
});

/** The tenant's enabled SMS configuration (at most one), if any: reminders name it. */
export async function enabledSmsConfig(db: CrudContext['db'], tenantId: string): Promise<SmsConfigRef | undefined> {
  const rows = await sql<SmsConfigRef>`select id, category, sms_code, template_id, sign_name from blade_sms
    where tenant_id = ${tenantId} and status = ${CONFIG_ENABLED.yes} and is_deleted = 0 order by id limit 1`.execute(db);
  return rows.rows[0];
}

/** What an smsuse row records beyond the message: the bills it reminds of, the run that sent it. */
export interface SmsRecord {
  gardenId?: unknown;
  ownerName?: unknown;
  billIds?: string;
  billCount?: number;
  amount?: string;
  jobRunId?: string | null;
}

/**
 * Sends one message through the provider and records it in smsuse with the configuration and template it
 * named, in the caller's transaction. Answers the row.
 */
export async function sendAndRecord(
  ctx: CrudContext,
  provider: SmsProvider,
  message: SmsMessage,
  record: SmsRecord = {},
): Promise<Row> {
  const sendStatus = await provider.send(message);
  const { config } = message;
  const saved = await sql<Row>`insert into property_sms_use (tenant_id, garden_id, owner_name, phone, bill_ids, bill_count,
      amount, content, provider, send_status, job_run_id, sms_config_id, sms_code, template_id, create_user, create_dept, update_user)
    values (${ctx.auth.tenantId}, ${record.gardenId ?? null}, ${record.ownerName ?? null}, ${message.phone}, ${record.billIds ?? null},
      ${record.billCount ?? null}, ${record.amount ?? null}, ${message.content}, ${provider.name}, ${sendStatus},
      ${record.jobRunId ?? null}, ${config?.id ?? null}, ${config?.sms_code ?? null}, ${config?.template_id ?? null},
      ${ctx.auth.userId || null}, ${ctx.auth.deptId || null}, ${ctx.auth.userId || null}) returning *`.execute(ctx.db);
  return saved.rows[0]!;
}

/**
 * One reminder: the message naming a phone's bills and their total, through
 * the provider under the enabled SMS configuration (if any), recorded in
 * smsuse (with the batch run that sent it, if any) and in each bill's log.
 * Runs inside the caller's transaction, the bills locked.
 */
export async function remindPhone(
  ctx: CrudContext,
  provider: SmsProvider,
  locale: Locale,
  to: string,
  group: Row[],
  config: SmsConfigRef | undefined,
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
  const saved = await sendAndRecord(
    ctx,
    provider,
    { phone: to, content, config },
    {
      gardenId: first.garden_id,
      ownerName: first.owner_name,
      billIds: group.map((b) => b.id).join(','),
      billCount: group.length,
      amount: owed,
      jobRunId,
    },
  );
  for (const bill of group) await logBill(ctx, bill, BILL_ACTION.remind, BILL_STATUS.unpaid, owedOf(bill), to);
  return saved;
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
    const config = await enabledSmsConfig(db, ctx.auth.tenantId);
    const records: Row[] = [];
    for (const [to, group] of groups)
      records.push(toJson(smsUseEntity, await remindPhone(tx, provider, locale, to, group, config)));
    return { provider: provider.name, records };
  });
}
