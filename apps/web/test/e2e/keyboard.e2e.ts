import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { animationsEnded, hasBrowser, screenshot, useE2E, waitForPath } from './browser';

/**
 * A person's day by keyboard alone (issue 19): no click, no locator's fill, only Tab, Shift+Tab, arrows, Enter,
 * Space, Esc and typing. Each step asserts where focus is and leaves a screenshot showing its ring
 * (artifacts/screenshots/kb-*.png).
 */
describe.skipIf(!hasBrowser)('the console by keyboard alone', () => {
  let page: Page;
  let url: string;

  useE2E((session) => ({ page, url } = session));

  /** The focused element: its accessible name as people read it, and what it is. */
  const focused = () =>
    page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      return {
        name: (el?.getAttribute('aria-label') ?? el?.getAttribute('placeholder') ?? el?.textContent ?? '')
          .replace(/\s+/g, '')
          .trim(),
        tag: el?.tagName.toLowerCase() ?? '',
        row: el?.closest('tr')?.textContent ?? '',
        dataRow: !!el?.closest('tr[data-row-key]'),
        inToolbar: !!el?.closest('.ant-pro-table-list-toolbar'),
        inDialog: !!el?.closest('.ant-modal-wrap'),
        inTree: !!el?.closest('.ant-tree'),
        formItem: el?.closest('.ant-form-item')?.querySelector('label')?.textContent ?? '',
      };
    });
  /** A screenshot once the page's animations have ended (a popup fading in is not yet there to see). */
  const shot = async (name: string) => {
    await animationsEnded(page);
    await screenshot(page, name);
  };
  /** Presses Tab (or Shift+Tab) until focus is on what `wanted` accepts; fails after `max` presses. */
  const tabTo = async (wanted: (f: Awaited<ReturnType<typeof focused>>) => boolean, { back = false, max = 150 } = {}) => {
    for (let i = 0; i < max; i++) {
      if (wanted(await focused())) return;
      await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    }
    throw new Error(`focus never reached the control after ${max} presses; last on ${JSON.stringify(await focused())}`);
  };
  const named = (name: string) => (f: { name: string }) => f.name === name.replace(/\s+/g, '');
  /**
   * Waits for an opened dialog to take focus (from its first frame, app/dialog-focus.ts; a11y-focus.e2e.ts
   * presses Tab during the opening animation itself).
   */
  const dialogFocused = () => expect.poll(async () => (await focused()).inDialog).toBe(true);
  /** Waits for an opened menu to take focus (it does once shown): keys pressed before would go to its button. */
  const menuFocused = () => expect.poll(() => page.evaluate(() => !!document.activeElement?.closest('.ant-dropdown'))).toBe(true);
  /** Presses ArrowDown in an open menu until focus is on the entry `wanted` accepts (the menu wraps round). */
  const arrowTo = async (wanted: (f: Awaited<ReturnType<typeof focused>>) => boolean, max = 10) => {
    for (let i = 0; i < max; i++) {
      const before = await page.evaluateHandle(() => document.activeElement);
      await page.keyboard.press('ArrowDown');
      // rc-menu moves focus in the next animation frame: the next press counts from where this one landed.
      await page.waitForFunction((el) => document.activeElement !== el, before, { timeout: 2000 }).catch(() => undefined);
      await before.dispose();
      if (wanted(await focused())) return;
    }
    throw new Error(`no menu entry accepted after ${max} presses; last on ${JSON.stringify(await focused())}`);
  };

  it('signs in', async () => {
    await page.goto(`${url}/login`);
    await page.getByPlaceholder('租户编号').waitFor();
    await tabTo(named('租户编号'));
    await page.keyboard.press('Control+A');
    await page.keyboard.type('000000');
    await page.keyboard.press('Tab');
    expect((await focused()).name).toBe('账号');
    await page.keyboard.type('admin');
    await page.keyboard.press('Tab');
    await page.keyboard.type('admin');
    await shot('kb-01-sign-in');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/wel/index');
  });

  it('skips to the content, then opens the post list from the menu search', async () => {
    // The skip link is the first stop of the page.
    await page.locator('.console-actions .header-tool').first().waitFor();
    await tabTo(named('跳到主要内容'), { max: 3 });
    await shot('kb-02-skip-link');
    await tabTo(named('搜索菜单'));
    await shot('kb-03-search-button');
    await page.keyboard.press('Enter');
    await expect.poll(async () => await focused()).toMatchObject({ name: '搜索菜单', tag: 'input' });
    await page.keyboard.type('岗位');
    await page.locator('.menu-search-result').first().waitFor();
    await shot('kb-04-search-results');
    await page.keyboard.press('Enter');
    await waitForPath(page, '/system/post');
    await page.locator('.ant-table-row').first().waitFor();
    expect(await page.locator('.ant-modal-wrap:visible').count()).toBe(0);
  });

  it('adds a post: a refused save focuses the first field in error, a saved one returns to 新增', async () => {
    await tabTo((f) => f.inToolbar && f.name === '新增');
    await shot('kb-05-add-button');
    await page.keyboard.press('Enter');
    await page.locator('.ant-modal-wrap:visible').waitFor();
    await dialogFocused();
    await tabTo((f) => f.inDialog && f.name === '确定');
    await page.keyboard.press('Enter');
    await page.getByText('请选择岗位类型').waitFor();
    await expect.poll(async () => (await focused()).formItem).toBe('岗位类型');
    await shot('kb-06-first-error-focused');
    // The type: a select, opened and picked with the arrows.
    await page.keyboard.press('ArrowDown');
    await page.locator('.ant-select-dropdown:visible').waitFor();
    await page.keyboard.press('Enter');
    await tabTo((f) => f.formItem === '岗位编号');
    await page.keyboard.type('kb-001');
    await tabTo((f) => f.formItem === '岗位名称');
    await page.keyboard.type('键盘岗位');
    await tabTo((f) => f.inDialog && f.name === '确定');
    await page.keyboard.press('Enter');
    await page.getByText('新增成功').waitFor();
    await expect.poll(async () => await focused()).toMatchObject({ name: '新增', inToolbar: true });
    await shot('kb-07-added-focus-back');
  });

  it('edits the new post and comes back to its row', async () => {
    await page.locator('.ant-table-row', { hasText: 'kb-001' }).waitFor();
    await tabTo((f) => f.name === '修改' && f.row.includes('kb-001'), { max: 250 });
    await page.keyboard.press('Enter');
    await page.locator('.ant-modal-wrap:visible').waitFor();
    await dialogFocused();
    await tabTo((f) => f.formItem === '岗位名称');
    await expect.poll(() => page.evaluate(() => (document.activeElement as HTMLInputElement).value)).toBe('键盘岗位');
    await page.keyboard.press('Control+A');
    await page.keyboard.type('键盘岗位二');
    await shot('kb-08-edit-dialog');
    await tabTo((f) => f.inDialog && f.name === '确定');
    await page.keyboard.press('Enter');
    await page.getByText('更新成功').waitFor();
    await page.locator('.ant-table-row', { hasText: '键盘岗位二' }).waitFor();
    await expect.poll(async () => await focused()).toMatchObject({ name: '修改' });
    expect((await focused()).row).toContain('kb-001');
    await shot('kb-09-edited-focus-back');
  });

  it('deletes it with the confirmation; focus goes to the toolbar, the row being gone', async () => {
    await tabTo((f) => f.name === '删除' && f.row.includes('kb-001'));
    await page.keyboard.press('Enter');
    await page.locator('.ant-modal-confirm').waitFor();
    await dialogFocused();
    await tabTo((f) => f.inDialog && f.name === '确定');
    await shot('kb-10-delete-confirm');
    await page.keyboard.press('Enter');
    await page.getByText('删除成功').waitFor();
    await expect.poll(() => page.locator('.ant-table-row', { hasText: 'kb-001' }).count()).toBe(0);
    await expect.poll(async () => (await focused()).inToolbar).toBe(true);
    await shot('kb-11-deleted-focus-toolbar');
  });

  it("reaches a row's 更多 actions by Tab; ticks a role grant by Space and Enter in its tree; Esc returns to 权限设置", async () => {
    await tabTo(named('搜索菜单'), { back: true });
    await page.keyboard.press('Enter');
    await expect.poll(async () => await focused()).toMatchObject({ name: '搜索菜单', tag: 'input' });
    await page.keyboard.type('角色管理');
    await page.locator('.menu-search-result').first().waitFor();
    await page.keyboard.press('Enter');
    await waitForPath(page, '/authority/role');
    await page.locator('.ant-table-row').first().waitFor();
    // A row's 更多: its menu lies at the end of the page, Tab from the button enters it, Esc comes back.
    await tabTo((f) => f.name === '更多' && f.dataRow);
    await page.keyboard.press('Enter');
    await page.locator('.row-actions-menu:visible').waitFor();
    await page.keyboard.press('Tab');
    await expect.poll(() => page.evaluate(() => !!document.activeElement?.closest('.row-actions-menu'))).toBe(true);
    await shot('kb-12-row-more-menu');
    await page.keyboard.press('Escape');
    await expect.poll(async () => await focused()).toMatchObject({ name: '更多', dataRow: true });
    await expect.poll(() => page.locator('.row-actions-menu:visible').count()).toBe(0);
    await tabTo((f) => f.tag === 'input' && f.name.startsWith('选择') && f.dataRow, { back: true });
    await page.keyboard.press('Space');
    await tabTo((f) => f.inToolbar && f.name === '权限设置');
    await page.keyboard.press('Enter');
    const tree = page.locator('.ant-modal-wrap:visible .ant-tree').first();
    await tree.locator('.ant-tree-treenode:not([aria-hidden="true"])').first().waitFor();
    await dialogFocused();
    await tabTo((f) => f.inTree);
    // The tree's focus field is named by its dialog and tab (rc-tree's own name is "for screen reader").
    expect(
      await page.evaluate(() =>
        (document.activeElement?.getAttribute('aria-labelledby') ?? '')
          .split(' ')
          .map((id) => document.getElementById(id)?.textContent),
      ),
    ).toEqual(['权限设置', '菜单权限']);
    // The arrows make an entry active (ringed); Space ticks or unticks it, Enter too.
    await page.keyboard.press('ArrowDown');
    const active = tree.locator('.ant-tree-treenode-active');
    await active.waitFor();
    const ticked = () => active.locator('.ant-tree-checkbox-checked').count();
    const before = await ticked();
    await page.keyboard.press('Space');
    await expect.poll(ticked).toBe(1 - before);
    await shot('kb-13-grant-tree-space');
    await page.keyboard.press('Enter');
    await expect.poll(ticked).toBe(before);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.locator('.ant-modal-wrap:visible').count()).toBe(0);
    await expect.poll(async () => await focused()).toMatchObject({ name: '权限设置', inToolbar: true });
  });

  it('switches the language from the header', async () => {
    await tabTo(named('语言'), { back: true });
    await shot('kb-14-language-button');
    await page.keyboard.press('Enter');
    await menuFocused();
    // The entry is found by its name, whatever the menu's order or where its focus starts.
    await arrowTo(named('English'));
    await shot('kb-15-english-entry');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('en');
    await shot('kb-16-english');
  });

  it('opens the notices from the bell, reaches its tabs by Tab and comes back with Esc', async () => {
    await tabTo(named('Notifications'), { back: true });
    await page.keyboard.press('Enter');
    await page.locator('.ant-popover:visible').waitFor();
    await page.keyboard.press('Tab');
    await expect
      .poll(() =>
        page.evaluate(() => document.activeElement?.closest('.ant-popover') && document.activeElement.getAttribute('role')),
      )
      .toBe('tab');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('.ant-popover [role="tab"][aria-selected="true"]').textContent()).toContain('Messages');
    await shot('kb-17-notices-tabs');
    await page.keyboard.press('Escape');
    await expect.poll(async () => (await focused()).name).toBe('Notifications');
    await expect.poll(() => page.locator('.ant-popover:visible').count()).toBe(0);
  });

  it('locks and unlocks the screen', async () => {
    await tabTo(named('Lock screen'), { back: true });
    await page.keyboard.press('Enter');
    await page.locator('.ant-modal-wrap:visible input[type="password"]').waitFor();
    await expect.poll(async () => await focused()).toMatchObject({ tag: 'input', inDialog: true });
    await shot('kb-18-lock-dialog');
    await page.keyboard.type('kb-lock');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/lock');
    await expect.poll(async () => (await focused()).tag).toBe('input');
    await shot('kb-19-locked');
    await page.keyboard.type('kb-lock');
    await page.keyboard.press('Enter');
    await waitForPath(page, '/authority/role');
    await shot('kb-20-unlocked');
  });

  it('signs out from the user menu', async () => {
    await tabTo((f) => f.tag === 'button' && (f.name.includes('admin') || f.name.includes('管理员')), { back: true });
    await page.keyboard.press('Enter');
    await menuFocused();
    await arrowTo(named('Logout'));
    await page.keyboard.press('Enter');
    await page.locator('.ant-modal-confirm').waitFor();
    await dialogFocused();
    await shot('kb-21-sign-out-confirm');
    await tabTo((f) => f.inDialog && f.name === 'OK');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/login');
    await shot('kb-22-signed-out');
  });
});
