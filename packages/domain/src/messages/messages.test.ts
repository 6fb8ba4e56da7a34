import { describe, expect, it } from 'vitest';
import { allFields } from '../define';
import { ENTITIES, FORMS } from '../entities/index';
import { en, fieldLabel, localeOf, MENU_NAMES_EN, menuName, MESSAGES, translate, zh, type Locale } from './index';

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

  it('names each entity and form in both languages, its definition taking the name from here', () => {
    for (const def of [...ENTITIES, ...FORMS]) {
      const names = { ...zh.entities, ...zh.forms } as Record<string, string>;
      const english = { ...en.entities, ...en.forms } as Record<string, string>;
      expect(def.label.zh, def.name).toBe(names[def.name]);
      expect(def.label.en, def.name).toBe(english[def.name]);
      expect(def.label.en, def.name).not.toBe(def.name);
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

/** The `{{name}}` places of a message, sorted. */
const placesOf = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

describe('the errors section', () => {
  it('is checked like the rest: same keys in both languages (the key tree test covers it)', () => {
    expect(Object.keys(en.errors).sort()).toEqual(Object.keys(zh.errors).sort());
    expect(Object.keys(zh.errors).length).toBeGreaterThan(100);
  });

  it('has the same {{params}} in both languages, for every message of every section', () => {
    const english = new Map(leaves(en as unknown as Tree));
    const differ = leaves(zh as unknown as Tree)
      .filter(([path, text]) => JSON.stringify(placesOf(String(text))) !== JSON.stringify(placesOf(String(english.get(path)))))
      .map(([path]) => path);
    expect(differ).toEqual([]);
  });

  it('keeps the spec words and those clients of the spec read (§5, §8, the API contract)', () => {
    const spec: Partial<Record<keyof typeof zh.errors, string>> = {
      ok: '操作成功',
      noData: '暂无承载数据',
      failed: '操作失败',
      forbidden: '请求被拒绝',
      notFound: '404 没找到请求',
      noToken: '缺失令牌,鉴权失败',
      badCredentials: '用户名或密码错误',
      phoneEmpty: '手机号码不能为空',
      idCardChecksum: '证件号码校验位错误',
      integerInvalid: '请输入正确的整数数字!',
      paramNameRequired: '请输入参数名称',
      menuRequired: '请选择菜单',
    };
    expect(Object.fromEntries(Object.keys(spec).map((key) => [key, zh.errors[key as keyof typeof spec]]))).toEqual(spec);
  });
});

describe('translate', () => {
  it('fills {{params}} in the language asked for', () => {
    expect(translate('zh', 'missingParam', { name: 'id' })).toBe('缺少必要的请求参数: id');
    expect(translate('en', 'missingParam', { name: 'id' })).toBe('Missing required parameter: id');
    expect(translate('zh', 'floorOutOfRange', { min: -10, max: 300 })).toBe('楼层应在-10到300之间');
  });

  it('joins a list as the language does', () => {
    expect(translate('zh', 'importMissingColumns', { columns: ['楼层', '房号'] })).toBe('模板不正确,缺少列: 楼层、房号');
    expect(translate('en', 'importMissingColumns', { columns: ['Floor', 'House number'] })).toBe(
      'The template is wrong; missing columns: Floor, House number',
    );
  });

  it('leaves a place without a value as written, and a message without places as it is', () => {
    expect(translate('en', 'missingParam')).toBe('Missing required parameter: {{name}}');
    expect(translate('en', 'forbidden', { name: 'x' })).toBe('Request refused');
  });
});

describe('localeOf (Accept-Language)', () => {
  it('answers Chinese when there is no header or it does not prefer English', () => {
    for (const header of [undefined, null, '', '*', 'zh-CN', 'zh', 'fr-FR', 'zh-CN,zh;q=0.9,en;q=0.8', 'en;q=0']) {
      expect(localeOf(header), String(header)).toBe('zh');
    }
  });

  it('answers English when the header prefers it', () => {
    for (const header of ['en', 'en-US', 'EN-gb', 'en-US,en;q=0.9,zh-CN;q=0.8', 'fr, en;q=0.5', 'zh;q=0.4, en;q=0.6']) {
      expect(localeOf(header), header).toBe('en');
    }
  });

  it('takes the first of equal weights', () => {
    expect(localeOf('en, zh')).toBe('en');
    expect(localeOf('zh, en')).toBe('zh');
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
