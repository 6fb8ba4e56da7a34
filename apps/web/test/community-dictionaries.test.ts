import { CHOICES, type DictItem } from '@property/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readableFrom, rememberReadable } from '../src/app/permissions';
import { clearDictionaries, dictionaryLabels, dictionaryOptions, referenceOptions } from '../src/crud/dictionaries';
import { fetchAllRows } from '../src/crud/export';

/** Answers dictionary calls by path, in the server's envelope, and records them. */
function answerDictionaries(byPath: Record<string, Record<string, Array<Pick<DictItem, 'dictKey' | 'dictValue'>>>>) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: URL) => {
      const path = url.pathname.replace(/^\/api/, '');
      calls.push(`${path}?${url.searchParams.get('code')}`);
      const data = byPath[path]?.[url.searchParams.get('code') ?? ''] ?? [];
      return new Response(JSON.stringify({ code: 200, success: true, data, msg: '操作成功' }));
    }),
  );
  return calls;
}

afterEach(() => {
  vi.unstubAllGlobals();
  clearDictionaries();
});

/** The community screens' selects use business dictionaries (relation_type, house_type) as well as system ones. */
describe('dictionary options', () => {
  it('reads a system dictionary from dict, once', async () => {
    const calls = answerDictionaries({
      '/blade-system/dict/dictionary': { examine_status: [{ dictKey: '0', dictValue: '待审核' }] },
    });
    expect(await dictionaryOptions('examine_status')).toEqual([{ label: '待审核', value: 0 }]);
    expect(await dictionaryOptions('examine_status')).toHaveLength(1);
    expect(calls).toEqual(['/blade-system/dict/dictionary?examine_status']);
  });

  it("reads a tenant's business dictionary from dict-biz when the system has no such code", async () => {
    const calls = answerDictionaries({
      '/blade-system/dict-biz/dictionary': { relation_type: [{ dictKey: '2', dictValue: '子女' }] },
    });
    expect(await dictionaryOptions('relation_type')).toEqual([{ label: '子女', value: 2 }]);
    expect(calls).toEqual(['/blade-system/dict/dictionary?relation_type', '/blade-system/dict-biz/dictionary?relation_type']);
  });

  it('shows the key of an entry without a value (the contract allows null), in both languages', async () => {
    answerDictionaries({
      '/blade-system/dict/dictionary': {
        sex: [
          { dictKey: '1', dictValue: '男' },
          { dictKey: '9', dictValue: null },
        ],
      },
    });
    expect(await dictionaryLabels('sex', 'zh')).toEqual([
      { dictKey: '1', dictValue: '男' },
      { dictKey: '9', dictValue: '9' },
    ]);
    expect(await dictionaryOptions('sex', 'en')).toEqual([
      { label: 'Male', value: 1 },
      { label: '9', value: 9 },
    ]);
  });
});

/** The examination queue lists through examine-list-page: its export reads the same call. */
describe('export through a screen’s own list call', () => {
  it('pages through listPath instead of /list', async () => {
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: URL) => {
        calls.push(url.pathname);
        const data = { records: [{ id: '1', name: '张三' }], total: 1, size: 1000, current: 1, pages: 1 };
        return new Response(JSON.stringify({ code: 200, success: true, data, msg: '' }));
      }),
    );
    const rows = await fetchAllRows('/system-property/mobile/owner', { gardenId: '9' }, undefined, '/examine-list-page');
    expect(rows).toEqual([{ id: '1', name: '张三' }]);
    expect(calls).toEqual(['/api/system-property/mobile/owner/examine-list-page']);
  });
});

/** A picker of cars shows the whole plate (京 + A + 12345), not its last part. */
describe('reference options', () => {
  it('joins several label keys, and falls back to the name for one key', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        const records = [{ id: '7', carArea: '京', carCity: 'A', carNumber: '12345', name: 'x' }];
        return new Response(JSON.stringify({ code: 200, success: true, data: { records }, msg: '操作成功' }));
      }),
    );
    const { PLATE } = await import('@property/domain');
    expect(await referenceOptions({ from: '/citizen-user/carlist/list', label: PLATE })).toEqual([
      { label: '京A12345', value: '7' },
    ]);
    expect(await referenceOptions({ from: '/citizen-user/carlist/list', label: 'missing' })).toEqual([
      { label: 'x', value: '7' },
    ]);
  });
});

/** A clerk's screens ask no list the server would refuse them (issue 11: no failing calls behind the scenes). */
describe('reference lists the user may not read', () => {
  afterEach(() => rememberReadable(null));

  it('asks the garden list of a holder of any garden-bound menu, not the owner list, nor lists without a rule', async () => {
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: URL) => {
        calls.push(url.pathname.replace(/^\/api/, ''));
        return new Response(
          JSON.stringify({ code: 200, success: true, data: { records: [{ id: '1', gardenName: '阳光花园' }] } }),
        );
      }),
    );
    // A repair clerk: the repair menu, no garden, owner or house menu.
    rememberReadable(readableFrom(new Set(['repair']), new Set()));
    expect(await referenceOptions(CHOICES.garden)).toEqual([{ label: '阳光花园', value: '1' }]);
    expect(await referenceOptions(CHOICES.owner)).toEqual([]);
    expect(await referenceOptions(CHOICES.house)).toEqual([]);
    // A picker call with a rule of its own (the role tree serves the user screen too) is left to the server.
    await referenceOptions({ from: '/blade-system/role/tree', tree: true });
    expect(calls).toEqual(['/system-property/garden/list', '/blade-system/role/tree']);
    // Holding only club menus: not the garden list either.
    rememberReadable(readableFrom(new Set(['club', 'clubbalance']), new Set()));
    expect(await referenceOptions(CHOICES.garden)).toEqual([]);
    expect(calls).toHaveLength(2);
  });
});
