import { postEntity } from '@property/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pruneAudit } from '../src/platform/crud/audit';
import { AUDIT_RETENTION_JOB } from '../src/modules/system/audit-routes';
import { CrudService } from '../src/platform/crud/engine';
import { DEMO_TENANT } from '../src/seed/seed';
import type { ApiClient } from './client';
import { otherTenant, signedIn } from './facility-fixtures';
import { administratorOf, startServer, type TestServer } from './harness';
import { eventually, FAST_JOBS } from './jobs/test-kinds';

/**
 * The audit trail (issue 13): every change of a row through the engine
 * writes one audit row in the change's transaction — who, when, from where,
 * the fields before and after, secrets as ******; a refused or rolled-back
 * change writes none; another tenant reads none; retention deletes old rows.
 */
let server: TestServer;
let admin: ApiClient;
let other: ApiClient;
let staff: ApiClient;

const db = () => server.built.services.db;
interface AuditRow {
  id: string;
  tenant_id: string;
  entity_name: string;
  row_id: string;
  action: string;
  changes: Record<string, { before: unknown; after: unknown }>;
  create_user: string | null;
  account: string | null;
  remote_ip: string | null;
  request_id: string | null;
}
const auditOf = async (entity: string, rowId: string) =>
  (
    await sql<AuditRow>`select * from blade_audit_log where entity_name = ${entity} and row_id = ${rowId}
      order by id`.execute(db())
  ).rows;
const countAll = async () =>
  Number((await sql<{ n: string }>`select count(*) as n from blade_audit_log`.execute(db())).rows[0]!.n);
const postId = async (code: string) =>
  String(
    (await sql<{ id: string }>`select id from blade_post where post_code = ${code} and is_deleted = 0`.execute(db())).rows[0]!.id,
  );

beforeAll(async () => {
  server = await startServer({ jobs: FAST_JOBS });
  admin = await signedIn(server, 'admin', 'admin', DEMO_TENANT);
  other = await otherTenant(server, '审计他租户');
  staff = await signedIn(server, 'staff', 'staff123', '000000');
}, 300_000);
afterAll(async () => server?.close());

describe('audit rows written by the engine', () => {
  it('an insert, an update and a removal each write exactly one row with the fields before and after', async () => {
    const before = await countAll();
    expect(
      (await admin.post('/blade-system/post/submit', { category: 1, postCode: 'au-1', postName: '审计岗' })).body,
    ).toMatchObject({ success: true });
    const id = await postId('au-1');
    let rows = await auditOf('post', id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      tenant_id: DEMO_TENANT,
      action: 'insert',
      account: 'admin',
      create_user: expect.any(String),
    });
    expect(rows[0]!.changes).toMatchObject({
      postCode: { before: null, after: 'au-1' },
      postName: { before: null, after: '审计岗' },
      category: { before: null, after: 1 },
    });
    expect(rows[0]!.remote_ip).toMatch(/127\.0\.0\.1|::1/);
    expect(rows[0]!.request_id).toBeTruthy();

    expect((await admin.post('/blade-system/post/submit', { id, postName: '审计岗二', postCode: 'au-1' })).body).toMatchObject({
      success: true,
    });
    rows = await auditOf('post', id);
    expect(rows).toHaveLength(2);
    // Only the field that changed: the code sent unchanged and the bookkeeping columns are not in it.
    expect(rows[1]).toMatchObject({ action: 'update', changes: { postName: { before: '审计岗', after: '审计岗二' } } });
    expect(Object.keys(rows[1]!.changes)).toEqual(['postName']);

    expect((await admin.post('/blade-system/post/remove', undefined, { ids: id })).body).toMatchObject({ success: true });
    rows = await auditOf('post', id);
    expect(rows).toHaveLength(3);
    expect(rows[2]).toMatchObject({ action: 'remove', changes: { isDeleted: { before: 0, after: 1 } } });
    expect(await countAll()).toBe(before + 3);
  });

  it('a refused change writes none, and a change rolled back after its write leaves neither row nor audit', async () => {
    expect((await admin.post('/blade-system/post/submit', { category: 1, postCode: 'au-2', postName: '二' })).body.success).toBe(
      true,
    );
    const id = await postId('au-2');
    const before = await countAll();
    // Refused before the write: the code is taken.
    const taken = await admin.post('/blade-system/post/submit', { category: 1, postCode: 'au-2', postName: '重复' });
    expect(taken.status).toBe(400);
    // Refused after the write: a hook failing after the update rolls back the update and its audit row.
    const failing = new CrudService(postEntity, {
      afterSave: () => {
        throw new Error('after the write');
      },
    });
    const ctx = {
      db: db(),
      auth: administratorOf(DEMO_TENANT),
      rowScope: () => [sql`tenant_id = ${DEMO_TENANT}`],
    };
    await expect(failing.submit(ctx, { id, postName: '不会保存' })).rejects.toThrow('after the write');
    expect(await countAll()).toBe(before);
    expect(await auditOf('post', id)).toHaveLength(1);
    const row = await sql<{ post_name: string }>`select post_name from blade_post where id = ${id}`.execute(db());
    expect(row.rows[0]!.post_name).toBe('二');
  });

  it('passwords and secrets are never stored: the row says they changed, as ******', async () => {
    const roleId = (await admin.get('/blade-system/role/list')).body.data[0].id;
    const answer = await admin.post('/blade-system/user/submit', {
      account: 'au-user',
      realName: '审计用户',
      password: 'Secret-pass-1',
      roleId,
      deptId: (await admin.get('/blade-system/dept/list')).body.data[0].id,
    });
    expect(answer.body, JSON.stringify(answer.body)).toMatchObject({ success: true });
    const user = await sql<{ id: string; password: string }>`select id, password from blade_user
      where account = 'au-user' and tenant_id = ${DEMO_TENANT}`.execute(db());
    const [audit] = await auditOf('user', user.rows[0]!.id);
    expect(audit!.changes.password).toEqual({ before: null, after: '******' });
    const text = JSON.stringify(audit);
    expect(text).not.toContain(user.rows[0]!.password);
    expect(text).not.toContain('Secret-pass-1');
    expect(audit!.changes.account).toEqual({ before: null, after: 'au-user' });
  });
});

describe('reading the audit trail', () => {
  it('the system list is the tenant’s own, for holders of the 操作审计 menu', async () => {
    expect((await admin.post('/blade-system/post/submit', { category: 1, postCode: 'au-3', postName: '三' })).body.success).toBe(
      true,
    );
    const id = await postId('au-3');
    const mine = await admin.get('/blade-log/audit/page', { entityName: 'post', rowId: id });
    expect(mine.status).toBe(200);
    expect(mine.body.data.records).toHaveLength(1);
    expect(mine.body.data.records[0]).toMatchObject({ entityName: 'post', rowId: id, action: 'insert', account: 'admin' });
    // Searchable by account.
    const byAccount = await admin.get('/blade-log/audit/page', { account: 'adm', entityName: 'post', size: 100 });
    expect(byAccount.body.data.records.map((r: { rowId: string }) => r.rowId)).toContain(id);

    const theirs = await other.get('/blade-log/audit/page', { entityName: 'post', rowId: id });
    expect(theirs.status).toBe(200);
    expect(theirs.body.data.records).toEqual([]);
    expect((await other.get('/blade-log/audit/detail', { id: mine.body.data.records[0].id })).body.data).toBeNull();
    expect((await staff.get('/blade-log/audit/page')).status).toBe(403);
  });

  it('a row’s history: for whoever may see the row, newest first; another tenant gets none', async () => {
    expect((await admin.post('/blade-system/post/submit', { category: 1, postCode: 'au-4', postName: '四' })).body.success).toBe(
      true,
    );
    const id = await postId('au-4');
    expect((await admin.post('/blade-system/post/submit', { id, postName: '四改' })).body.success).toBe(true);
    const history = await admin.get('/blade-log/audit/history', { entity: 'post', id });
    expect(history.status).toBe(200);
    expect(history.body.data.map((r: { action: string }) => r.action)).toEqual(['update', 'insert']);
    expect(history.body.data[0].changes).toEqual({ postName: { before: '四', after: '四改' } });

    const theirs = await other.get('/blade-log/audit/history', { entity: 'post', id });
    expect(theirs.status).toBe(200);
    expect(theirs.body.data).toEqual([]);
    // Staff of another tenant see posts (their menu) but not this tenant's row; users are not their menu at all.
    expect((await staff.get('/blade-log/audit/history', { entity: 'post', id })).body.data).toEqual([]);
    expect((await staff.get('/blade-log/audit/history', { entity: 'user', id })).status).toBe(403);
    expect((await admin.get('/blade-log/audit/history', { entity: 'auditLog', id })).status).toBe(400);
    expect((await admin.get('/blade-log/audit/history', { entity: 'post' })).status).toBe(400);
  });
});

describe('retention', () => {
  it('deletes the tenant’s rows older than audit.retentionDays, on the job queue, and keeps the newer ones', async () => {
    await sql`update blade_param set param_value = '30' where param_key = 'audit.retentionDays'`.execute(db());
    const insert = (tenant: string, daysAgo: number) =>
      sql<{ id: string }>`insert into blade_audit_log (tenant_id, entity_name, row_id, action, changes, create_time)
        values (${tenant}, 'post', 1, 'update', '{}'::jsonb, localtimestamp(0) - make_interval(days => ${daysAgo}))
        returning id`.execute(db());
    const old = (await insert(DEMO_TENANT, 31)).rows[0]!.id;
    const recent = (await insert(DEMO_TENANT, 29)).rows[0]!.id;
    const otherOld = (await insert('000000', 31)).rows[0]!.id;
    const runId = await server.built.services.jobs.enqueue(AUDIT_RETENTION_JOB, {}, { tenantId: DEMO_TENANT, userId: '' });
    const run = await eventually(async () => {
      const rows = await sql<{ state: string; outcome_params: { count: number; days: number } }>`select state, outcome_params
        from blade_job_run where id = ${runId}`.execute(db());
      return rows.rows[0]?.state === 'done' ? rows.rows[0] : undefined;
    });
    expect(run.outcome_params).toEqual({ count: 1, days: 30 });
    const left = await sql<{ id: string }>`select id from blade_audit_log where id in (${old}, ${recent}, ${otherOld})`.execute(
      db(),
    );
    expect(left.rows.map((r) => r.id).sort()).toEqual([recent, otherOld].sort());
    // The other tenant's old row goes when its own run comes.
    expect(await pruneAudit(db(), '000000', 30)).toBeGreaterThanOrEqual(1);
  });
});

describe('two people editing one row (docs/api-conventions.md)', () => {
  it('without updateTime the last save wins, and the audit shows both, each before as the other left it', async () => {
    expect((await admin.post('/blade-system/post/submit', { category: 1, postCode: 'au-5', postName: '五' })).body.success).toBe(
      true,
    );
    const id = await postId('au-5');
    const second = await signedIn(server, 'admin', 'admin', DEMO_TENANT);
    const answers = await Promise.all([
      admin.post('/blade-system/post/submit', { id, postName: '甲改' }),
      second.post('/blade-system/post/submit', { id, postName: '乙改', remark: '乙' }),
    ]);
    expect(answers.map((a) => a.body.success)).toEqual([true, true]);
    const updates = (await auditOf('post', id)).filter((r) => r.action === 'update');
    expect(updates).toHaveLength(2);
    // The saves queued on the row's lock: the second one's "before" is what the first one saved.
    expect(updates[0]!.changes.postName!.before).toBe('五');
    expect(updates[1]!.changes.postName!.before).toBe(updates[0]!.changes.postName!.after);
    const final = await sql<{ post_name: string }>`select post_name from blade_post where id = ${id}`.execute(db());
    expect(final.rows[0]!.post_name).toBe(updates[1]!.changes.postName!.after);
  });

  it('with the updateTime it read, a save of a row changed since is refused (409) and changes nothing', async () => {
    expect((await admin.post('/blade-system/post/submit', { category: 1, postCode: 'au-6', postName: '六' })).body.success).toBe(
      true,
    );
    const id = await postId('au-6');
    // Read in an earlier second than the other person's save.
    await sql`update blade_post set update_time = '2020-01-01 00:00:00' where id = ${id}`.execute(db());
    const read = (await admin.get('/blade-system/post/detail', { id })).body.data;
    expect(read.updateTime).toBe('2020-01-01 00:00:00');
    expect(
      (await admin.post('/blade-system/post/submit', { id, postName: '别人改', updateTime: read.updateTime })).body.success,
    ).toBe(true);
    const audits = (await auditOf('post', id)).length;
    const stale = await admin.post('/blade-system/post/submit', { id, postName: '我改', updateTime: read.updateTime });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ success: false, msg: '该数据已被他人修改,请刷新后重试' });
    const row = await sql<{ post_name: string }>`select post_name from blade_post where id = ${id}`.execute(db());
    expect(row.rows[0]!.post_name).toBe('别人改');
    expect(await auditOf('post', id)).toHaveLength(audits);
    // Read again, saved again: accepted.
    const fresh = (await admin.get('/blade-system/post/detail', { id })).body.data;
    expect(
      (await admin.post('/blade-system/post/submit', { id, postName: '我改', updateTime: fresh.updateTime })).body.success,
    ).toBe(true);
  });
  it('moves updateTime past the one a save replaces, even within one second, so an edit read before is refused', async () => {
    expect((await admin.post('/blade-system/post/submit', { category: 1, postCode: 'au-7', postName: '七' })).body.success).toBe(
      true,
    );
    const id = await postId('au-7');
    // Saved a moment ago by someone else, in this very second or later by the clock (quick saves run ahead of it).
    await sql`update blade_post set update_time = localtimestamp(0) + interval '5 seconds' where id = ${id}`.execute(db());
    const read = (await admin.get('/blade-system/post/detail', { id })).body.data;
    const other = await admin.post('/blade-system/post/submit', { id, postName: '别人改', updateTime: read.updateTime });
    expect(other.body.success).toBe(true);
    const after = (await admin.get('/blade-system/post/detail', { id })).body.data.updateTime as string;
    // Text order is time order in this format.
    expect(after > read.updateTime, `${after} after ${read.updateTime}`).toBe(true);
    const stale = await admin.post('/blade-system/post/submit', { id, postName: '我改', updateTime: read.updateTime });
    expect(stale.status).toBe(409);
    // A removal moves it on too.
    expect((await admin.post('/blade-system/post/remove', undefined, { ids: id })).body.success).toBe(true);
    const removed = await sql<{
      t: string;
    }>`select to_char(update_time, 'YYYY-MM-DD HH24:MI:SS') as t from blade_post where id = ${id}`.execute(db());
    expect(removed.rows[0]!.t > after, `${removed.rows[0]!.t} after ${after}`).toBe(true);
  });

  it("moves it past the old one in a module's own SQL too (a garden's stewards), so an edit read before is refused", async () => {
    expect((await admin.post('/system-property/garden/submit', { gardenName: '审计花园' })).body.success).toBe(true);
    const id = (
      await sql<{ id: string }>`select id::text from property_garden where garden_name = '审计花园' and is_deleted = 0`.execute(
        db(),
      )
    ).rows[0]!.id;
    await sql`update property_garden set update_time = localtimestamp(0) + interval '5 seconds' where id = ${id}`.execute(db());
    const read = (await admin.get('/system-property/garden/detail', { id })).body.data;
    const stewards = [{ name: '李管家', phone: '0755-1234567' }];
    expect(
      (await admin.post('/community-resource/garden/updateMajordomoInfo', { id, majordomoInfo: stewards })).body.success,
    ).toBe(true);
    const stale = await admin.post('/system-property/garden/submit', {
      id,
      gardenName: '审计花园二',
      updateTime: read.updateTime,
    });
    expect(stale.status).toBe(409);
    const fresh = (await admin.get('/system-property/garden/detail', { id })).body.data;
    expect(fresh.gardenName).toBe('审计花园');
    // Past the value read, not merely another one: a save in the same second as the read would otherwise leave it equal.
    expect(fresh.updateTime > read.updateTime, `${fresh.updateTime} after ${read.updateTime}`).toBe(true);
    expect(
      (await admin.post('/system-property/garden/submit', { id, gardenName: '审计花园二', updateTime: fresh.updateTime })).body
        .success,
    ).toBe(true);
  });
});
