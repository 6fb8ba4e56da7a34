import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TENANT } from '../src/seed/seed';
import type { ApiClient } from './client';
import { ok, otherTenant, refused, signedIn } from './facility-fixtures';
import { startServer, type TestServer } from './harness';
import { demoGardens, staffWith } from './service-fixtures';

/**
 * Epidemic control (spec §7.9 /epidemic-control): points (list-all), staff, health registrations with their
 * households and the abnormal rule, one configuration per garden, the region picker; tenancy, gardens, grants.
 */
let server: TestServer;
let admin: ApiClient;
let other: ApiClient;
let mine: string;
let theirs: string;
let houseOfMine: string;
let houseOfTheirs: string;

const BASE = '/epidemic-control';
const db = () => server.built.services.db;
const records = async (client: ApiClient, path: string, query: Record<string, unknown> = {}) => {
  const answer = await client.get(`${BASE}/${path}/list`, { size: 100, ...query });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data.records as Array<Record<string, any>>;
};
const english = (client: ApiClient, path: string, body: unknown) =>
  client.call('POST', `${BASE}/${path}`, { body, headers: { 'Accept-Language': 'en' } });
const countOf = async (table: string) =>
  Number((await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)}`.execute(db())).rows[0]!.n);

/** A point of a garden, made through the API: its id. */
async function point(gardenId: string, name: string, client = admin): Promise<string> {
  expect((await client.post(`${BASE}/epidemic-point/submit`, { gardenId, name })).body).toMatchObject(ok);
  return (await records(client, 'epidemic-point', { gardenId, name_equal: name }))[0]!.id;
}

/** A registration in a garden through the API: its row as listed. */
async function register(body: Record<string, unknown>, client = admin): Promise<Record<string, any>> {
  const answer = await client.post(`${BASE}/epidemic-info/submit`, {
    gardenId: mine,
    healthCode: 1,
    phone: '13900000001',
    ...body,
  });
  expect(answer.body, JSON.stringify(answer.body)).toMatchObject(ok);
  return (await records(client, 'epidemic-info', { gardenId: body.gardenId ?? mine, name_equal: body.name }))[0]!;
}
const infoOf = async (id: string) => (await admin.get(`${BASE}/epidemic-info/detail`, { id })).body.data;

beforeAll(async () => {
  server = await startServer();
  admin = await signedIn(server, 'admin', 'admin', DEMO_TENANT);
  other = await otherTenant(server, '防控测试物业');
  ({ mine, theirs } = await demoGardens(admin));
  houseOfMine = (await admin.get('/community-resource/unithouse/list', { gardenId: mine, size: 1 })).body.data.records[0].id;
  houseOfTheirs = (await admin.get('/community-resource/unithouse/list', { gardenId: theirs, size: 1 })).body.data.records[0].id;
});
afterAll(async () => server?.close());

describe('demo data', () => {
  it('seeds points, staff, a configuration and registrations judged by the abnormal rule', async () => {
    expect((await records(admin, 'epidemic-point', { gardenId: mine })).map((p) => p.name).sort()).toEqual(
      ['1栋大堂', '北门岗', '南门岗'].sort(),
    );
    expect(await records(admin, 'epidemic-user', { gardenId: mine })).toHaveLength(4);
    const [config] = await records(admin, 'config', { gardenId: mine });
    expect(config).toMatchObject({ temperatureLimit: '37.3', isolationDays: 14, healthCodeRequired: 1 });
    const abnormal = await records(admin, 'epidemic-info', { gardenId: mine, abnormal: 1 });
    // A fever (37.8), a yellow code, a registration whose child has a fever: and no one else.
    expect(abnormal.map((r) => r.name).sort()).toEqual(['张伟', '赵磊', '钱芳'].sort());
    const normal = await records(admin, 'epidemic-info', { gardenId: mine, abnormal: 0 });
    expect(normal.map((r) => r.name)).toContain('王建国');
    expect(normal.find((r) => r.name === '王建国')).toMatchObject({
      temperature: '36.5',
      fromRegion: '4403',
      fromRegionName: '广东省/深圳市',
    });
  });
});

describe('control points', () => {
  it('adds, lists unpaged for pickers, checks hours and names, and keeps points in use', async () => {
    const id = await point(mine, '测试西门');
    expect((await admin.post(`${BASE}/epidemic-point/submit`, { gardenId: mine, name: '测试西门' })).body.msg).toBe(
      '该小区已有同名防控点位',
    );
    // The same name in another garden is another point.
    const elsewhere = await point(theirs, '测试西门');
    for (const [openTime, closeTime] of [
      ['25:00', '20:00'],
      ['08:00', '07:00'],
      ['8:00', '20:00'],
    ]) {
      const answer = await admin.post(`${BASE}/epidemic-point/submit`, { id, openTime, closeTime });
      expect(answer, `${openTime}-${closeTime}`).toMatchObject(refused(400, '开放时间格式为HH:mm,且关闭时间应晚于开放时间'));
    }
    expect((await admin.post(`${BASE}/epidemic-point/submit`, { id, openTime: '07:00', closeTime: '21:30' })).body).toMatchObject(
      ok,
    );
    expect((await admin.get(`${BASE}/epidemic-point/detail`, { id })).body.data).toMatchObject({
      openTime: '07:00',
      closeTime: '21:30',
    });
    expect((await admin.post(`${BASE}/epidemic-point/submit`, { id, chargePhone: '12345' })).body.msg).toBe(
      '电话号码格式不正确,请输入11位手机号码或座机号码(如010-12345678)',
    );

    const all = await admin.get(`${BASE}/epidemic-point/list-all`, { gardenId: mine });
    expect(all.body.data.map((p: { id: string }) => p.id)).toContain(id);
    expect(all.body.data.map((p: { id: string }) => p.id)).not.toContain(elsewhere);
    expect(all.body.data.every((p: { gardenId: string }) => p.gardenId === mine)).toBe(true);

    expect(
      (
        await admin.post(`${BASE}/epidemic-user/submit`, {
          gardenId: mine,
          epidemicPointId: id,
          name: '测试员',
          phone: '13900000009',
          duty: 1,
        })
      ).body,
    ).toMatchObject(ok);
    expect(await admin.post(`${BASE}/epidemic-point/remove`, undefined, { ids: id })).toMatchObject(
      refused(400, '该点位还有防控人员或登记记录,不能删除,可将其状态改为关闭'),
    );
    expect((await admin.post(`${BASE}/epidemic-point/remove`, undefined, { ids: elsewhere })).body).toMatchObject(ok);
    expect((await admin.get(`${BASE}/epidemic-point/detail`, { id: elsewhere })).body.data).toBeNull();
  });
});

describe('removals that would leave epidemic rows behind', () => {
  it('keep a garden holding a checkpoint, naming it in the caller’s language, until the checkpoint goes', async () => {
    expect((await admin.post('/system-property/garden/submit', { gardenName: '防控空小区', sort: 9 })).body).toMatchObject(ok);
    const garden = (await admin.get('/system-property/garden/list', { gardenName: '防控空小区', size: 1 })).body.data.records[0]
      .id as string;
    const checkpoint = await point(garden, '临时卡口');
    expect(await admin.post('/system-property/garden/remove', undefined, { ids: garden })).toMatchObject(
      refused(400, '该小区下存在防控点位数据,请先删除'),
    );
    const en = await admin.call('POST', '/system-property/garden/remove', {
      query: { ids: garden },
      headers: { 'Accept-Language': 'en' },
    });
    expect(en.body.msg).toBe('This garden still holds Checkpoint records: remove them first');
    expect((await admin.get('/system-property/garden/detail', { id: garden })).body.data).toMatchObject({ id: garden });
    expect((await admin.post(`${BASE}/epidemic-point/remove`, undefined, { ids: checkpoint })).body).toMatchObject(ok);
    expect((await admin.post('/system-property/garden/remove', undefined, { ids: garden })).body).toMatchObject(ok);
  });

  it('keep a garden with records nobody removes (a reduction), saying it stays rather than asking for a removal', async () => {
    expect((await admin.post('/system-property/garden/submit', { gardenName: '有减免小区', sort: 9 })).body).toMatchObject(ok);
    const garden = (await admin.get('/system-property/garden/list', { gardenName: '有减免小区', size: 1 })).body.data.records[0]
      .id as string;
    await sql`insert into property_reduce_pay (tenant_id, garden_id) values (${DEMO_TENANT}, ${garden})`.execute(db());
    expect(await admin.post('/system-property/garden/remove', undefined, { ids: garden })).toMatchObject(
      refused(400, '该小区已有减免记录数据,须保留,小区不能删除'),
    );
    expect((await admin.get('/system-property/garden/detail', { id: garden })).body.data).toMatchObject({ id: garden });
  });

  it('keep a house a registration names until the registration goes', async () => {
    // A house of its own (the demo houses have owners, whose check comes first), in a unit of the garden.
    const { buildingId, unitId } = (await admin.get('/community-resource/unithouse/detail', { id: houseOfMine })).body.data;
    const made = await admin.post('/community-resource/unithouse/submit', {
      gardenId: mine,
      buildingId,
      unitId,
      floor: 99,
      name: '9901',
    });
    expect(made.body, JSON.stringify(made.body)).toMatchObject(ok);
    const house = (await admin.get('/community-resource/unithouse/list', { unitId, name: '9901' })).body.data.records[0].id;
    const registration = await register({ name: '登记在房', houseId: house, temperature: '36.5' });
    expect(await admin.post('/community-resource/unithouse/remove', undefined, { ids: house })).toMatchObject(
      refused(400, '该房屋下存在疫情登记,请先删除登记'),
    );
    expect((await admin.post(`${BASE}/epidemic-info/remove`, undefined, { ids: registration.id })).body).toMatchObject(ok);
    expect((await admin.post('/community-resource/unithouse/remove', undefined, { ids: house })).body).toMatchObject(ok);
  });
});

describe('control staff', () => {
  it('work at a point of their own garden, with a mobile and a duty', async () => {
    const pointOfTheirs = await point(theirs, '测试东侧门');
    const body = { gardenId: mine, epidemicPointId: pointOfTheirs, name: '错岗人员', phone: '13900000002', duty: 1 };
    expect(await admin.post(`${BASE}/epidemic-user/submit`, body)).toMatchObject(refused(400, '所选防控点位不属于该小区'));
    const pointOfMine = (await records(admin, 'epidemic-point', { gardenId: mine, name_equal: '南门岗' }))[0]!.id;
    expect(
      await admin.post(`${BASE}/epidemic-user/submit`, { ...body, epidemicPointId: pointOfMine, phone: '1390000000' }),
    ).toMatchObject(refused(400, '手机号码长度不为11位'));
    expect(await admin.post(`${BASE}/epidemic-user/submit`, { ...body, epidemicPointId: pointOfMine, duty: '' })).toMatchObject(
      refused(400, '请选择岗位职责'),
    );
    expect(await admin.post(`${BASE}/epidemic-user/submit`, { ...body, epidemicPointId: '1' })).toMatchObject(
      refused(400, '所选防控点位不存在或已被删除'),
    );
    expect(
      (await admin.post(`${BASE}/epidemic-user/submit`, { ...body, epidemicPointId: pointOfMine, shift: 2 })).body,
    ).toMatchObject(ok);
    const [row] = await records(admin, 'epidemic-user', { name_equal: '错岗人员' });
    expect(row).toMatchObject({ gardenId: mine, epidemicPointId: pointOfMine, duty: 1, shift: 2, status: 1 });
  });
});

describe('health registrations', () => {
  it('refuse bad input with the field’s message, in the caller’s language, saving nothing', async () => {
    const before = await countOf('property_epidemic_info');
    const base = { gardenId: mine, name: '坏数据', phone: '13900000003', temperature: '36.5', healthCode: 1 };
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [
        { temperature: '43.5' },
        '请输入正确的体温(34~43°C,最多一位小数)',
        'Enter a valid temperature (34 to 43 °C, at most one decimal)',
      ],
      [
        { temperature: '36.55' },
        '请输入正确的体温(34~43°C,最多一位小数)',
        'Enter a valid temperature (34 to 43 °C, at most one decimal)',
      ],
      [{ temperature: '' }, '请输入体温', 'Please enter the temperature'],
      [{ idCard: '110105194912310021' }, '证件号码校验位错误', ''],
      [{ idCard: '1101051949' }, '证件号码长度不为18位', ''],
      [{ phone: '23800138000' }, '手机号码格式不正确', ''],
      [{ fromRegion: '9999' }, '所选地区不存在', 'The chosen region does not exist'],
      [{ healthCode: 7 }, '健康码只能是绿码、黄码或红码', ''],
      [{ healthCode: '' }, '该小区要求登记健康码,请选择健康码', 'This garden requires a health code: choose one'],
      [{ houseId: houseOfTheirs }, '所选房屋不属于该小区', 'The chosen house is not in this garden'],
      [{ isolationType: 1 }, '请选择隔离开始日期', ''],
      [{ isolationType: 1, isolationStart: '2026-03-10', isolationEnd: '2026-03-01' }, '结束日期不能早于开始日期', ''],
      [{ isolationType: 5 }, '隔离方式只能是无需隔离、居家隔离或集中隔离', ''],
    ];
    for (const [change, zh, en] of cases) {
      const body = { ...base, ...change };
      expect(await admin.post(`${BASE}/epidemic-info/submit`, body), JSON.stringify(change)).toMatchObject(refused(400, zh));
      if (en) expect(await english(admin, 'epidemic-info/submit', body), JSON.stringify(change)).toMatchObject(refused(400, en));
    }
    expect(await countOf('property_epidemic_info')).toBe(before);
  });

  it('keep the region’s names, the house and point of the garden, and clear isolation dates when none', async () => {
    const pointId = (await records(admin, 'epidemic-point', { gardenId: mine, name_equal: '北门岗' }))[0]!.id;
    const row = await register({
      name: '登记甲',
      temperature: '36.6',
      idCard: '11010519491231002X',
      houseId: houseOfMine,
      epidemicPointId: pointId,
      fromRegion: '4403',
      isolationType: 1,
      isolationStart: '2026-03-01',
      isolationEnd: '2026-03-14',
    });
    expect(row).toMatchObject({
      fromRegionName: '广东省/深圳市',
      houseId: houseOfMine,
      epidemicPointId: pointId,
      isolationStart: '2026-03-01',
      isolationEnd: '2026-03-14',
      abnormal: 0,
      temperatureLimit: '37.3',
    });
    expect(row.registerTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(
      (await admin.post(`${BASE}/epidemic-info/submit`, { id: row.id, isolationType: 0, fromRegion: '44' })).body,
    ).toMatchObject(ok);
    expect(await infoOf(row.id)).toMatchObject({ isolationStart: null, isolationEnd: null, fromRegionName: '广东省' });
    // A point of the other garden is refused.
    const elsewhere = await point(theirs, '测试南侧门');
    expect(await admin.post(`${BASE}/epidemic-info/submit`, { id: row.id, epidemicPointId: elsewhere })).toMatchObject(
      refused(400, '所选防控点位不属于该小区'),
    );
  });

  it('are abnormal over the garden’s limit or with a code not green, judged by the limit of their day', async () => {
    expect((await register({ name: '体温临界', temperature: '37.3' })).abnormal).toBe(0);
    const fever = await register({ name: '体温超标', temperature: '37.4' });
    expect(fever).toMatchObject({ abnormal: 1, temperatureLimit: '37.3' });
    expect((await register({ name: '黄码人员', temperature: '36.5', healthCode: 2 })).abnormal).toBe(1);
    expect((await register({ name: '红码人员', temperature: '36.5', healthCode: 3 })).abnormal).toBe(1);
    const flagged = (await records(admin, 'epidemic-info', { gardenId: mine, abnormal: 1 })).map((r) => r.name);
    expect(flagged).toEqual(expect.arrayContaining(['体温超标', '黄码人员', '红码人员']));
    expect(flagged).not.toContain('体温临界');

    // The garden's limit goes up: earlier registrations keep what was decided, new ones use the new limit.
    const config = (await records(admin, 'config', { gardenId: mine }))[0]!;
    expect((await admin.post(`${BASE}/config/submit`, { id: config.id, temperatureLimit: '37.5' })).body).toMatchObject(ok);
    expect(await infoOf(fever.id)).toMatchObject({ abnormal: 1, temperatureLimit: '37.3' });
    expect(await register({ name: '新规则', temperature: '37.4' })).toMatchObject({ abnormal: 0, temperatureLimit: '37.5' });
    // Editing something else keeps the judgement; correcting the temperature judges it again, by today's limit.
    expect(
      (await admin.post(`${BASE}/epidemic-info/submit`, { id: fever.id, remark: '已通知社区', temperature: '37.4' })).body,
    ).toMatchObject(ok);
    expect(await infoOf(fever.id)).toMatchObject({ abnormal: 1, temperatureLimit: '37.3', remark: '已通知社区' });
    expect((await admin.post(`${BASE}/epidemic-info/submit`, { id: fever.id, temperature: '37.5' })).body).toMatchObject(ok);
    expect(await infoOf(fever.id)).toMatchObject({ abnormal: 0, temperatureLimit: '37.5', temperature: '37.5' });
    expect((await admin.post(`${BASE}/epidemic-info/submit`, { id: fever.id, temperature: '38.0' })).body).toMatchObject(ok);
    expect(await infoOf(fever.id)).toMatchObject({ abnormal: 1 });

    // A garden without an enabled configuration: the default 37.3 and no health code required.
    const noCode = await register({ gardenId: theirs, name: '无配置小区', temperature: '37.4', healthCode: '' });
    expect(noCode).toMatchObject({ abnormal: 1, temperatureLimit: '37.3', healthCode: null });
    expect((await admin.post(`${BASE}/config/submit`, { id: config.id, status: 0 })).body).toMatchObject(ok);
    expect((await register({ name: '配置停用', temperature: '37.4', healthCode: '' })).abnormal).toBe(1);
    expect(
      (await admin.post(`${BASE}/config/submit`, { id: config.id, status: 1, temperatureLimit: '37.3' })).body,
    ).toMatchObject(ok);
  });

  it('carry their household: a member’s fever marks the registration, removing it clears the mark', async () => {
    const info = await register({ name: '户主乙', temperature: '36.5' });
    const family = { epidemicInfoId: info.id, name: '家属丙', relation: 2, temperature: '38.2', healthCode: 1 };
    expect(await admin.post(`${BASE}/epidemic-family/submit`, { ...family, relation: '' })).toMatchObject(
      refused(400, '请选择与业主关系'),
    );
    expect(await admin.post(`${BASE}/epidemic-family/submit`, { ...family, temperature: '32' })).toMatchObject(
      refused(400, '请输入正确的体温(34~43°C,最多一位小数)'),
    );
    expect(await admin.post(`${BASE}/epidemic-family/submit`, { ...family, epidemicInfoId: '1' })).toMatchObject(
      refused(400, '疫情登记记录不存在或已被删除'),
    );
    expect((await admin.post(`${BASE}/epidemic-family/submit`, family)).body).toMatchObject(ok);
    expect(
      (await admin.post(`${BASE}/epidemic-family/submit`, { ...family, name: '家属丁', temperature: '36.4' })).body,
    ).toMatchObject(ok);
    const members = await records(admin, 'epidemic-family', { epidemicInfoId: info.id });
    expect(members.map((m) => [m.name, m.abnormal, m.gardenId, m.temperature])).toEqual(
      expect.arrayContaining([
        ['家属丙', 1, mine, '38.2'],
        ['家属丁', 0, mine, '36.4'],
      ]),
    );
    expect((await infoOf(info.id)).abnormal).toBe(1);
    const feverish = members.find((m) => m.name === '家属丙')!;
    expect((await admin.post(`${BASE}/epidemic-family/submit`, { id: feverish.id, temperature: '36.9' })).body).toMatchObject(ok);
    expect((await infoOf(info.id)).abnormal).toBe(0);
    expect((await admin.post(`${BASE}/epidemic-family/submit`, { id: feverish.id, healthCode: 3 })).body).toMatchObject(ok);
    expect((await infoOf(info.id)).abnormal).toBe(1);
    expect((await admin.post(`${BASE}/epidemic-family/remove`, undefined, { ids: feverish.id })).body).toMatchObject(ok);
    expect((await infoOf(info.id)).abnormal).toBe(0);
    expect((await admin.get(`${BASE}/epidemic-family/detail`, { id: feverish.id })).body.data).toBeNull();

    // Removing the registration takes its household along.
    expect((await admin.post(`${BASE}/epidemic-info/remove`, undefined, { ids: info.id })).body).toMatchObject(ok);
    expect(await records(admin, 'epidemic-family', { epidemicInfoId: info.id })).toEqual([]);
    const left = await sql`select 1 from property_epidemic_family where epidemic_info_id = ${info.id} and is_deleted = 0`.execute(
      db(),
    );
    expect(left.rows).toEqual([]);
  });
});

describe('configuration', () => {
  it('is one per garden, with a sensible limit and isolation days', async () => {
    expect(await admin.post(`${BASE}/config/submit`, { gardenId: mine })).toMatchObject(refused(400, '该小区已有防控配置'));
    expect(await admin.post(`${BASE}/config/submit`, { gardenId: theirs, temperatureLimit: '45' })).toMatchObject(
      refused(400, '体温上限应在34~43°C之间,最多一位小数'),
    );
    expect(await admin.post(`${BASE}/config/submit`, { gardenId: theirs, isolationDays: 120 })).toMatchObject(
      refused(400, '隔离天数请输入0到90的整数'),
    );
    expect((await admin.post(`${BASE}/config/submit`, { gardenId: theirs, entryRule: '测温进入' })).body).toMatchObject(ok);
    const [config] = await records(admin, 'config', { gardenId: theirs });
    expect(config).toMatchObject({ temperatureLimit: '37.3', isolationDays: 14, healthCodeRequired: 1, status: 1 });
    expect((await admin.post(`${BASE}/config/remove`, undefined, { ids: config!.id })).body).toMatchObject(ok);
  });
});

describe('region picker', () => {
  it('answers the children of a code from the system’s regions', async () => {
    const provinces = (await admin.get(`${BASE}/epidemic-region/select`)).body.data;
    expect(provinces.find((p: { value: string }) => p.value === '44')).toMatchObject({ title: '广东省', hasChildren: true });
    const cities = (await admin.get(`${BASE}/epidemic-region/select`, { code: '44' })).body.data;
    expect(cities.map((c: { title: string }) => c.title)).toContain('深圳市');
    expect(cities.map((c: { value: string }) => c.value)).not.toContain('1101');
    expect((await admin.get(`${BASE}/epidemic-region/select`, { code: '4403' })).body.data).toEqual([]);
    expect((await admin.get(`${BASE}/epidemic-region/select`, { code: 'nope' })).body.data).toEqual([]);
  });
});

describe('tenancy and grants', () => {
  it('another tenant sees none of the demo rows and cannot point at them', async () => {
    const demoInfo = (await records(admin, 'epidemic-info', { gardenId: mine }))[0]!;
    const demoPoint = (await records(admin, 'epidemic-point', { gardenId: mine }))[0]!;
    for (const path of ['epidemic-info', 'epidemic-point', 'epidemic-user', 'config', 'epidemic-family']) {
      expect(await records(other, path), path).toEqual([]);
    }
    expect((await other.get(`${BASE}/epidemic-point/list-all`)).body.data).toEqual([]);
    expect((await other.get(`${BASE}/epidemic-info/detail`, { id: demoInfo.id })).body.data).toBeNull();
    expect(await other.post(`${BASE}/epidemic-info/submit`, { id: demoInfo.id, remark: 'x' })).toMatchObject({ status: 404 });
    expect(
      await other.post(`${BASE}/epidemic-user/submit`, {
        gardenId: mine,
        epidemicPointId: demoPoint.id,
        name: '越权',
        phone: '13900000004',
        duty: 1,
      }),
    ).toMatchObject(refused(400, '所选小区不存在或已被删除'));
    expect(
      await other.post(`${BASE}/epidemic-family/submit`, { epidemicInfoId: demoInfo.id, name: '越权', relation: 1 }),
    ).toMatchObject(refused(400, '疫情登记记录不存在或已被删除'));
    expect((await other.post(`${BASE}/epidemic-info/remove`, undefined, { ids: demoInfo.id })).body).toMatchObject(ok);
    expect(await infoOf(demoInfo.id)).toMatchObject({ id: demoInfo.id });
  });

  it('a clerk reads with the menu alone and writes only with the buttons; garden-bound staff keep to their garden', async () => {
    const { client: reader } = await staffWith(server, admin, 'epireader', ['epidemic', 'epidemicinfo']);
    expect((await records(reader, 'epidemic-info', { gardenId: mine })).length).toBeGreaterThan(0);
    // The pickers of the registration form answer a reader of any epidemic screen.
    expect((await reader.get(`${BASE}/epidemic-point/list-all`, { gardenId: mine })).status).toBe(200);
    expect((await reader.get(`${BASE}/epidemic-region/select`)).status).toBe(200);
    expect(
      (
        await reader.post(`${BASE}/epidemic-info/submit`, {
          gardenId: mine,
          name: '无权',
          phone: '13900000005',
          temperature: '36.5',
          healthCode: 1,
        })
      ).status,
    ).toBe(403);
    expect((await reader.get(`${BASE}/config/list`)).status).toBe(403);
    expect((await reader.get(`${BASE}/epidemic-point/list`)).status).toBe(403);
    const { client: nobody } = await staffWith(server, admin, 'epinobody', ['club']);
    expect((await nobody.get(`${BASE}/epidemic-point/list-all`)).status).toBe(403);
    expect((await nobody.get(`${BASE}/epidemic-region/select`)).status).toBe(403);

    const { client: guard } = await staffWith(
      server,
      admin,
      'epiguard',
      ['epidemic', 'epidemicinfo', 'epidemicinfo_add', 'epidemicinfo_edit', 'epidemicinfo_delete'],
      [mine],
    );
    const seen = await records(guard, 'epidemic-info');
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((r) => r.gardenId === mine)).toBe(true);
    const theirsInfo = await register({ gardenId: theirs, name: '他园登记', temperature: '36.5' });
    expect((await guard.get(`${BASE}/epidemic-info/detail`, { id: theirsInfo.id })).body.data).toBeNull();
    expect(
      await guard.post(`${BASE}/epidemic-info/submit`, {
        gardenId: theirs,
        name: '越园',
        phone: '13900000006',
        temperature: '36.5',
      }),
    ).toMatchObject(refused(403, '无权操作该小区的数据'));
    expect(
      await guard.post(`${BASE}/epidemic-family/submit`, { epidemicInfoId: theirsInfo.id, name: '越园家属', relation: 1 }),
    ).toMatchObject(refused(400, '疫情登记记录不存在或已被删除'));
    const own = await register({ name: '本园登记', temperature: '36.5' }, guard);
    expect(
      (
        await guard.post(`${BASE}/epidemic-family/submit`, {
          epidemicInfoId: own.id,
          name: '本园家属',
          relation: 1,
          temperature: '37.9',
        })
      ).body,
    ).toMatchObject(ok);
    expect((await infoOf(own.id)).abnormal).toBe(1);
  });
});
