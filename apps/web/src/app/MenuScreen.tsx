import { useContext, useEffect, useState } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { CrudPage } from '../crud/CrudPage';
import { ComingSoon } from '../pages/ComingSoon';
import { SCREEN_BY_CODE } from './screen-entity';
import { api } from './http';
import { menuAt } from './menus';
import { MenusContext } from './layout/menus-context';
import { ReadableContext } from './permissions';
import { SCREENS } from './screens';

/**
 * A menu route: the screen of the menu at this path (a module's own screen when it has one, else the
 * generic screen of its entity, else "under construction"); a path none of the user's menus has is a
 * screen they may not use (403) or no screen at all (404).
 */
export default function MenuScreen() {
  const { pathname } = useLocation();
  const menus = useContext(MenusContext);
  // What the user may read must be known first: a screen's reference columns ask only lists they may read
  // (mayReadList), and the menus can arrive before the buttons that say it.
  const readable = useContext(ReadableContext);
  if (!menus || !readable) return null;
  const menu = menuAt(menus, pathname);
  if (!menu) return <NotTheirs path={pathname} />;
  // A menu without a code opens no screen of its own: the placeholder, titled by its name.
  const code = menu.code ?? '';
  const Screen = SCREENS[code];
  if (Screen) return <Screen key={code} />;
  const entity = SCREEN_BY_CODE.get(code);
  if (entity) return <CrudPage key={entity.name} entity={entity} />;
  // Keyed like the screens above: another menu's placeholder is another screen, not this one updated.
  return <ComingSoon key={menu.id} title={menu.name ?? ''} />;
}

/** Asks the server whether some menu opens the path: then the user lacks permission (403), else it is not found (404). */
function NotTheirs({ path }: { path: string }) {
  const [target, setTarget] = useState<string>();
  useEffect(() => {
    let live = true;
    api
      .get<boolean>('/blade-system/menu/path-exists', { path }, { quietCodes: [400, 403, 404, 405, 500] })
      .then((exists) => live && setTarget(exists ? '/403' : '/404'))
      .catch(() => live && setTarget('/404'));
    return () => {
      live = false;
    };
  }, [path]);
  return target ? <Navigate to={target} replace /> : null;
}
