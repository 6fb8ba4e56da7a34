import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations, describeViolations } from './axe';
import { animationsEnded, hasBrowser, screenshot, useE2E } from './browser';

/**
 * Accessibility leftovers (issues 19, 11), each checked where people meet it: the trees of pages (regions,
 * departments, houses) are named in the console's language rather than rc-tree's English "for screen reader",
 * a Tab pressed while a dialog is still opening stays in the dialog, and an open select list in a dialog
 * passes axe (its drawn options carried `aria-selected` without a role).
 */
describe.skipIf(!hasBrowser)('tree names and dialog focus', () => {
  let page: Page;
  let url: string;

  useE2E((session) => ({ page, url } = session), { account: 'admin', password: 'admin' });

  /** The page's tree's focus field, found by the name a screen reader reads for it. */
  const treeField = (name: string) =>
    page.locator('#main-content .ant-tree').getByRole('textbox', { name, exact: true, includeHidden: true });
  const TREES = [
    ['/base/region', '行政区划', 'Regions'],
    ['/system/user', '全部部门', 'All departments'],
    ['/resource/house', '小区楼栋', 'Gardens and buildings'],
  ] as const;

  it('names each page tree in Chinese, then in English, never "for screen reader"', async () => {
    for (const [path, zh] of TREES) {
      await page.goto(`${url}${path}`);
      await page.locator('#main-content .ant-tree').first().waitFor();
      await expect.poll(() => treeField(zh).count(), { message: `${path} ${zh}` }).toBe(1);
      expect(await treeField('for screen reader').count()).toBe(0);
    }
    await page.evaluate(() => localStorage.setItem('saber-language', JSON.stringify({ content: 'en' })));
    for (const [path, , en] of TREES) {
      await page.goto(`${url}${path}`);
      await page.locator('#main-content .ant-tree').first().waitFor();
      await expect.poll(() => treeField(en).count(), { message: `${path} ${en}` }).toBe(1);
    }
    await page.evaluate(() => localStorage.setItem('saber-language', JSON.stringify({ content: 'zh' })));
  });

  it('keeps a Tab pressed during the dialog opening animation inside the dialog', async () => {
    // The window asks for motion (the tests' windows ask for less, browser.ts newContext): the zoom is what is tested.
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    // Animations at a twentieth of their speed: the 0.3 s zoom lasts 6 s, so the keys below land while it runs.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Animation.enable');
    try {
      for (const key of ['Tab', 'Shift+Tab']) {
        // The role grant dialog: nothing in it takes focus by itself (a form's first field would).
        await page.goto(`${url}/authority/role`);
        await page.locator('#main-content .ant-table-row').first().getByRole('checkbox').check();
        await page
          .locator('#main-content .ant-pro-table-list-toolbar')
          .getByRole('button', { name: /权限设置/ })
          .focus();
        await cdp.send('Animation.setPlaybackRate', { playbackRate: 0.05 });
        const dialog = page.locator('.ant-modal-wrap:visible .ant-modal');
        const opening = () => dialog.evaluate((el) => el.getAnimations().some((a) => a.playState === 'running'));
        // The key must land while the dialog opens: on a busy machine the dialog can appear with its zoom already
        // over (its content took longer to draw than the slowed zoom lasts); it is closed and opened again then.
        for (let attempt = 1; ; attempt++) {
          await page.keyboard.press('Enter');
          await dialog.waitFor();
          if ((await opening()) || attempt === 3) break;
          await cdp.send('Animation.setPlaybackRate', { playbackRate: 1 });
          await page.keyboard.press('Escape');
          await dialog.waitFor({ state: 'hidden' });
          await page
            .locator('#main-content .ant-pro-table-list-toolbar')
            .getByRole('button', { name: /权限设置/ })
            .focus();
          await cdp.send('Animation.setPlaybackRate', { playbackRate: 0.05 });
        }
        expect(await opening(), `opening before ${key}`).toBe(true);
        await page.keyboard.press(key);
        expect(await page.evaluate(() => !!document.activeElement?.closest('.ant-modal-wrap')), key).toBe(true);
        expect(await opening(), `opening after ${key}`).toBe(true);
        await cdp.send('Animation.setPlaybackRate', { playbackRate: 1 });
      }
    } finally {
      await cdp.send('Animation.setPlaybackRate', { playbackRate: 1 });
      await cdp.detach();
      await page.emulateMedia({ reducedMotion: 'reduce' });
    }
  });

  it('opens a dialog without its zoom when less motion is asked for, and with it otherwise, the setting followed live', async () => {
    await page.goto(`${url}/system/post`);
    await page.locator('#main-content .ant-table-row').first().waitFor();
    const toolbar = page.locator('#main-content .ant-pro-table-list-toolbar');
    const dialog = page.locator('.ant-modal-wrap:visible .ant-modal');
    // Every keyframe animation that starts inside a dialog (its zoom; not the transitions of what takes focus in it).
    await page.evaluate(() => {
      const seen: string[] = ((window as unknown as { dialogAnimations: string[] }).dialogAnimations = []);
      document.addEventListener(
        'animationstart',
        (e) => void ((e.target as Element).closest('.ant-modal') && seen.push(e.animationName)),
        { capture: true },
      );
    });
    const started = () => page.evaluate(() => (window as unknown as { dialogAnimations: string[] }).dialogAnimations.length);
    const open = async () => {
      await toolbar.getByRole('button', { name: /新\s*增/ }).click();
      await dialog.waitFor();
    };
    const close = async () => {
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
    };
    await open();
    // A zoom starts within a few frames of the dialog's first drawing: a second on, none has.
    await page.waitForTimeout(1_000);
    expect(await started(), 'with less motion asked for').toBe(0);
    await close();
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    try {
      await open();
      await expect.poll(started, { message: 'with motion' }).toBeGreaterThan(0);
      await close();
    } finally {
      await page.emulateMedia({ reducedMotion: 'reduce' });
    }
  });

  it('passes axe with a select list open in a dialog, an option chosen', async () => {
    await page.goto(`${url}/system/user`);
    await page.locator('#main-content .ant-table-row').first().waitFor();
    await page
      .locator('#main-content .ant-pro-table-list-toolbar')
      .getByRole('button', { name: /新\s*增/ })
      .click();
    const dialog = page.locator('.ant-modal-wrap:visible .ant-modal');
    const select = dialog.getByRole('combobox', { name: '用户性别' });
    // By keyboard, once the dialog has settled: a click lands on whatever is drawn over the field at that moment.
    await animationsEnded(page);
    await select.focus();
    await page.keyboard.press('ArrowDown');
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect.poll(() => select.getAttribute('aria-expanded')).toBe('false');
    // Open again: the chosen option is drawn selected, and the hidden listbox holds it as the active option.
    await page.keyboard.press('ArrowDown');
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option-selected').waitFor();
    await expect.poll(() => page.locator('[role="listbox"] [role="option"][aria-selected="true"]').count()).toBe(1);
    await animationsEnded(page);
    await screenshot(page, 'a11y-select-open');
    const violations = await axeViolations(page);
    // The list was open for the whole scan.
    expect(await select.getAttribute('aria-expanded')).toBe('true');
    expect(describeViolations('select list open in a dialog', violations)).toEqual([]);
    // The drawn options carry no ARIA state without a role (what axe found critical).
    expect(await page.locator('.ant-select-item-option[aria-selected]:not([role])').count()).toBe(0);
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
  });
  it("draws antd's static confirmations in the console's theme, passing axe (the sign-out question)", async () => {
    await page.goto(`${url}/system/user`);
    const primary = page.locator('#main-content .ant-pro-table-list-toolbar .ant-btn-primary').first();
    await primary.waitFor();
    const consoleFill = await primary.evaluate((el) => getComputedStyle(el).backgroundColor);
    await page.locator('.user-name').click();
    await page.getByRole('menuitem', { name: '退出登录' }).click();
    const confirmation = page.locator('.ant-modal-confirm');
    const ok = confirmation.getByRole('button', { name: /确\s*定/ });
    await ok.waitFor();
    await animationsEnded(page);
    // Modal.confirm renders outside the console's providers; without ConfigProvider.config's holder it is antd's blue.
    expect(await ok.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(consoleFill);
    expect(describeViolations('sign-out confirmation', await axeViolations(page, '.ant-modal-confirm'))).toEqual([]);
    await confirmation.getByRole('button', { name: /取\s*消/ }).click();
    await confirmation.waitFor({ state: 'hidden' });
    expect(new URL(page.url()).pathname).toBe('/system/user');
  });
});
