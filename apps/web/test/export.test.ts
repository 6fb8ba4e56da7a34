import { paramEntity, userEntity } from '@property/domain';
import { unzipSync } from 'fflate';
import { afterEach, describe, expect, it, vi } from 'vitest';
import writeXlsxFile from 'write-excel-file/universal';
import { columnsOf } from '../src/crud/columns';
import { clearDictionaries } from '../src/crud/dictionaries';
import { canExport } from '../src/crud/ExportButton';
import {
  displayValue,
  EXPORT_MAX,
  exportColumnsOf,
  fetchAllRows,
  labelMap,
  sheetOf,
  TooManyRows,
  widthsOf,
  type ExportColumn,
} from '../src/crud/export';

/** Answers the console's calls by path, in the server's envelope. */
function answerCalls(answers: Record<string, (params: URLSearchParams) => unknown>) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: URL) => {
      calls.push(`${url.pathname}${url.search}`);
      const answer = answers[url.pathname.replace(/^\/api/, '')] as ((params: URLSearchParams) => unknown) | undefined;
      const body = answer
        ? { code: 200, success: true, data: answer(url.searchParams), msg: '操作成功' }
        : { code: 404, msg: '404' };
      return new Response(JSON.stringify(body), { status: answer ? 200 : 404 });
    }),
  );
  return calls;
}

afterEach(() => {
  vi.unstubAllGlobals();
  clearDictionaries();
});

describe('export: rows to a sheet', () => {
  const columns: ExportColumn[] = [
    { key: 'account', title: '登录账号' },
    {
      key: 'sex',
      title: '性别',
      labels: new Map([
        ['1', '男'],
        ['2', '女'],
      ]),
    },
    {
      key: 'roleId',
      title: '所属角色',
      labels: new Map([
        ['11', '管理员'],
        ['12', '用户'],
      ]),
      multiple: true,
    },
    { key: 'sort', title: '排序', numeric: true },
  ];

  it('writes a bold header row with the labels, then one row per record with display values', () => {
    const sheet = sheetOf(columns, [
      { account: 'admin', sex: 1, roleId: '11,12', sort: '3', extra: 'not a column' },
      { account: 'hr', sex: null, roleId: '99', sort: undefined },
    ]);
    expect(sheet).toEqual([
      [
        { value: '登录账号', fontWeight: 'bold' },
        { value: '性别', fontWeight: 'bold' },
        { value: '所属角色', fontWeight: 'bold' },
        { value: '排序', fontWeight: 'bold' },
      ],
      ['admin', '男', '管理员,用户', 3],
      ['hr', null, '99', null],
    ]);
  });

  it('shows dictionary labels, not keys; unknown keys as they are', () => {
    expect(displayValue(columns[1], 2)).toBe('女');
    expect(displayValue(columns[1], '7')).toBe('7');
    expect(displayValue(columns[0], '')).toBeNull();
    expect(displayValue(columns[3], 'n/a')).toBe('n/a');
  });

  it('sizes columns by their longest text, Chinese counted double', () => {
    expect(
      widthsOf([
        [{ value: '登录账号', fontWeight: 'bold' }, 'x'],
        ['a-very-long-account-name', null],
      ]),
    ).toEqual([26, 8]);
  });

  it('flattens tree and list choices into value → label', () => {
    const map = labelMap([
      { title: '总部', value: '1', children: [{ title: '分部', value: '2' }] },
      { label: 'CEO', value: 3 },
    ]);
    expect([...map]).toEqual([
      ['1', '总部'],
      ['2', '分部'],
      ['3', 'CEO'],
    ]);
  });

  it('takes the columns the table shows, minus those hidden in the settings, with labels loaded', async () => {
    answerCalls({
      '/blade-system/dict/dictionary': (p) =>
        p.get('code') === 'sex'
          ? [
              { dictKey: '1', dictValue: '男' },
              { dictKey: '2', dictValue: '女' },
            ]
          : [{ dictKey: '1', dictValue: 'WEB' }],
      '/blade-system/role/tree': () => [{ title: '超级管理员', value: '11', children: [{ title: '用户', value: '12' }] }],
      '/blade-system/dept/tree': () => [{ title: '总部', value: '21' }],
      '/blade-system/post/select': () => [{ id: '31', postName: '首席执行官' }],
    });
    const table = columnsOf(userEntity, 'zh');
    const shown = await exportColumnsOf(userEntity, table, new Set(['email']));
    const keys = shown.map((c) => c.key);
    expect(keys).toContain('account');
    expect(keys).not.toContain('password'); // secret
    expect(keys).not.toContain('email'); // hidden in the column settings
    expect(keys).not.toContain('createTimeRange'); // search only
    const sex = shown.find((c) => c.key === 'sex')!;
    expect(sex.title).toBe('用户性别');
    expect(displayValue(sex, 2)).toBe('女');
    const sheet = sheetOf(shown, [{ account: 'admin', sex: 1, createTime: '2026-01-01 08:00:00' }]);
    expect(sheet[1][keys.indexOf('sex')]).toBe('男');
    expect(sheet[1][keys.indexOf('createTime')]).toBe('2026-01-01 08:00:00');
  });

  it('writes a real .xlsx (a zip with the sheet and its strings)', async () => {
    const blob = await writeXlsxFile(sheetOf(columns, [{ account: 'admin', sex: 2, roleId: '11', sort: 5 }]) as never).toBlob();
    const files = unzipSync(new Uint8Array(await blob.arrayBuffer()));
    expect(Object.keys(files)).toContain('xl/worksheets/sheet1.xml');
    const text = Object.values(files)
      .map((f) => Buffer.from(f).toString('utf8'))
      .join('');
    expect(text).toContain('登录账号');
    expect(text).toContain('女');
  });
});

describe('export: fetching the query', () => {
  it('pages through every row of the current filters with the largest page size', async () => {
    const all = Array.from({ length: 2345 }, (_, i) => ({ id: String(i) }));
    const calls = answerCalls({
      '/blade-system/param/list': (p) => {
        const current = Number(p.get('current'));
        const size = Number(p.get('size'));
        return { records: all.slice((current - 1) * size, current * size), total: all.length };
      },
    });
    const progress: number[] = [];
    const rows = await fetchAllRows(paramEntity.base, { paramName_like: 'a', descs: 'createTime' }, (done) =>
      progress.push(done),
    );
    expect(rows).toHaveLength(2345);
    expect(progress).toEqual([1000, 2000, 2345]);
    expect(calls).toHaveLength(3);
    expect(calls[0]).toContain('paramName_like=a');
    expect(calls[0]).toContain('descs=createTime');
    expect(calls[2]).toContain('current=3');
    expect(calls[2]).toContain('size=1000');
  });

  it(`refuses past ${EXPORT_MAX} rows`, async () => {
    answerCalls({ '/blade-system/param/list': () => ({ records: [], total: EXPORT_MAX + 1 }) });
    await expect(fetchAllRows(paramEntity.base, {})).rejects.toBeInstanceOf(TooManyRows);
  });

  it('shows 导出 with the export code, or on every list when no export codes are granted', () => {
    expect(canExport(new Set(['user_add']), 'user')).toBe(true);
    expect(canExport(new Set(['user_export', 'param_add']), 'user')).toBe(true);
    expect(canExport(new Set(['post_export']), 'user')).toBe(false);
  });
});
