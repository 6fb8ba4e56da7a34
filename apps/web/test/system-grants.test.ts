import { describe, expect, it } from 'vitest';
import { lazyLevel, withChildren } from '../src/crud/CrudPage';
import { displayKeys, leafKeys, toggleKey, type GrantNode } from '../src/modules/system/check-tree';

// system ─┬─ user ─┬─ user_add
//         │        └─ user_edit
//         └─ param ── param_add
const TREE: GrantNode[] = [
  {
    key: 'system',
    children: [
      { key: 'user', children: [{ key: 'user_add' }, { key: 'user_edit' }] },
      { key: 'param', children: [{ key: 'param_add' }] },
    ],
  },
];
const sorted = (keys: Iterable<string>) => [...keys].sort();

describe('grant trees', () => {
  it('checking a screen grants its buttons and its group', () => {
    expect(sorted(toggleKey(TREE, new Set(), 'user', true))).toEqual(['system', 'user', 'user_add', 'user_edit']);
  });

  it('unchecking takes away the node and everything below, and leaves the group', () => {
    const all = new Set(['system', 'user', 'user_add', 'user_edit', 'param', 'param_add']);
    expect(sorted(toggleKey(TREE, all, 'user', false))).toEqual(['param', 'param_add', 'system']);
  });

  it('shows fully granted nodes checked and partly granted parents half-checked', () => {
    const shown = displayKeys(TREE, new Set(['system', 'user', 'user_add', 'user_edit', 'param']));
    expect(sorted(shown.checked)).toEqual(['user', 'user_add', 'user_edit']);
    // param is granted without its button: it stays granted and shows half-checked, as does the group.
    expect(sorted(shown.halfChecked)).toEqual(['param', 'system']);
  });

  it('keeps exactly what the server stored: a screen granted without buttons is neither dropped nor widened', () => {
    const stored = new Set(['system', 'param']);
    const shown = displayKeys(TREE, stored);
    expect(shown.checked).toEqual([]);
    expect(sorted(shown.halfChecked)).toEqual(['param', 'system']);
  });

  it('scope trees: menus only group scopes, so a menu with all its scopes shows checked and is not saved', () => {
    const scopes: GrantNode[] = [
      { key: 'm1', children: [{ key: 's1' }, { key: 's2' }] },
      { key: 'm2', children: [{ key: 's3' }] },
    ];
    const granted = toggleKey(scopes, new Set(['s3']), 'm1', true);
    expect(sorted(leafKeys(scopes, granted))).toEqual(['s1', 's2', 's3']);
    const fromServer = displayKeys(scopes, new Set(['s1', 's2', 's3']), true);
    expect(sorted(fromServer.checked)).toEqual(['m1', 'm2', 's1', 's2', 's3']);
    expect(displayKeys(scopes, new Set(['s1']), true).halfChecked).toEqual(['m1']);
  });

  it('an unknown key changes nothing', () => {
    expect(sorted(toggleKey(TREE, new Set(['param']), 'nope', true))).toEqual(['param']);
  });
});

describe('lazy tree tables', () => {
  it('gives rows with children an empty children list so they can be opened', () => {
    expect(lazyLevel([{ id: '1', hasChildren: true }, { id: '2' }])).toEqual([
      { id: '1', hasChildren: true, children: [] },
      { id: '2' },
    ]);
  });

  it('puts loaded children in place at any depth without changing the old tree', () => {
    const rows = [{ id: '1', children: [{ id: '11', hasChildren: true, children: [] }] }, { id: '2' }];
    const next = withChildren(rows, '11', [{ id: '111' }]);
    expect(next).toEqual([{ id: '1', children: [{ id: '11', hasChildren: true, children: [{ id: '111' }] }] }, { id: '2' }]);
    expect(rows[0]?.children?.[0]?.children).toEqual([]);
  });
});
