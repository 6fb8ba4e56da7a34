import { ENTITIES, routesOf, type EntityDef } from '@property/domain';

/**
 * The entity whose generic screen each menu code opens (the code is the entity's permission). Several entities
 * may share a permission (a bill and its lines are both under paymentbill; 车位管理's parking spaces, their
 * parking records and car links): the menu opens the first one defined with a list, the main entity, not whichever
 * came last. The one rule for the menu's screen (MenuScreen), the first list call (crud/first-list-call.ts) and the
 * garden-scoped screens (modules/community/screens.tsx). A module of its own: the screens map imports the
 * community screens, which need this, so it cannot live beside the map.
 */
export const SCREEN_BY_CODE: ReadonlyMap<string, EntityDef> = (() => {
  const byCode = new Map<string, EntityDef>();
  for (const entity of ENTITIES)
    if (routesOf(entity).includes('list') && !byCode.has(entity.permission)) byCode.set(entity.permission, entity);
  return byCode;
})();
