import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { postEntity } from '@property/domain';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { api, earlyData, prefetchGet } from '../src/app/http';
import { arrivedPrefetched, prefetchMenus, takePrefetched } from '../src/app/menus';
import { queryClient } from '../src/app/query-client';
import { session } from '../src/app/session';
import { columnsOf, type ChoicesCall } from '../src/crud/columns';
import { arrivedDictionaryOptions, clearDictionaries, loadDictionary } from '../src/crud/dictionaries';
import { arrivedLabels, everyLabelIn } from '../src/crud/table-cells';

/**
 * What a signed-in start's first screen can show on its first render: answers asked for before its code
 * loaded (prefetchGet), read as they arrive, and the dictionaries its cells are named with. A real server.
 */
let server: Server;
/** The calls the server answered, by path and query. */
const calls: string[] = [];
/** Answers held back until released, by path. */
const held = new Map<string, () => void>();

const envelope = (data: unknown, code = 200) =>
  JSON.stringify({ code, success: code === 200, data, msg: code === 200 ? '操作成功' : '失败' });

beforeAll(async () => {
  server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    calls.push(`${url.pathname}${url.search}`);
    const answer = () => {
      if (url.pathname.endsWith('/post/list'))
        res.end(envelope({ records: [{ id: '1', postName: '岗位1', category: 2 }], total: 31, size: 10, current: 1 }));
      else if (url.pathname.endsWith('/menu/routes')) res.end(envelope([{ id: '1', name: '系统管理', path: '/system' }]));
      else if (url.pathname.endsWith('/menu/buttons')) res.end(envelope([{ id: '2', code: 'post_add' }]));
      else if (url.pathname.endsWith('/dict/dictionary'))
        res.end(
          envelope([
            { dictKey: '1', dictValue: '高层' },
            { dictKey: '2', dictValue: '中层' },
          ]),
        );
      else res.end(envelope(null, 500));
    };
    // A dictionary whose code starts with "held" is held too, by its code.
    const holdBy =
      url.searchParams.get('hold') ?? (url.searchParams.get('code')?.startsWith('held') ? url.searchParams.get('code') : null);
    if (holdBy) held.set(holdBy, answer);
    else answer();
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  (globalThis as unknown as { jsdom: { reconfigure(o: { url: string }): void } }).jsdom.reconfigure({ url: base });
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});
afterEach(() => {
  calls.length = 0;
  clearDictionaries();
});

/** Waits until `check` holds (answers arrive on the event loop). */
async function until(check: () => boolean) {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 5));
  expect(check()).toBe(true);
}

describe('an answer asked for early', () => {
  it('is readable once it has arrived, not before; the screen’s own call then takes it without asking again', async () => {
    prefetchGet('/blade-system/post/list', { current: 1, size: 10, hold: 'list' });
    expect(earlyData('/blade-system/post/list', { current: 1, size: 10, hold: 'list' })).toBeUndefined();
    await until(() => held.has('list'));
    held.get('list')!();
    await until(() => earlyData('/blade-system/post/list', { current: 1, size: 10, hold: 'list' }) !== undefined);
    expect(earlyData('/blade-system/post/list', { current: 1, size: 10, hold: 'list' })).toMatchObject({
      records: [{ id: '1', postName: '岗位1' }],
      total: 31,
    });
    // Another address (another page) has no early answer.
    expect(earlyData('/blade-system/post/list', { current: 2, size: 10, hold: 'list' })).toBeUndefined();
    const page = await api.get<{ total: number }>('/blade-system/post/list', { current: 1, size: 10, hold: 'list' });
    expect(page.total).toBe(31);
    expect(calls.filter((c) => c.startsWith('/api/blade-system/post/list'))).toHaveLength(1);
  });

  it('that failed is nothing to show', async () => {
    prefetchGet('/blade-system/nothing/list');
    await until(() => calls.length === 1);
    await new Promise((r) => setTimeout(r, 50));
    expect(earlyData('/blade-system/nothing/list')).toBeUndefined();
  });
});

describe('the first screen’s labels', () => {
  const columns = columnsOf(postEntity, 'zh');
  const category = columns.find((c) => c.dataIndex === 'category')!;

  it('are there on the first render once its dictionaries have arrived, and only then', async () => {
    expect(arrivedDictionaryOptions('post_category')).toBeUndefined();
    expect((category.request as ChoicesCall).arrived?.()).toBeUndefined();
    expect(arrivedLabels(columns)).toBeUndefined();
    await loadDictionary('post_category');
    expect(arrivedDictionaryOptions('post_category')).toEqual([
      { label: '高层', value: 1 },
      { label: '中层', value: 2 },
    ]);
    const labels = arrivedLabels(columns)!;
    expect(labels.category?.get('2')).toBe('中层');
    expect(everyLabelIn(columns, labels)).toBe(true);
    expect(everyLabelIn(columns, {})).toBe(false);
    // Cleared (a refresh of the screen), they are asked for again.
    clearDictionaries();
    expect(arrivedLabels(columns)).toBeUndefined();
  });

  it('cleared while one is on its way, do not take its late answer as arrived; the next load asks again', async () => {
    const late = loadDictionary('held_category');
    await until(() => held.has('held_category'));
    clearDictionaries();
    held.get('held_category')!();
    held.delete('held_category');
    await late;
    expect(arrivedDictionaryOptions('held_category')).toBeUndefined();
    const again = loadDictionary('held_category');
    await until(() => held.has('held_category'));
    held.get('held_category')!();
    await again;
    expect(arrivedDictionaryOptions('held_category')).toHaveLength(2);
    expect(calls.filter((c) => c.includes('code=held_category'))).toHaveLength(2);
  });
});

describe('what one session asked for early', () => {
  const signIn = () =>
    session.signIn({ access_token: 'a', refresh_token: 'r' } as unknown as Parameters<typeof session.signIn>[0]);

  it('is gone when it signs out: early answers, the menus and buttons that arrived, the query cache', async () => {
    signIn();
    prefetchGet('/blade-system/post/list', { current: 1, size: 10 });
    void prefetchMenus();
    await until(() => earlyData('/blade-system/post/list', { current: 1, size: 10 }) !== undefined);
    await until(() => arrivedPrefetched('menus') !== undefined && arrivedPrefetched('buttons') !== undefined);
    expect(arrivedPrefetched('buttons')?.has('post_add')).toBe(true);
    queryClient.setQueryData(['menus', undefined], arrivedPrefetched('menus'));
    session.signOut();
    expect(earlyData('/blade-system/post/list', { current: 1, size: 10 })).toBeUndefined();
    expect(arrivedPrefetched('menus')).toBeUndefined();
    expect(arrivedPrefetched('buttons')).toBeUndefined();
    expect(takePrefetched('menus')).toBeUndefined();
    expect(queryClient.getQueryData(['menus', undefined])).toBeUndefined();
  });

  it('is the query’s once taken: an answer arriving after that is not kept for a later first render', async () => {
    signIn();
    const menus = prefetchMenus();
    expect(takePrefetched('menus')).toBe(menus);
    await menus;
    await new Promise((r) => setTimeout(r, 20));
    expect(arrivedPrefetched('menus')).toBeUndefined();
    session.signOut();
  });
});
