import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hasBrowser, rowAction, screenshot, signIn, signOut, useE2E } from './browser';

/**
 * Forms as a new user meets them, in Chromium: a picker that depends on another field offers only what fits
 * it, a plate's province is picked from the list, registration says each problem beside its field, and the
 * residents' app accounts have a screen with their profile and houses.
 */
describe.skipIf(!hasBrowser)('forms in Chromium', () => {
  let page: Page;
  let url: string;

  useE2E((session) => ({ page, url } = session));

  const dialog = () => page.locator('.ant-modal:visible').last();
  const ok = (scope: Locator) => scope.getByRole('button', { name: /^(确\s*定|保\s*存|提\s*交)$/ }).click();
  const item = (scope: Locator, label: string) =>
    scope.locator('.ant-form-item', { has: page.getByLabel(label, { exact: true }) });
  /** Opens the select labelled `label` and answers the texts of the options it offers. */
  const optionsOf = async (scope: Locator, label: string) => {
    await item(scope, label).locator('.ant-select-selector').click();
    const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
    await options.first().waitFor();
    return options.allInnerTexts();
  };
  const pick = (option: string) =>
    page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option }).first().click();
  /** A call with the page's session, as the console makes it. */
  const call = (path: string) =>
    page.evaluate(async (address) => {
      const token = decodeURIComponent(document.cookie.match(/saber-access-token=([^;]+)/)?.[1] ?? '');
      const answer = await fetch(`/api${address}`, { headers: { 'Blade-Auth': `bearer ${token}` } });
      return ((await answer.json()) as { data: unknown }).data;
    }, path);

  it('offers a family member only the houses of the owner chosen, and saves one of them', async () => {
    await signIn(page, url, 'admin', 'admin', '100001');
    await page.waitForURL('**/wel/index');
    // An owner of the header's garden with houses, and a house of that garden that is not theirs.
    type Row = { id: string; name?: string; houseName?: string };
    // The header's garden: the first of the list, on a fresh browser.
    const gardenId = ((await call('/system-property/garden/list?size=1')) as { records: Row[] }).records[0]!.id;
    const owners = ((await call(`/owner/list?size=50&gardenId=${gardenId}`)) as { records: Row[] }).records;
    let owner: Row | undefined;
    let theirs: string[] = [];
    for (const candidate of owners) {
      theirs = ((await call(`/community-resource/resource-search/search-house?ownerId=${candidate.id}`)) as Row[]).map(
        (h) => h.houseName!,
      );
      if (theirs.length > 0) {
        owner = candidate;
        break;
      }
    }
    expect(owner).toBeDefined();
    const houses = ((await call(`/community-resource/unithouse/list?size=50&gardenId=${gardenId}`)) as { records: Row[] })
      .records;
    const notTheirs = houses.map((h) => h.houseName!).find((name) => !theirs.includes(name))!;

    await page.goto(`${url}/citizen/family`);
    await page.locator('.ant-pro-table').waitFor();
    await page.getByRole('button', { name: /新\s*增/ }).click();
    const form = dialog();
    await item(form, '业主').locator('.ant-select-selector').click();
    await page.getByLabel('业主', { exact: true }).fill(owner!.name!);
    await pick(owner!.name!);
    await expect.poll(async () => (await optionsOf(form, '房屋')).sort()).toEqual([...theirs].sort());
    expect(await optionsOf(form, '房屋')).not.toContain(notTheirs);
    await screenshot(page, 'forms-family-houses');
    await pick(theirs[0]!);
    await form.getByLabel('姓名', { exact: true }).fill('表单测试家属');
    await item(form, '与业主关系').locator('.ant-select-selector').click();
    await pick('子女');
    await ok(form);
    await page.getByText('新增成功').first().waitFor();
    await page.locator('.ant-table-row', { hasText: '表单测试家属' }).getByText(theirs[0]!).waitFor();
  });

  it("picks a car plate's province from the list of abbreviations, not a free text box", async () => {
    await page.goto(`${url}/citizen/car`);
    await page.locator('.ant-pro-table').waitFor();
    await page.getByRole('button', { name: /新\s*增/ }).click();
    const form = dialog();
    const provinces = item(form, '车牌省份');
    await provinces.locator('.ant-select-selector').click();
    await page.getByLabel('车牌省份', { exact: true }).fill('沪');
    await expect.poll(() => page.locator('.ant-select-dropdown:visible .ant-select-item-option').allInnerTexts()).toEqual(['沪']);
    await pick('沪');
    await expect(provinces.locator('.ant-select-selection-item').innerText()).resolves.toBe('沪');
    // Something not on the list cannot be chosen: the box keeps only listed values.
    await provinces.locator('.ant-select-selector').click();
    await page.getByLabel('车牌省份', { exact: true }).fill('X');
    await page.locator('.ant-select-dropdown:visible .ant-empty').waitFor();
    await page.keyboard.press('Escape');
    await expect(provinces.locator('.ant-select-selection-item').innerText()).resolves.toBe('沪');
    await screenshot(page, 'forms-plate-province');
    await page.keyboard.press('Escape');
  });

  it("lists the residents' app accounts, each with its profile and its houses", async () => {
    await page.goto(`${url}/citizen/resident`);
    await page.locator('.ant-pro-table').waitFor();
    await expect(page.locator('.ant-pro-table-list-toolbar-title').innerText()).resolves.toBe('居民用户');
    await page.getByRole('button', { name: /新\s*增/ }).click();
    const form = dialog();
    await form.getByLabel('姓名', { exact: true }).fill('应用居民');
    await form.getByLabel('手机号码', { exact: true }).fill('13900001111');
    await ok(form);
    await page.getByText('新增成功').first().waitFor();
    const row = page.locator('.ant-table-row', { hasText: '应用居民' });
    await row.getByText('13900001111').waitFor();

    await rowAction(page, row, '资料');
    const profile = dialog();
    await profile.getByText('居民资料 - 应用居民').waitFor();
    await profile.getByLabel('真实姓名', { exact: true }).fill('应用居民甲');
    await ok(profile);
    await page.getByText('新增成功').first().waitFor();
    await rowAction(page, row, '资料');
    await expect.poll(() => dialog().getByLabel('真实姓名', { exact: true }).inputValue()).toBe('应用居民甲');
    await dialog()
      .getByRole('button', { name: /取\s*消/ })
      .click();

    await rowAction(page, row, '房屋');
    const drawer = page.locator('.ant-drawer-content:visible');
    await drawer.getByText('居民房屋 - 应用居民').waitFor();
    await drawer.getByRole('button', { name: /新\s*增/ }).click();
    const link = dialog();
    await item(link, '房屋').locator('.ant-select-selector').click();
    await page.getByLabel('房屋', { exact: true }).fill('1栋1单元0101');
    await pick('1栋1单元0101');
    await item(link, '住户类型').locator('.ant-select-selector').click();
    await pick('业主');
    await ok(link);
    await page.getByText('新增成功').first().waitFor();
    await drawer.locator('.ant-table-row', { hasText: '1栋1单元0101' }).waitFor();
    await screenshot(page, 'forms-resident-houses');
    await drawer.locator('.ant-drawer-close').click();
    await expect.poll(() => page.locator('.ant-drawer-content:visible').count()).toBe(0);
  });

  it('says each registration problem beside its field, with the required ones marked', async () => {
    await signOut(page);
    // The earlier tests' 新增成功 may still be showing (3 s): the form's own checks must add none.
    await expect.poll(() => page.locator('.ant-message-notice').count(), { timeout: 10_000 }).toBe(0);
    await page.getByRole('button', { name: '账号注册' }).click();
    const form = dialog();
    await form.getByLabel('租户编号').clear();
    await ok(form);
    const errors = form.locator('.ant-form-item-explain-error');
    await expect
      .poll(() => errors.allInnerTexts())
      .toEqual(['请先输入租户编号', '请先输入账号名称', '请先输入密码', '请先输入密码']);
    // 用户姓名 is optional: four marks for the four checked fields.
    await expect(form.locator('.ant-form-item-required').count()).resolves.toBe(4);
    await screenshot(page, 'forms-register-errors');
    await form.getByLabel('租户编号').fill('100001');
    await form.getByLabel('账号', { exact: true }).fill('newcomer');
    await form.getByLabel('密码', { exact: true }).fill('secret-1');
    await form.getByLabel('确认密码').fill('secret-2');
    await expect.poll(() => errors.allInnerTexts()).toEqual(['两次密码输入不一致']);
    await form.getByLabel('确认密码').fill('secret-1');
    await expect.poll(() => errors.count()).toBe(0);
    await expect(page.locator('.ant-message-notice').count()).resolves.toBe(0); // no toasts for a form's checks
  });
});
