import { allFields, columnOf, clubEntity, ENTITIES, snake } from '@property/domain';
import { unzipSync, strFromU8 } from 'fflate';
import { sql } from 'kysely';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { format } from 'prettier';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { diffSchema, schemaOf } from '../src/platform/db/schema-ddl';
import { openDatabase } from '../src/platform/db/database';
import { splitStatements } from '../src/platform/db/migrate';
import { DEMO_TENANT } from '../src/seed/seed';
import { ApiClient } from './client';
import { loadDomainWith, overlayOf, REPOSITORY, registrationsIn, typeProblems } from './develop-compile';
import { privateCluster, type Cluster } from './develop-fixtures';
import { freePort } from './ports';
import { ok, refused, signedIn } from './facility-fixtures';
import { menuSubtrees } from './garden-staff';
import { startServer, type TestServer } from './harness';
import { expectSealed } from './sealed';

/**
 * The development tools (spec §7.9 /blade-develop) over HTTP: data sources (PostgreSQL, the
 * password never answered, a connection test saying why it failed), data models whose columns are
 * read from a real table, code generation records (copy) and gen-code's zip, whose code compiles
 * against this repository and whose definition matches the table. Only the platform administrator
 * uses any of it.
 */
let server: TestServer;
let platform: ApiClient;
let tenantAdmin: ApiClient;
let staff: ApiClient;
let cluster: Cluster;
const D = '/blade-develop';
const db = () => server.built.services.db;

/** The legacy table the models read: every kind of column, comments, a key that is not `id`. */
const LEGACY_NOTICE = `create table legacy_notice (
  notice_id bigserial primary key,
  title varchar(100) not null,
  content text,
  publish_date date,
  is_top boolean not null default false,
  view_count integer default 0,
  fee numeric(10,2),
  author_phone varchar(20),
  extra jsonb,
  created_at timestamp default now()
);
comment on table legacy_notice is '旧系统公告';
comment on column legacy_notice.title is '标题';
comment on column legacy_notice.content is '内容';
comment on column legacy_notice.publish_date is '发布日期';
comment on column legacy_notice.is_top is '置顶';
comment on column legacy_notice.view_count is '浏览次数';
comment on column legacy_notice.fee is '费用';`;

beforeAll(async () => {
  [server, cluster] = await Promise.all([startServer(), privateCluster()]);
  await cluster.query(LEGACY_NOTICE);
  platform = await signedIn(server, 'admin', 'admin', '000000');
  tenantAdmin = await signedIn(server, 'admin', 'admin', DEMO_TENANT);
  staff = await signedIn(server, 'staff', 'staff123', '000000');
}, 120_000);
afterAll(async () => {
  await server?.close();
  await cluster?.stop();
});

const submitted = async (path: string, body: Record<string, unknown>) => {
  const answer = await platform.post(path, body);
  expect(answer.body, JSON.stringify(answer.body)).toMatchObject(ok);
};
/** The one row of a list matching the query. */
const rowOf = async (path: string, query: Record<string, unknown>) => {
  const rows = (await platform.get(path, { ...query, size: 100 })).body.data.records;
  expect(rows, JSON.stringify(query)).toHaveLength(1);
  return rows[0];
};
const clusterUrl = () => `jdbc:postgresql://127.0.0.1:${cluster.port}/legacy`;

/** The private cluster as a data source, saved with its password. */
let legacySource: string;
const legacy = async () => {
  if (legacySource) return legacySource;
  await submitted(`${D}/datasource/submit`, {
    name: '旧系统库',
    url: clusterUrl(),
    username: cluster.user,
    password: cluster.password,
    remark: '测试用',
  });
  legacySource = String((await rowOf(`${D}/datasource/list`, { name_equal: '旧系统库' })).id);
  return legacySource;
};

const builtIn = async () => rowOf(`${D}/datasource/list`, { builtIn_equal: 1 });

describe('data sources', () => {
  it('start with the product’s own database: answered with the server’s configuration, tested, renamed, never removed', async () => {
    const own = await builtIn();
    expect(own).toMatchObject({ name: '本系统数据库', builtIn: 1, driverClass: 'org.postgresql.Driver' });
    expect(own.url).toMatch(server.built.services.database.kind === 'pglite' ? /^pglite:/ : /^postgres:\/\//);
    expect(own).not.toHaveProperty('password');
    const tested = await platform.post(`${D}/datasource/test`, undefined, { id: own.id });
    expect(tested.body.data).toMatchObject({ version: expect.stringMatching(/^PostgreSQL \d+/), database: expect.any(String) });

    expect(await platform.post(`${D}/datasource/remove`, undefined, { ids: own.id })).toMatchObject(
      refused(400, '本系统数据库不能删除'),
    );
    expect((await builtIn()).id).toBe(own.id);
    // The edit form sends the configured fields back as it read them: only the name changes.
    await submitted(`${D}/datasource/submit`, { ...own, name: '本系统数据库(主库)' });
    expect((await builtIn()).name).toBe('本系统数据库(主库)');
    expect(await platform.post(`${D}/datasource/submit`, { id: own.id, url: clusterUrl() })).toMatchObject(
      refused(400, '本系统数据库的连接由服务器配置决定,只能修改名称和备注'),
    );
    await submitted(`${D}/datasource/submit`, { id: own.id, name: '本系统数据库' });
  });

  it('keep the password and never answer it (lists, detail, audit), PostgreSQL only, addresses without credentials', async () => {
    const id = await legacy();
    const all = JSON.stringify((await platform.get(`${D}/datasource/list`, { size: 100 })).body);
    const one = JSON.stringify((await platform.get(`${D}/datasource/detail`, { id })).body);
    for (const answer of [all, one]) {
      expect(answer).not.toContain(cluster.password);
      expect(answer).not.toContain('"password"');
    }
    const history = JSON.stringify((await platform.get('/blade-log/audit/history', { entity: 'datasource', id })).body);
    expect(history).toContain('******');
    expect(history).not.toContain(cluster.password);
    const stored = await sql<{ password: string }>`select password from blade_datasource where id = ${id}`.execute(db());
    expectSealed(server, stored.rows[0]!.password, cluster.password);

    // An update without a password, or with an empty one (the edit form's), keeps it.
    await submitted(`${D}/datasource/submit`, { id, remark: '改过备注', password: '' });
    expect(
      (await sql<{ password: string }>`select password from blade_datasource where id = ${id}`.execute(db())).rows[0]!.password,
    ).toBe(stored.rows[0]!.password);

    const add = (body: Record<string, unknown>) =>
      platform.post(`${D}/datasource/submit`, { name: '坏地址', username: 'u', url: clusterUrl(), ...body });
    const urlMessage =
      '连接地址格式错误,例如 jdbc:postgresql://127.0.0.1:5432/property 或 postgres://127.0.0.1:5432/property;用户名和密码请分别填写';
    for (const url of ['postgres://u:secret@h/d', 'postgres://h/d?password=secret', 'jdbc:mysql://h/d', 'h:5432'])
      expect(await add({ url }), url).toMatchObject(refused(400, urlMessage));
    expect(await add({ driverClass: 'com.mysql.cj.jdbc.Driver' })).toMatchObject(
      refused(400, '只支持 PostgreSQL 数据源(驱动类 com.mysql.cj.jdbc.Driver)'),
    );
    expect(await add({ name: '旧系统库' })).toMatchObject(refused(400, '该数据源名称已存在'));
    expect(await add({ url: '' })).toMatchObject(refused(400, '请输入连接地址'));
    expect((await platform.get(`${D}/datasource/list`, { name_equal: '坏地址' })).body.data.records).toEqual([]);
  });

  it('test a connection: its version on success; why it failed, in the caller’s language', async () => {
    const id = await legacy();
    const good = await platform.post(`${D}/datasource/test`, { id });
    expect(good.body).toMatchObject(ok);
    expect(good.body.data).toMatchObject({ version: expect.stringMatching(/^PostgreSQL \d+\.\d+/), database: 'legacy' });
    expect(good.body.data.elapsedMs).toBeGreaterThanOrEqual(0);

    const form = { url: clusterUrl(), username: cluster.user };
    // A form not yet saved, with the right password, and with a wrong one.
    expect((await platform.post(`${D}/datasource/test`, { ...form, password: cluster.password })).body.data.database).toBe(
      'legacy',
    );
    expect(await platform.post(`${D}/datasource/test`, { ...form, password: 'wrong' })).toMatchObject(
      refused(400, '无法登录数据库:用户 owner 的用户名或密码错误'),
    );
    const english = await platform.call('POST', `${D}/datasource/test`, {
      body: { ...form, password: 'wrong' },
      headers: { 'Accept-Language': 'en' },
    });
    expect(english.body.msg).toBe('Cannot sign in to the database: wrong user name or password for user owner');
    // The stored password is used when the form's is left empty; a changed address is tried with it.
    expect((await platform.post(`${D}/datasource/test`, { id, password: '' })).body.data.database).toBe('legacy');
    const closed = await freePort();
    expect(await platform.post(`${D}/datasource/test`, { id, url: `postgres://127.0.0.1:${closed}/legacy` })).toMatchObject(
      refused(400, `无法连接数据库 127.0.0.1:${closed}:连接被拒绝,请检查地址和端口`),
    );
    expect(
      await platform.post(`${D}/datasource/test`, { id, url: `jdbc:postgresql://127.0.0.1:${cluster.port}/nosuchdb` }),
    ).toMatchObject(refused(400, '数据库 nosuchdb 不存在'));
    const unknownHost = await platform.post(`${D}/datasource/test`, { ...form, url: 'postgres://no-such-host.invalid/x' });
    expect(unknownHost.body.msg).toMatch(
      /^(无法连接数据库:找不到主机 no-such-host\.invalid|连接数据库 no-such-host\.invalid:5432 超时)/,
    );
    expect(await platform.post(`${D}/datasource/test`, { username: 'u' })).toMatchObject(refused(400, '请输入连接地址'));
    expect(await platform.post(`${D}/datasource/test`, { id: '1' })).toMatchObject(refused(400, '数据源不存在或已被删除'));
  });

  it('bind tenants to live sources only, and keep a source a tenant is bound to', async () => {
    await submitted(`${D}/datasource/submit`, { name: '租户库', url: clusterUrl(), username: cluster.user });
    const id = String((await rowOf(`${D}/datasource/list`, { name_equal: '租户库' })).id);
    const bind = (datasourceId: string) =>
      platform.post('/blade-system/tenant/datasource', undefined, { tenantId: DEMO_TENANT, datasourceId });
    expect(await bind('1')).toMatchObject(refused(400, '数据源不存在或已被删除'));
    expect((await bind(id)).body).toMatchObject(ok);
    expect(await platform.post(`${D}/datasource/remove`, undefined, { ids: id })).toMatchObject(
      refused(400, `该数据源已绑定租户 ${DEMO_TENANT},不能删除`),
    );
    expect((await bind('')).body).toMatchObject(ok);
    expect((await platform.post(`${D}/datasource/remove`, undefined, { ids: id })).body).toMatchObject(ok);
    expect((await platform.get(`${D}/datasource/detail`, { id })).body.data).toBeNull();
  });
});

describe('data models', () => {
  let modelId: string;
  const prototypesOf = async (model: string) =>
    (await platform.get(`${D}/model-prototype/list`, { modelId_equal: model, size: 100 })).body.data.records as Array<
      Record<string, any>
    >;

  it('list the tables of a source for the form', async () => {
    const tables = (await platform.get(`${D}/model/table-list`, { datasourceId: await legacy() })).body.data;
    expect(tables).toEqual([{ tableName: 'legacy_notice', comment: '旧系统公告' }]);
    const own = (await platform.get(`${D}/model/table-list`, { datasourceId: (await builtIn()).id })).body.data;
    expect(own.map((t: { tableName: string }) => t.tableName)).toEqual(expect.arrayContaining(['property_club', 'blade_model']));
  });

  it('read a real table’s columns from information_schema when added: names, types, comments, keys, defaults', async () => {
    await submitted(`${D}/model/submit`, {
      datasourceId: await legacy(),
      modelName: '旧公告',
      modelCode: 'legacy_notice',
      modelTable: 'legacy_notice',
      modelClass: 'LegacyNotice',
    });
    modelId = String((await rowOf(`${D}/model/list`, { modelCode_equal: 'legacy_notice' })).id);
    const columns = await prototypesOf(modelId);
    const by = (name: string) => columns.find((c) => c.jdbcName === name)!;
    expect(columns.map((c) => c.jdbcName)).toEqual([
      'notice_id',
      'title',
      'content',
      'publish_date',
      'is_top',
      'view_count',
      'fee',
      'author_phone',
      'extra',
      'created_at',
    ]);
    expect(by('notice_id')).toMatchObject({
      jdbcType: 'bigint',
      propertyName: 'noticeId',
      propertyKind: 'long',
      isForm: 0,
      isRequired: 0,
    });
    expect(by('title')).toMatchObject({
      jdbcType: 'character varying(100)',
      comment: '标题',
      propertyName: 'title',
      propertyKind: 'text',
      isRequired: 1,
      isQuery: 1,
      queryType: 'like',
      formControl: 'input',
    });
    expect(by('content')).toMatchObject({ propertyKind: 'text', isList: 0, formControl: 'textarea', isRequired: 0 });
    expect(by('publish_date')).toMatchObject({ propertyName: 'publishDate', propertyKind: 'date', queryType: 'range' });
    // NOT NULL with a default needs no value; a flag is a yes/no choice.
    expect(by('is_top')).toMatchObject({ propertyKind: 'int', dictCode: 'yes_no', formControl: 'select', isRequired: 0 });
    expect(by('view_count')).toMatchObject({ jdbcType: 'integer', propertyKind: 'int', formControl: 'number' });
    expect(by('fee')).toMatchObject({ jdbcType: 'numeric(10,2)', propertyKind: 'money', formControl: 'money' });
    expect(by('author_phone')).toMatchObject({ propertyName: 'authorPhone', isQuery: 1, comment: null });
    expect(by('extra')).toMatchObject({ jdbcType: 'jsonb', propertyKind: 'json', isList: 0, isForm: 0 });
    expect(by('created_at')).toMatchObject({ jdbcType: 'timestamp without time zone', propertyKind: 'datetime' });
  });

  it('read the product’s own tables through the built-in source, as its definitions declare them', async () => {
    await submitted(`${D}/model/submit`, {
      datasourceId: (await builtIn()).id,
      modelName: '会所',
      modelCode: 'club',
      modelTable: 'property_club',
      modelClass: 'Club',
    });
    const model = (await rowOf(`${D}/model/list`, { modelCode_equal: 'club' })).id;
    const declared = Object.entries(allFields(clubEntity)).map(([key, field]) => columnOf(key, field));
    expect((await prototypesOf(model)).map((c) => c.jdbcName).sort()).toEqual(declared.sort());
  });

  it('refuse a table the source does not have, saving nothing', async () => {
    const answer = await platform.post(`${D}/model/submit`, {
      datasourceId: await legacy(),
      modelName: '没有的表',
      modelCode: 'missing_table',
      modelTable: 'no_such_table',
      modelClass: 'Missing',
    });
    expect(answer).toMatchObject(refused(400, '数据源“旧系统库”中没有表 no_such_table'));
    expect((await platform.get(`${D}/model/list`, { modelCode_equal: 'missing_table' })).body.data.records).toEqual([]);
  });

  it('load the columns again: new ones added, edited ones kept, dropped ones removed', async () => {
    const before = await prototypesOf(modelId);
    const fee = before.find((c) => c.jdbcName === 'fee')!;
    await submitted(`${D}/model-prototype/submit`, { id: fee.id, propertyName: 'serviceFee', isQuery: 1, queryType: 'range' });
    await cluster.query(`alter table legacy_notice add column source_url varchar(300); alter table legacy_notice drop column view_count;
      comment on column legacy_notice.author_phone is '作者电话'`);
    const loaded = await platform.post(`${D}/model/load-columns`, undefined, { id: modelId });
    expect(loaded.body.data).toEqual({ table: 'legacy_notice', total: 10, added: 1, updated: expect.any(Number), removed: 1 });
    const after = await prototypesOf(modelId);
    const names = after.map((c) => c.jdbcName);
    expect(names).toContain('source_url');
    expect(names).not.toContain('view_count');
    expect(after.find((c) => c.jdbcName === 'fee')).toMatchObject({ propertyName: 'serviceFee', isQuery: 1, queryType: 'range' });
    // A comment the column had none of before is taken.
    expect(after.find((c) => c.jdbcName === 'author_phone')!.comment).toBe('作者电话');
  });

  it('check a column’s edit: kind, search mode, control and dictionary fit', async () => {
    const title = (await prototypesOf(modelId)).find((c) => c.jdbcName === 'title')!;
    const edit = (body: Record<string, unknown>) => platform.post(`${D}/model-prototype/submit`, { id: title.id, ...body });
    expect(await edit({ propertyKind: 'float' })).toMatchObject(
      refused(400, '属性类型只能是 text、int、long、money、decimal、date、datetime、json、bytes'),
    );
    expect(await edit({ formControl: 'date' })).toMatchObject(refused(400, '表单控件与属性类型不符'));
    expect(await edit({ formControl: 'select' })).toMatchObject(refused(400, '下拉选择需要填写字典编码'));
    expect(await edit({ formControl: 'select', dictCode: 'no_such_dict' })).toMatchObject(
      refused(400, '字典 no_such_dict 不存在'),
    );
    expect(await edit({ queryType: 'range' })).toMatchObject(
      refused(400, '查询方式与属性类型不符:文本按模糊或等于查询,日期和数字按等于或范围查询'),
    );
    expect(await edit({ propertyName: 'Title' })).toMatchObject(refused(400, '请使用小驼峰命名,如 gardenName'));
    expect(await edit({ propertyName: 'content' })).toMatchObject(refused(400, '该数据模型已有此属性名'));
    expect(await edit({ isList: 2 })).toMatchObject(refused(400, '只能是 是(1) 或 否(0)'));
    await submitted(`${D}/model-prototype/submit`, { id: title.id, formControl: 'select', dictCode: 'open_close' });
    await submitted(`${D}/model-prototype/submit`, { id: title.id, formControl: 'input', dictCode: '' });
  });

  it('keep a source models read, and a model code records use; remove a model with its columns', async () => {
    expect(await platform.post(`${D}/datasource/remove`, undefined, { ids: await legacy() })).toMatchObject(
      refused(400, '该数据源下存在数据模型,不能删除'),
    );
    const club = (await rowOf(`${D}/model/list`, { modelCode_equal: 'club' })).id;
    expect((await prototypesOf(club)).length).toBeGreaterThan(0);
    expect((await platform.post(`${D}/model/remove`, undefined, { ids: club })).body).toMatchObject(ok);
    expect(await prototypesOf(club)).toEqual([]);
    expect((await platform.get(`${D}/model/detail`, { id: club })).body.data).toBeNull();
  });
});

describe('code generation records', () => {
  let modelId: string;
  let serviceGroup: string;
  /** A record of the legacy model with these settings. */
  const record = async (codeName: string, body: Record<string, unknown> = {}) => {
    await submitted(`${D}/code/submit`, {
      modelId,
      codeName,
      serviceName: 'legacy',
      pkName: 'notice_id',
      apiPath: '/system-property/legacy-notice',
      menuCode: 'legacynotice',
      menuPath: '/service/legacy-notice',
      menuParentId: serviceGroup,
      ...body,
    });
    return String((await rowOf(`${D}/code/list`, { codeName_equal: codeName })).id);
  };
  const generate = (ids: string, system: unknown = 'console', client = platform) =>
    client.call('POST', `${D}/code/gen-code`, { query: { ids, system } });
  beforeAll(async () => {
    modelId = String((await rowOf(`${D}/model/list`, { modelCode_equal: 'legacy_notice' })).id);
    serviceGroup = String(
      (await sql<{ id: string }>`select id from blade_menu where code = 'service' and category = 1`.execute(db())).rows[0]!.id,
    );
  });

  it('are added, read, copied with every setting and removed', async () => {
    const id = await record('旧系统公告');
    const detail = (await platform.get(`${D}/code/detail`, { id })).body.data;
    expect(detail).toMatchObject({
      codeName: '旧系统公告',
      serviceName: 'legacy',
      pkName: 'notice_id',
      menuCode: 'legacynotice',
    });
    const copied = await platform.post(`${D}/code/copy`, undefined, { id });
    expect(copied.body).toMatchObject(ok);
    const copy = copied.body.data;
    expect(copy.id).not.toBe(id);
    const settings = ({ id: _, codeName: __, createTime: ___, updateTime: ____, ...rest }: Record<string, unknown>) => rest;
    expect(settings(copy)).toEqual(settings(detail));
    expect(copy.codeName).toBe('旧系统公告(副本)');
    expect((await platform.get(`${D}/code/list`, { codeName_like: '旧系统公告', size: 10 })).body.data.total).toBe(2);
    expect((await platform.post(`${D}/code/remove`, undefined, { ids: copy.id })).body).toMatchObject(ok);
    expect((await platform.get(`${D}/code/detail`, { id: copy.id })).body.data).toBeNull();
    expect(await platform.post(`${D}/model/remove`, undefined, { ids: modelId })).toMatchObject(
      refused(400, '该数据模型已被代码生成使用,不能删除'),
    );
    expect(await platform.post(`${D}/code/submit`, { ...detail, id: undefined, apiPath: 'legacy' })).toMatchObject(
      refused(400, '请输入以 / 开头的路径,如 /system-property/notice'),
    );
  });

  it('refuse an unknown target, and names the product uses already', async () => {
    const id = String((await rowOf(`${D}/code/list`, { codeName_equal: '旧系统公告' })).id);
    expect(await generate(id, 'saber')).toMatchObject(refused(400, '不支持的生成目标:saber,可选 console、api'));
    expect(await generate(id, '')).toMatchObject(refused(400, '缺少必要的请求参数: system'));
    expect(await generate('1')).toMatchObject(refused(404, '数据不存在或已被删除'));
    const taken = async (codeName: string, body: Record<string, unknown>, msg: string) => {
      const other = await record(codeName, body);
      expect(await generate(other), codeName).toMatchObject(refused(400, msg));
      await platform.post(`${D}/code/remove`, undefined, { ids: other });
    };
    await taken('重复接口', { apiPath: '/system-property/club' }, '接口路径 /system-property/club 已被使用');
    await taken('重复菜单', { menuCode: 'repair' }, '菜单编号 repair 已存在');
    await taken('重复实体', { entityName: 'club' }, '实体名 club 已被使用');
    // Without a name of its own, the entity is named after the table less its prefix (else after the model's class).
    await taken('去掉前缀', { tablePrefix: 'legacy_' }, '实体名 notice 已被使用');
    await taken('已有目录', { serviceName: 'club' }, '仓库中已有 packages/domain/src/entities/club,请换一个服务名称或代码目录');
    const screen = String((await sql<{ id: string }>`select id from blade_menu where code = 'repair'`.execute(db())).rows[0]!.id);
    await taken('不是分组', { menuParentId: screen }, '上级菜单“报修管理”不是菜单分组,请选择一个分组(如 物业服务)');
    // The same entity twice in one generation.
    const twin = await record('同名记录');
    expect(await generate(`${id},${twin}`)).toMatchObject(refused(400, '本次生成中 legacyNotice 出现了两次'));
    await platform.post(`${D}/code/remove`, undefined, { ids: twin });
  });

  it('generate a zip of the definition, messages, menu, migration and module in this codebase’s style', async () => {
    const id = String((await rowOf(`${D}/code/list`, { codeName_equal: '旧系统公告' })).id);
    const files = await zipOf(id);
    const migrations = readdirMigrations() + 1;
    const migration = `apps/server/migrations/${String(migrations).padStart(4, '0')}_legacy.sql`;
    expect(Object.keys(files).sort()).toEqual(
      [
        'GENERATED.md',
        'apps/server/migrations/schema.json',
        migration,
        'apps/server/src/modules/legacy/index.ts',
        'apps/web/src/modules/legacy/LegacyNoticeScreen.tsx',
        'apps/web/src/modules/legacy/screens.ts',
        'packages/domain/src/entities/legacy/index.ts',
        'packages/domain/src/entities/legacy/legacy-notice.entity.ts',
        'packages/domain/src/messages/legacy-en.ts',
        'packages/domain/src/messages/legacy-zh.ts',
      ].sort(),
    );
    const definition = files['packages/domain/src/entities/legacy/legacy-notice.entity.ts']!;
    expect(definition).toContain("title: text({ required: 'legacyNoticeTitleRequired', maxLength: 100, search: 'like' }),");
    expect(definition).toContain("isTop: int({ dict: 'yes_no' }),");
    expect(definition).toContain("serviceFee: money({ column: 'fee', search: 'range' }),");
    expect(definition).toContain('extra: json({ readOnly: true }),');
    expect(definition).not.toMatch(/noticeId|createTime:|tenantId/);
    expect(files['packages/domain/src/messages/legacy-zh.ts']).toContain("legacyNoticeTitleRequired: '请输入标题',");
    expect(files['packages/domain/src/messages/legacy-en.ts']).toContain("legacyNoticeTitleRequired: 'Please enter the title',");
    expect(files['apps/web/src/modules/legacy/LegacyNoticeScreen.tsx']).toContain(
      "content: { valueType: 'textarea', hideInTable: true },",
    );
    // The api target has no console code.
    const api = await zipOfSystem(id, 'api');
    expect(Object.keys(api).filter((f) => f.startsWith('apps/web/'))).toEqual([]);
    // Formatted as Prettier formats the repository's code.
    const config = JSON.parse(readFileSync(join(REPOSITORY, '.prettierrc.json'), 'utf8'));
    for (const [path, text] of Object.entries(files).filter(([p]) => /\.tsx?$/.test(p)))
      expect(await format(text, { ...config, filepath: path }), path).toBe(text);

    async function zipOfSystem(ids: string, system: string) {
      const response = await fetch(`${server.url}/api${D}/code/gen-code?ids=${ids}&system=${system}`, {
        method: 'POST',
        headers: { 'Blade-Auth': `bearer ${platform.token}` },
      });
      const entries = unzipSync(new Uint8Array(await response.arrayBuffer()));
      return Object.fromEntries(Object.entries(entries).map(([path, bytes]) => [path, strFromU8(bytes)]));
    }
  });

  it('adds the menu to a database seeded before the module, once', async () => {
    const id = String((await rowOf(`${D}/code/list`, { codeName_equal: '旧系统公告' })).id);
    const files = await zipOf(id);
    const migration = Object.entries(files).find(([p]) => p.startsWith('apps/server/migrations/0'))![1];
    const menuRows = splitStatements(migration).filter((s) => /blade_menu|blade_top_menu/.test(s));
    await db()
      .transaction()
      .execute(async (tx) => {
        for (let run = 0; run < 2; run++) for (const statement of menuRows) await sql.raw(statement).execute(tx);
        const menus = await sql<{ code: string; parent: string; path: string }>`select m.code, p.code as parent, m.path
          from blade_menu m join blade_menu p on p.id = m.parent_id
          where m.code like 'legacynotice%' and m.is_deleted = 0 order by m.code`.execute(tx);
        expect(menus.rows).toEqual([
          { code: 'legacynotice', parent: 'service', path: '/service/legacy-notice' },
          { code: 'legacynotice_add', parent: 'legacynotice', path: '/service/legacy-notice/add' },
          { code: 'legacynotice_delete', parent: 'legacynotice', path: '/service/legacy-notice/delete' },
          { code: 'legacynotice_edit', parent: 'legacynotice', path: '/service/legacy-notice/edit' },
          { code: 'legacynotice_view', parent: 'legacynotice', path: '/service/legacy-notice/view' },
        ]);
        const tops = await sql<{ n: number }>`select count(*)::int as n from blade_top_menu_setting s
          join blade_menu m on m.id = s.menu_id where m.code = 'legacynotice'`.execute(tx);
        // The property top menu of the platform and of the demo company, as for the rest of its group.
        expect(tops.rows[0]!.n).toBe(2);
        throw new RolledBack();
      })
      .catch((error) => {
        if (!(error instanceof RolledBack)) throw error;
      });
  });
});

class RolledBack extends Error {}

/** The files of gen-code's zip, by path. */
async function zipOf(ids: string, system = 'console'): Promise<Record<string, string>> {
  const response = await fetch(`${server.url}/api${D}/code/gen-code?ids=${ids}&system=${system}`, {
    method: 'POST',
    headers: { 'Blade-Auth': `bearer ${platform.token}` },
  });
  expect(response.status, await response.clone().text()).toBe(200);
  expect(response.headers.get('content-type')).toBe('application/zip');
  expect(response.headers.get('content-disposition')).toBe('attachment; filename="legacy.zip"');
  const entries = unzipSync(new Uint8Array(await response.arrayBuffer()));
  return Object.fromEntries(Object.entries(entries).map(([path, bytes]) => [path, strFromU8(bytes)]));
}

/** How many migrations the product has: the generated one takes the next number. */
const readdirMigrations = () =>
  readdirSync(join(REPOSITORY, 'apps/server/migrations')).filter((f) => /^\d{4}_.+\.sql$/.test(f)).length;

describe('who may use the development tools', () => {
  it('the platform administrator only: a tenant’s administrator and a low-privilege user get 403 on every call', async () => {
    const document = (await (await fetch(`${server.url}/api/docs/json`)).json()) as { paths: Record<string, object> };
    const routes = Object.entries(document.paths)
      .filter(([path]) => path.startsWith(`/api${D}/`))
      .flatMap(([path, ops]) => Object.keys(ops).map((method) => ({ method: method.toUpperCase(), path: path.slice(4) })));
    // The spec's 18 calls, and the connection test, the table list, loading columns.
    expect(routes.length).toBe(21);
    // A platform user granted every develop menu and button is still not the platform administrator.
    const granted = await menuSubtrees(server, ['develop']);
    const role = (await platform.get('/blade-system/role/list', { roleAlias_equal: 'user' })).body.data[0].id;
    expect((await platform.post('/blade-system/role/grant', { roleIds: [role], menuIds: granted })).body).toMatchObject(ok);
    const id = (await builtIn()).id;
    for (const client of [tenantAdmin, staff])
      for (const route of routes) {
        const answer = await client.call(route.method, route.path, {
          query: { id, ids: id, datasourceId: id, system: 'console' },
          ...(route.method === 'POST' ? { body: { id, name: 'x' } } : {}),
        });
        expect(answer.status, `${route.method} ${route.path}`).toBe(403);
      }
    // Tenants never see the tools: not in their menus, and their lists refused.
    const tenantMenus = JSON.stringify((await tenantAdmin.get('/blade-system/menu/routes')).body.data);
    expect(tenantMenus).not.toMatch(/"code":"(develop|datasource|devmodel|code)"/);
    const platformMenus = JSON.stringify((await platform.get('/blade-system/menu/routes')).body.data);
    expect(platformMenus).toMatch(/"code":"datasource"/);
    expect((await tenantAdmin.get(`${D}/datasource/list`)).body.data).toBeNull();
  });
});

// Last: the compiler runs for a minute, and the server's idle connections are closed meanwhile.
describe('generated code dropped into this repository', () => {
  it('generate code that typechecks in this repository, whose definition matches the table and whose migration makes it', async () => {
    const id = String((await rowOf(`${D}/code/list`, { codeName_equal: '旧系统公告' })).id);
    const files = await zipOf(id);
    const overlay = overlayOf(files, registrationsIn(files['GENERATED.md']!));
    // The domain with the definition, the server with its module and menu, the console with its screen.
    expect(typeProblems(overlay, 'packages/domain/tsconfig.json', ['packages/domain/src/index.ts'])).toEqual([]);
    expect(
      typeProblems(overlay, 'apps/server/tsconfig.json', [
        'apps/server/src/modules/index.ts',
        'apps/server/src/seed/data/menus.ts',
      ]),
    ).toEqual([]);
    expect(typeProblems(overlay, 'apps/web/tsconfig.json', ['apps/web/src/app/screens.ts'])).toEqual([]);

    const { domain, remove } = await loadDomainWith(overlay);
    try {
      const entity = domain.ENTITIES.find((e: { name: string }) => e.name === 'legacyNotice');
      expect(entity).toMatchObject({
        table: 'legacy_notice',
        base: '/system-property/legacy-notice',
        permission: 'legacynotice',
      });
      expect(entity.label).toEqual({ zh: '旧系统公告', en: 'Legacy notice' });
      expect(domain.fieldLabel('zh', 'legacyNotice', 'title')).toBe('标题');
      expect(domain.translate('zh', 'legacyNoticeTitleRequired')).toBe('请输入标题');
      // Every column of the table but its key is a field of the definition, of the kind its type makes.
      const columns = await cluster.query(`select column_name, data_type from information_schema.columns
        where table_name = 'legacy_notice' and column_name <> 'notice_id' order by ordinal_position`);
      const kinds: Record<string, string> = {
        'character varying': 'text',
        text: 'text',
        date: 'date',
        boolean: 'int',
        numeric: 'money',
        jsonb: 'json',
        'timestamp without time zone': 'datetime',
      };
      const fields = Object.entries(entity.fields as Record<string, { kind: string; column?: string }>).map(([key, f]) => ({
        column: f.column ?? snake(key),
        kind: f.kind,
      }));
      expect(fields).toEqual(columns.rows.map((c) => ({ column: c.column_name, kind: kinds[c.data_type] })));
      // The migration makes exactly the table the definition declares, on a fresh database.
      const migration = Object.entries(files).find(([p]) => p.startsWith('apps/server/migrations/0'))![1];
      expect(migration).toContain(diffSchema(schemaOf(ENTITIES), schemaOf([...ENTITIES, entity])).join(';\n--;\n'));
      const scratch = await openDatabase({ timeZone: 'Asia/Shanghai' });
      try {
        await scratch.db.executeQuery(sql`create extension if not exists pg_trgm`.compile(scratch.db));
        await sql`create sequence blade_id_seq`.execute(scratch.db);
        for (const statement of splitStatements(migration)) {
          // The menu rows need the product's menu tables: a new database has none yet, as said.
          if (/blade_menu|blade_top_menu/.test(statement)) continue;
          await sql.raw(statement).execute(scratch.db);
        }
        const made = await sql<{ column_name: string }>`select column_name from information_schema.columns
          where table_name = 'legacy_notice' order by ordinal_position`.execute(scratch.db);
        const declared = Object.entries(domain.allFields(entity) as Record<string, object>).map(([k, f]) =>
          domain.columnOf(k, f),
        );
        expect(made.rows.map((r) => r.column_name).sort()).toEqual([...declared].sort());
      } finally {
        await scratch.close();
      }
      expect(JSON.parse(files['apps/server/migrations/schema.json']!)).toEqual(schemaOf([...ENTITIES, entity]));
    } finally {
      remove();
    }
  }, 240_000);
});
