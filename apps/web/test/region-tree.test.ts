import { describe, expect, it } from 'vitest';
import { replaceLevel } from '../src/modules/system/RegionScreen';

const node = (key: string, extra: Record<string, unknown> = {}) => ({ key, title: key, isLeaf: true, ...extra });

describe('region tree: one level re-read after a save', () => {
  it('puts a new child under a parent that had none, and opens it up', () => {
    const tree = [node('11'), node('12')];
    const next = replaceLevel(tree, '11', [node('1101')]);
    expect(next[0]).toMatchObject({ key: '11', isLeaf: false, children: [{ key: '1101' }] });
    expect(next[1]).toBe(tree[1]);
  });

  it('keeps the levels already opened below the re-read one', () => {
    const tree = [node('11', { isLeaf: false, children: [node('1101', { isLeaf: false, children: [node('110101')] })] })];
    const next = replaceLevel(tree, '11', [node('1101'), node('1102')]);
    expect(next[0].children?.map((n) => n.key)).toEqual(['1101', '1102']);
    expect(next[0].children?.[0].children?.map((n) => n.key)).toEqual(['110101']);
  });

  it('re-reads the top level in place, and a removed node goes away', () => {
    const tree = [node('11', { isLeaf: false, children: [node('1101')] }), node('12')];
    const next = replaceLevel(tree, '00', [node('11')]);
    expect(next.map((n) => n.key)).toEqual(['11']);
    expect(next[0].children?.map((n) => n.key)).toEqual(['1101']);
  });

  it('marks a parent whose last child was removed as a leaf', () => {
    const tree = [node('11', { isLeaf: false, children: [node('1101')] })];
    expect(replaceLevel(tree, '11', [])[0]).toMatchObject({ isLeaf: true, children: [] });
  });
});
