import { describe, expect, it } from 'vitest';
import { allFields } from '../define';
import { ENTITIES, FORMS } from '../entities/index';
import { en, fieldLabel, MENU_NAMES_EN, menuName, MESSAGES, zh, type Locale } from './index';

type Tree = { [key: string]: string | Tree };

/** Every leaf of a message tree as [dotted path, value]. */
function leaves(tree: Tree, prefix = ''): Array<[string, string | Tree]> {
  return Object.entries(tree).flatMap(([key, value]): Array<[string, string | Tree]> =>
    typeof value === 'string' ? [[prefix + key, value]] : leaves(value, `${prefix}${key}.`),
  );
}

/** The same keys at every level, and a string exactly where the other has one. */
function sameShape(a: Tree, b: Tree, path = ''): string[] {
  const problems: string[] = [];
  for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
    const at = path + key;
    if (!(key in a)) problems.push(`${at}: only in en`);
    else if (!(key in b)) problems.push(`${at}: only in zh`);
    else if (typeof a[key] === 'string' || typeof b[key] === 'string') {
      if (typeof a[key] !== typeof b[key]) problems.push(`${at}: leaf in one, branch in the other`);
    } else problems.push(...sameShape(a[key] as Tree, b[key] as Tree, `${at}.`));
  }
  return problems;
}

const LOCALES: Locale[] = ['zh', 'en'];
const fieldsIn = (locale: Locale) => MESSAGES[locale].fields as unknown as Record<string, Record<string, string>>;

describe('message modules', () => {
  it('en has exactly the key tree of zh', () => {
    expect(sameShape(zh as unknown as Tree, en as unknown as Tree)).toEqual([]);
  });

  it('has no empty label', () => {
    for (const locale of LOCALES) {
      const empty = leaves(MESSAGES[locale] as unknown as Tree).filter(([, v]) => typeof v !== 'string' || v.trim() === '');
      expect(
        empty.map(([k]) => k),
        locale,
      ).toEqual([]);
    }
  });

  it('labels every declared field of every entity, in both languages', () => {
    for (const locale of LOCALES) {
      const fields = fieldsIn(locale);
      for (const def of ENTITIES) {
        const own = fields[def.name];
        expect(own, `${locale} fields.${def.name}`).toBeDefined();
        for (const key of Object.keys(def.fields)) {
          expect(own?.[key], `${locale} fields.${def.name}.${key}`).toBeTruthy();
        }
      }
    }
  });

  it('labels every column of every entity, common ones included', () => {
    for (const locale of LOCALES) {
      for (const def of ENTITIES) {
        for (const key of Object.keys(allFields(def))) {
          const label = fieldLabel(locale, def.name, key);
          expect(label, `${locale} ${def.name}.${key}`).not.toBe('');
          expect(label === key && key !== 'id', `${locale} ${def.name}.${key} falls back to its key`).toBe(false);
        }
      }
    }
  });

  it('has no labels of entities or fields that do not exist', () => {
    const names = ENTITIES.map((def) => def.name).sort();
    // Forms (a call's body) have field labels too; their own name is in their definition.
    expect(
      Object.keys(zh.fields)
        .filter((k) => k !== 'common')
        .sort(),
    ).toEqual([...names, ...FORMS.map((def) => def.name)].sort());
    expect(Object.keys(zh.entities).sort()).toEqual(names);
    const fields = fieldsIn('zh');
    for (const def of [...ENTITIES, ...FORMS]) {
      expect(Object.keys(fields[def.name] ?? {}).sort(), def.name).toEqual(Object.keys(def.fields).sort());
    }
  });

  it('names each entity as its definition does', () => {
    for (const def of ENTITIES) {
      expect(zh.entities[def.name as keyof typeof zh.entities], def.name).toBe(def.label.zh);
      expect(en.entities[def.name as keyof typeof en.entities], def.name).toBe(def.label.en);
    }
  });

  it('carries the spec words the generic screen and shell show', () => {
    expect(zh.common.batchDeleteSpaced).toBe('删 除');
    expect(zh.common.deleteConfirm).toBe('确定将选择数据删除?');
    expect(zh.common.clearCacheConfirm).toBe('是否需要清除缓存?');
    expect(zh.common.registerDone).toBe('注册申请已提交,请耐心等待管理员通过!');
    expect(zh.common.operationSuccess).toBe('操作成功!');
  });
});

describe('fieldLabel', () => {
  it('prefers the entity own label, then the common one, then the key', () => {
    expect(fieldLabel('zh', 'user', 'account')).toBe('登录账号');
    expect(fieldLabel('en', 'param', 'paramKey')).toBe('Parameter key');
    expect(fieldLabel('zh', 'param', 'createTime')).toBe('创建时间');
    expect(fieldLabel('en', 'user', 'tenantId')).toBe('Tenant ID');
    expect(fieldLabel('zh', 'user', 'nonesuch')).toBe('nonesuch');
    expect(fieldLabel('zh', 'nonesuch', 'status')).toBe('状态');
  });

  it('does not take inherited object properties for labels', () => {
    expect(fieldLabel('zh', 'user', 'toString')).toBe('toString');
    expect(fieldLabel('zh', 'constructor', 'name')).toBe('name');
  });
});

describe('menu names in English', () => {
  it('names menus by code in English and keeps the server name otherwise', () => {
    expect(menuName('en', 'user', '用户管理')).toBe('Users');
    expect(menuName('zh', 'user', '用户管理')).toBe('用户管理');
    expect(menuName('en', 'my-custom-menu', '自定义')).toBe('自定义');
    for (const name of Object.values(MENU_NAMES_EN)) expect(name).toMatch(/^[A-Z][A-Za-z -]+$/);
  });
});
