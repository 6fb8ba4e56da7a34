import { List, postEntity, userEntity, recordOf, topMenuEntity } from '@property/domain';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { CrudService, parseIds } from '../../platform/crud/engine';
import { registerCrudRoutes } from '../../platform/crud/routes';
import { isPlatformAdmin } from '../../platform/http/context';
import { data, status } from '../../platform/http/envelope';
import { get, params, post, text } from '../../platform/http/operation';
import { contextOf } from '../../platform/http/request-context';
import type { Services } from '../../platform/services';

type Query = Record<string, unknown>;

/** Posts (with a select for user forms) and top menus (with their menu grants). */
export function registerPostAndTopMenuRoutes(app: FastifyInstance, services: Services): void {
  const posts = registerCrudRoutes(app, services, postEntity);
  const select = get({
    tags: [postEntity.label.en],
    summary: 'Posts for a select',
    query: params({ tenantId: text('platform administrator only: the posts of this tenant') }),
    data: List(recordOf(postEntity)),
  });
  app.get('/api/blade-system/post/select', select, async (req) => {
    const ctx = await contextOf(services, req);
    // The user form's post picker and the post screen.
    ctx.requireViewOfAny([postEntity, userEntity]);
    const tenantId = (req.query as Query).tenantId;
    const scoped = tenantId && isPlatformAdmin(ctx.auth) ? { ...ctx, auth: { ...ctx.auth, tenantId: String(tenantId) } } : ctx;
    return data(await posts.all(scoped));
  });

  registerCrudRoutes(
    app,
    services,
    topMenuEntity,
    new CrudService(topMenuEntity, { afterSave: () => services.access.invalidate() }),
  );
  app.post(
    '/api/blade-system/topmenu/grant',
    post({
      tags: [topMenuEntity.label.en],
      summary: 'Set the menus of top menus',
      description:
        'Replaces the menus of the top menus. The parameters may travel in a form or JSON body instead (arrays allowed).',
      query: params(
        { topMenuIds: text('comma-separated top menu ids'), menuIds: text('comma-separated menu ids; empty: none') },
        ['topMenuIds'],
      ),
    }),
    async (req) => {
      const ctx = await contextOf(services, req);
      ctx.require(topMenuEntity, 'edit');
      const input = { ...(req.query as Query), ...((req.body as Query) ?? {}) };
      const joined = (v: unknown) => (Array.isArray(v) ? v.join(',') : String(v ?? ''));
      const topMenuIds = parseIds(joined(input.topMenuIds), 'topMenuIds');
      const menuIds = joined(input.menuIds) ? parseIds(joined(input.menuIds), 'menuIds') : [];
      await services.db.transaction().execute(async (tx) => {
        await sql`delete from blade_top_menu_setting where tenant_id = ${ctx.auth.tenantId} and top_menu_id in (${sql.join(topMenuIds)})`.execute(
          tx,
        );
        for (const topMenuId of topMenuIds) {
          for (const menuId of menuIds) {
            await sql`insert into blade_top_menu_setting (tenant_id, top_menu_id, menu_id, create_user)
            values (${ctx.auth.tenantId}, ${topMenuId}, ${menuId}, ${ctx.auth.userId})`.execute(tx);
          }
        }
      });
      await services.access.invalidate();
      return status(true);
    },
  );
}
