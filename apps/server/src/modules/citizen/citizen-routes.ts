import {
  carEntity,
  citizenHouseEntity,
  citizenInfoEntity,
  citizenUserEntity,
  familyEntity,
  inputOf,
  List,
  Nullable,
  withNamesOf,
  isBlank,
  lesseeEntity,
  ownershipEntity,
} from '@property/domain';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { parseId, toJson, type CrudService } from '../../platform/crud/engine';
import type { EntityDef } from '@property/domain';
import { data, status } from '../../platform/http/envelope';
import { badRequest } from '../../platform/http/errors';
import { get, idText, params, post, text } from '../../platform/http/operation';
import { contextOf } from '../../platform/http/request-context';
import type { Services } from '../../platform/services';
import { cars } from './cars';
import { citizenHouses, citizenInfos, citizenUsers } from './citizen-users';
import { registerResidentCrud } from './crud';
import { families, lessees } from './households';
import { withNames } from './links';
import { ownerships } from './ownerships';

type Query = Record<string, unknown>;

/**
 * `{base}/detail` answering by id or by other exact values (tel; userId;
 * carArea + carCity + carNumber). Exact, unlike list filters, which match
 * text by "contains".
 */
function registerDetailBy(
  app: FastifyInstance,
  services: Services,
  entity: EntityDef,
  service: CrudService,
  keys: ReadonlyArray<{ params: string[]; normalise?: (v: string) => string }>,
): void {
  app.get(
    `/api${entity.base}/detail`,
    get({
      tags: [entity.label.en],
      summary: `${entity.label.zh} (${entity.label.en}): one row, by id or ${keys.map((k) => k.params.join(' + ')).join(', ')}`,
      description: 'The other keys match exactly. Null when there is no such row.',
      query: params({
        id: idText('the row'),
        ...Object.fromEntries(keys.flatMap((k) => k.params).map((p) => [p, text(`${p}, when id is not sent (exact)`)])),
      }),
      data: Nullable(withNamesOf(entity)),
    }),
    async (req) => {
      const ctx = await contextOf(services, req);
      ctx.require(entity, 'view');
      const query = req.query as Query;
      if (!isBlank(query.id)) {
        const row = await service.findRow(ctx, parseId(query.id));
        return data(row ? (await withNames(ctx, [toJson(entity, row)]))[0] : null);
      }
      const key = keys.find((k) => k.params.every((p) => !isBlank(query[p])));
      if (!key) throw badRequest('missingParam', { name: 'id' });
      const exact = Object.fromEntries(
        key.params.map((p) => [`${p}_equal`, key.normalise ? key.normalise(String(query[p])) : String(query[p]).trim()]),
      );
      const rows = await service.all(ctx, exact, [], 1);
      return data(rows[0] ? (await withNames(ctx, rows))[0] : null);
    },
  );
}

/** /citizen-user (spec §7.5): app accounts, their profiles and houses, ownerships, lessees, families and cars. */
export function registerCitizenRoutes(app: FastifyInstance, services: Services): void {
  registerResidentCrud(app, services, citizenUserEntity, citizenUsers, { except: ['detail'] });
  registerDetailBy(app, services, citizenUserEntity, citizenUsers, [{ params: ['tel'] }]);
  app.post(
    `/api${citizenUserEntity.base}/update`,
    post({
      tags: [citizenUserEntity.label.en],
      summary: 'Update an app account (id required)',
      body: inputOf(citizenUserEntity),
      form: true,
    }),
    async (req) => {
      const ctx = await contextOf(services, req);
      ctx.require(citizenUserEntity, 'edit');
      const body = (req.body ?? {}) as Query;
      parseId(body.id);
      await citizenUsers.submit(ctx, body);
      return status(true);
    },
  );

  registerResidentCrud(app, services, citizenInfoEntity, citizenInfos, { except: ['detail'] });
  registerDetailBy(app, services, citizenInfoEntity, citizenInfos, [{ params: ['userId'] }]);

  registerResidentCrud(app, services, citizenHouseEntity, citizenHouses);
  registerResidentCrud(app, services, citizenHouseEntity, citizenHouses, { base: '/citizen-user/building' });

  registerResidentCrud(app, services, ownershipEntity, ownerships);
  registerResidentCrud(app, services, lesseeEntity, lessees);
  registerResidentCrud(app, services, familyEntity, families);

  registerResidentCrud(app, services, carEntity, cars, { except: ['detail'] });
  registerDetailBy(app, services, carEntity, cars, [
    { params: ['carArea', 'carCity', 'carNumber'], normalise: (v) => v.trim().toUpperCase() },
  ]);
  app.get(
    `/api${carEntity.base}/list-all`,
    get({
      tags: [carEntity.label.en],
      summary: "An owner's cars, unpaged",
      query: params({ ownerId: idText('the owner') }, ['ownerId']),
      data: List(withNamesOf(carEntity)),
    }),
    async (req) => {
      const ctx = await contextOf(services, req);
      ctx.require(carEntity, 'view');
      const ownerId = parseId((req.query as Query).ownerId, 'ownerId');
      return data(await withNames(ctx, await cars.all(ctx, {}, [sql`owner_id = ${ownerId}`], 5000)));
    },
  );
}
