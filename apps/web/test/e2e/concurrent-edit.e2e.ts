import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ApiClient } from '../../../server/test/client';
import { axeViolations, describeViolations } from './axe';
import { type E2E, hasBrowser, newContext, rowAction, screenshot, signIn, useE2E } from './browser';

/**
 * Two people editing one row (issue 13): the edit dialog sends back the updateTime it read, so of two
 * dialogs opened on the same post the second save is refused with the server's message (409
 * staleUpdate) instead of overwriting the first unseen; the dialog says so and offers to read the row
 * again, after which the save goes through.
 */
describe.skipIf(!hasBrowser)('two people editing one row', () => {
  let e2e: E2E;
  let page: Page;
  let url: string;
  useE2E((session) => ({ e2e, page, url } = session), { account: 'admin', password: 'admin' });

  const dialog = (p: Page) => p.locator('.ant-modal:visible', { hasText: '岗位名称' }).last();
  const nameInput = (p: Page) => dialog(p).getByLabel('岗位名称');
  const openEdit = async (p: Page) => {
    await p.goto(`${url}/system/post`);
    await rowAction(p, p.locator('.ant-table-row', { hasText: '首席技术官' }), '修改');
    await expect.poll(() => nameInput(p).inputValue()).toBe('首席技术官');
  };
  const save = (p: Page) =>
    dialog(p)
      .getByRole('button', { name: /确\s*定/ })
      .click();

  it('refuses the second save with the message and offers to reload; after reloading it saves', async () => {
    const other = await newContext(e2e.browser, { viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
    const second = await other.newPage();
    second.setDefaultTimeout(15_000);
    await signIn(second, url, 'admin', 'admin');
    await second.waitForURL('**/wel/index');

    await openEdit(page);
    await openEdit(second);
    await nameInput(page).fill('首席技术官甲');
    await save(page);
    await page.getByText('更新成功').waitFor();

    await nameInput(second).fill('首席技术官乙');
    await save(second);
    const refusal = second.locator('.ant-modal-confirm', { hasText: '该数据已被他人修改,请刷新后重试' });
    await refusal.waitFor();
    await expect.poll(() => refusal.textContent()).toContain('未能保存');
    // The edit dialog stays open under it, with what the second person typed.
    expect(await nameInput(second).inputValue()).toBe('首席技术官乙');
    expect(describeViolations('save refused', await axeViolations(second, '.ant-modal-confirm'))).toEqual([]);
    await screenshot(second, 'concurrent-edit-refused');
    // On a phone's width the refusal fits the screen.
    await second.setViewportSize({ width: 390, height: 844 });
    const box = await refusal.locator('.ant-modal-content').boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    await screenshot(second, 'concurrent-edit-refused-390');
    await second.setViewportSize({ width: 1440, height: 900 });

    // Nothing was overwritten: the row is the first person's.
    const reader = new ApiClient(url);
    await reader.signIn('admin', 'admin');
    const id = (await reader.get('/blade-system/post/list', { postName: '首席技术官甲' })).body.data.records[0].id;
    expect((await reader.get('/blade-system/post/detail', { id })).body.data.postName).toBe('首席技术官甲');

    // 重新加载: the dialog now shows the first person's save; entered again, the change goes through.
    await refusal.getByRole('button', { name: /重新加载/ }).click();
    await expect.poll(() => nameInput(second).inputValue()).toBe('首席技术官甲');
    await nameInput(second).fill('首席技术官乙');
    await save(second);
    await second.getByText('更新成功').waitFor();
    expect((await reader.get('/blade-system/post/detail', { id })).body.data.postName).toBe('首席技术官乙');

    // In English: the dialog and the server's message in the console's language.
    await second.evaluate(() => localStorage.setItem('saber-language', JSON.stringify({ content: 'en' })));
    await second.goto(`${url}/system/post`);
    await rowAction(second, second.locator('.ant-table-row', { hasText: '首席技术官乙' }), 'Edit');
    const english = second.locator('.ant-modal:visible', { hasText: 'Post name' }).last();
    await expect.poll(() => english.getByLabel('Post name').inputValue()).toBe('首席技术官乙');
    // Someone else saves meanwhile (a second later: updateTime counts whole seconds).
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect((await reader.post('/blade-system/post/submit', { id, postName: '首席技术官丙' })).status).toBe(200);
    await english.getByLabel('Post name').fill('CTO');
    await english.getByRole('button', { name: /^OK$/ }).click();
    const refusedEn = second.locator('.ant-modal-confirm', { hasText: 'Someone else changed this row meanwhile' });
    await refusedEn.waitFor();
    await expect.poll(() => refusedEn.textContent()).toContain('Not saved');
    await refusedEn.getByRole('button', { name: 'Reload' }).waitFor();
    await screenshot(second, 'concurrent-edit-refused-en');
    expect((await reader.get('/blade-system/post/detail', { id })).body.data.postName).toBe('首席技术官丙');
    await other.close();
  }, 180_000);
});
