import {
  DEFAULT_REPAIR_HOURS,
  REPAIR_DEADLINE_HOURS,
  REPAIR_MOVES,
  REPAIR_STATUS,
  repairEntity,
  userEntity,
  type RepairLogAction,
  type RepairMove,
} from '@property/domain';
import { sql } from 'kysely';
import { type CrudContext, type Row, NEXT_UPDATE_TIME } from '../../platform/crud/engine';
import { parseId } from '../../platform/crud/engine';
import { badRequest } from '../../platform/http/errors';
import type { RequestContext } from '../../platform/http/request-context';
import { isSet, liveRow } from '../facility/lookups';
import { checkStoredLinks } from './stored-links';

/** What a step takes besides the repair: notes, photos, and for `send` the worker. */
export interface StepInput {
  remark?: unknown;
  images?: unknown;
  workerId?: unknown;
}

/** Photos taken at the end of the work are "after" photos; any other step's are "before". */
const IMAGE_KIND_AFTER = 2;
const IMAGE_KIND_BEFORE = 1;

const text = (value: unknown) => (isSet(value) ? String(value).trim() : '');

/** The hours a repair of this type has (REPAIR_DEADLINE_HOURS; the default for a tenant's own types). */
export const deadlineHours = (repairType: unknown) => REPAIR_DEADLINE_HOURS[Number(repairType)] ?? DEFAULT_REPAIR_HOURS;

/** Sets the deadline from the registration time and the type: kept in the row, so lists can filter and sort by it. */
export async function setDeadline(ctx: CrudContext, id: unknown, repairType: unknown): Promise<void> {
  await sql`update property_repair set deadline = create_time + make_interval(hours => ${deadlineHours(repairType)})
    where id = ${String(id)}`.execute(ctx.db);
}

/** A live repair the caller may see, locked for the step; absent → 400 repairMissing. */
export const repairRow = (ctx: CrudContext, id: unknown, lock = false) =>
  liveRow(ctx, repairEntity, id, 'repairMissing', { lock });

/** Who did it, as people read it: the user's real name, else the name in their token. */
export const operatorName = (userId: string, fallback: string) =>
  sql`coalesce((select real_name from blade_user where id = ${userId || null}), ${fallback || null})`;

/** Appends an entry to the repair's log, with the photos of that step as repair images; answers the entry's id. */
export async function writeLog(
  ctx: CrudContext,
  repair: Row,
  entry: {
    action: RepairLogAction;
    from?: number | null;
    to?: number | null;
    remark: string;
    images?: string;
    imageKind?: number;
  },
): Promise<string> {
  const auth = ctx.auth;
  const log = await sql<{ id: string }>`insert into property_repair_log (tenant_id, repair_id, garden_id, action, from_status,
      to_status, remark, operator_name, create_user, create_dept, update_user)
    values (${repair.tenant_id}, ${repair.id}, ${repair.garden_id}, ${entry.action}, ${entry.from ?? null}, ${entry.to ?? null},
      ${entry.remark}, ${operatorName(auth.userId, auth.userName || auth.account)}, ${auth.userId || null}, ${auth.deptId || null},
      ${auth.userId || null}) returning id`.execute(ctx.db);
  const logId = String(log.rows[0]!.id);
  for (const link of (entry.images ?? '').split(',').filter(Boolean)) {
    await sql`insert into property_repair_image (tenant_id, repair_id, garden_id, log_id, kind, image_url, create_user,
        create_dept, update_user)
      values (${repair.tenant_id}, ${repair.id}, ${repair.garden_id}, ${logId}, ${entry.imageKind ?? IMAGE_KIND_BEFORE},
        ${link}, ${auth.userId || null}, ${auth.deptId || null}, ${auth.userId || null})`.execute(ctx.db);
  }
  return logId;
}

/**
 * Who may take a step: dispatching needs the `repair_send` button; closing
 * needs `repair_edit`; the worker's own steps (accept, reject, start, finish)
 * are the assigned worker's, or anyone's holding `repair_edit`.
 */
function requireStepRight(ctx: RequestContext, step: RepairMove, repair: Row): void {
  if (step === 'send') return ctx.requireCode('repair_send');
  const isWorker = step !== 'close' && String(repair.worker_id ?? '') === ctx.auth.userId && ctx.auth.userId !== '';
  if (isWorker) return;
  try {
    ctx.require(repairEntity, 'edit');
  } catch {
    throw badRequest('repairNotWorker');
  }
}

/**
 * Takes one step of the state machine (REPAIR_MOVES) in one transaction: the
 * repair is locked, the step must leave its current state, the row changes
 * and the log (who, when, from, to, notes, photos) grows together, or
 * nothing does.
 */
export async function takeStep(ctx: RequestContext, rawId: unknown, step: RepairMove, input: StepInput): Promise<void> {
  const id = parseId(rawId);
  const move = REPAIR_MOVES[step];
  await ctx.db.transaction().execute(async (db) => {
    const tx = { ...ctx, db };
    const repair = await repairRow(tx, id, true);
    const from = Number(repair.status);
    if (!(move.from as ReadonlyArray<number>).includes(from)) throw badRequest('repairStepNotAllowed');
    requireStepRight(ctx, step, repair);
    const remark = text(input.remark);
    const images = await checkStoredLinks(tx, input.images, 'photoLinkInvalid');
    const sets = [sql`status = ${move.to}`];
    if (step === 'send') {
      if (!isSet(input.workerId)) throw badRequest('repairWorkerRequired');
      const worker = await liveRow(tx, userEntity, input.workerId, 'repairWorkerMissing');
      sets.push(
        sql`worker_id = ${worker.id}`,
        sql`worker_name = ${worker.real_name ?? worker.account}`,
        sql`dispatch_time = localtimestamp(0)`,
      );
    }
    if (step === 'reject' && !remark) throw badRequest('repairRejectReasonRequired');
    if (step === 'close' && from !== REPAIR_STATUS.done && !remark) throw badRequest('repairCloseReasonRequired');
    if (step === 'finish') sets.push(sql`finish_time = localtimestamp(0)`);
    if (step === 'close') sets.push(sql`close_time = localtimestamp(0)`);
    sets.push(sql`update_user = ${ctx.auth.userId || null}`, sql`update_time = ${NEXT_UPDATE_TIME}`);
    await sql`update property_repair set ${sql.join(sets)} where id = ${id}`.execute(db);
    await writeLog(tx, repair, {
      action: step,
      from,
      to: move.to,
      remark,
      images,
      imageKind: step === 'finish' ? IMAGE_KIND_AFTER : IMAGE_KIND_BEFORE,
    });
  });
}

/**
 * Whether a repair is overdue, in SQL, worked out on every read: its deadline
 * passed before it was finished (or closed unfinished), or, while it is still
 * open, before now.
 */
export const OVERDUE = sql<boolean>`coalesce(deadline < coalesce(finish_time, close_time, localtimestamp(0)), false)`;
