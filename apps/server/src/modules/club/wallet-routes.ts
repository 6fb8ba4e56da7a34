import {
  clubBalanceEntity,
  ClubConsumeInput,
  ClubConsumeResult,
  clubConsumeEntity,
  clubRechargeEntity,
  ClubRechargeRow,
  ClubWalletRow,
  inputOf,
  List,
  Nullable,
  listQueryOf,
  ownerEntity,
  Page,
  recordOf,
  validityTagOf,
} from '@property/domain';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { CrudService, toJson, type CrudContext, type Row } from '../../platform/crud/engine';
import { detailQuery, registerCrudRoutes } from '../../platform/crud/routes';
import { data, status } from '../../platform/http/envelope';
import { badRequest } from '../../platform/http/errors';
import { get, post } from '../../platform/http/operation';
import { contextOf } from '../../platform/http/request-context';
import type { Services } from '../../platform/services';
import { isSet, liveRow, pickOf } from '../facility/lookups';
import { requireCashierOr } from './catalog-routes';
import { consume, recharge, takeBackRecharges, withHouses, writeOffExpired } from './wallet';

type Query = Record<string, unknown>;
const MAX_FOUND = 20;

/**
 * A wallet belongs to one owner: chosen (请选择业主), or found by the phone
 * typed (请先创建业主信息 when no owner has it). Names and phone come from
 * the owner unless typed; the balance changes only by recharges and sales.
 */
const wallets = new CrudService(clubBalanceEntity, {
  async beforeSave(ctx, values, existing) {
    if ('status' in values && (values.status === null || ![0, 1].includes(Number(values.status)))) {
      throw badRequest('openCloseInvalid');
    }
    if (!('owner_id' in values)) return;
    const owner = await liveRow(ctx, ownerEntity, pickOf(values, existing)('owner_id'), 'ownerMissing');
    values.owner_name = owner.name;
    values.user_name = owner.name;
    if (!isSet(values.user_tel)) values.user_tel = owner.phone;
    if (!isSet(values.club_user_name)) values.club_user_name = owner.name;
    values.club_user_id = owner.user_id ?? null;
  },
});

/** The owner with this phone in the caller's tenant, or 请先创建业主信息. */
async function ownerByPhone(ctx: CrudContext, phone: string): Promise<string> {
  const scope = sql.join([sql`is_deleted = 0`, ...ctx.rowScope(ownerEntity)], sql` and `);
  const rows = await sql<{ id: string }>`select id from property_owner where phone = ${phone} and ${scope} limit 1`.execute(
    ctx.db,
  );
  if (!rows.rows[0]) throw badRequest('ownerNotCreated');
  return String(rows.rows[0].id);
}

/** The caller's wallets matching a phone (from its start) or a name, open ones first. */
async function findWallets(ctx: CrudContext, keyword: string): Promise<Row[]> {
  const scope = sql.join([sql`is_deleted = 0`, ...ctx.rowScope(clubBalanceEntity)], sql` and `);
  const escaped = keyword.replace(/[\\%_]/g, (c) => `\\${c}`);
  const like = `%${escaped}%`;
  const rows = await sql<Row>`select * from property_club_balance where ${scope}
    and (user_tel like ${`${escaped}%`} or user_name like ${like}
      or club_user_name like ${like} or owner_name like ${like})
    order by status desc, update_time desc, id desc limit ${MAX_FOUND}`.execute(ctx.db);
  return rows.rows;
}

function registerWallets(app: FastifyInstance, services: Services): void {
  registerCrudRoutes(app, services, clubBalanceEntity, wallets, { except: ['page', 'list', 'submit'] });
  const tags = [clubBalanceEntity.label.en];
  app.get(
    `/api${clubBalanceEntity.base}/list`,
    get({
      tags,
      summary: 'Member wallets: a page, latest recharge first',
      description:
        'Needs the `clubbalance` menu. Money past its validity date is written off before the page is read, so each balance is what may be spent today.',
      query: listQueryOf(clubBalanceEntity),
      data: Page(recordOf(clubBalanceEntity)),
    }),
    async (req) => {
      const ctx = await contextOf(services, req);
      ctx.require(clubBalanceEntity, 'view');
      await writeOffExpired(ctx);
      return data(await wallets.page(ctx, req.query as Query));
    },
  );
  app.post(
    `/api${clubBalanceEntity.base}/submit`,
    post({
      tags,
      summary: 'Open a member wallet for an owner, or change its name, phone or status',
      description:
        'Without `id` (the `clubbalance_add` button): `ownerId`, or a `userTel` of an owner (ownerNotCreated when none has it). ' +
        'With `id` (`clubbalance_edit`): changes the fields sent. The balance is never set here.',
      body: inputOf(clubBalanceEntity, { optional: ['ownerId'], name: 'ClubBalanceSubmit' }),
      form: true,
    }),
    async (req) => {
      const ctx = await contextOf(services, req);
      const body = { ...((req.body ?? {}) as Query) };
      const isNew = !isSet(body.id);
      ctx.require(clubBalanceEntity, isNew ? 'add' : 'edit');
      if (isNew && !isSet(body.ownerId)) {
        if (!isSet(body.userTel)) throw badRequest('ownerRequired');
        body.ownerId = await ownerByPhone(ctx, String(body.userTel).trim());
      }
      await wallets.submit(ctx, body);
      return status(true);
    },
  );
  app.get(
    `/api${clubBalanceEntity.base}/detail/search`,
    get({
      tags,
      summary: 'The cashier’s look-up: wallets by phone (from its start) or name',
      description: `Needs the \`cashier\` or \`clubbalance\` menu. At most ${MAX_FOUND}, open ones first; expired money written off first.`,
      query: {
        type: 'object',
        properties: { keyword: { type: 'string', maxLength: 50, description: 'a phone (or its start) or part of a name' } },
      },
      data: List(ClubWalletRow),
    }),
    async (req) => {
      const ctx = await contextOf(services, req);
      requireCashierOr(ctx, clubBalanceEntity);
      const keyword = String((req.query as Query).keyword ?? '').trim();
      if (!keyword) throw badRequest('clubSearchKeyword');
      const found = await findWallets(ctx, keyword);
      await writeOffExpired(
        ctx,
        found.map((w) => String(w.id)),
      );
      return data(await withHouses(ctx, await findWallets(ctx, keyword)));
    },
  );
}

/** Days from today to each recharge's validity date, and their tag (spec §4). */
async function withValidity(ctx: CrudContext, records: Row[]): Promise<Row[]> {
  const today = (await sql<{ d: string }>`select current_date::text as d`.execute(ctx.db)).rows[0]!.d;
  const dayOf = (text: string) => Date.UTC(Number(text.slice(0, 4)), Number(text.slice(5, 7)) - 1, Number(text.slice(8, 10)));
  return records.map((r) => {
    const date = r.validityDate ? String(r.validityDate) : null;
    const validityEnd = date ? Math.round((dayOf(date) - dayOf(today)) / 86_400_000) : null;
    return { ...r, validityEnd, validityTag: validityTagOf(validityEnd) };
  });
}

function registerRecharges(app: FastifyInstance, services: Services): void {
  const recharges = new CrudService(clubRechargeEntity, { beforeRemove: takeBackRecharges });
  registerCrudRoutes(app, services, clubRechargeEntity, recharges, { except: ['page', 'list', 'detail', 'submit'] });
  const tags = [clubRechargeEntity.label.en];
  app.get(
    `/api${clubRechargeEntity.base}/list`,
    get({
      tags,
      summary: 'Recharges: a page, newest first, with the days left and their tag',
      description: 'Needs the `clubrecharge` menu. validityDate_datege / _datele select a range of validity dates.',
      query: listQueryOf(clubRechargeEntity),
      data: Page(ClubRechargeRow),
    }),
    async (req) => {
      const ctx = await contextOf(services, req);
      ctx.require(clubRechargeEntity, 'view');
      const page = await recharges.page(ctx, req.query as Query);
      return data({ ...page, records: await withValidity(ctx, page.records) });
    },
  );
  app.get(
    `/api${clubRechargeEntity.base}/detail`,
    get({
      tags,
      summary: 'One recharge, with the days left and their tag',
      description: 'The row, or null. Needs the `clubrecharge` menu.',
      query: detailQuery(clubRechargeEntity),
      data: Nullable(ClubRechargeRow),
    }),
    async (req) => {
      const ctx = await contextOf(services, req);
      ctx.require(clubRechargeEntity, 'view');
      const row = await recharges.detail(ctx, req.query as Query);
      return data(row ? (await withValidity(ctx, [row]))[0]! : null);
    },
  );
  app.post(
    `/api${clubRechargeEntity.base}/submit`,
    post({
      tags,
      summary: 'Recharge a wallet',
      description:
        '`balanceId`, `rechargeAmount` (above 0, two decimals at most) and an optional `validityDate` (yyyy-MM-dd, after today; ' +
        'the money is spendable until that day, when it expires). Needs the `clubrecharge_add` or `clubbalance_recharge` button. A recharge is never changed.',
      body: inputOf(clubRechargeEntity),
      form: true,
      data: ClubRechargeRow,
    }),
    async (req) => {
      const ctx = await contextOf(services, req);
      const body = (req.body ?? {}) as Query;
      if (!ctx.services.access.can(ctx.grants, clubRechargeEntity.permission, 'add')) ctx.requireCode('clubbalance_recharge');
      if (isSet(body.id)) throw badRequest('rechargeFixed');
      const row = await recharge(ctx, body);
      return data((await withValidity(ctx, [toJson(clubRechargeEntity, row)]))[0]! as never);
    },
  );
}

function registerConsumption(app: FastifyInstance, services: Services): void {
  const orders = new CrudService(clubConsumeEntity);
  registerCrudRoutes(app, services, clubConsumeEntity, orders, { except: ['page', 'submit', 'remove'] });
  const tags = [clubConsumeEntity.label.en];
  app.post(
    `/api${clubConsumeEntity.base}/submit`,
    post({
      tags,
      summary: 'A sale at the cashier: the wallet pays for the products',
      description:
        'Needs the `cashier_consume` button. Prices are the open products’ own; a hall’s price is per hour and `num` counts half-hours. ' +
        'The wallet is locked, money past its validity date written off, and the lots expiring first are spent first; ' +
        'refused with nothing changed when the balance is short. Orders are never changed afterwards.',
      body: ClubConsumeInput,
      form: true,
      data: ClubConsumeResult,
    }),
    async (req) => {
      const ctx = await contextOf(services, req);
      ctx.requireCode('cashier_consume');
      const body = (req.body ?? {}) as Query;
      if (isSet(body.id)) throw badRequest('clubConsumeFixed');
      return data((await consume(ctx, body)) as never);
    },
  );
  app.post(
    `/api${clubConsumeEntity.base}/remove`,
    post({
      tags,
      summary: 'Refused: consumption orders are kept',
      description:
        'Needs the `clubconsume_delete` button, and then answers 400: money moved by an order is never undone by deleting it.',
      query: { type: 'object', properties: { ids: { type: 'string', description: 'comma-separated ids' } }, required: ['ids'] },
    }),
    async (req) => {
      const ctx = await contextOf(services, req);
      ctx.require(clubConsumeEntity, 'delete');
      throw badRequest('clubConsumeFixed');
    },
  );
}

/** Wallets, recharges and the cashier's sales (spec §2.3, §7.3). */
export function registerClubWallets(app: FastifyInstance, services: Services): void {
  registerWallets(app, services);
  registerRecharges(app, services);
  registerConsumption(app, services);
}
