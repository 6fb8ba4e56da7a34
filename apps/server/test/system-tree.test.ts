import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TENANT } from '../src/seed/seed';
import { ApiClient } from './client';
import { startServer, type TestServer } from './harness';

/** The tree-shaped administration calls: menus, departments, roles, dictionaries, regions, top menus, posts. */
let server: TestServer;
let admin: ApiClient;
const menuIds = new Map<string, string>();

type Node = Record<string, any> & { children?: Node[] };
const flatten = (nodes: Node[]): Node[] => nodes.flatMap((n) => [n, ...flatten(n.children ?? [])]);
const codesOf = (nodes: Node[]) => flatten(nodes).map((n) => n.code as string);
const menu = (code: string) => menuIds.get(code)!;

/** Checks the contract's tree shape everywhere: a `children` key only when there are children, siblings in sort order. */
function expectTidyTree(nodes: Node[], path = 'root'): void {
  const sorts = nodes.map((n) => Number(n.sort));
  expect(sorts, `sort order under ${path}`).toEqual([...sorts].sort((a, b) => a - b));
  for (const node of nodes) {
    if ('children' in node) {
      expect(node.children!.length, `empty children on ${node.code ?? node.id}`).toBeGreaterThan(0);
      expectTidyTree(node.children!, node.code ?? node.id);
    }
  }
}

const ok = (answer: { status: number; body: any }) => {
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data;
};

beforeAll(async () => {
  server = await startServer();
  admin = new ApiClient(server.url);
  await admin.signIn('admin', 'admin');
  for (const node of flatten(ok(await admin.get('/blade-system/menu/list')))) menuIds.set(node.code, node.id);
});
afterAll(async () => server?.close());

describe('menus', () => {
  it('routes: the sidebar tree of menus only, leaves without a children key, in sort order', async () => {
    const routes = ok(await admin.get('/blade-system/menu/routes'));
    expectTidyTree(routes);
    const all = flatten(routes);
    expect(all.every((n) => n.category === 1)).toBe(true);
    expect(Object.keys(all[0]).sort()).toEqual([
      'action',
      'alias',
      'category',
      'children',
      'code',
      'id',
      'isOpen',
      'name',
      'parentId',
      'path',
      'sort',
      'source',
    ]);
    const system = routes.find((n: Node) => n.code === 'system');
    expect(system.children.slice(0, 3).map((n: Node) => n.code)).toEqual(['user', 'dept', 'post']);
    expect(system.children[0]).not.toHaveProperty('children');
    expect(ok(await new ApiClient(server.url).get('/blade-system/menu/routes'))).toEqual([]);
  });

  it('buttons: menus owning granted buttons; button leaves carry code and no children key', async () => {
    const owners = ok(await admin.get('/blade-system/menu/buttons'));
    for (const owner of owners) {
      expect(owner.children.length).toBeGreaterThan(0);
      for (const button of owner.children) {
        expect(button.category).toBe(2);
        expect(button.code).toMatch(new RegExp(`^${owner.code}_`));
        expect(button).not.toHaveProperty('children');
      }
    }
    const user = owners.find((o: Node) => o.code === 'user');
    expect(codesOf(user.children)).toEqual([
      'user_add',
      'user_edit',
      'user_delete',
      'user_view',
      'user_role',
      'user_reset',
      'user_unlock',
      'user_platform',
    ]);
    const staff = new ApiClient(server.url);
    await staff.signIn('staff', 'staff123');
    const staffOwners = ok(await staff.get('/blade-system/menu/buttons'));
    expect(staffOwners.map((o: Node) => [o.code, codesOf(o.children!)])).toEqual([['post', ['post_view']]]);
  });

  it("top-menu: the tenant's top menus in sort order", async () => {
    const tops = ok(await admin.get('/blade-system/menu/top-menu'));
    expect(tops.map((t: Node) => t.code)).toEqual(['workbench', 'property', 'platform']);
    expect(Object.keys(tops[0]).sort()).toEqual(['code', 'id', 'name', 'sort', 'source']);
  });

  it('list: the whole tree, buttons under their menus', async () => {
    const tree = ok(await admin.get('/blade-system/menu/list'));
    expect(tree.every((n: Node) => n.parentId === '0')).toBe(true);
    const user = flatten(tree).find((n) => n.code === 'user')!;
    expect(user).toMatchObject({
      parentId: menu('system'),
      title: '用户管理',
      key: menu('user'),
      value: menu('user'),
      hasChildren: true,
    });
    expect(codesOf(user.children!)).toContain('user_reset');
    expect(flatten(tree).find((n) => n.code === 'user_reset')).not.toHaveProperty('children');
  });

  it('lazy-list: one level, marking the nodes that have children', async () => {
    const roots = ok(await admin.get('/blade-system/menu/lazy-list'));
    expect(roots.map((n: Node) => n.code).slice(0, 3)).toEqual(['desk', 'community', 'citizen']);
    const system = ok(await admin.get('/blade-system/menu/lazy-list', { parentId: menu('system') }));
    expect(system.every((n: Node) => n.parentId === menu('system') && n.hasChildren === true)).toBe(true);
    expect(system.map((n: Node) => n.code)).toEqual([
      'user',
      'dept',
      'post',
      'dict',
      'dictbiz',
      'menu',
      'topmenu',
      'param',
      'tenant',
      'tenantpackage',
      'client',
      'job_run',
      'log_audit',
    ]);
    const desk = ok(await admin.get('/blade-system/menu/lazy-list', { parentId: menu('desk') }));
    expect(desk).toHaveLength(1);
    expect(desk[0].code).toBe('dashboard');
    expect(desk[0]).not.toHaveProperty('hasChildren');
  });

  it('grant-tree answers menus, data scopes and API scopes; role-tree-keys what a role has', async () => {
    await admin.post('/blade-system/data-scope/submit', {
      menuId: menu('post'),
      resourceCode: 'post',
      scopeName: '本人岗位',
      scopeType: 2,
    });
    const grant = ok(await admin.get('/blade-system/menu/grant-tree'));
    expect(Object.keys(grant).sort()).toEqual(['apiScope', 'dataScope', 'menu']);
    expect(flatten(grant.menu)).toHaveLength(menuIds.size);
    expect(grant.menu.find((n: Node) => n.title === '系统管理')).toMatchObject({ key: menu('system'), value: menu('system') });
    expect(grant.dataScope).toHaveLength(1);
    expect(grant.dataScope[0]).toMatchObject({ id: menu('post'), title: '岗位管理' });
    expect(grant.dataScope[0].children.map((c: Node) => c.title)).toEqual(['本人岗位']);
    expect(grant.apiScope).toEqual([]);
    const userRole = ok(await admin.get('/blade-system/role/list', { roleAlias_equal: 'user' }))[0].id;
    const keys = ok(await admin.get('/blade-system/menu/role-tree-keys', { roleIds: userRole }));
    expect(keys.menu.sort()).toEqual([menu('param'), menu('post'), menu('post_view')].sort());
    expect(keys).toMatchObject({ dataScope: [], apiScope: [] });
  });

  it('remove refuses a menu that has children', async () => {
    const refused = await admin.post('/blade-system/menu/remove', undefined, { ids: menu('desk') });
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toBe('请先删除子节点!');
    expect(ok(await admin.get('/blade-system/menu/detail', { id: menu('desk') }))).toMatchObject({ code: 'desk' });
    ok(
      await admin.post('/blade-system/menu/submit', {
        parentId: menu('desk'),
        code: 'temp_menu',
        name: '临时',
        alias: 'temp',
        path: '/desk/temp',
        sort: 9,
        category: 1,
      }),
    );
    const [temp] = ok(await admin.get('/blade-system/menu/lazy-list', { parentId: menu('desk'), code_equal: 'temp_menu' }));
    ok(await admin.post('/blade-system/menu/remove', undefined, { ids: temp.id }));
    expect(ok(await admin.get('/blade-system/menu/detail', { id: temp.id }))).toBeNull();
  });
});

describe('departments', () => {
  const addDept = async (parentId: string, deptName: string) => {
    ok(
      await admin.post('/blade-system/dept/submit', {
        parentId,
        deptName,
        fullName: `${deptName}全称`,
        deptCategory: 2,
        sort: 9,
      }),
    );
    const rows = ok(await admin.get('/blade-system/dept/select', { deptName_equal: deptName }));
    expect(rows).toHaveLength(1);
    return rows[0];
  };
  const level = async (parentId: string) => ok(await admin.get('/blade-system/dept/lazy-tree', { parentId })) as Node[];

  it('keeps the ancestors chain, answers levels and the tree, and refuses removing a parent', async () => {
    const [root] = await level('0');
    expect(root).toMatchObject({ deptName: '总部', title: '总部', hasChildren: true });
    const child = await addDept(root.id, '测试部');
    expect(child.ancestors).toBe(`0,${root.id}`);
    const grandchild = await addDept(child.id, '测试小组');
    expect(grandchild.ancestors).toBe(`0,${root.id},${child.id}`);

    const below = await level(root.id);
    expect(below.map((n) => [n.deptName, n.hasChildren ?? false])).toEqual([
      ['华北分公司', true],
      ['华南分公司', false],
      ['测试部', true],
    ]);
    const tree = ok(await admin.get('/blade-system/dept/tree'));
    expect(tree).toHaveLength(1);
    const testNode = tree[0].children.find((n: Node) => n.id === child.id);
    expect(testNode.children.map((n: Node) => n.title)).toEqual(['测试小组']);
    expect(testNode.children[0]).not.toHaveProperty('children');

    const refused = await admin.post('/blade-system/dept/remove', undefined, { ids: child.id });
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toBe('请先删除子节点!');
    ok(await admin.post('/blade-system/dept/remove', undefined, { ids: grandchild.id }));
    expect((await level(root.id)).find((n) => n.id === child.id)).not.toHaveProperty('hasChildren');
  });
});

describe('roles', () => {
  it("list is a tree; select?userId= answers that user's roles", async () => {
    const hr = ok(await admin.get('/blade-system/role/list', { roleAlias_equal: 'hr' }))[0];
    ok(await admin.post('/blade-system/role/submit', { parentId: hr.id, roleName: '招聘专员', roleAlias: 'recruiter', sort: 1 }));
    const tree = ok(await admin.get('/blade-system/role/list'));
    expect(tree.map((r: Node) => r.roleAlias)).toEqual(['administrator', 'user', 'hr', 'manager', 'boss']);
    const hrNode = tree.find((r: Node) => r.roleAlias === 'hr');
    expect(hrNode.children.map((r: Node) => [r.roleAlias, r.title])).toEqual([['recruiter', '招聘专员']]);
    expect(tree.find((r: Node) => r.roleAlias === 'boss')).not.toHaveProperty('children');

    const staffId = ok(await admin.get('/blade-system/user/page', { account_equal: 'staff' })).records[0].id;
    const roles = ok(await admin.get('/blade-system/role/select', { userId: staffId }));
    expect(roles.map((r: Node) => r.roleAlias)).toEqual(['user']);
  });
});

describe('dictionaries', () => {
  const sexId = async () => ok(await admin.get('/blade-system/dict/parent-list', { code_equal: 'sex' })).records[0].id as string;
  const dictionary = async (client: ApiClient, base: string, code: string) =>
    ok(await client.get(`${base}/dictionary`, { code })) as Node[];

  it('parent-list pages the dictionaries; child-list the entries of one', async () => {
    const parents = ok(await admin.get('/blade-system/dict/parent-list', { size: 100 }));
    expect(parents.total).toBeGreaterThan(10);
    expect(parents.records.every((r: Node) => r.parentId === '0' && r.dictKey === '-1')).toBe(true);
    const children = ok(await admin.get('/blade-system/dict/child-list', { parentId: await sexId() }));
    expect(children.records.map((r: Node) => [r.code, r.dictKey, r.dictValue])).toEqual([
      ['sex', '1', '男'],
      ['sex', '2', '女'],
      ['sex', '3', '未知'],
    ]);
  });

  it('dictionary?code= answers the live entries with string keys and no parent row', async () => {
    const sex = await dictionary(admin, '/blade-system/dict', 'sex');
    expect(sex.map((e) => [e.dictKey, e.dictValue])).toEqual([
      ['1', '男'],
      ['2', '女'],
      ['3', '未知'],
    ]);
    expect(Object.keys(sex[0]).sort()).toEqual(['code', 'dictKey', 'dictValue', 'id', 'isSealed', 'parentId', 'remark', 'sort']);
    expect(await dictionary(admin, '/blade-system/dict', 'no_such_code')).toEqual([]);
  });

  it("a new entry takes its parent's code; keys are unique within a dictionary; sealed entries are hidden", async () => {
    const parentId = await sexId();
    const add = (dictKey: string, extra: Record<string, unknown> = {}) =>
      admin.post('/blade-system/dict/submit', {
        parentId,
        code: 'typed-by-hand',
        dictKey,
        dictValue: `值${dictKey}`,
        sort: 9,
        ...extra,
      });
    ok(await add('9'));
    ok(await add('8', { isSealed: 1 }));
    const keys = (await dictionary(admin, '/blade-system/dict', 'sex')).map((e) => e.dictKey);
    expect(keys).toEqual(['1', '2', '3', '9']);
    const duplicate = await add('1');
    expect(duplicate.status).toBe(400);
    expect(duplicate.body.msg).toBe('当前字典键值已存在!');
    expect((await admin.get('/blade-system/dict/parent-list', { code_equal: 'typed-by-hand' })).body.data.total).toBe(0);
  });

  it('a dictionary (parent) needs no key of its own', async () => {
    ok(await admin.post('/blade-system/dict/submit', { code: 'weekday', dictValue: '星期', sort: 99, isSealed: 0 }));
    const [parent] = ok(await admin.get('/blade-system/dict/parent-list', { code_equal: 'weekday' })).records;
    expect(parent).toMatchObject({ parentId: '0', dictKey: '-1' });
    const child = await admin.post('/blade-system/dict/submit', {
      parentId: parent.id,
      code: 'weekday',
      dictValue: '周一',
      sort: 1,
    });
    expect(child.body.msg).toBe('请输入字典键值');
    const duplicate = await admin.post('/blade-system/dict/submit', {
      code: 'weekday',
      dictValue: '又一个星期',
      sort: 100,
      isSealed: 0,
    });
    expect(duplicate.status).toBe(400);
    expect(duplicate.body.msg).toBe('当前字典键值已存在!');
    ok(await admin.post('/blade-system/dict/submit', { id: parent.id, code: 'weekday', dictValue: '星期几' }));
  });

  it('renaming a dictionary carries its entries to the new code', async () => {
    ok(await admin.post('/blade-system/dict/submit', { code: 'shift_old', dictValue: '班次', sort: 98, isSealed: 0 }));
    const [parent] = ok(await admin.get('/blade-system/dict/parent-list', { code_equal: 'shift_old' })).records;
    for (const [key, value] of [
      ['1', '早班'],
      ['2', '晚班'],
    ])
      ok(
        await admin.post('/blade-system/dict/submit', {
          parentId: parent.id,
          code: 'shift_old',
          dictKey: key,
          dictValue: value,
          sort: 1,
        }),
      );
    ok(await admin.post('/blade-system/dict/submit', { ...parent, code: 'shift' }));
    expect((await dictionary(admin, '/blade-system/dict', 'shift')).map((e) => e.dictValue)).toEqual(['早班', '晚班']);
    expect(await dictionary(admin, '/blade-system/dict', 'shift_old')).toEqual([]);
  });

  it('dict-biz entries belong to one tenant', async () => {
    ok(await admin.post('/blade-system/dict-biz/submit', { code: 'platform_biz', dictValue: '平台业务', sort: 1, isSealed: 0 }));
    const [parent] = ok(await admin.get('/blade-system/dict-biz/parent-list', { code_equal: 'platform_biz' })).records;
    ok(
      await admin.post('/blade-system/dict-biz/submit', {
        parentId: parent.id,
        code: 'platform_biz',
        dictKey: '1',
        dictValue: '仅平台',
        sort: 1,
      }),
    );
    expect((await dictionary(admin, '/blade-system/dict-biz', 'platform_biz')).map((e) => e.dictValue)).toEqual(['仅平台']);

    const demo = new ApiClient(server.url);
    expect((await demo.signIn('admin', 'admin', DEMO_TENANT)).status).toBe(200);
    expect(await dictionary(demo, '/blade-system/dict-biz', 'platform_biz')).toEqual([]);
    const intruding = await demo.post('/blade-system/dict-biz/submit', {
      parentId: parent.id,
      code: 'x',
      dictKey: '2',
      dictValue: '闯入',
      sort: 2,
    });
    expect(intruding.status).toBe(400);
    expect(await dictionary(admin, '/blade-system/dict-biz', 'platform_biz')).toHaveLength(1);
    // The platform dictionaries are shared by every tenant.
    expect((await dictionary(demo, '/blade-system/dict', 'sex')).length).toBeGreaterThan(0);
  });

  it('tree?code= answers that dictionary with its entries; code DICT (or none) the dictionaries themselves', async () => {
    const sex = ok(await admin.get('/blade-system/dict/tree', { code: 'sex' })) as Node[];
    expect(sex).toHaveLength(1);
    expect(sex[0]).toMatchObject({ code: 'sex', parentId: '0', title: '性别' });
    expect(sex[0]!.children!.map((c) => c.dictValue)).toEqual(expect.arrayContaining(['男', '女']));
    expect(flatten(sex).every((n) => n.code === 'sex')).toBe(true);
    const catalogue = ok(await admin.get('/blade-system/dict/tree', { code: 'DICT' })) as Node[];
    expect(catalogue.map((n) => n.code)).toEqual(expect.arrayContaining(['sex', 'yes_no', 'open_close']));
    expect(catalogue.every((n) => n.parentId === '0' && !('children' in n))).toBe(true);
    expect(ok(await admin.get('/blade-system/dict/tree')) as Node[]).toHaveLength(catalogue.length);
    expect(ok(await admin.get('/blade-system/dict/tree', { code: 'no_such_code' }))).toEqual([]);
  });
});

describe('regions', () => {
  it('lazy-tree answers one level by parent code, marking regions that have cities', async () => {
    const provinces = ok(await admin.get('/blade-system/region/lazy-tree', { parentCode: '00' })) as Node[];
    expect(provinces).toHaveLength(34);
    expect(provinces[0]).toEqual({ id: '11', parentId: '00', title: '北京市', key: '11', value: '11', hasChildren: true });
    expect(provinces.find((p) => p.id === '71')).not.toHaveProperty('hasChildren');
    const hebei = ok(await admin.get('/blade-system/region/lazy-tree', { parentCode: '13' })) as Node[];
    expect(hebei.map((c) => c.title).slice(0, 2)).toEqual(['石家庄市', '唐山市']);
    expect(hebei.every((c) => !('hasChildren' in c))).toBe(true);
  });

  it('detail?code= answers the region with that code', async () => {
    expect(ok(await admin.get('/blade-system/region/detail', { code: '1302' }))).toMatchObject({
      code: '1302',
      parentCode: '13',
      name: '唐山市',
      regionLevel: 2,
    });
    expect(ok(await admin.get('/blade-system/region/detail', { code: '9999' }))).toBeNull();
  });

  it("remove takes the spec's `id` as well as `ids`", async () => {
    const add = async (code: string) => {
      ok(
        await admin.post('/blade-system/region/submit', {
          code,
          parentCode: '00',
          name: `测试${code}`,
          regionLevel: 1,
          sort: 99,
        }),
      );
      return ok(await admin.get('/blade-system/region/detail', { code })).id as string;
    };
    const [one, two, kept] = [await add('97'), await add('98'), await add('99')];
    ok(await admin.post('/blade-system/region/remove', undefined, { id: one }));
    ok(await admin.post('/blade-system/region/remove', undefined, { ids: two }));
    expect(ok(await admin.get('/blade-system/region/detail', { code: '97' }))).toBeNull();
    expect(ok(await admin.get('/blade-system/region/detail', { code: '98' }))).toBeNull();
    expect(ok(await admin.get('/blade-system/region/detail', { code: '99' }))).toMatchObject({ id: kept });
    const neither = await admin.post('/blade-system/region/remove');
    expect(neither.status).toBe(400);
  });
});

describe('top menus and posts', () => {
  it('topmenu grant sets the menus of a top menu; top-tree-keys and routes?topMenuId= follow it', async () => {
    ok(
      await admin.post('/blade-system/topmenu/submit', {
        code: 'test_top',
        name: '测试顶部',
        source: 'AppstoreOutlined',
        sort: 9,
      }),
    );
    const [top] = ok(await admin.get('/blade-system/topmenu/list', { code_equal: 'test_top' })).records;
    const grant = (ids: string[]) =>
      admin.post('/blade-system/topmenu/grant', undefined, { topMenuIds: top.id, menuIds: ids.join(',') });
    ok(await grant([menu('param'), menu('post')]));
    ok(await grant([menu('param'), menu('region')])); // replaces, not adds
    const keys = ok(await admin.get('/blade-system/menu/top-tree-keys', { topMenuIds: top.id }));
    expect(keys.menu.sort()).toEqual([menu('param'), menu('region')].sort());
    const routes = ok(await admin.get('/blade-system/menu/routes', { topMenuId: top.id }));
    expect(routes.map((n: Node) => [n.code, codesOf(n.children ?? [])])).toEqual([
      ['system', ['param']],
      ['base', ['region']],
    ]);
    expect(ok(await admin.get('/blade-system/menu/top-menu')).map((t: Node) => t.code)).toEqual([
      'workbench',
      'property',
      'platform',
      'test_top',
    ]);
  });

  it("post select answers the tenant's posts in sort order", async () => {
    const posts = ok(await admin.get('/blade-system/post/select'));
    expect(posts.map((p: Node) => p.postCode)).toEqual(['ceo', 'coo', 'cfo', 'cto', 'cio', 'pm', 'hrm', 'staff']);
    expect(posts[0]).toMatchObject({ postName: '首席执行官', tenantId: '000000' });
  });
});
