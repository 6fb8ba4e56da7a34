import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_TENANT } from '../../../server/src/seed/seed';
import { demoGardens, gardenStaff, menuSubtrees, signedIn } from '../../../server/test/garden-staff';
import { type E2E, hasBrowser, newContext, screenshot, signIn, useE2E, waitForPath } from './browser';

/**
 * Permissions as each user sees them, in Chromium: a tenant's administrator is offered no writes of
 * platform data; the low-privilege user sees only what they may use, with no refused call behind the
 * scenes; a screen one may not open says so (403), an address that is no screen is not found (404).
 */
describe.skipIf(!hasBrowser)('what each user is offered', () => {
  let e2e: E2E;
  let url: string;

  useE2E((session) => ({ e2e, url } = session));

  /** A fresh window (its own session) that records every failed answer, console error and API call. */
  const window = async () => {
    const context = await newContext(e2e.browser, { viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    const failures: string[] = [];
    const calls: string[] = [];
    page.on('request', (r) => r.url().includes('/api/') && calls.push(new URL(r.url()).pathname));
    page.on('response', (r) => r.status() >= 400 && failures.push(`${r.status()} ${r.url()}`));
    page.on('console', (m) => m.type() === 'error' && failures.push(m.text()));
    return { page, failures, calls };
  };
  const toolbar = (page: Page) => page.locator('.ant-pro-table-list-toolbar');

  it("offers the demo company's administrator no writes of platform data, and their own data's writes", async () => {
    const { page } = await window();
    await signIn(page, url, 'admin', 'admin', '100001');
    await page.waitForURL('**/wel/index');
    for (const [path, shows] of [
      ['/system/dict', 'yes_no'],
      ['/system/param', 'account.initPassword'],
    ]) {
      await page.goto(`${url}${path}`);
      await page.locator('.ant-table-row', { hasText: shows }).first().waitFor();
      await expect(
        toolbar(page)
          .getByRole('button', { name: /新\s*增/ })
          .count(),
      ).resolves.toBe(0);
      await expect(
        page
          .locator('.ant-table-row')
          .getByRole('button', { name: /修\s*改|删\s*除/ })
          .count(),
      ).resolves.toBe(0);
    }
    await screenshot(page, 'access-tenant-admin-param');
    // The company's own dictionaries are theirs to change.
    await page.goto(`${url}/system/dictbiz`);
    await page.locator('.ant-table-row').first().waitFor();
    await toolbar(page)
      .getByRole('button', { name: /新\s*增/ })
      .waitFor();
    await page.context().close();
  });

  it('shows the low-privilege user only their menus, with no refused or missing call on any page', async () => {
    const { page, failures, calls } = await window();
    await signIn(page, url, 'staff', 'staff123');
    await page.waitForURL('**/wel/index');
    const topMenus = page.getByRole('menu', { name: '顶部菜单' });
    await topMenus.getByRole('menuitem', { name: /系统管理/ }).waitFor();
    await expect(topMenus.getByRole('menuitem').allInnerTexts()).resolves.toEqual(['全部菜单', '系统管理']);
    await expect(page.locator('.ant-statistic').allInnerTexts()).resolves.toEqual(['菜单分组\n1', '页面数量\n2']);
    for (const [path, shows] of [
      ['/system/post', '首席技术官'],
      ['/system/param', 'account.initPassword'],
    ]) {
      await page.goto(`${url}${path}`);
      await page.locator('.ant-table-row', { hasText: shows }).first().waitFor();
    }
    await topMenus.getByRole('menuitem', { name: /系统管理/ }).click();
    await page.locator('.console-sider').getByText('岗位管理').waitFor();
    await screenshot(page, 'access-staff');
    // Nothing was refused or missing; the garden list and the notices were never asked for.
    expect(failures).toEqual([]);
    expect(calls.filter((c) => /garden\/list|notice\/list/.test(c))).toEqual([]);
    expect(calls).toContain('/api/blade-system/post/list');
    await page.context().close();
  });

  it('shows a service clerk bound to one garden its name in their lists and the header, with no refused call', async () => {
    // Repairs, feedback, notices and patrols, no community menu: the garden list is theirs to read as a reference.
    const admin = await signedIn(e2e.server, 'admin', 'admin');
    const { mine } = await demoGardens(admin);
    // A repair naming a house and an owner of their garden: lists the clerk may not read (personal data).
    const house = (await admin.get('/community-resource/unithouse/list', { gardenId: mine, size: 1 })).body.data.records[0];
    const owner = (await admin.get('/owner/list', { size: 1 })).body.data.records[0];
    const repair = { gardenId: mine, houseId: house.id, ownerId: owner.id, repairType: 1, content: '阳台灯不亮' };
    expect(
      (await admin.post('/system-property/repair/submit', { ...repair, userName: '王建国', userTel: '13800138101' })).body,
    ).toMatchObject({ success: true });
    // Its own names on each attempt (a retry runs against the same database).
    const account = `clerk_${Date.now() % 1_000_000}`;
    await gardenStaff(e2e.server, admin, {
      role: { roleName: account, roleAlias: account },
      user: { account, realName: '客服小王', password: 'clerk123' },
      menuIds: await menuSubtrees(e2e.server, ['service', 'patrol']),
      gardenIds: [mine],
    });
    const { page, failures, calls } = await window();
    await signIn(page, url, account, 'clerk123', DEMO_TENANT);
    await page.waitForURL('**/wel/index');
    for (const path of ['/service/feedback', '/service/repair', '/patrol/point']) {
      await page.goto(`${url}${path}`);
      await page.locator('.ant-table-row').first().waitFor();
      // Their garden by its name in the rows, never the other garden or a bare id.
      await page.locator('.ant-table-row', { hasText: '阳光花园' }).first().waitFor();
      await expect(page.locator('.ant-table-row', { hasText: '翠湖苑' }).count()).resolves.toBe(0);
      await expect(page.locator('.ant-table-row', { hasText: mine }).count()).resolves.toBe(0);
      // No column of ids they cannot name (a repair's house and owner: those lists stay behind their menus).
      await expect(
        page
          .locator('.ant-table-row td')
          .filter({ hasText: /^\s*\d{15,}\s*$/ })
          .count(),
      ).resolves.toBe(0);
    }
    const picker = page.getByRole('combobox', { name: '选择小区' });
    await picker.click({ force: true });
    const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
    await options.first().waitFor();
    // Polled: the list can be drawn again (the header's gardens arriving) between the wait and the read.
    await expect.poll(() => options.allInnerTexts()).toEqual(['阳光花园']);
    await screenshot(page, 'access-service-clerk');
    await page.keyboard.press('Escape');
    expect(calls).toContain('/api/system-property/garden/list');
    expect(failures).toEqual([]);
    await page.context().close();
  });

  it('shows a clerk holding some club screens and no button their rows at 1440 and 390 px, with nothing to change', async () => {
    const admin = await signedIn(e2e.server, 'admin', 'admin');
    const account = `club_${Date.now() % 1_000_000}`;
    await gardenStaff(e2e.server, admin, {
      role: { roleName: account, roleAlias: account },
      user: { account, realName: '会所前台', password: 'clerk123' },
      menuIds: await menuSubtrees(e2e.server, ['club', 'clubbalance', 'clubrecharge', 'clubconsume'], { screensOnly: true }),
      gardenIds: [],
    });
    const { page, failures, calls } = await window();
    await signIn(page, url, account, 'clerk123', DEMO_TENANT);
    await page.waitForURL('**/wel/index');
    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: width > 400 ? 900 : 844 });
      for (const path of ['/club/club', '/club/balance', '/club/recharge', '/club/consume']) {
        await page.goto(`${url}${path}`);
        await page.locator('#main-content .ant-table-row').first().waitFor();
        // Read-only: no add, change, removal or recharge offered.
        await expect(
          page
            .locator('#main-content')
            .getByRole('button', { name: /新\s*增|修\s*改|删\s*除|充\s*值/ })
            .count(),
        ).resolves.toBe(0);
        // No actions column with nothing in it.
        await expect(page.locator('#main-content .ant-table-thead th', { hasText: '操作' }).count()).resolves.toBe(0);
        // Every reference by name (the wallet's owner showed as an id without the owner list): no 19-digit id in a row.
        const rows = await page.locator('#main-content .ant-table-row').allInnerTexts();
        expect(
          rows.filter((text) => /\d{15,}/.test(text)),
          path,
        ).toEqual([]);
        await screenshot(page, `access-club${path.replace('/club', '').replace(/\//g, '-')}-${width}`);
      }
    }
    // No garden-bound menu: no garden selector and no garden call; the cashier is not theirs.
    await expect(page.getByRole('combobox', { name: '选择小区' }).count()).resolves.toBe(0);
    expect(calls.filter((c) => /garden\/list|owner\/list|unithouse\/list/.test(c))).toEqual([]);
    await page.goto(`${url}/club/cashier`);
    await waitForPath(page, '/403');
    expect(failures).toEqual([]);
    await page.context().close();
  });

  it('says "no permission" for a screen the user may not open, and "not found" for no screen', async () => {
    const { page } = await window();
    await signIn(page, url, 'staff', 'staff123');
    await page.waitForURL('**/wel/index');
    await page.goto(`${url}/system/user`);
    await waitForPath(page, '/403');
    await page.getByText('抱歉,你无权访问该页面').waitFor();
    await screenshot(page, 'access-403');
    await page.goto(`${url}/no/such/screen`);
    await waitForPath(page, '/404');
    await page.getByText('抱歉,你访问的页面不存在').waitFor();
    await page.context().close();
  });

  it("opens the spec's own routes: /wel/dashboard the dashboard, /test/index a page under construction", async () => {
    const { page } = await window();
    await signIn(page, url, 'admin', 'admin');
    await page.waitForURL('**/wel/index');
    await page.goto(`${url}/wel/dashboard`);
    await page.locator('[data-card="rate"]').waitFor();
    expect(new URL(page.url()).pathname).toBe('/wel/dashboard');
    await page.locator('.tab-bar .ant-tabs-tab', { hasText: '控制台' }).waitFor();
    await page.goto(`${url}/test/index`);
    await page.locator('.ant-result', { hasText: '测试页' }).getByText('该页面正在建设中').waitFor();
    expect(new URL(page.url()).pathname).toBe('/test/index');
    await page.locator('.tab-bar .ant-tabs-tab', { hasText: '测试页' }).waitFor();
    // Without the dashboard menu, /wel/dashboard is refused as its calls would be.
    await signIn(page, url, 'staff', 'staff123');
    await page.waitForURL('**/wel/index');
    await page.goto(`${url}/wel/dashboard`);
    await waitForPath(page, '/403');
    await page.context().close();
  });
});
