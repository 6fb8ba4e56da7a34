import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { unzipSync } from 'fflate';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ApiClient } from '../../../server/test/client';
import { type E2E, hasBrowser, newContext, rowAction, screenshot, signIn, useE2E } from './browser';

/**
 * List screens as people read them, in Chromium: a reference shows its name in the table, 查看 and the
 * export alike; the actions column is as narrow as its links; at phone width (390 px) the sign-in card, the
 * lists and the header's tools stay within the screen.
 */
describe.skipIf(!hasBrowser)('list screens in Chromium', () => {
  let e2e: E2E;
  let page: Page;
  let url: string;

  useE2E((session) => ({ e2e, page, url } = session));

  const garden = () => page.locator('.ant-table-row', { hasText: '阳光花园' }).first();
  const dialog = () => page.locator('.ant-modal:visible').last();

  it("shows a garden's region by its name in the table, in 查看 and in the export", async () => {
    await signIn(page, url, 'admin', 'admin', '100001');
    await page.waitForURL('**/wel/index');
    await page.goto(`${url}/resource/garden`);
    await rowAction(page, garden(), '修改');
    await dialog()
      .locator('.ant-form-item', { has: page.getByLabel('所在地区', { exact: true }) })
      .locator('.ant-select-selector')
      .click();
    await page.locator('.ant-select-tree-title', { hasText: '北京市' }).first().click();
    await dialog()
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await page.getByText('更新成功').waitFor();
    // The table: the name, never the code ("11").
    const regionColumn = await page.locator('.ant-table-thead th').allInnerTexts();
    const cell = garden().locator('td').nth(regionColumn.indexOf('所在地区'));
    await expect.poll(() => cell.innerText()).toBe('北京市');
    await rowAction(page, garden(), '查看');
    await dialog().locator('.ant-descriptions-item', { hasText: '所在地区' }).getByText('北京市').waitFor();
    await expect(dialog().locator('.ant-descriptions-item', { hasText: '所在地区' }).innerText()).resolves.not.toContain('11');
    await dialog().locator('.ant-modal-close').click();
    await expect.poll(() => page.locator('.ant-modal:visible').count()).toBe(0);
    const downloading = page.waitForEvent('download');
    await page
      .locator('.ant-pro-table-list-toolbar')
      .getByRole('button', { name: /导\s*出/ })
      .click();
    const file = join(tmpdir(), `e2e-gardens-${Date.now()}.xlsx`);
    await (await downloading).saveAs(file);
    const strings = Buffer.from(unzipSync(new Uint8Array(readFileSync(file)))['xl/sharedStrings.xml']!).toString('utf8');
    expect(strings).toContain('北京市');
  });

  it('keeps the actions column as narrow as its links: three at most, the rest behind 更多', async () => {
    const links = garden().locator('td').last().getByRole('button');
    await expect(links.allInnerTexts()).resolves.toEqual(['查看', '修改', '更多']);
    const width = await page
      .locator('.ant-table-thead th')
      .last()
      .evaluate((th) => th.getBoundingClientRect().width);
    expect(width).toBeLessThan(200); // ProTable gave a fixed column without a width 200 px, wider than its links
    await garden()
      .getByRole('button', { name: /更\s*多/ })
      .click();
    const menu = page.locator('.row-actions-menu:visible');
    await menu.getByRole('button').first().waitFor();
    await expect(menu.getByRole('button').allInnerTexts()).resolves.toEqual(['管家配置', '删除', '变更历史']);
    await screenshot(page, 'lists-row-actions');
    await page.keyboard.press('Escape');
  });

  it('opens a row’s 变更历史: the change made above, who made it, the field before and after', async () => {
    await rowAction(page, garden(), '变更历史');
    const drawer = page.locator('.ant-drawer:visible');
    await drawer.getByText('阳光花园').first().waitFor();
    const change = drawer.locator('section', { hasText: '修改' }).first();
    await change.waitFor();
    await expect(change.innerText()).resolves.toContain('admin');
    const regionRow = change.locator('tr', { hasText: '所在地区' });
    await expect(regionRow.locator('td').last().innerText()).resolves.toBe('11');
    await screenshot(page, 'lists-row-history');
    await drawer.getByRole('button', { name: /close|关闭/i }).click();
    await expect.poll(() => page.locator('.ant-drawer:visible').count()).toBe(0);
  });

  it('searches 操作审计 (系统管理): the change by its data type, its fields before and after', async () => {
    // A change of another data type (a post), which the search by 小区 must leave out.
    const other = new ApiClient(url);
    await other.signIn('admin', 'admin', '100001');
    expect(
      (await other.post('/blade-system/post/submit', { category: 1, postCode: 'audit-e2e', postName: '审计岗位' })).status,
    ).toBe(200);
    await page.goto(`${url}/system/audit`);
    await page.locator('.ant-table-row', { hasText: '岗位' }).first().waitFor();
    // The data type is picked by its name, not typed as the definition's.
    const search = page.locator('.ant-pro-query-filter');
    await search.getByLabel('数据类型').click();
    await page.keyboard.type('小区');
    await page.locator('.ant-select-item-option:visible', { hasText: /^小区$/ }).click();
    await search.getByRole('button', { name: /查\s*询/ }).click();
    await expect.poll(() => page.locator('.ant-table-row', { hasText: '岗位' }).count()).toBe(0);
    const change = page.locator('.ant-table-row', { hasText: '小区' }).first();
    await change.waitFor();
    await expect(change.innerText()).resolves.toContain('admin');
    await rowAction(page, change, '变更内容');
    const drawer = page.locator('.ant-drawer:visible');
    await drawer.locator('tr', { hasText: '所在地区' }).waitFor();
    await screenshot(page, 'system-audit');
    await page.keyboard.press('Escape');
    await expect.poll(() => page.locator('.ant-drawer:visible').count()).toBe(0);
  });

  it('fits a phone (390 px): the sign-in card with its language switch, the list, the header tools', async () => {
    const context = await newContext(e2e.browser, { viewport: { width: 390, height: 844 }, locale: 'zh-CN', hasTouch: true });
    const phone = await context.newPage();
    phone.setDefaultTimeout(15_000);
    const pageWidth = () => phone.evaluate(() => document.documentElement.scrollWidth);
    await phone.goto(`${url}/login`);
    await phone.getByRole('button', { name: /登\s*录/ }).waitFor();
    expect(await pageWidth()).toBe(390);
    const language = await phone.getByRole('button', { name: '语言' }).boundingBox();
    expect(language!.x + language!.width).toBeLessThanOrEqual(390);
    await screenshot(phone, 'lists-phone-login');

    await signIn(phone, url, 'admin', 'admin', '100001');
    await phone.waitForURL('**/wel/index');
    await phone.goto(`${url}/resource/garden`);
    const row = phone.locator('.ant-table-row', { hasText: '阳光花园' }).first();
    await row.waitFor();
    expect(await pageWidth()).toBe(390);
    // The data shows beside one narrow ⋯ button, which holds the actions.
    const actions = phone.locator('.ant-table-thead th').last();
    expect((await actions.boundingBox())!.width).toBeLessThanOrEqual(64);
    const name = await row.getByText('阳光花园').boundingBox();
    expect(name!.x + name!.width).toBeLessThan((await actions.boundingBox())!.x);
    await row.getByRole('button', { name: '操作' }).click();
    await phone
      .locator('.row-actions-menu:visible')
      .getByRole('button', { name: /查\s*看/ })
      .waitFor();
    await screenshot(phone, 'lists-phone-gardens');
    // 变更历史 from the same menu: the drawer fits the phone.
    await phone.locator('.row-actions-menu:visible').getByRole('button', { name: '变更历史' }).click();
    await phone.locator('.ant-drawer:visible').locator('tr', { hasText: '所在地区' }).waitFor();
    expect(await pageWidth()).toBe(390);
    await screenshot(phone, 'lists-phone-history');
    await phone.keyboard.press('Escape');
    await expect.poll(() => phone.locator('.ant-drawer:visible').count()).toBe(0);
    // Every header tool shows within the screen: the picker, search, notices, the user (its avatar) and ⋯ holding
    // the others (a row scrolling sideways hid the language switch and the user menu past the edge).
    const tools = phone.locator('.console-actions button');
    await phone.locator('.console-actions .header-more').waitFor();
    for (const box of await tools.evaluateAll((buttons) => buttons.map((b) => b.getBoundingClientRect().toJSON() as DOMRect)))
      expect(box.x >= 0 && box.x + box.width <= 390, JSON.stringify(box)).toBe(true);
    await phone.getByRole('button', { name: '管理员' }).click();
    await phone.getByRole('menuitem', { name: '退出登录' }).waitFor();
    await phone.keyboard.press('Escape');
    await phone.getByRole('button', { name: '更多' }).click();
    const more = phone.locator('.ant-dropdown:visible .ant-dropdown-menu').first();
    await expect
      .poll(() => more.getByRole('menuitem').allInnerTexts())
      .toEqual(['换色', '错误日志', '锁屏', '主题', '语言', '全屏']);
    await screenshot(phone, 'lists-phone-header-more');
    // Its language entry switches the console, as the switch beside the others does on a wider screen.
    await more.getByRole('menuitem', { name: '语言' }).click();
    await phone.getByRole('menuitem', { name: 'English' }).click();
    await phone.locator('.console-top-menus').getByText('All menus').waitFor();
    await phone.getByRole('button', { name: 'More' }).click();
    await phone.getByRole('menuitem', { name: 'Language' }).click();
    await phone.getByRole('menuitem', { name: '中文' }).click();
    await phone.locator('.console-top-menus').getByText('全部菜单').waitFor();
    // 换色 opens the colour panel from the same menu.
    await phone.getByRole('button', { name: '更多' }).click();
    await phone.getByRole('menuitem', { name: '换色' }).click();
    await phone.locator('.ant-color-picker-panel:visible').waitFor();
    await screenshot(phone, 'lists-phone-colour');
    await phone.mouse.click(40, 800);
    await expect.poll(() => phone.locator('.ant-color-picker-panel:visible').count()).toBe(0);
    // The sidebar takes no width until opened, then lies over the page and closes once a page is chosen.
    expect((await phone.locator('.console-sider').boundingBox())?.width ?? 0).toBe(0);
    await phone.locator('.console-toggle').click();
    await phone.locator('.console-sider').getByText('住户管理').click();
    await phone.locator('.console-sider').getByRole('link', { name: '业主管理' }).click();
    await phone.waitForURL('**/citizen/owner**');
    await expect.poll(async () => (await phone.locator('.console-sider').boundingBox())?.width ?? 0).toBe(0);
    await context.close();
  });
});
