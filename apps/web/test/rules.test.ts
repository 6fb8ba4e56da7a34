import { describe, expect, it } from 'vitest';
import { screenClass } from '../src/app/config';
import { badgeCount } from '../src/app/error-log';
import { guardRedirect, newWindowAddress } from '../src/app/guard';
import { refreshDue } from '../src/app/session';
import { closable, closeAll, closeOthers, closeTab, HOME_TAB, openTab, type Tab } from '../src/app/tabs';
import { menuCodes, pagesOf, searchMenus, type MenuNode } from '../src/app/menus';
import { menuNode } from './menu-fixture';
import { CHECKED_FIELDS, fieldProblem, type RegistrationForm } from '../src/modules/login/registration';
import { avatarProblem } from '../src/modules/info/avatar';

describe('route guard (spec §4)', () => {
  it.each([
    [{ path: '/', signedIn: true, locked: false }, '/wel/index'],
    [{ path: '/', signedIn: false, locked: false }, '/login'],
    [{ path: '/system/user', signedIn: false, locked: false }, '/login'],
    [{ path: '/404', signedIn: false, locked: false }, null],
    [{ path: '/lock', signedIn: false, locked: false }, null],
    [{ path: '/login', signedIn: true, locked: false }, '/wel/index'],
    [{ path: '/system/user', signedIn: true, locked: true }, '/lock'],
    [{ path: '/lock', signedIn: true, locked: true }, null],
    [{ path: '/system/user', signedIn: true, locked: false }, null],
  ])('%j → %s', (state, target) => {
    expect(guardRedirect(state)).toBe(target);
  });
});

describe('routes with a target query open a new window (spec §4)', () => {
  it('opens the address without the target parameter, keeping the others', () => {
    expect(newWindowAddress('/report/view', '?target=_blank&id=7')).toEqual({ url: '/report/view?id=7', target: '_blank' });
    expect(newWindowAddress('/report/view', '?target=_blank')).toEqual({ url: '/report/view', target: '_blank' });
    expect(newWindowAddress('/system/user', '?account=e2e')).toBeNull();
  });
});

describe('tab rules (spec §2.2)', () => {
  const user: Tab = { path: '/system/user', title: '用户管理' };
  const role: Tab = { path: '/authority/role', title: '角色管理' };

  it('opens each page once, home first', () => {
    const tabs = openTab(openTab([], user), user);
    expect(tabs.map((t) => t.path)).toEqual([HOME_TAB.path, user.path]);
  });
  it('never closes the home tab nor the last tab', () => {
    expect(closable([HOME_TAB, user], HOME_TAB)).toBe(false);
    expect(closable([user], user)).toBe(false);
    expect(closable([HOME_TAB, user], user)).toBe(true);
  });
  it('closing the active tab moves to its left neighbour', () => {
    expect(closeTab([HOME_TAB, user, role], role.path, role.path)).toEqual({ tabs: [HOME_TAB, user], next: user.path });
    expect(closeTab([HOME_TAB, user, role], user.path, role.path).next).toBe(role.path);
  });
  it('close others keeps home and the active tab; close all returns to the welcome page', () => {
    expect(closeOthers([HOME_TAB, user, role], role.path)).toEqual([HOME_TAB, role]);
    expect(closeAll()).toEqual({ tabs: [HOME_TAB], next: '/wel/index' });
  });
});

describe('token refresh timing', () => {
  const issued = 1_000_000;
  it('is not due before tokenTime (3000 s) minus one 10 s check', () => {
    expect(refreshDue(issued, issued + 2989_000)).toBe(false);
  });
  it('is due from one check before tokenTime, so a refresh never comes after the token lapsed', () => {
    expect(refreshDue(issued, issued + 2990_000)).toBe(true);
    expect(refreshDue(issued, issued + 3005_000)).toBe(true);
  });
  it('never without a token time', () => {
    expect(refreshDue(0, issued)).toBe(false);
  });
});

/** The first problem the dialog shows, reading its fields top to bottom. */
const firstProblem = (form: RegistrationForm, known: boolean) =>
  CHECKED_FIELDS.map((field) => fieldProblem(field, form, known)).find(Boolean);

describe('registration checks, in the spec order (§5), one per field', () => {
  it('checks the fields in the order of the spec', () => {
    expect([...CHECKED_FIELDS]).toEqual(['tenantId', 'account', 'password', 'password2']);
  });

  it.each([
    [{}, false, 'common.registerNeedTenant'],
    [{ tenantId: '000000' }, false, 'common.registerNeedAccount'],
    [{}, true, 'common.registerNeedAccount'],
    [{ account: 'a', password: 'x' }, true, 'common.registerNeedPassword'],
    [{ account: 'a', password: 'x', password2: 'y' }, true, 'common.registerPasswordMismatch'],
    [{ account: 'a', password: 'x', password2: 'x' }, true, undefined],
  ])('%j (tenant known: %s) → %s', (form, known, problem) => {
    expect(firstProblem(form, known)).toBe(problem);
  });
});

describe('small rules', () => {
  it('menu search matches leaf names by prefix, ignoring case', () => {
    const menus: MenuNode[] = [
      menuNode('system', '/system', {
        name: 'System',
        children: [
          menuNode('user', '/system/user', { name: 'Users' }),
          menuNode('role', '/authority/role', { name: 'Roles of users' }),
        ],
      }),
    ];
    expect(searchMenus(menus, 'us').map((m) => m.code)).toEqual(['user']);
    expect(searchMenus(menus, 'SYS')).toEqual([]); // groups are not results
    expect(searchMenus(menus, '  ')).toEqual([]);
  });
  it('menus with the nulls the contract allows: no page without a path, no code granted without a code', () => {
    const menus: MenuNode[] = [
      menuNode('system', '/system', {
        children: [
          menuNode('user', '/system/user', { name: null }),
          menuNode('pathless', '', { path: null, name: 'Pathless' }),
          menuNode('codeless', '/system/codeless', { code: null, name: 'Codeless' }),
        ],
      }),
    ];
    expect(pagesOf(menus).map((m) => m.id)).toEqual(['user', 'codeless']);
    expect([...menuCodes(menus)]).toEqual(['system', 'user', 'pathless']);
    expect(searchMenus(menus, 'pa')).toEqual([]); // a menu that opens nothing is no result
    expect(searchMenus(menus, 'co').map((m) => m.path)).toEqual(['/system/codeless']);
    expect(searchMenus(menus, 'u')).toEqual([]); // no name, nothing to match
  });
  it('error-log badge caps at 99', () => {
    expect(badgeCount(5)).toBe('5');
    expect(badgeCount(99)).toBe('99');
    expect(badgeCount(120)).toBe('99+');
  });
  it('screen classes by width (spec §9)', () => {
    expect([1300, 1200, 1000, 992, 800, 768, 500].map(screenClass)).toEqual([3, 3, 2, 2, 1, 1, 0]);
  });
  it('avatars: jpg or png, at most 500kb', () => {
    expect(avatarProblem({ type: 'image/png', size: 500 * 1024 })).toBeUndefined();
    expect(avatarProblem({ type: 'image/gif', size: 10 })).toBe('common.avatarType');
    expect(avatarProblem({ type: 'image/jpeg', size: 500 * 1024 + 1 })).toBe('common.avatarSize');
  });
});
