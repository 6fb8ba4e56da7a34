import { describe, expect, it } from 'vitest';
import { ENTITIES, routesOf } from '@property/domain';
import type { MenuNode } from '../src/app/menus';
import { firstListCall } from '../src/crud/first-list-call';
import { menuNode as menu } from './menu-fixture';

const MENUS: MenuNode[] = [
  {
    ...menu('system', '/system'),
    children: [
      menu('post', '/system/post'),
      menu('dept', '/system/dept'),
      menu('garden', '/resource/garden'),
      // The contract allows a menu without a code: it opens no generic screen.
      menu('nocode', '/system/nocode', { code: null }),
    ],
  },
];
const call = (path: string, search = '') => firstListCall(MENUS, path, new URLSearchParams(search));

describe('the first list call asked for before a screen has loaded', () => {
  it("is the generic screen's first page, as the address gives it or 10 rows", () => {
    expect(call('/system/post')).toMatchObject({ path: '/blade-system/post/list', params: { current: 1, size: 10 } });
    expect(call('/system/post')?.entity.name).toBe('post');
    expect(call('/system/post', '?current=3&size=50')).toMatchObject({
      path: '/blade-system/post/list',
      params: { current: 3, size: 50 },
    });
  });

  it("is none where the screen's first call differs: filters in the address, a tree, a module's own screen, no menu", () => {
    expect(call('/system/post', '?current=1&postName_like=a')).toBeUndefined();
    expect(call('/system/dept')).toBeUndefined();
    expect(call('/resource/garden')).toBeUndefined();
    expect(call('/system/nothing')).toBeUndefined();
    expect(call('/system/nocode')).toBeUndefined();
  });
});

describe('the screen a menu opens', () => {
  it('is the main entity of a permission code several entities share (bills, not their lines)', async () => {
    const { SCREEN_BY_CODE } = await import('../src/app/screen-entity');
    expect(SCREEN_BY_CODE.get('paymentbill')?.name).toBe('paymentBill');
    // 收费项目 lists charge items, not their bindings or meter readings; 车位管理 the parking spaces, not the cars in them.
    expect(SCREEN_BY_CODE.get('paymentitems')?.name).toBe('paymentItem');
    expect(SCREEN_BY_CODE.get('parkingspace')?.name).toBe('parkingSpace');
  });

  it('is the entity named like the code wherever one is, so a definition added before it cannot take its menu', async () => {
    const { SCREEN_BY_CODE } = await import('../src/app/screen-entity');
    const named = ENTITIES.filter((e) => routesOf(e).includes('list') && e.name.toLowerCase() === e.permission);
    expect(named.length).toBeGreaterThan(20);
    for (const entity of named) expect(SCREEN_BY_CODE.get(entity.permission)?.name, entity.permission).toBe(entity.name);
  });
});
