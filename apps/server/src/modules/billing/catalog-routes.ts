import {
  BILL_STATUS,
  billLogEntity,
  houseEntity,
  inputOf,
  parkingSpaceEntity,
  itemBindingEntity,
  List,
  meterReadingEntity,
  Money,
  Obj,
  paymentBillChildEntity,
  paymentItemEntity,
  payFormulaEntity,
  recordOf,
  supplierEntity,
  Type,
} from '@property/domain';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { CrudService, parseId, parseIds, type CrudContext, NEXT_UPDATE_TIME } from '../../platform/crud/engine';
import { idsQuery, registerCrudRoutes } from '../../platform/crud/routes';
import { data, status } from '../../platform/http/envelope';
import { badRequest } from '../../platform/http/errors';
import { get, idText, params, post } from '../../platform/http/operation';
import { contextOf } from '../../platform/http/request-context';
import type { Services } from '../../platform/services';
import { gardenRow } from '../community/hierarchy';
import { isSet, liveRow, pickOf } from '../facility/lookups';
import { lockBills, parsePeriod, resumBill } from './bills';
import { paramsOf } from './bill-routes';

type Body = Record<string, unknown>;
const inRange = (v: unknown, lo: number, hi: number) =>
  !isSet(v) || (Number.isInteger(Number(v)) && Number(v) >= lo && Number(v) <= hi);
const percentOk = (v: unknown) => !isSet(v) || Money.compare(String(v), '100') <= 0;

/** Formulas, charge items, their bindings, meter readings, bill lines, the bill log and suppliers (spec §7.7). */
export function registerCatalogRoutes(app: FastifyInstance, services: Services): void {
  const formulas = new CrudService(payFormulaEntity, {
    beforeSave(_ctx, values, existing) {
      const pick = pickOf(values, existing);
      if (!inRange(pick('formula_type'), 1, 7)) throw badRequest('formulaTypeInvalid');
      if (!percentOk(pick('escalation_percent'))) throw badRequest('percentInvalid');
      if (Number(pick('formula_type')) === Money.FORMULA_KIND.expression) {
        try {
          Money.parseExpression(String(pick('expression') ?? ''));
        } catch (e) {
          if (e instanceof Money.ExpressionError) throw badRequest(e.key, e.params);
          throw e;
        }
      }
    },
    async beforeRemove(ctx, ids) {
      const used = await sql`select 1 from property_payment_item where is_deleted = 0 and tenant_id = ${ctx.auth.tenantId}
        and formula_id in (${sql.join(ids)}) limit 1`.execute(ctx.db);
      if (used.rows.length) throw badRequest('formulaInUse');
    },
  });
  registerCrudRoutes(app, services, payFormulaEntity, formulas);

  const items = new CrudService(paymentItemEntity, {
    async beforeSave(ctx, values, existing) {
      const pick = pickOf(values, existing);
      await gardenRow(ctx, pick('garden_id'));
      await liveRow(ctx, payFormulaEntity, pick('formula_id'), 'formulaMissing');
      if (!inRange(pick('due_day'), 1, 28)) throw badRequest('dueDayInvalid');
      if (!inRange(pick('decimal_places'), 0, 2)) throw badRequest('decimalPlacesInvalid');
      if (!inRange(pick('round_mode'), 1, 3)) throw badRequest('roundModeInvalid');
      if (!inRange(pick('billing_cycle'), 1, 5)) throw badRequest('cycleInvalid');
      for (const c of ['late_fee_percent', 'vacant_percent']) if (!percentOk(pick(c))) throw badRequest('percentInvalid');
    },
    async beforeRemove(ctx, ids) {
      const used = await sql`select 1 from property_payment_bill where is_deleted = 0 and tenant_id = ${ctx.auth.tenantId}
          and item_id in (${sql.join(ids)})
        union all select 1 from property_payment_item_house where is_deleted = 0 and tenant_id = ${ctx.auth.tenantId}
          and item_id in (${sql.join(ids)}) limit 1`.execute(ctx.db);
      if (used.rows.length) throw badRequest('itemInUse');
    },
  });
  registerCrudRoutes(app, services, paymentItemEntity, items);
  const itemBase = `/api${paymentItemEntity.base}`;
  const itemTags = [paymentItemEntity.label.en];
  registerItemExtras(app, services, items, itemBase, itemTags);

  registerCrudRoutes(
    app,
    services,
    itemBindingEntity,
    new CrudService(itemBindingEntity, {
      async beforeSave(ctx, values, existing) {
        const pick = pickOf(values, existing);
        const [houseId, spaceId] = [pick('house_id'), pick('parking_space_id')];
        if (!isSet(houseId) && !isSet(spaceId)) throw badRequest('bindingTargetRequired');
        if (isSet(houseId) && isSet(spaceId)) throw badRequest('bindingTargetOne');
        const item = await liveRow(ctx, paymentItemEntity, pick('item_id'), 'itemMissing');
        const target = isSet(houseId)
          ? await liveRow(ctx, houseEntity, houseId, 'houseMissing')
          : await liveRow(ctx, parkingSpaceEntity, spaceId, 'spaceMissing');
        if (String(target.garden_id) !== String(item.garden_id)) throw badRequest('bindingOtherGarden');
        values.garden_id = target.garden_id;
        values.building_id = target.building_id ?? null;
      },
    }),
  );

  registerCrudRoutes(
    app,
    services,
    meterReadingEntity,
    new CrudService(meterReadingEntity, {
      async beforeSave(ctx, values, existing) {
        const pick = pickOf(values, existing);
        values.period = parsePeriod(pick('period'));
        const house = await liveRow(ctx, houseEntity, pick('house_id'), 'houseMissing');
        await liveRow(ctx, paymentItemEntity, pick('item_id'), 'itemMissing');
        values.garden_id = house.garden_id;
        if (!isSet(pick('last_reading'))) {
          const before = await sql<{ current_reading: string }>`select current_reading from property_meter_reading
            where is_deleted = 0 and tenant_id = ${ctx.auth.tenantId} and house_id = ${house.id} and item_id = ${pick('item_id')}
              and period < ${values.period as string} order by period desc limit 1`.execute(ctx.db);
          values.last_reading = before.rows[0]?.current_reading ?? '0';
        }
        if (Money.compare(String(pick('current_reading')), String(pick('last_reading'))) < 0)
          throw badRequest('meterReadingBackwards');
      },
    }),
  );

  registerBillLineRoutes(app, services);
  registerCrudRoutes(app, services, billLogEntity);

  const suppliers = registerCrudRoutes(app, services, supplierEntity);
  app.get(
    `/api${supplierEntity.base}/lists`,
    get({
      tags: [supplierEntity.label.en],
      summary: 'Every supplier, unpaged (pickers)',
      query: params({ supplierName: { type: 'string' } }),
      data: List(recordOf(supplierEntity)),
    }),
    async (req) => {
      const ctx = await contextOf(services, req);
      ctx.require(supplierEntity, 'view');
      const name = (req.query as Body).supplierName;
      return data(await suppliers.all(ctx, isSet(name) ? { supplierName: name } : {}, [], 1000));
    },
  );
}

/** paymentitems: list-all, save, update, dict and bind (a whole garden, building or unit at once). */
function registerItemExtras(app: FastifyInstance, services: Services, items: CrudService, base: string, tags: string[]): void {
  app.get(
    `${base}/list-all`,
    get({
      tags,
      summary: 'Every charge item, unpaged (pickers)',
      query: params({ gardenId: idText('one garden') }),
      data: List(recordOf(paymentItemEntity)),
    }),
    async (req) => {
      const ctx = await contextOf(services, req);
      ctx.require(paymentItemEntity, 'view');
      const gardenId = (req.query as Body).gardenId;
      return data(await items.all(ctx, {}, isSet(gardenId) ? [sql`garden_id = ${parseId(gardenId, 'gardenId')}`] : [], 1000));
    },
  );
  const DictItem = Obj({ dictKey: Type.String(), dictValue: Type.String(), gardenId: Type.String() });
  app.get(
    `${base}/dict`,
    get({
      tags,
      summary: 'Charge items as a dictionary (dictKey = id, dictValue = name)',
      query: params({ gardenId: idText('one garden') }),
      data: List(DictItem),
    }),
    async (req) => {
      const ctx = await contextOf(services, req);
      ctx.require(paymentItemEntity, 'view');
      const gardenId = (req.query as Body).gardenId;
      const rows = await items.all(ctx, {}, isSet(gardenId) ? [sql`garden_id = ${parseId(gardenId, 'gardenId')}`] : [], 1000);
      return data(rows.map((r) => ({ dictKey: String(r.id), dictValue: String(r.itemName), gardenId: String(r.gardenId) })));
    },
  );
  app.post(
    `${base}/save`,
    post({ tags, summary: 'Add a charge item (an id is ignored)', body: inputOf(paymentItemEntity), form: true }),
    async (req) => {
      const ctx = await contextOf(services, req);
      ctx.require(paymentItemEntity, 'add');
      await items.submit(ctx, { ...((req.body ?? {}) as Body), id: undefined });
      return status(true);
    },
  );
  app.post(
    `${base}/update`,
    post({ tags, summary: 'Change a charge item (id required)', body: inputOf(paymentItemEntity), form: true }),
    async (req) => {
      const ctx = await contextOf(services, req);
      ctx.require(paymentItemEntity, 'edit');
      const body = (req.body ?? {}) as Body;
      parseId(body.id);
      await items.submit(ctx, body);
      return status(true);
    },
  );
  const bindParams = params(
    {
      itemId: idText('the charge item'),
      buildingId: idText('only this building'),
      unitId: idText('only this unit'),
      houseIds: { type: 'string', description: 'or these houses (comma-separated)' },
    },
    [],
  );
  app.post(
    `${base}/bind`,
    post({
      tags,
      summary: 'Bind a charge item to every house of its garden, a building or a unit',
      description:
        'Adds the bindings that are missing (set-based, one statement); answers how many were added. Needs paymentitems_edit.',
      query: bindParams,
      body: bindParams,
      form: true,
      bodyOptional: true,
      data: Obj({ added: Type.Integer({ minimum: 0 }) }),
    }),
    async (req) => {
      const ctx = await contextOf(services, req);
      ctx.require(paymentItemEntity, 'edit');
      const p = paramsOf(req);
      const item = await liveRow(ctx, paymentItemEntity, p.itemId, 'itemMissing');
      ctx.requireGarden?.(item.garden_id);
      const only = [
        p.buildingId ? sql`and h.building_id = ${parseId(p.buildingId, 'buildingId')}` : sql``,
        p.unitId ? sql`and h.unit_id = ${parseId(p.unitId, 'unitId')}` : sql``,
        p.houseIds ? sql`and h.id in (${sql.join(parseIds(p.houseIds, 'houseIds'))})` : sql``,
      ];
      const added = await sql`insert into property_payment_item_house (tenant_id, garden_id, building_id, item_id, house_id,
          start_date, create_user, create_dept, update_user)
        select h.tenant_id, h.garden_id, h.building_id, ${item.id}, h.id, ${item.start_date ?? null}::date,
          ${ctx.auth.userId || null}, ${ctx.auth.deptId || null}, ${ctx.auth.userId || null}
        from property_house h where h.is_deleted = 0 and h.tenant_id = ${ctx.auth.tenantId} and h.garden_id = ${item.garden_id}
          ${sql.join(only, sql` `)}
          and not exists (select 1 from property_payment_item_house b where b.is_deleted = 0 and b.item_id = ${item.id}
            and b.house_id = h.id)`.execute(ctx.db);
      return data({ added: Number(added.numAffectedRows ?? 0) });
    },
  );
}

/**
 * Child lines (paymentbillchild): changed only while their bill is unpaid;
 * the bill's amount is re-summed from its lines after every change.
 */
function registerBillLineRoutes(app: FastifyInstance, services: Services): void {
  const unpaidBill = async (ctx: CrudContext, billId: unknown) => {
    const [bill] = await lockBills(ctx, [parseId(billId, 'billId')]);
    if (Number(bill!.bill_status) !== BILL_STATUS.unpaid) throw badRequest('childOfPaidBill');
    return bill!;
  };
  const lines = new CrudService(paymentBillChildEntity, {
    async beforeSave(ctx, values, existing) {
      const bill = await unpaidBill(ctx, pickOf(values, existing)('bill_id'));
      if (existing && String(existing.bill_id) !== String(bill.id)) await unpaidBill(ctx, existing.bill_id);
      values.garden_id = bill.garden_id;
      const amount = pickOf(values, existing)('amount');
      if (!isSet(amount) || !/^-?\d{1,12}(\.\d{1,2})?$/.test(String(amount))) throw badRequest('moneyInvalid');
    },
    async afterSave(ctx, saved, existing) {
      await resumBill(ctx, String(saved.bill_id));
      if (existing && String(existing.bill_id) !== String(saved.bill_id)) await resumBill(ctx, String(existing.bill_id));
    },
  });
  registerCrudRoutes(app, services, paymentBillChildEntity, lines, { except: ['remove'] });
  app.post(
    `/api${paymentBillChildEntity.base}/remove`,
    post({
      tags: [paymentBillChildEntity.label.en],
      summary: 'Remove lines of unpaid bills (their bills re-summed)',
      query: idsQuery(),
    }),
    async (req) => {
      const ctx = await contextOf(services, req);
      ctx.require(paymentBillChildEntity, 'delete');
      const ids = parseIds((req.query as Body).ids);
      await ctx.db.transaction().execute(async (db) => {
        const tx = { ...ctx, db };
        const owners = await sql<{ bill_id: string }>`select distinct bill_id from property_payment_bill_child
          where id in (${sql.join(ids)}) and tenant_id = ${ctx.auth.tenantId} and is_deleted = 0`.execute(db);
        for (const o of owners.rows) await unpaidBill(tx, o.bill_id);
        await sql`update property_payment_bill_child set is_deleted = 1, update_time = ${NEXT_UPDATE_TIME}
          where id in (${sql.join(ids)}) and tenant_id = ${ctx.auth.tenantId}`.execute(db);
        for (const o of owners.rows) await resumBill(tx, String(o.bill_id));
      });
      return status(true);
    },
  );
}
