import { describe, expect, it } from 'vitest';
import { MENUS, type MenuSeed } from '../../server/src/seed/data/menus';
import { hasScreen } from '../src/app/built-screens';

/** Every page the product's menus open (apps/server seed), each a leaf menu with a path, by its code. */
const pages = (menus: ReadonlyArray<MenuSeed>): MenuSeed[] =>
  menus.flatMap((m) => (m.children?.length ? pages(m.children) : m.path ? [m] : []));

describe('the seeded menus', () => {
  it('each open a working screen: a module’s own or the generic screen of its entity, never "under construction"', () => {
    const all = pages(MENUS);
    expect(all.length).toBeGreaterThan(80);
    expect(all.filter((m) => !hasScreen(m.code)).map((m) => `${m.code} ${m.path}`)).toEqual([]);
  });
});
