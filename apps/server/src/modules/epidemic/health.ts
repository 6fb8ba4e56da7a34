import {
  abnormalMark,
  ABNORMAL,
  DEFAULT_TEMPERATURE_LIMIT,
  epidemicConfigEntity,
  epidemicFamilyEntity,
  HEALTH_CODE,
  Money,
} from '@property/domain';
import { sql } from 'kysely';
import type { CrudContext, Row } from '../../platform/crud/engine';
import { badRequest } from '../../platform/http/errors';
import { isSet } from '../facility/lookups';

/** What a garden's configuration asks of a registration: the limit temperatures are judged by, a health code or not. */
export interface GardenRule {
  limit: string;
  healthCodeRequired: boolean;
}

/**
 * The rule of a garden today: its enabled configuration's, else the default
 * limit without a required health code. Read within the caller's tenant
 * only (not their data scope: a clerk registering people is judged by the
 * garden's rule whoever wrote it).
 */
export async function gardenRule(ctx: CrudContext, gardenId: unknown): Promise<GardenRule> {
  const rows = await sql<Row>`select temperature_limit, health_code_required from ${sql.table(epidemicConfigEntity.table)}
    where tenant_id = ${ctx.auth.tenantId} and garden_id = ${String(gardenId)} and is_deleted = 0 and status = 1
    limit 1`.execute(ctx.db);
  const config = rows.rows[0];
  return {
    limit: config ? String(config.temperature_limit) : DEFAULT_TEMPERATURE_LIMIT,
    healthCodeRequired: Number(config?.health_code_required) === 1,
  };
}

/** A health code, when given, is one of the dictionary's colours. */
export function checkHealthCode(value: unknown): void {
  if (isSet(value) && !Object.values(HEALTH_CODE).includes(Number(value) as 1)) throw badRequest('healthCodeInvalid');
}

/** Whether a decimal column changes: "37.5" sent for a stored 37.50 does not. */
export function decimalChanged(sent: unknown, stored: unknown): boolean {
  if (!isSet(sent) || !isSet(stored)) return isSet(sent) !== isSet(stored);
  return Money.compare(String(sent), String(stored)) !== 0;
}

/** Whether the body changes any of `columns` of the stored row (insert: always). */
export function changes(values: Row, existing: Row | undefined, columns: string[], decimals: string[] = []): boolean {
  if (!existing) return true;
  return columns.some((c) => {
    if (!(c in values)) return false;
    if (decimals.includes(c)) return decimalChanged(values[c], existing[c]);
    return String(values[c] ?? '') !== String(existing[c] ?? '');
  });
}

/** Whether a registration has an abnormal household member (leaving out the members being removed). */
export async function hasAbnormalFamily(ctx: CrudContext, infoId: unknown, leavingOut: string[] = []): Promise<boolean> {
  const left = leavingOut.length > 0 ? sql`and id not in (${sql.join(leavingOut)})` : sql``;
  const rows = await sql`select 1 from ${sql.table(epidemicFamilyEntity.table)} where epidemic_info_id = ${String(infoId)}
    and tenant_id = ${ctx.auth.tenantId} and is_deleted = 0 and abnormal = ${ABNORMAL.abnormal} ${left} limit 1`.execute(ctx.db);
  return rows.rows.length > 0;
}

/** A registration's own mark by the limit it was judged by: temperature and health code. */
export const ownMark = (row: Row) =>
  abnormalMark(
    { temperature: row.temperature as string, healthCode: row.health_code as number },
    isSet(row.temperature_limit) ? String(row.temperature_limit) : DEFAULT_TEMPERATURE_LIMIT,
  );

/** Temperatures read with one decimal (36.5), as they are measured: numeric(14,2) answers 36.50. */
export function oneDecimal(row: Row, columns: string[]): Row {
  const out = { ...row };
  for (const column of columns) if (isSet(out[column])) out[column] = Money.format(String(out[column]), 1);
  return out;
}
