import { DICT_LABELS_EN, FORM_CONTROLS, MENU_NAMES_EN, PROPERTY_KINDS, QUERY_TYPES } from '@property/domain';
import { describe, expect, it } from 'vitest';
import { BUSINESS_DICTS, SYSTEM_DICTS } from './dictionaries';
import { MENUS, TOP_MENUS, crudButtons, type ButtonSeed, type MenuSeed } from './menus';
import { REGIONS } from './regions';

const duplicates = (values: ReadonlyArray<string>): string[] => values.filter((v, i) => values.indexOf(v) !== i);

const allMenus = (menus: ReadonlyArray<MenuSeed> = MENUS): MenuSeed[] => menus.flatMap((m) => [m, ...allMenus(m.children ?? [])]);
const findMenu = (code: string): MenuSeed | undefined => allMenus().find((m) => m.code === code);
const buttonsOf = (code: string): ReadonlyArray<ButtonSeed> => findMenu(code)?.buttons ?? [];

describe('regions', () => {
  const provinces = REGIONS.filter((r) => r.level === 1);
  const cities = REGIONS.filter((r) => r.level === 2);

  it('has the 34 provincial-level divisions, two-digit codes under 00', () => {
    expect(provinces).toHaveLength(34);
    for (const p of provinces) {
      expect(p.code).toMatch(/^\d{2}$/);
      expect(p.parentCode).toBe('00');
    }
    for (const code of ['11', '12', '31', '50', '71', '81', '82']) expect(provinces.map((p) => p.code)).toContain(code);
  });

  it('puts every city under a province, with a four-digit code starting with it', () => {
    const provinceCodes = new Set(provinces.map((p) => p.code));
    expect(cities.length).toBeGreaterThan(330);
    for (const c of cities) {
      expect(provinceCodes.has(c.parentCode), c.code).toBe(true);
      expect(c.code).toMatch(/^\d{4}$/);
      expect(c.code.startsWith(c.parentCode), c.code).toBe(true);
    }
  });

  it('has unique codes', () => {
    expect(duplicates(REGIONS.map((r) => r.code))).toEqual([]);
  });
});

describe('dictionaries', () => {
  it('names every kind, search mode and form control the development tools know, and no other', () => {
    const keysOf = (code: string) => [...SYSTEM_DICTS, ...BUSINESS_DICTS].find((d) => d.code === code)?.items.map((i) => i.key);
    expect(keysOf('field_kind')).toEqual([...PROPERTY_KINDS]);
    expect(keysOf('query_type')).toEqual([...QUERY_TYPES]);
    expect(keysOf('form_control')).toEqual([...FORM_CONTROLS]);
  });

  it('has unique keys in every dictionary and unique codes per table', () => {
    for (const dict of [...SYSTEM_DICTS, ...BUSINESS_DICTS]) {
      expect(dict.items.length, dict.code).toBeGreaterThan(0);
      expect(duplicates(dict.items.map((i) => i.key)), dict.code).toEqual([]);
    }
    expect(duplicates(SYSTEM_DICTS.map((d) => d.code))).toEqual([]);
    expect(duplicates(BUSINESS_DICTS.map((d) => d.code))).toEqual([]);
  });

  it('has an English name for every seeded entry in Chinese, and none for entries it does not seed', () => {
    const seeded = [...SYSTEM_DICTS, ...BUSINESS_DICTS];
    const unnamed = seeded.flatMap((d) =>
      d.items.filter((i) => /\p{Script=Han}/u.test(i.value) && !DICT_LABELS_EN[d.code]?.[i.key]).map((i) => `${d.code}.${i.key}`),
    );
    expect(unnamed).toEqual([]);
    const keys = new Set(seeded.flatMap((d) => d.items.map((i) => `${d.code}.${i.key}`)));
    const stray = Object.entries(DICT_LABELS_EN).flatMap(([code, entries]) =>
      Object.keys(entries)
        .filter((key) => !keys.has(`${code}.${key}`))
        .map((key) => `${code}.${key}`),
    );
    expect(stray).toEqual([]);
  });

  it('follows the spec where it names values', () => {
    const dict = (code: string) => Object.fromEntries(SYSTEM_DICTS.find((d) => d.code === code)!.items.map((i) => [i.key, i]));
    expect(dict('yes_no')['0']!.value).toBe('否');
    expect(dict('yes_no')['1']!.value).toBe('是');
    expect(dict('open_close')['1']!.value).toBe('开启');
    expect(dict('flow')['1']!.remark).toBe('leave');
    expect(dict('flow')['2']!.remark).toBe('expense');
    expect(dict('bill_status')['3']!.value).toBe('已关闭');
    expect(Object.keys(dict('feedback_status'))).toEqual(['0', '1', '2']);
  });
});

describe('menus', () => {
  it('has globally unique menu and button codes', () => {
    const codes = allMenus().flatMap((m) => [m.code, ...(m.buttons ?? []).map((b) => b.code)]);
    expect(duplicates(codes)).toEqual([]);
  });

  it('has unique menu paths', () => {
    expect(duplicates(allMenus().map((m) => m.path))).toEqual([]);
  });

  it('has every system screen the server permissions name, at its path', () => {
    const paths: Record<string, string> = {
      user: '/system/user',
      dept: '/system/dept',
      post: '/system/post',
      role: '/authority/role',
      menu: '/system/menu',
      topmenu: '/system/topmenu',
      dict: '/system/dict',
      dictbiz: '/system/dictbiz',
      region: '/base/region',
      param: '/system/param',
      tenant: '/system/tenant',
      tenantpackage: '/system/tenantpackage',
      client: '/system/client',
      datascope: '/authority/datascope',
      apiscope: '/authority/apiscope',
      log_usual: '/monitor/log/usual',
      log_api: '/monitor/log/api',
      log_error: '/monitor/log/error',
    };
    for (const [code, path] of Object.entries(paths)) expect(findMenu(code)?.path, code).toBe(path);
    const others = ['datasource', 'oss', 'sms', 'attach', 'code', 'model', 'deploy', 'follow', 'report', 'leave', 'dashboard'];
    for (const code of [...others, 'work_start', 'work_claim', 'work_todo', 'work_send', 'work_done'])
      expect(findMenu(code), code).toBeDefined();
  });

  it('gives the special buttons the server checks', () => {
    const codes = (menu: string) => buttonsOf(menu).map((b) => b.code);
    expect(codes('user')).toEqual(
      expect.arrayContaining(['user_role', 'user_reset', 'user_unlock', 'user_platform', 'user_view']),
    );
    expect(codes('role')).toContain('role_grant');
    expect(codes('tenant')).toEqual(expect.arrayContaining(['tenant_setting', 'tenant_datasource', 'tenant_package']));
    expect(codes('oss')).toContain('oss_enable');
    expect(codes('sms')).toContain('sms_enable');
    expect(codes('post')).toContain('post_view');
  });

  it('has no view button on tenant packages, view only on feedback (answered with 处理) and consumption orders', () => {
    expect(
      buttonsOf('tenantpackage')
        .map((b) => b.code)
        .sort(),
    ).toEqual(['tenantpackage_add', 'tenantpackage_delete', 'tenantpackage_edit']);
    expect(buttonsOf('feedback').map((b) => b.code)).toEqual(['feedback_view', 'feedback_handle']);
    expect(buttonsOf('clubconsume').map((b) => b.code)).toEqual(['clubconsume_view']);
  });

  it('builds the standard buttons', () => {
    expect(crudButtons('x').map((b) => [b.code, b.name, b.action])).toEqual([
      ['x_add', '新增', 1],
      ['x_edit', '修改', 2],
      ['x_delete', '删除', 3],
      ['x_view', '查看', 2],
    ]);
    expect(crudButtons('x', ['view', 'add']).map((b) => b.alias)).toEqual(['edit', 'delete']);
  });

  it('leaves no empty children or buttons arrays, and every button hangs on a leaf screen', () => {
    for (const m of allMenus()) {
      if (m.children) expect(m.children.length, m.code).toBeGreaterThan(0);
      if (m.buttons) expect(m.buttons.length, m.code).toBeGreaterThan(0);
      if (m.children) expect(m.buttons, m.code).toBeUndefined();
    }
  });

  it('top menus name existing menus only, and together cover every menu', () => {
    const known = new Set(allMenus().map((m) => m.code));
    const listed = TOP_MENUS.flatMap((t) => t.menuCodes);
    for (const code of listed) expect(known.has(code), code).toBe(true);
    expect([...known].filter((c) => !listed.includes(c))).toEqual([]);
    expect(duplicates(TOP_MENUS.map((t) => t.code))).toEqual([]);
  });
});

describe('menu names', () => {
  it('has an English name for every seeded menu and top menu, so the English console is complete', () => {
    const codes = [...allMenus().map((m) => m.code), ...TOP_MENUS.map((t) => t.code)];
    expect(codes.filter((code) => !Object.hasOwn(MENU_NAMES_EN, code))).toEqual([]);
  });
});
