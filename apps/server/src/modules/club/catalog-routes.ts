import {
  CLUB_PRODUCT_TYPE,
  ClubCategoryOption,
  clubCategoryEntity,
  clubEntity,
  clubProductEntity,
  clubReserveEntity,
  List,
  OPEN_CLOSE,
  RESERVATION_STATUS,
  recordOf,
  type EntityDef,
} from '@property/domain';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { randomInt } from 'node:crypto';
import { CrudService, type CrudContext } from '../../platform/crud/engine';
import { registerCrudRoutes } from '../../platform/crud/routes';
import { data, status } from '../../platform/http/envelope';
import { badRequest } from '../../platform/http/errors';
import { get, post } from '../../platform/http/operation';
import { contextOf, type RequestContext } from '../../platform/http/request-context';
import type { Services } from '../../platform/services';
import { isSet, liveRow, pickOf } from '../facility/lookups';
import { sanitizeRichText } from '../service/rich-text';
import { checkStoredLinks } from '../service/stored-links';

/** Largest sort and price the forms take (商品排序请输入正确的数字, 商品价格不正确 beyond). */
const MAX_SORT = 999_999;
const MAX_PRICE = 999_999;
const IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png'];

/** The open_close flag (1 open, 0 closed) of a save, when it sets one. */
function checkOpenClose(values: Record<string, unknown>): void {
  if (
    'status' in values &&
    (values.status === null || ![OPEN_CLOSE.open, OPEN_CLOSE.close].includes(Number(values.status) as 1))
  ) {
    throw badRequest('openCloseInvalid');
  }
}

function checkSort(value: unknown): void {
  if (value !== undefined && value !== null && Number(value) > MAX_SORT) throw badRequest('clubSortInvalid');
}

/** Whoever works the cashier reads the products and wallets too. */
export function requireCashierOr(ctx: RequestContext, entity: EntityDef): void {
  if (!ctx.services.access.can(ctx.grants, 'cashier', 'view')) ctx.require(entity, 'view');
}

/** Clubs (rich-text introduction sanitised, status open/close) and their reservations. */
function registerClubs(app: FastifyInstance, services: Services): void {
  const clubs = new CrudService(clubEntity, {
    beforeSave(_ctx, values) {
      checkOpenClose(values);
      if (typeof values.content === 'string') values.content = sanitizeRichText(values.content);
    },
  });
  registerCrudRoutes(app, services, clubEntity, clubs, { except: ['page'] });
  const reserves = new CrudService(clubReserveEntity, {
    async beforeSave(ctx, values, existing) {
      await liveRow(ctx, clubEntity, pickOf(values, existing)('club_id'), 'clubMissing');
      if ('status' in values && !Object.values(RESERVATION_STATUS).includes(Number(values.status) as 0)) {
        throw badRequest('reservationStatusInvalid');
      }
    },
  });
  registerCrudRoutes(app, services, clubReserveEntity, reserves, { except: ['page'] });
}

/** Categories by sort; `dict` lists the open ones for pickers; a category with products stays. */
function registerCategories(app: FastifyInstance, services: Services): void {
  const categories = new CrudService(clubCategoryEntity, {
    beforeSave(_ctx, values) {
      checkOpenClose(values);
      checkSort(values.sort);
    },
    async beforeRemove(ctx, ids) {
      const used = await sql`select 1 from property_club_product where category_id in (${sql.join(ids)})
        and is_deleted = 0 and tenant_id = ${ctx.auth.tenantId} limit 1`.execute(ctx.db);
      if (used.rows.length > 0) throw badRequest('clubCategoryInUse');
    },
  });
  registerCrudRoutes(app, services, clubCategoryEntity, categories, { except: ['page'] });
  app.get(
    `/api${clubCategoryEntity.base}/dict`,
    get({
      tags: [clubCategoryEntity.label.en],
      summary: 'The open categories, for pickers (by sort, highest first)',
      description: 'Needs the `clubcategory` menu, or `clubproduct` or `cashier` (their pickers).',
      data: List(ClubCategoryOption),
    }),
    async (req) => {
      const ctx = await contextOf(services, req);
      if (!ctx.services.access.can(ctx.grants, 'clubproduct', 'view')) requireCashierOr(ctx, clubCategoryEntity);
      const rows = await categories.all(ctx, { status: OPEN_CLOSE.open });
      return data(rows.map((r) => ({ id: String(r.id), clubCategory: String(r.clubCategory), sort: Number(r.sort) })));
    },
  );
}

/** A product code when none was given: SP, the date and six random digits (unique per tenant, checked on save). */
const generatedCode = () =>
  `SP${new Date().toISOString().slice(0, 10).replaceAll('-', '')}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;

async function checkProduct(ctx: CrudContext, values: Record<string, unknown>, existing: Record<string, unknown> | undefined) {
  const pick = pickOf(values, existing);
  checkOpenClose(values);
  if (!existing && !isSet(values.club_product_code)) values.club_product_code = generatedCode();
  else if ('club_product_code' in values && !isSet(values.club_product_code)) throw badRequest('clubProductCodeRequired');
  if ('category_id' in values) await liveRow(ctx, clubCategoryEntity, pick('category_id'), 'clubCategoryMissing');
  if ('club_product_type' in values && !Object.values(CLUB_PRODUCT_TYPE).includes(String(values.club_product_type) as 'hall'))
    throw badRequest('clubProductTypeInvalid');
  if ('club_product_price' in values && Number(values.club_product_price) > MAX_PRICE)
    throw badRequest('clubProductPriceInvalid');
  checkSort(values.club_product_sort);
  if ('club_product_images' in values) {
    values.club_product_images = await checkStoredLinks(ctx, values.club_product_images, 'coverTypeInvalid', IMAGE_EXTENSIONS);
  }
}

/** Products: code generated when empty, category live, cover stored by us; `update` flips the status; `list-all` feeds the cashier. */
function registerProducts(app: FastifyInstance, services: Services): void {
  const products = new CrudService(clubProductEntity, { beforeSave: checkProduct });
  registerCrudRoutes(app, services, clubProductEntity, products, { except: ['page'] });
  const tags = [clubProductEntity.label.en];
  app.get(
    `/api${clubProductEntity.base}/list-all`,
    get({
      tags,
      summary: 'Every product on sale (status open), by sort: the cashier’s list',
      description: 'Needs the `cashier` or `clubproduct` menu. `categoryId` narrows to one category.',
      query: {
        type: 'object',
        properties: { categoryId: { type: 'string', pattern: '^\\d{1,19}$', description: 'one category only' } },
      },
      data: List(recordOf(clubProductEntity)),
    }),
    async (req) => {
      const ctx = await contextOf(services, req);
      requireCashierOr(ctx, clubProductEntity);
      const { categoryId } = req.query as { categoryId?: string };
      return data(await products.all(ctx, { status: OPEN_CLOSE.open, ...(categoryId ? { categoryId } : {}) }));
    },
  );
  app.post(
    `/api${clubProductEntity.base}/update`,
    post({
      tags,
      summary: 'Put a product on or off sale (the list’s status switch)',
      description: 'Body `id` and `status` (1 open, 0 closed); nothing else changes. Needs the `clubproduct_edit` button.',
      body: {
        type: 'object',
        properties: {
          id: { type: ['string', 'integer'], pattern: '^\\d{1,19}$', description: 'the product' },
          status: { type: ['integer', 'string'], description: '1 open (on sale), 0 closed' },
        },
        required: ['id', 'status'],
      },
      form: true,
    }),
    async (req) => {
      const ctx = await contextOf(services, req);
      ctx.require(clubProductEntity, 'edit');
      const body = req.body as { id: string; status: unknown };
      await products.submit(ctx, { id: body.id, status: body.status });
      return status(true);
    },
  );
}

/** Clubs, reservations, categories and products (spec §2.3, §7.3). */
export function registerClubCatalog(app: FastifyInstance, services: Services): void {
  registerClubs(app, services);
  registerCategories(app, services);
  registerProducts(app, services);
}
