import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TENANT } from '../src/seed/seed';
import type { ApiClient } from './client';
import { ok, otherTenant, refused, signedIn } from './facility-fixtures';
import { startServer, type TestServer } from './harness';
import { demoGardens, staffWith } from './service-fixtures';

/**
 * The report list (spec §7.9 /blade-report/report/rest): charge statistics saved as reports (submit, with the
 * statistics' own grant), listed, opened and removed under the report menu; the figures never follow the bills.
 */
let server: TestServer;
let admin: ApiClient;
let other: ApiClient;
let mine: string;
let theirs: string;
let periods: string;

const BASE = '/blade-report/report/rest';
const STATISTICS = '/system-property/paymentbill/statistics';
const reports = async (client: ApiClient, query: Record<string, unknown> = {}) => {
  const answer = await client.get(`${BASE}/list`, { size: 100, ...query });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data.records as Array<Record<string, any>>;
};

beforeAll(async () => {
  server = await startServer();
  admin = await signedIn(server, 'admin', 'admin', DEMO_TENANT);
  other = await otherTenant(server, '报表测试物业');
  ({ mine, theirs } = await demoGardens(admin));
  // The seeded year of bills: from its first period to its last.
  const byMonth = (await admin.get(STATISTICS, { gardenId: mine })).body.data.byMonth as Array<{ period: string }>;
  periods = `${byMonth[0]!.period},${byMonth[byMonth.length - 1]!.period}`;
});
afterAll(async () => server?.close());

describe('saving charge statistics as a report', () => {
  it('keeps the figures the statistics call answers, with garden, periods, who and when', async () => {
    const statistics = (await admin.get(STATISTICS, { gardenId: mine, billBetweenTime: periods })).body.data;
    const answer = await admin.post(`${BASE}/submit`, {
      name: '阳光花园年度收费',
      gardenId: mine,
      billBetweenTime: periods,
      remark: '年终',
    });
    expect(answer.body, JSON.stringify(answer.body)).toMatchObject(ok);
    const [from, to] = periods.split(',');
    expect(answer.body.data).toMatchObject({
      name: '阳光花园年度收费',
      kind: 'billStatistics',
      gardenId: mine,
      gardenName: '阳光花园',
      periodStart: from,
      periodEnd: to,
      createUserName: expect.any(String),
      remark: '年终',
      figures: statistics,
    });
    expect(answer.body.data.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const listed = await reports(admin, { name: '阳光花园年度收费' });
    expect(listed).toHaveLength(1);
    expect((await admin.get(`${BASE}/detail`, { id: listed[0]!.id })).body.data.figures).toEqual(statistics);
  });

  it('never changes when bills change afterwards', async () => {
    const saved = (await admin.post(`${BASE}/submit`, { name: '快照', gardenId: mine, billBetweenTime: periods })).body.data;
    const unpaid = (await admin.get('/system-property/paymentbill/pageOut', { gardenId: mine, size: 1 })).body.data.records[0];
    expect((await admin.post('/system-property/paymentbill/close', { ids: unpaid.id, reason: '测试关闭' })).body).toMatchObject(
      ok,
    );
    const now = (await admin.get(STATISTICS, { gardenId: mine, billBetweenTime: periods })).body.data;
    expect(now.total).not.toEqual(saved.figures.total);
    expect((await admin.get(`${BASE}/detail`, { id: saved.id })).body.data.figures).toEqual(saved.figures);
  });

  it('refuses a missing name, bad periods and a garden not the caller’s, saving nothing', async () => {
    const before = (await reports(admin)).length;
    expect(await admin.post(`${BASE}/submit`, { name: '', gardenId: mine, billBetweenTime: periods })).toMatchObject(
      refused(400, '请输入报表名称'),
    );
    for (const billBetweenTime of ['', '2026-13,2026-14', '2026-05', '2026-06,2026-01']) {
      expect(await admin.post(`${BASE}/submit`, { name: '坏账期', billBetweenTime }), billBetweenTime).toMatchObject(
        refused(400, '请选择统计账期(yyyy-MM,yyyy-MM)'),
      );
    }
    const foreignGarden = (await other.get('/system-property/garden/list')).body.data.records;
    const otherGarden = foreignGarden[0]?.id ?? '1';
    expect(
      await admin.post(`${BASE}/submit`, { name: '他人小区', gardenId: otherGarden, billBetweenTime: periods }),
    ).toMatchObject(refused(400, '所选小区不存在或已被删除'));
    const english = await admin.call('POST', `${BASE}/submit`, {
      body: { name: '', billBetweenTime: periods },
      headers: { 'Accept-Language': 'en' },
    });
    expect(english).toMatchObject(refused(400, 'Please enter the report name'));
    expect(await reports(admin)).toHaveLength(before);
  });

  it('covers every garden of the caller without a garden', async () => {
    const saved = (await admin.post(`${BASE}/submit`, { name: '全部小区', billBetweenTime: periods })).body.data;
    expect(saved).toMatchObject({ gardenId: null, gardenName: null });
    expect(saved.figures).toEqual((await admin.get(STATISTICS, { billBetweenTime: periods })).body.data);
  });
});

describe('the list, tenancy and grants', () => {
  it('removes with report_delete; another tenant sees and removes nothing', async () => {
    const saved = (await admin.post(`${BASE}/submit`, { name: '待删除', gardenId: mine, billBetweenTime: periods })).body.data;
    expect(await reports(other)).toEqual([]);
    expect((await other.get(`${BASE}/detail`, { id: saved.id })).body.data).toBeNull();
    expect((await other.post(`${BASE}/remove`, undefined, { ids: saved.id })).body).toMatchObject(ok);
    expect((await admin.get(`${BASE}/detail`, { id: saved.id })).body.data).toMatchObject({ id: saved.id });
    expect((await admin.post(`${BASE}/remove`, undefined, { ids: saved.id })).body).toMatchObject(ok);
    expect((await admin.get(`${BASE}/detail`, { id: saved.id })).body.data).toBeNull();
    expect((await reports(admin)).map((r) => r.id)).not.toContain(saved.id);
  });

  it('saving needs the statistics grant, reading the report menu, removing its delete button', async () => {
    const { client: statsOnly } = await staffWith(server, admin, 'statsonly', ['billing', 'billstatistics']);
    expect(
      (await statsOnly.post(`${BASE}/submit`, { name: '统计员保存', gardenId: mine, billBetweenTime: periods })).body,
    ).toMatchObject(ok);
    expect((await statsOnly.get(`${BASE}/list`)).status).toBe(403);
    const { client: reader } = await staffWith(server, admin, 'reportreader', ['reports', 'report', 'report_view']);
    expect((await reports(reader)).map((r) => r.name)).toContain('统计员保存');
    expect((await reader.post(`${BASE}/submit`, { name: '读者保存', billBetweenTime: periods })).status).toBe(403);
    const target = (await reports(reader, { name: '统计员保存' }))[0]!;
    expect((await reader.post(`${BASE}/remove`, undefined, { ids: target.id })).status).toBe(403);
    expect((await admin.get(`${BASE}/detail`, { id: target.id })).body.data).not.toBeNull();
  });

  it('garden-bound staff save and read their gardens’ reports only', async () => {
    const { client: bound } = await staffWith(
      server,
      admin,
      'reportbound',
      ['billing', 'billstatistics', 'reports', 'report'],
      [mine],
    );
    expect(await bound.post(`${BASE}/submit`, { name: '越园', gardenId: theirs, billBetweenTime: periods })).toMatchObject(
      refused(403, '无权操作该小区的数据'),
    );
    expect(await bound.post(`${BASE}/submit`, { name: '无园', billBetweenTime: periods })).toMatchObject(
      refused(403, '无权操作该小区的数据'),
    );
    expect((await bound.post(`${BASE}/submit`, { name: '本园', gardenId: mine, billBetweenTime: periods })).body).toMatchObject(
      ok,
    );
    expect(
      (await admin.post(`${BASE}/submit`, { name: '翠湖苑报表', gardenId: theirs, billBetweenTime: periods })).body,
    ).toMatchObject(ok);
    const seen = await reports(bound);
    expect(seen.map((r) => r.name)).toContain('本园');
    expect(seen.map((r) => r.name)).not.toContain('翠湖苑报表');
    expect(seen.every((r) => r.gardenId === mine)).toBe(true);
  });
});
