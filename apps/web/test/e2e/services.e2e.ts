import axe from 'axe-core';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { demoGardens, gardenStaff, menuSubtrees, signedIn } from '../../../server/test/garden-staff';
import type { TestServer } from '../../../server/test/harness';
import { choose as pick, hasBrowser, rowAction, screenshot, signIn, useE2E } from './browser';

const DEMO_TENANT = '100001';
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c63f8ffff3f0005fe02fea7d6a4d20000000049454e44ae426082',
  'hex',
);
/** An MP4's first box (ftyp), enough for the server's content check. */
const MP4 = Buffer.concat([Buffer.from('000000186674797069736f6d0000020069736f6d69736f32', 'hex'), Buffer.alloc(4096)]);

/** Serious and critical accessibility problems (axe-core) inside the element `selector` names. */
async function axeProblems(page: Page, selector: string): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source); // evaluated, not an inline <script>: the console's CSP allows only its own files
  return page.evaluate(async (context) => {
    const run = (window as unknown as { axe: typeof axe }).axe.run;
    const results = await run(document.querySelector(context)!, { resultTypes: ['violations'] });
    return results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  }, selector);
}

/**
 * The service screens in Chromium against the real server: a repair from
 * registration (with a photo) through dispatch, the worker's steps (with an
 * after-photo) to closing, every step in the drawer's log; a notice with a
 * cover image and a video in its content, then seen in the header's bell.
 */
describe.skipIf(!hasBrowser)('service screens in Chromium', () => {
  let page: Page;
  let url: string;
  let server: TestServer;

  useE2E(
    (session) =>
      ({
        page,
        url,
        e2e: { server },
      } = session),
  );

  const dialog = () => page.locator('.ant-modal:visible').last();
  const drawer = () => page.locator('.ant-drawer-content:visible').last();
  const row = (text: string) => page.locator('.ant-table-row', { hasText: text }).first();
  const ok = (scope: Locator) => scope.getByRole('button', { name: /^(确\s*定|保\s*存)$/ }).click();
  const choose = (scope: Locator, label: string, option: string) => pick(page, scope, label, option);
  /** Takes a step from the repair drawer: its button, then the dialog's fields, then 确定. */
  const takeStep = async (name: string, fill?: (d: Locator) => Promise<void>) => {
    // antd spaces the two characters of a two-character button (派 单).
    await drawer()
      .locator('.ant-drawer-extra')
      .getByRole('button', { name: new RegExp(`^${[...name].join('\\s*')}$`) })
      .click();
    const d = dialog();
    await d.waitFor();
    await fill?.(d);
    expect(await axeProblems(page, '.ant-modal-wrap:not([style*="display: none"]) .ant-modal')).toEqual([]);
    await ok(d);
    await page.getByText('操作成功!').last().waitFor();
    await d.waitFor({ state: 'hidden' });
  };

  it('registers a repair with a photo and takes it through every step to closing', async () => {
    await signIn(page, url, 'admin', 'admin', DEMO_TENANT);
    await page.waitForURL('**/wel/index');
    await page.goto(`${url}/service/repair`);
    await row('王建国').waitFor();
    await page.getByRole('button', { name: /新\s*增/ }).click();
    const d = dialog();
    await choose(d, '所属小区', '阳光花园');
    await d.getByLabel('报修人').fill('端到端业主');
    await d.getByLabel('联系电话').fill('13812345678');
    await choose(d, '报修类型', '水电维修');
    await d.getByLabel('报修内容').fill('端到端:阳台灯不亮');
    await d.locator('input[type=file]').setInputFiles({ name: 'before.png', mimeType: 'image/png', buffer: PNG });
    await d.getByRole('img', { name: '图片 1' }).waitFor();
    await ok(d);
    await page.getByText('新增成功').waitFor();
    await rowAction(page, row('端到端:阳台灯不亮'), '详情');
    await drawer().getByText('端到端:阳台灯不亮').first().waitFor();
    await drawer().getByRole('img', { name: '图片 1' }).first().waitFor();
    expect(await axeProblems(page, '.ant-drawer-content')).toEqual([]);

    await takeStep('派单', (step) => choose(step, '维修人员', '管理员'));
    await takeStep('接单');
    await takeStep('开始维修');
    await takeStep('完成', async (step) => {
      await step.getByLabel('说明').fill('更换灯泡');
      await step.locator('input[type=file]').setInputFiles({ name: 'after.png', mimeType: 'image/png', buffer: PNG });
      await step.getByRole('img', { name: '图片 1' }).waitFor();
    });
    await takeStep('评价', async (step) => {
      await step.getByRole('radio').nth(4).click();
      await step.getByLabel('评价内容').fill('很满意');
    });
    await takeStep('关闭');
    const log = drawer().getByTestId('repair-log');
    for (const step of ['登记', '派单', '接单', '开始维修', '完成维修', '评价', '关闭'])
      await log.getByText(step, { exact: true }).waitFor();
    await log.getByText('更换灯泡').waitFor();
    await log.getByRole('img', { name: '图片 1' }).waitFor();
    await expect(drawer().getByText('已关闭').count()).resolves.toBeGreaterThan(0);
    await screenshot(page, 'services-repair-drawer');
    await page.keyboard.press('Escape');
    await expect(row('端到端:阳台灯不亮').getByText('已关闭').count()).resolves.toBe(1);
    await screenshot(page, 'services-repair-list');
  });

  it('adds a notice with a cover image and a video in its content, then finds it in the header bell', async () => {
    await page.goto(`${url}/service/notice`);
    await row('关于小区停水的通知').waitFor();
    await page.getByRole('button', { name: /新\s*增/ }).click();
    const d = dialog();
    await d.getByLabel('标题').fill('端到端公告:消防演练');
    await d
      .locator('.ant-upload input[type=file]')
      .first()
      .setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: PNG });
    await d.locator('.ant-upload img').waitFor();
    const editor = d.getByRole('textbox', { name: '内容编辑器' });
    await editor.click();
    await page.keyboard.type('本周五下午三点进行消防演练。');
    await d.getByTestId('editor-video-input').setInputFiles({ name: 'drill.mp4', mimeType: 'video/mp4', buffer: MP4 });
    await editor.locator('video').waitFor();
    expect(await axeProblems(page, '.ant-modal-wrap:not([style*="display: none"]) .ant-modal')).toEqual([]);
    await screenshot(page, 'services-notice-editor');
    await ok(d);
    await page.getByText('新增成功').waitFor();
    await row('端到端公告:消防演练').waitFor();
    // The save marks the bell's notices stale: it shows the new one without reloading the page (a reload on a
    // loaded machine, the header's tools drawn again, was where this test once timed out).
    await page.getByRole('button', { name: '通知中心' }).click();
    const popover = page.locator('.ant-popover:visible');
    await popover.getByText('端到端公告:消防演练').waitFor();
    await screenshot(page, 'services-notice-bell');
  });

  it('shows the repair screen and its drawer in English', async () => {
    await page.evaluate(() => localStorage.setItem('saber-language', JSON.stringify({ content: 'en' })));
    await page.goto(`${url}/service/repair`);
    // More than three row actions: Detail is in the row's More menu.
    await row('端到端:阳台灯不亮')
      .getByRole('button', { name: /^(More|Actions)$/ })
      .click();
    await page.locator('.row-actions-menu:visible').getByRole('button', { name: 'Detail' }).click();
    await drawer().getByText('Repair log').waitFor();
    await drawer().getByText('Work finished', { exact: true }).waitFor();
    await screenshot(page, 'services-repair-drawer-en');
    await page.keyboard.press('Escape');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${url}/patrol/task`);
    await page.locator('.ant-table-row').first().waitFor();
    await screenshot(page, 'services-patrol-task-390-en');
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.evaluate(() => localStorage.setItem('saber-language', JSON.stringify({ content: 'zh' })));
  });

  it('shows the screens on a phone', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    for (const [path, name] of [
      ['/service/repair', 'services-repair-390'],
      ['/patrol/task', 'services-patrol-task-390'],
    ]) {
      await page.goto(`${url}${path}`);
      await page.locator('.ant-table-row').first().waitFor();
      await screenshot(page, name);
    }
    await page.setViewportSize({ width: 1440, height: 900 });
    for (const [path, name] of [
      ['/service/feedback', 'services-feedback'],
      ['/service/directory', 'services-directory'],
      ['/patrol/task', 'services-patrol-task'],
      ['/patrol/plan', 'services-patrol-plan'],
    ]) {
      await page.goto(`${url}${path}`);
      await page.locator('.ant-table-row').first().waitFor();
      await screenshot(page, name);
    }
  });

  it('shows the garden messages beside the templates, and adds one', async () => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${url}/service/templatemsg`);
    await row('PAY_REMIND').waitFor();
    await page.getByRole('tab', { name: '小区消息' }).click();
    await row('缴费提醒').waitFor();
    // The templates' list is gone with its tab: only garden messages are rows now.
    expect(await page.locator('.ant-table-row', { hasText: 'PAY_REMIND' }).count()).toBe(0);
    await page.getByRole('button', { name: /新\s*增/ }).click();
    const d = dialog();
    await choose(d, '所属小区', '阳光花园');
    await choose(d, '消息模板', '报修完成通知');
    await d.getByLabel('标题').fill('端到端小区消息');
    await ok(d);
    await page.getByText('新增成功').waitFor();
    await row('端到端小区消息').waitFor();
    expect(await row('端到端小区消息').getByText('报修完成通知').count()).toBe(1);
    await screenshot(page, 'services-garden-messages');
  });

  it('shows the patrol records beside the tasks: points checked or missed, never those still waiting', async () => {
    await page.goto(`${url}/patrol/task`);
    await page.locator('.ant-table-row').first().waitFor();
    await page.getByRole('tab', { name: '巡更记录' }).click();
    const records = page.locator('.ant-table-row');
    await records.filter({ hasText: '漏巡' }).first().waitFor();
    const texts = await records.allTextContents();
    // The seeded walks of yesterday (one per garden): the first two points checked, the other two missed; today's
    // walks wait, and their points are no records yet.
    const checked = texts.filter((t) => t.includes('已巡检'));
    const missed = texts.filter((t) => t.includes('漏巡'));
    expect(checked.length).toBeGreaterThan(0);
    expect(missed).toHaveLength(checked.length);
    expect(checked.length + missed.length).toBe(texts.length);
    expect(texts.some((t) => t.includes('待巡检'))).toBe(false);
    expect(texts.every((t) => t.includes('日常巡更'))).toBe(true);
    await screenshot(page, 'services-patrol-records');
  });

  it('keeps the data columns in view on a phone: the actions column scrolls with the row there', async () => {
    const fixedActions = () => page.locator('.crud-page .ant-table-thead .ant-table-cell-fix-right').count();
    await page.goto(`${url}/service/repair`);
    await page.locator('.ant-table-row').first().waitFor();
    expect(await fixedActions()).toBe(1);
    await page.setViewportSize({ width: 390, height: 844 });
    await page
      .locator('.ant-table-row')
      .first()
      .getByRole('button', { name: /^(更\s*多|操作)$/ })
      .waitFor();
    expect(await fixedActions()).toBe(0);
    // The table scrolls sideways instead; its first column is not covered by anything.
    const content = page.locator('.crud-page .ant-table-content');
    expect(await content.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    await screenshot(page, 'services-repair-390-actions');
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  it('shows the service screens to a staff member who may only look, in English, on a phone', async () => {
    // A role of the demo tenant holding the service and patrol screens without any button, bound to 阳光花园.
    const admin = await signedIn(server, 'admin', 'admin');
    await gardenStaff(server, admin, {
      role: { roleName: '服务查看', roleAlias: 'service_viewer' },
      user: { account: 'viewer', realName: '服务查看员', password: 'viewer123' },
      menuIds: await menuSubtrees(server, ['service', 'patrol'], { screensOnly: true }),
      gardenIds: [(await demoGardens(admin)).mine],
    });
    await page.goto(`${url}/login`);
    await page.context().clearCookies();
    await page.evaluate(() => localStorage.clear());
    await signIn(page, url, 'viewer', 'viewer123', DEMO_TENANT);
    await page.waitForURL('**/wel/index');
    await page.evaluate(() => localStorage.setItem('saber-language', JSON.stringify({ content: 'en' })));
    await page.setViewportSize({ width: 390, height: 844 });
    for (const [path, name, tab] of [
      ['/service/repair', 'services-viewer-repair-390-en'],
      ['/service/feedback', 'services-viewer-feedback-390-en'],
      ['/service/notice', 'services-viewer-notice-390-en'],
      ['/service/templatemsg', 'services-viewer-templates-390-en'],
      ['/service/templatemsg', 'services-viewer-garden-messages-390-en', 'Garden messages'],
      ['/patrol/task', 'services-viewer-patrol-task-390-en'],
      ['/patrol/task', 'services-viewer-patrol-records-390-en', 'Patrol records'],
    ] as const) {
      await page.goto(`${url}${path}`);
      if (tab) await page.getByRole('tab', { name: tab }).click();
      await page.locator('.ant-table-row').first().waitFor();
      // Nothing to add or remove for someone who may only look; nothing left in Chinese but data.
      expect(
        await page
          .locator('#main-content')
          .getByRole('button', { name: /^(Add|Delete)$/ })
          .count(),
        path,
      ).toBe(0);
      expect(await page.locator('.ant-tabs-tab, .ant-table-thead').allTextContents(), path).not.toContainEqual(
        expect.stringMatching(/\p{Script=Han}/u),
      );
      // Lists they may not read (gardens, houses, owners: the pickers' choices) are no error toast either.
      expect(await page.locator('.ant-message-error').count(), path).toBe(0);
      await screenshot(page, name);
    }
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.evaluate(() => localStorage.setItem('saber-language', JSON.stringify({ content: 'zh' })));
  });
});
