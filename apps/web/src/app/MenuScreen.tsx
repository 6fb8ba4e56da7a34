import { ENTITIES, routesOf, type EntityDef } from '@property/domain';
import { Result } from 'antd';
import { useContext } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router-dom';
import { CrudPage } from '../crud/CrudPage';
import { flattenMenus } from './menus';
import { MenusContext } from './layout/menus-context';
import { SCREENS } from './screens';

/** The generic screen of each entity, found by its menu code (= the entity's permission code). */
const SCREEN_BY_CODE = new Map<string, EntityDef>(
  ENTITIES.filter((e) => routesOf(e).includes('list')).map((e) => [e.permission, e]),
);

/**
 * A menu route: the screen of the menu at this path (a module's own screen when it has one, else the
 * generic screen of its entity), or /404 when no menu of the user has it.
 */
export default function MenuScreen() {
  const { pathname } = useLocation();
  const { t } = useTranslation();
  const menus = useContext(MenusContext);
  if (!menus) return null;
  const menu = flattenMenus(menus).find((m) => m.path === pathname);
  if (!menu) return <Navigate to="/404" replace />;
  const Screen = SCREENS[menu.code];
  if (Screen) return <Screen key={menu.code} />;
  const entity = SCREEN_BY_CODE.get(menu.code);
  if (entity) return <CrudPage key={entity.name} entity={entity} />;
  return <Result status="info" title={menu.name} subTitle={t('common.comingSoon')} />;
}
