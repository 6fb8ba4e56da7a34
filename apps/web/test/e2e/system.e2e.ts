import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { confirm, type E2E, hasBrowser, newContext, rowAction, screenshot, signIn, useE2E } from './browser';

/** A 1×1 transparent PNG. */
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

/** What each system screen shows once loaded: its path, and a text its data must contain. */
const SCREENS: Array<{ name: string; path: string; shows: string }> = [
  { name: 'user', path: '/system/user', shows: 'admin' },
  { name: 'dept', path: '/system/dept', shows: '总部' },
  { name: 'post', path: '/system/post', shows: '首席技术官' },
  { name: 'dict', path: '/system/dict', shows: 'yes_no' },
  { name: 'dictbiz', path: '/system/dictbiz', shows: '业务字典' },
  { name: 'menu', path: '/system/menu', shows: '系统管理' },
  { name: 'topmenu', path: '/system/topmenu', shows: '物业管理' },
  { name: 'param', path: '/system/param', shows: 'account.initPassword' },
  { name: 'tenant', path: '/system/tenant', shows: '000000' },
  { name: 'tenantpackage', path: '/system/tenantpackage', shows: '租户产品包' },
  { name: 'client', path: '/system/client', shows: 'saber' },
  { name: 'role', path: '/authority/role', shows: '超级管理员' },
  { name: 'datascope', path: '/authority/datascope', shows: '数据权限' },
  { name: 'apiscope', path: '/authority/apiscope', shows: '接口权限' },
  { name: 'region', path: '/base/region', shows: '行政区划' },
  { name: 'log-usual', path: '/monitor/log/usual', shows: '通用日志' },
  { name: 'log-api', path: '/monitor/log/api', shows: '接口日志' },
  { name: 'log-error', path: '/monitor/log/error', shows: '错误日志' },
  { name: 'dict-horizontal', path: '/dict-horizontal/index', shows: 'yes_no' },
  { name: 'dict-vertical', path: '/dict-vertical/index', shows: 'yes_no' },
  { name: 'info', path: '/info/index', shows: '修改密码' },
];

/**
 * The system administration screens in a real browser against the real
 * server: every screen renders, role grants change another user's sidebar,
 * a reset password signs in, dictionary entries and tenant packages save.
 */
describe.skipIf(!hasBrowser)('system administration screens in Chromium', () => {
  let e2e: E2E;
  let page: Page;
  let url: string;

  /** A second browser window with its own session. */
  const newWindow = async () => {
    const context = await newContext(e2e.browser, { viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
    const opened = await context.newPage();
    opened.setDefaultTimeout(15_000);
    return opened;
  };
  /** A second browser window signed in as the low-privilege user. */
  const staffWindow = async (password: string) => {
    const staff = await newWindow();
    await signIn(staff, url, 'staff', password);
    await staff.waitForURL('**/wel/index');
    return staff;
  };
  const row = (text: string) =>
    page
      .locator('.ant-table-row')
      .filter({ has: page.getByText(text, { exact: true }) })
      .first();
  const okOf = (dialog: ReturnType<Page['locator']>) => dialog.getByRole('button', { name: /确\s*定|提\s*交/ });

  useE2E((session) => ({ e2e, page, url } = session), { account: 'admin', password: 'admin' });

  it('renders every system screen with its data', async () => {
    for (const screen of SCREENS) {
      await page.goto(`${url}${screen.path}`);
      // The text inside the screen (not the sidebar or tabs), once its data has loaded.
      await page.locator('.ant-pro-table, .ant-card').getByText(screen.shows).first().waitFor();
      await expect(page.getByText('该页面正在建设中').count()).resolves.toBe(0);
      await expect.poll(() => page.locator('.ant-spin-spinning, .page-loading').count(), { timeout: 10_000 }).toBe(0);
      await screenshot(page, `system-${screen.name}`);
    }
  }, 180_000);

  it('opens a department row to load its children, and a region to show its form', async () => {
    await page.goto(`${url}/system/dept`);
    await row('总部').locator('.ant-table-row-expand-icon').click();
    await row('华北分公司').waitFor();
    await page.goto(`${url}/base/region`);
    await page.getByText('北京市', { exact: true }).click();
    await page.locator('form[id="region-form"], #region-form').first().waitFor();
    await screenshot(page, 'system-region-form');
  });

  it("grants a role a menu and the low-privilege user's sidebar gains it", async () => {
    const staff = await staffWindow('staff123');
    await staff
      .getByRole('menuitem', { name: /系统管理/ })
      .first()
      .waitFor();
    await expect(staff.getByRole('menuitem', { name: /基础配置/ }).count()).resolves.toBe(0);

    await page.goto(`${url}/authority/role`);
    await row('用户').locator('.ant-checkbox-input').check();
    await page.getByRole('button', { name: /权限设置/ }).click();
    const dialog = page.locator('.ant-modal').last();
    // What the role has comes back checked (参数管理 and its view), then 行政区划 is added.
    const node = (title: string) => dialog.locator('.ant-tree-treenode').filter({ has: page.getByText(title, { exact: true }) });
    await node('参数管理').waitFor();
    await screenshot(page, 'system-role-grant-before');
    await expect
      .poll(() => node('参数管理').locator('.ant-tree-checkbox-checked, .ant-tree-checkbox-indeterminate').count())
      .toBe(1);
    await node('行政区划').locator('.ant-tree-checkbox').click();
    await screenshot(page, 'system-role-grant');
    await okOf(dialog).click();
    await page.getByText('操作成功!').waitFor();

    await staff.reload();
    await staff
      .getByRole('menuitem', { name: /基础配置/ })
      .first()
      .waitFor();
    await screenshot(staff, 'system-staff-sidebar');
    await staff.context().close();
  });

  it("resets a user's password, which then signs in", async () => {
    await page.goto(`${url}/system/user`);
    await row('staff').locator('.ant-checkbox-input').check();
    await page.getByRole('button', { name: /密码重置/ }).click();
    await confirm(page, '确定将选择账号密码重置?');
    await page.getByText('操作成功!').waitFor();
    const staff = await staffWindow('123456');
    await staff.getByText('欢迎使用物业管理平台').waitFor();
    await staff.context().close();
  });

  it('adds an entry to a dictionary', async () => {
    await page.goto(`${url}/system/dict`);
    await rowAction(page, row('yes_no'), '字典配置');
    const entries = page.locator('.ant-modal').last();
    // yes_no has two entries: 否 and 是.
    await expect.poll(() => entries.locator('.ant-table-row').count(), { timeout: 10_000 }).toBe(2);
    await entries.getByRole('button', { name: /新\s*增/ }).click();
    const form = page.locator('.ant-modal').last();
    await okOf(form).click();
    await form.getByText('请输入字典键值').waitFor();
    await form.getByText('请输入字典名称').waitFor();
    await form.getByLabel('字典键值').fill('9');
    await form.getByLabel('字典名称').fill('端到端项');
    await form.getByLabel('字典排序').fill('9');
    await okOf(form).click();
    await page.getByText('新增成功').waitFor();
    await entries.getByText('端到端项').waitFor();
    await screenshot(page, 'system-dict-entries');
  });

  it('uploads an avatar on the profile page (jpg/png only) and keeps its link', async () => {
    await page.goto(`${url}/info/index`);
    const picker = page.locator('input[type=file]').first();
    await picker.setInputFiles({ name: 'a.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
    await page.getByText('头像图片只能是 JPG 或 PNG 格式!').waitFor();
    await picker.setInputFiles({ name: 'a.png', mimeType: 'image/png', buffer: Buffer.from(PNG, 'base64') });
    // The avatar now shows the stored file, served by the server.
    const avatar = page.locator('.ant-avatar img');
    await avatar.waitFor();
    const link = await avatar.getAttribute('src');
    expect(link).toMatch(/^(https?:\/\/|\/)/);
    expect((await page.request.get(new URL(link!, url).toString())).status()).toBe(200);
    await page
      .getByRole('button', { name: /保\s*存|提\s*交/ })
      .first()
      .click();
    await page.getByText('更新成功').waitFor();
    await screenshot(page, 'system-info-avatar');
  });

  it('opens a log entry in a drawer with its long texts pre-formatted', async () => {
    await page.goto(`${url}/monitor/log/api`);
    await page
      .locator('.ant-table-row')
      .first()
      .getByRole('button', { name: /查\s*看/ })
      .click();
    const drawer = page.locator('.ant-drawer-content');
    await drawer.getByText('日志详情').waitFor();
    await drawer.getByText('请求接口').waitFor();
    await expect.poll(() => drawer.locator('pre').count()).toBeGreaterThan(0);
    await screenshot(page, 'system-log-drawer');
    await drawer.locator('.ant-drawer-close').click();
  });

  it("shows a top menu's menus checked in its 菜单配置 dialog", async () => {
    await page.goto(`${url}/system/topmenu`);
    await rowAction(page, row('物业管理'), '菜单配置');
    const dialog = page.locator('.ant-modal').last();
    const checkedTitles = dialog.locator('.ant-tree-treenode:has(.ant-tree-checkbox-checked) .ant-tree-title');
    await expect.poll(() => checkedTitles.count(), { timeout: 10_000 }).toBeGreaterThan(0);
    await screenshot(page, 'system-topmenu-grant');
    await okOf(dialog).click();
    await page.getByText('操作成功!').waitFor();
  });

  it('checks a tenant package before saving it, then says 操作成功!', async () => {
    await page.goto(`${url}/system/tenantpackage`);
    await page.getByRole('button', { name: '删 除' }).waitFor();
    await page.getByRole('button', { name: /新\s*增/ }).click();
    const dialog = page.locator('.ant-modal').last();
    await okOf(dialog).click();
    await dialog.getByText('请输入产品包名称').waitFor();
    await dialog.getByText('请选择菜单').waitFor();
    await screenshot(page, 'system-tenantpackage-errors');
    await dialog.getByLabel('产品包名称').fill('端到端产品包');
    await dialog.getByLabel('菜单列表').click({ force: true });
    await page.locator('.ant-select-dropdown:visible .ant-select-tree-checkbox').first().click();
    await dialog.locator('.ant-modal-title').click();
    await okOf(dialog).click();
    await page.getByText('操作成功!').waitFor();
    await row('端到端产品包').waitFor();
    await expect(
      row('端到端产品包')
        .getByRole('button', { name: /查\s*看/ })
        .count(),
    ).resolves.toBe(0);
  });

  it('assigns the low-privilege user a second role (角色配置), which their next sign-in carries', async () => {
    const before = await staffWindow('123456');
    await before
      .getByRole('menuitem', { name: /系统管理/ })
      .first()
      .waitFor();
    await expect(before.getByRole('menuitem', { name: /权限管理/ }).count()).resolves.toBe(0);
    await before.context().close();

    await page.goto(`${url}/system/user`);
    await row('staff').locator('.ant-checkbox-input').check();
    await page.getByRole('button', { name: '角色配置' }).click();
    const dialog = page.locator('.ant-modal').last();
    const role = (name: string) => dialog.locator('.ant-tree-treenode').filter({ has: page.getByText(name, { exact: true }) });
    // The user's own role comes checked; 超级管理员 is added beside it.
    await expect.poll(() => role('用户').locator('.ant-tree-checkbox-checked').count()).toBe(1);
    await role('超级管理员').locator('.ant-tree-checkbox').click();
    await screenshot(page, 'system-user-roles');
    await okOf(dialog).click();
    await page.getByText('操作成功!').waitFor();
    await expect.poll(() => row('staff').innerText()).toContain('超级管理员');

    const after = await staffWindow('123456');
    await after
      .getByRole('menuitem', { name: /权限管理/ })
      .first()
      .waitFor();
    await after.context().close();
  });

  it('locks an account after five wrong passwords, and 账号解封 lets it sign in again', async () => {
    const staff = await newWindow();
    /** One sign-in through the form, waiting for the server's answer (toasts of earlier tries linger). */
    const attempt = async (password: string) => {
      const answered = staff.waitForResponse((r) => r.url().includes('/oauth/token'));
      await signIn(staff, url, 'staff', password);
      return answered;
    };
    for (let i = 0; i < 4; i++) await attempt('wrong-password');
    await staff.getByText('用户名或密码错误').first().waitFor();
    await attempt('wrong-password');
    await staff.getByText('登录错误次数过多,请稍后再试').waitFor();
    await screenshot(staff, 'system-account-locked');
    // Locked, even the right password is refused.
    expect((await attempt('123456')).status()).toBe(400);
    expect(staff.url()).toContain('/login');

    await page.goto(`${url}/system/user`);
    await row('staff').locator('.ant-checkbox-input').check();
    await page.getByRole('button', { name: '账号解封' }).click();
    await confirm(page, '确定将选择账号解封?');
    await page.getByText('操作成功!').waitFor();

    await attempt('123456');
    await staff.waitForURL('**/wel/index');
    await staff.context().close();
  });

  it("saves a tenant's 授权配置 (account quota), which the dialog then shows", async () => {
    await page.goto(`${url}/system/tenant`);
    const open = async () => {
      await row('100001').locator('.ant-checkbox-input').check();
      await page.getByRole('button', { name: '授权配置' }).click();
      return page.locator('.ant-modal', { has: page.getByText('授权配置', { exact: true }) }).last();
    };
    const dialog = await open();
    await dialog.getByLabel('账号额度').fill('20');
    await screenshot(page, 'system-tenant-setting');
    await okOf(dialog).click();
    await page.getByText('操作成功!').waitFor();
    await expect.poll(() => dialog.count()).toBe(0);
    const again = await open();
    await expect.poll(() => again.getByLabel('账号额度').inputValue()).toBe('20');
    await again.getByRole('button', { name: /取\s*消/ }).click();
  });

  it('adds a child region (新增子项) under the one picked, which is then read back', async () => {
    await page.goto(`${url}/base/region`);
    const tree = page.getByRole('tree');
    await tree.getByText('北京市', { exact: true }).click();
    const form = page.locator('#region-form');
    // By id: several labels hold 区划编号 (省级区划编号...).
    const field = (key: string) => form.locator(`#region-form_${key}`);
    await expect.poll(() => field('name').inputValue()).toBe('北京市');
    await page.getByRole('button', { name: '新增子项' }).click();
    await expect.poll(() => field('parentCode').inputValue()).toBe('11');
    await expect.poll(() => field('name').inputValue()).toBe('');
    await field('code').fill('1199');
    await field('name').fill('端到端区');
    await form.getByRole('button', { name: /保\s*存/ }).click();
    await page.getByText('新增成功').waitFor();
    // The form now shows the saved child as the server reads it back (with its own 删除).
    await expect.poll(() => field('code').inputValue()).toBe('1199');
    await expect.poll(() => field('parentCode').inputValue()).toBe('11');
    await expect.poll(() => field('name').inputValue()).toBe('端到端区');
    await page.getByRole('button', { name: /删\s*除/ }).waitFor();
    // The tree shows the new child under its opened parent without a reload.
    await tree.getByText('端到端区', { exact: true }).waitFor();
    await screenshot(page, 'system-region-child');
  });
});
