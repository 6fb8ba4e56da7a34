import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TENANT } from '../src/seed/seed';
import type { ApiClient } from './client';
import { ok, otherTenant, refused, signedIn } from './facility-fixtures';
import { CLIENT_BASIC, startServer, type TestServer } from './harness';
import { demoGardens, mp4Of, photoLink, PNG, staffWith, upload } from './service-fixtures';

/** Feedback, the directory, reservations, notices and activities, templates and files (spec §2.3, §5, §7.7). */
let server: TestServer;
let admin: ApiClient;
let other: ApiClient;
let viewer: ApiClient;
let mine: string;

beforeAll(async () => {
  server = await startServer();
  admin = await signedIn(server, 'admin', 'admin', DEMO_TENANT);
  other = await otherTenant(server, '服务测试物业');
  ({ mine } = await demoGardens(admin));
  // The feedback menu and its view button only (the spec's view-only list), nothing else.
  ({ client: viewer } = await staffWith(server, admin, 'reader', ['service', 'feedback', 'feedback_view']));
});
afterAll(async () => server?.close());

/** Feedback as the owners' app leaves it: a row of the tenant, submitted. */
const fromOwnersApp = (title: string, type: number) =>
  sql`insert into property_suggestion (tenant_id, garden_id, type, title, content, user_name, user_tel, status)
    values (${DEMO_TENANT}, ${mine}, ${type}, ${title}, '3栋2单元', '李女士', '13800138001', 0)`.execute(
    server.built.services.db,
  );

const rowBy = async (client: ApiClient, path: string, query: Record<string, unknown>) => {
  const rows = (await client.get(path, { ...query, size: 100 })).body.data.records;
  expect(rows, JSON.stringify(query)).toHaveLength(1);
  return rows[0];
};

describe('feedback', () => {
  it('arrives from the owners’ app as submitted, then is answered once as read or rejected (with a reply)', async () => {
    // Staff do not add feedback (the list is view only, spec §2.3): it comes from the owners' app.
    expect(await admin.post('/system-property/suggestion/submit', { type: 1, title: 'x' })).toMatchObject({ status: 403 });
    await fromOwnersApp('楼道灯不亮', 1);
    const item = await rowBy(admin, '/system-property/suggestion/list', { title_equal: '楼道灯不亮' });
    expect(item.status).toBe(0); // whatever the body said
    expect(await admin.post('/system-property/suggestion/submit', { id: item.id, status: 3 })).toMatchObject(
      refused(400, '反馈只能标记为已处理或已忽略'),
    );
    expect(await admin.post('/system-property/suggestion/submit', { id: item.id, status: 2 })).toMatchObject(
      refused(400, '忽略反馈时请填写回复'),
    );
    expect(await admin.post('/system-property/suggestion/submit', { id: item.id, title: '改', status: 1 })).toMatchObject(
      refused(400, '反馈内容不能修改,只能标记状态并回复'),
    );
    expect(
      (await admin.post('/system-property/suggestion/submit', { id: item.id, status: 1, reply: '已修复' })).body,
    ).toMatchObject(ok);
    const answered = (await admin.get('/system-property/suggestion/detail', { id: item.id })).body.data;
    expect(answered).toMatchObject({ status: 1, reply: '已修复', title: '楼道灯不亮' });
    expect(answered.replyTime).toMatch(/^\d{4}-/);
    expect(await admin.post('/system-property/suggestion/submit', { id: item.id, status: 2, reply: 'x' })).toMatchObject(
      refused(400, '该反馈已处理,不能重复处理'),
    );

    await fromOwnersApp('建议增加垃圾桶', 2);
    const ignored = await rowBy(admin, '/system-property/suggestion/list', { title_equal: '建议增加垃圾桶' });
    expect(
      (await admin.post('/system-property/suggestion/submit', { id: ignored.id, status: 2, reply: '已有规划' })).body,
    ).toMatchObject(ok);
    expect(
      (await admin.get('/system-property/suggestion/list', { status: 2 })).body.data.records.map((r: { id: string }) => r.id),
    ).toContain(ignored.id);
  });

  it('is view only for a user holding the view button: no add, no answer', async () => {
    const item = await rowBy(admin, '/system-property/suggestion/list', { title_equal: '建议增加垃圾桶' });
    expect((await viewer.get('/system-property/suggestion/detail', { id: item.id })).body.data.title).toBe('建议增加垃圾桶');
    expect(await viewer.post('/system-property/suggestion/submit', { type: 1, title: 'x' })).toMatchObject({ status: 403 });
    expect(await viewer.post('/system-property/suggestion/submit', { id: item.id, status: 1 })).toMatchObject({ status: 403 });
    expect((await other.get('/system-property/suggestion/list')).body.data.records).toEqual([]);
  });
});

describe('service directory and reservations', () => {
  it('keeps a tree that reservations book from; refuses loops and removing a parent', async () => {
    expect(await admin.post('/system-property/servicedir/submit', { name: '' })).toMatchObject(refused(400, '请填写服务名称'));
    await admin.post('/system-property/servicedir/submit', { name: '测试家政', tel: '010-12345678' });
    const parent = (await admin.get('/system-property/servicedir/list')).body.data.find(
      (n: { name: string }) => n.name === '测试家政',
    );
    await admin.post('/system-property/servicedir/submit', { pid: parent.id, name: '测试保洁', price: '80.00' });
    const tree = (await admin.get('/system-property/reservation/tree')).body.data;
    const node = tree.find((n: { name: string }) => n.name === '测试家政');
    expect(node.children).toEqual([expect.objectContaining({ name: '测试保洁', price: '80.00', pid: parent.id })]);
    const child = node.children[0];
    expect(await admin.post('/system-property/servicedir/submit', { id: parent.id, pid: child.id })).toMatchObject(
      refused(400, '上级服务不能是自身或其下级'),
    );
    expect(await admin.post('/system-property/servicedir/remove', undefined, { ids: parent.id })).toMatchObject(
      refused(400, '该服务下存在子项,请先删除子项'),
    );
    expect((await other.get('/system-property/reservation/tree')).body.data).toEqual([]);

    const booking = { gardenId: mine, reservationType: 3, serviceId: child.id, userName: '赵先生', userTel: '13800138002' };
    expect(await admin.post('/system-property/reservation/submit', booking)).toMatchObject(refused(400, '请选择预约时间'));
    const booked = await admin.post('/system-property/reservation/submit', { ...booking, reserveTime: '2026-12-01 09:00:00' });
    expect(booked.body, JSON.stringify(booked.body)).toMatchObject(ok);
    expect(
      await admin.post('/system-property/reservation/submit', { ...booking, reserveTime: '2026-12-01 10:00:00', serviceId: '1' }),
    ).toMatchObject(refused(400, '所选服务不存在或已被删除'));
    const first = (await admin.get('/system-property/reservation/list')).body.data.records[0];
    expect(first).toMatchObject({ userName: '赵先生', status: 0 });
  });
});

describe('notices and activities', () => {
  it('need a title and a jpg/jpeg/png cover of our storage, in the spec’s words', async () => {
    const cover = await photoLink(server, admin);
    expect(await admin.post('/system-property/notice/submit', { imgUrl: cover })).toMatchObject(refused(400, '请填写标题'));
    expect(await admin.post('/system-property/notice/submit', { title: '停水通知' })).toMatchObject(refused(400, '请上传封面图'));
    const pdf = await upload(server, admin, '/system-property/file/upload', { bytes: Buffer.from('%PDF-1.4 x'), name: 'a.pdf' });
    expect(await admin.post('/system-property/notice/submit', { title: '停水通知', imgUrl: pdf.body.data.link })).toMatchObject(
      refused(400, '封面图只能是 jpg、jpeg、png 格式'),
    );
    expect(
      await admin.post('/system-property/communityActivity/submit', { title: '中秋游园', imgUrl: 'https://x.example/a.png' }),
    ).toMatchObject(refused(400, '封面图只能是 jpg、jpeg、png 格式'));
  });

  it('are saved with their rich text sanitised: no script, handlers, javascript: links or iframes', async () => {
    const cover = await photoLink(server, admin);
    const video = await upload(
      server,
      admin,
      '/system-property/file/upload',
      { bytes: mp4Of(2048), name: 'v.mp4' },
      { bucketName: 'notice' },
    );
    const content =
      '<p style="text-align:center;position:fixed">停水<script>alert(1)</script></p>' +
      '<img src="x" onerror="alert(2)"><a href="javascript:alert(3)">链接</a>' +
      '<iframe src="https://evil.example"></iframe>' +
      `<video src="${video.body.data.link}" controls onplay="alert(4)"></video>` +
      '<a href="https://example.com" target="_blank">ok</a>';
    const saved = await admin.post('/system-property/notice/submit', { title: '净化测试', imgUrl: cover, content });
    expect(saved.body).toMatchObject(ok);
    const notice = await rowBy(admin, '/system-property/notice/list', { title_equal: '净化测试' });
    expect(notice.content).not.toMatch(/script|onerror|onplay|javascript:|iframe|position/);
    expect(notice.content).toContain('<p style="text-align:center">停水</p>');
    expect(notice.content).toContain(`<video src="${video.body.data.link}" controls></video>`);
    expect(notice.content).toContain('rel="noopener noreferrer"');
    expect(notice.status).toBe(1);
    expect(await admin.post('/system-property/notice/submit', { id: notice.id, status: 3 })).toMatchObject(
      refused(400, '是否显示只能是是或否'),
    );
    // Soft delete: gone from lists, kept in the table.
    await admin.post('/system-property/notice/remove', undefined, { ids: notice.id });
    expect((await admin.get('/system-property/notice/detail', { id: notice.id })).body.data).toBeNull();
    expect((await other.get('/system-property/notice/list')).body.data.records).toEqual([]);
  });
});

describe('file uploads', () => {
  it('check the content, not the name, and keep a catalogue row with the bucket', async () => {
    const ok1 = await upload(
      server,
      admin,
      '/system-property/file/upload',
      { bytes: PNG, name: '门牌.png' },
      { bucketName: 'repair' },
    );
    expect(ok1.status).toBe(200);
    expect(ok1.body.data).toMatchObject({
      name: '门牌.png',
      bucketName: 'repair',
      contentType: 'image/png',
      fileSize: String(PNG.length),
    });
    expect(ok1.body.data.link).toMatch(/^\/api\/blade-resource\/oss\/endpoint\/file\/[0-9a-f]{32}\.png$/);
    const listed = (await admin.get('/system-property/file/list', { bucketName: 'repair' })).body.data.records;
    expect(listed.map((f: { id: string }) => f.id)).toContain(ok1.body.data.id);
    // A page or a script renamed as a picture is refused.
    for (const [bytes, name] of [
      [Buffer.from('<html><script>alert(1)</script></html>'), 'x.png'],
      [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>1</script></svg>'), 'x.svg'],
      [Buffer.from('<html></html>'), 'x.html'],
      [PNG, 'x.mp4'],
    ] as const) {
      const answer = await upload(server, admin, '/system-property/file/upload', { bytes, name });
      expect(answer.status, name).toBe(400);
    }
    // Served with the checked type, nosniff, never sniffed into a page.
    const served = await fetch(`${server.url}${ok1.body.data.link}`);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('take videos up to 52,428,800 bytes and other files up to 10 MB', async () => {
    const limit = 52_428_800;
    const big = await upload(server, admin, '/system-property/file/upload', { bytes: mp4Of(limit), name: 'big.mp4' });
    expect(big.status, JSON.stringify(big.body)).toBe(200);
    const tooBig = await upload(server, admin, '/system-property/file/upload', { bytes: mp4Of(limit + 1), name: 'huge.mp4' });
    expect(tooBig).toMatchObject(refused(413, '文件过大:视频不超过50MB,其他文件不超过10MB'));
    const image = Buffer.alloc(10 * 1024 * 1024 + 1);
    PNG.copy(image);
    expect(await upload(server, admin, '/system-property/file/upload', { bytes: image, name: 'big.png' })).toMatchObject(
      refused(413, '文件大小不能超过10MB'),
    );
    const response = await fetch(`${server.url}/api/system-property/file/upload`, {
      method: 'POST',
      headers: { Authorization: CLIENT_BASIC },
      body: new FormData(),
    });
    expect(response.status).toBe(401);
  });
});

describe('message templates', () => {
  it('are unique by code, fill a garden’s message, and stay while a garden uses them', async () => {
    const template = { code: 'TEST_REMIND', name: '缴费提醒', content: '{{name}}您好,请于{{date}}前缴纳物业费' };
    expect((await admin.post('/system-property/temlatemsg/submit', template)).body).toMatchObject(ok);
    expect(await admin.post('/system-property/temlatemsg/submit', template)).toMatchObject(refused(400, '该模板编号已存在'));
    const saved = await rowBy(admin, '/system-property/temlatemsg/list', { code_equal: 'TEST_REMIND' });
    expect(
      (await admin.post('/system-property/propertemlatemsg/submit', { gardenId: mine, templateId: saved.id })).body,
    ).toMatchObject(ok);
    const message = await rowBy(admin, '/system-property/propertemlatemsg/list', { templateId: saved.id });
    expect(message).toMatchObject({ title: '缴费提醒', content: template.content });
    expect(await admin.post('/system-property/temlatemsg/remove', undefined, { ids: saved.id })).toMatchObject(
      refused(400, '该模板正在被小区使用,不能删除'),
    );
    expect(await other.post('/system-property/propertemlatemsg/submit', { gardenId: mine, templateId: saved.id })).toMatchObject({
      status: 400,
    });
  });
});
