import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { confirm, hasBrowser, screenshot, signIn, signOut, useE2E, waitForPath } from './browser';

/**
 * The console in a real browser against the real server. Runs in order: one
 * signed-in session walks through the screens a platform administrator uses.
 */
describe.skipIf(!hasBrowser)('the console in Chromium', () => {
  let page: Page;
  let url: string;

  useE2E((session) => ({ page, url } = session));

  it('sends a visitor without a session to the sign-in page', async () => {
    await page.goto(`${url}/system/user`);
    await page.waitForURL('**/login');
    await page.getByRole('button', { name: /登\s*录/ }).waitFor();
    await expect(page.getByPlaceholder('验证码').count()).resolves.toBe(0);
    await screenshot(page, '01-login');
  });

  it('names each empty field below it and puts focus on the first, asking the server nothing', async () => {
    let asked = 0;
    const onRequest = (request: { url(): string }) => void (request.url().includes('/oauth/token') && asked++);
    page.on('request', onRequest);
    await page.goto(`${url}/login`);
    await page.getByPlaceholder('租户编号').fill('');
    await page.getByPlaceholder('密码').fill('admin');
    await page.getByRole('button', { name: /登\s*录/ }).click();
    await expect.poll(() => page.getByRole('alert').allInnerTexts()).toEqual(['请输入租户编号', '请输入账号']);
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('placeholder'))).toBe('租户编号');
    await expect(page.getByPlaceholder('账号').getAttribute('aria-invalid')).resolves.toBe('true');
    await screenshot(page, '01-sign-in-missing-fields');
    // Typing into a field takes its message away.
    await page.getByPlaceholder('租户编号').fill('000000');
    await expect.poll(() => page.getByRole('alert').allInnerTexts()).toEqual(['请输入账号']);
    page.off('request', onRequest);
    expect(asked).toBe(0);
  });

  it("shows the server's message for a wrong password, then signs in", async () => {
    await signIn(page, url, 'admin', 'wrong-password');
    await page.getByText('用户名或密码错误').waitFor();
    expect(page.url()).toContain('/login');
    await signIn(page, url, 'admin', 'admin');
    await page.waitForURL('**/wel/index');
    await page.getByText('欢迎使用物业管理平台').waitFor();
    await screenshot(page, '02-welcome');
  });

  it('opens users from the sidebar and lists them', async () => {
    await page
      .getByRole('menuitem', { name: /系统管理/ })
      .first()
      .click();
    await page.getByRole('link', { name: '用户管理' }).click();
    await waitForPath(page, '/system/user');
    await page.locator('.ant-table-row', { hasText: 'admin' }).first().waitFor();
    await screenshot(page, '03-users');
  });

  it('adds a user: validation messages first, then saved', async () => {
    await page.getByRole('button', { name: /新\s*增/ }).click();
    const dialog = page.locator('.ant-modal').last();
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await dialog.getByText('请输入登录账号').waitFor();
    await dialog.getByText('请输入用户姓名').waitFor();
    await screenshot(page, '04-user-form-errors');
    await dialog.getByLabel('登录账号').fill('e2e.user');
    await dialog.getByLabel('用户姓名').fill('端到端');
    await dialog.getByLabel('所属角色').click();
    await page.locator('.ant-select-tree-title', { hasText: '用户' }).first().click();
    await dialog.getByLabel('所属部门').click({ force: true });
    await page.locator('.ant-select-dropdown:visible .ant-select-tree-title', { hasText: '总部' }).first().click();
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await page.getByText('新增成功').waitFor();
    await page.locator('.ant-table-row', { hasText: 'e2e.user' }).waitFor();
  });

  it('searches the list and keeps the query in the address', async () => {
    await page.locator('.ant-pro-query-filter').getByLabel('登录账号').fill('e2e');
    await page.getByRole('button', { name: /查\s*询/ }).click();
    await page.waitForURL(/account=e2e/);
    await expect.poll(() => page.locator('.ant-table-row').count()).toBe(1);
  });

  it('deletes with the confirmation', async () => {
    await page
      .locator('.ant-table-row', { hasText: 'e2e.user' })
      .getByRole('button', { name: /删\s*除/ })
      .click();
    await confirm(page, '确定将选择数据删除?');
    await page.getByText('删除成功').waitFor();
  });

  it('重置 clears the search field, the address and the list, also for a filter that came with the address', async () => {
    const search = page.locator('.ant-pro-query-filter').getByLabel('登录账号');
    const reset = () => page.getByRole('button', { name: /^重\s*置$/ }).click();
    await expect(search.inputValue()).resolves.toBe('e2e');
    await reset();
    await page.waitForURL((address) => address.pathname === '/system/user' && !address.searchParams.has('account'));
    await page.locator('.ant-table-row', { hasText: 'admin' }).first().waitFor();
    await expect(search.inputValue()).resolves.toBe('');
    // A reload keeps the filter; 重置 then clears it too.
    await page.goto(`${url}/system/user?current=1&size=10&account=nobody`);
    await expect.poll(() => search.inputValue()).toBe('nobody');
    await expect.poll(() => page.locator('.ant-table-row').count()).toBe(0);
    await reset();
    await page.locator('.ant-table-row', { hasText: 'admin' }).first().waitFor();
    await expect(search.inputValue()).resolves.toBe('');
    expect(new URL(page.url()).searchParams.has('account')).toBe(false);
  });

  it('warns when batch delete has nothing selected', async () => {
    await page.getByRole('button', { name: /^重\s*置$/ }).click();
    await page
      .locator('.ant-pro-table-list-toolbar')
      .getByRole('button', { name: /删\s*除/ })
      .click();
    await page.getByText('请选择至少一条数据').waitFor();
  });

  it('locks the screen and unlocks it with the lock password', async () => {
    await page.getByRole('button', { name: '锁屏' }).click();
    await page.getByPlaceholder('锁屏密码').fill('0000');
    await page
      .locator('.ant-modal')
      .last()
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await page.waitForURL('**/lock');
    await page.goto(`${url}/system/user`);
    await page.waitForURL('**/lock');
    await page.getByPlaceholder('锁屏密码').waitFor();
    await screenshot(page, '05-lock');
    await page.getByPlaceholder('锁屏密码').fill('0000');
    await page.getByRole('button', { name: /解\s*锁/ }).click();
    // Back on the page that was locked, not the home page.
    await waitForPath(page, '/system/user');
    await page.locator('.ant-table-row', { hasText: 'admin' }).first().waitFor();
  });

  it('takes the lock password along when signing out: the next session is asked for its own', async () => {
    // Within the session the remembered password locks at once.
    await page.getByRole('button', { name: '锁屏' }).click();
    await page.waitForURL('**/lock');
    await page.getByPlaceholder('锁屏密码').fill('0000');
    await page.getByRole('button', { name: /解\s*锁/ }).click();
    await waitForPath(page, '/system/user');
    await signOut(page);
    await signIn(page, url, 'admin', 'admin');
    await page.waitForURL('**/wel/index');
    await page.getByRole('button', { name: '锁屏' }).click();
    const asked = page.locator('.ant-modal').getByPlaceholder('锁屏密码');
    await asked.waitFor();
    expect(new URL(page.url()).pathname).toBe('/wel/index');
    await asked.fill('1111');
    await page
      .locator('.ant-modal')
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await page.waitForURL('**/lock');
    await page.getByPlaceholder('锁屏密码').fill('1111');
    await page.getByRole('button', { name: /解\s*锁/ }).click();
    await page.waitForURL('**/wel/index');
  });

  it('switches to English and back', async () => {
    await page.getByRole('button', { name: '语言' }).hover();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await page.getByText('Welcome to the Property Management Platform').waitFor();
    await screenshot(page, '06-english');
    await page.getByRole('button', { name: 'Language' }).hover();
    await page.getByRole('menuitem', { name: '中文' }).click();
    await page.getByText('欢迎使用物业管理平台').waitFor();
  });

  it('narrows the sidebar to a top menu and back', async () => {
    const header = page.getByRole('menu', { name: '顶部菜单' });
    const sider = page.locator('.console-sider');
    await header.getByRole('menuitem', { name: /物业管理/ }).click();
    await sider.getByText('社区资源').waitFor();
    await expect(sider.getByText('系统管理').count()).resolves.toBe(0);
    await header.getByRole('menuitem', { name: /全部菜单/ }).click();
    await sider.getByText('系统管理').waitFor();
  });

  it('returns to the sign-in page when the session is revoked (401)', async () => {
    const token = await page.evaluate(() => document.cookie.match(/saber-access-token=([^;]+)/)?.[1]);
    await fetch(`${url}/api/blade-auth/oauth/logout`, { headers: { 'Blade-Auth': `bearer ${decodeURIComponent(token ?? '')}` } });
    await page.goto(`${url}/system/param`);
    await page.waitForURL('**/login');
  });
});
