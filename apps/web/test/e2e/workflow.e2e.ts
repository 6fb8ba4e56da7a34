import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../../server/src/platform/db/database';
import { userWithRole } from '../../../server/test/workflow-fixtures';
import { axeViolations, describeViolations } from './axe';
import { hasBrowser, rowAction, screenshot, signIn, signOut, useE2E, waitForPath } from './browser';

const DEMO_TENANT = '100001';

/** The 我的事务 menus and their buttons: what the employee and the manager of the leave process hold. */
const WORK_MENUS = ['work', 'work\\_%', 'leave'];

/**
 * Workflow in Chromium against the real server (issue 17): an employee files a leave request from 发起事务, a
 * manager claims it in 待签事务 and approves it from 待办事务, and the employee sees it done in 已发事务 with its
 * diagram (passed nodes marked) and history. The 流程管理 screens open for the tenant's administrator. axe on each.
 */
describe.skipIf(!hasBrowser)('workflow in Chromium', () => {
  let page: Page;
  let url: string;
  let db: Db;
  const problems: string[] = [];

  useE2E((session) => {
    ({ page, url } = session);
    db = session.e2e.server.built.services.db;
  });

  const scan = async (where: string) => {
    await expect.poll(() => page.locator('.ant-spin-spinning, .page-loading').count(), { timeout: 10_000 }).toBe(0);
    problems.push(...describeViolations(where, await axeViolations(page)));
  };
  const row = (text: string) => page.locator('.ant-table-row', { hasText: text }).first();
  const signInAs = async (account: string, password = 'pass1234') => {
    await signIn(page, url, account, password, DEMO_TENANT);
    await page.waitForURL('**/wel/index');
  };
  const pick = async (label: string, value: string) => {
    const input = page.getByLabel(label, { exact: true });
    await input.click();
    await input.fill(value);
    await input.press('Enter');
  };
  /** The diagram has drawn, with bpmn.io's watermark visible (bpmn-js's licence). */
  const diagramShown = async () => {
    await page.locator('.flow-diagram .djs-element[data-element-id="managerApproval"]').first().waitFor();
    await expect(page.locator('.flow-diagram .bjs-powered-by').first().isVisible()).resolves.toBe(true);
  };
  const marked = (id: string, marker: string) =>
    page.locator(`.flow-diagram .djs-element.${marker}[data-element-id="${id}"]`).count();

  it('sets up an employee and a manager who hold the work menus', async () => {
    await userWithRole(db, 'wfemp', 'user', WORK_MENUS);
    await userWithRole(db, 'wfmgr', 'manager', WORK_MENUS);
  });

  it('lets the employee file a leave request from 发起事务', async () => {
    await signInAs('wfemp');
    await page.goto(`${url}/work/start`);
    await rowAction(page, row('请假流程'), '发起');
    await page.waitForURL(/\/work\/process\/leave\/form\/\d+$/);
    await page.locator('.ant-tabs-tab', { hasText: '请假申请' }).waitFor();
    // Nothing typed: the form says what is missing and files nothing.
    await page.getByRole('button', { name: /提\s*交/ }).click();
    await page.getByText('请选择开始时间').waitFor();
    await pick('开始时间', '2026-03-02 09:00:00');
    await pick('结束时间', '2026-03-04 09:00:00');
    await page.getByLabel('请假理由').fill('回家探亲');
    await scan('leave form');
    await screenshot(page, 'workflow-leave-form');
    await page.getByRole('button', { name: /提\s*交/ }).click();
    await waitForPath(page, '/work/send');
    const sent = row('请假流程');
    await sent.getByText('办理中').waitFor();
    await sent.getByText('经理审批').waitFor();
    await scan('send list');
    await screenshot(page, 'workflow-send-list-running');
    // The employee claims nothing: the task is the managers'.
    await page.goto(`${url}/work/claim`);
    await page.locator('.ant-table-placeholder').waitFor();
    await signOut(page);
  });

  it('lets a manager claim it, then approve it from 待办事务 with its diagram', async () => {
    await signInAs('wfmgr');
    await page.goto(`${url}/work/claim`);
    await row('wfemp').waitFor();
    await scan('claim list');
    await screenshot(page, 'workflow-claim-list');
    await rowAction(page, row('wfemp'), '签收');
    await page.getByText('签收成功').waitFor();
    await expect.poll(() => page.locator('.ant-table-row', { hasText: 'wfemp' }).count()).toBe(0);

    await page.goto(`${url}/work/todo`);
    await rowAction(page, row('wfemp'), '办理');
    await page.waitForURL(/\/work\/process\/leave\/handle\/\d+\/\d+\/\d+$/);
    await page.getByText('回家探亲').waitFor();
    await diagramShown();
    expect(await marked('managerApproval', 'flow-current')).toBe(1);
    expect(await marked('start', 'flow-done')).toBe(1);
    await scan('handle page');
    await screenshot(page, 'workflow-handle');
    await page.getByLabel('审批意见').fill('同意,注意安全');
    await page.getByRole('button', { name: /^同\s*意$/ }).click();
    await waitForPath(page, '/work/todo');
    await page.getByText('办理成功').waitFor();
    await page.goto(`${url}/work/done`);
    await row('同意,注意安全').waitFor();
    await scan('done list');
    await signOut(page);
  });

  it('shows the employee the request done, with its diagram and history', async () => {
    await signInAs('wfemp');
    await page.goto(`${url}/work/send`);
    const done = row('请假流程');
    await done.getByText('已办结').waitFor();
    await rowAction(page, done, '详情');
    await page.waitForURL(/\/work\/process\/leave\/detail\/\d+\/\d+$/);
    await page.getByText('已通过').waitFor();
    await diagramShown();
    for (const id of ['start', 'managerApproval', 'end']) expect(await marked(id, 'flow-done'), id).toBe(1);
    expect(await marked('bossApproval', 'flow-done')).toBe(0);
    expect(await page.locator('.flow-diagram .flow-current').count()).toBe(0);
    const history = page.locator('.ant-table', { hasText: '流程历史' });
    await history.locator('.ant-table-row', { hasText: '同意,注意安全' }).getByText('wfmgr').waitFor();
    await scan('detail page');
    await screenshot(page, 'workflow-detail');
    // 跟踪: the same diagram and history in a dialog from the list.
    await page.goto(`${url}/work/send`);
    await rowAction(page, row('请假流程'), '跟踪');
    await page.locator('.ant-modal .flow-diagram .djs-element').first().waitFor();
    await scan('track dialog');
    await screenshot(page, 'workflow-track-dialog');
    await page.keyboard.press('Escape');
    // 请假流程 (the menu): her leave requests, and 发起请假 opens the form of the latest leave process.
    await page.goto(`${url}/work/process/leave`);
    await row('请假流程').getByText('已办结').waitFor();
    await page.getByRole('button', { name: '发起请假' }).click();
    await page.waitForURL(/\/work\/process\/leave\/form\/\d+$/);
    await signOut(page);
  });

  it('opens the 流程管理 screens for the administrator: definitions, a suspension, tracking, the modeler', async () => {
    await signInAs('admin', 'admin');
    await page.goto(`${url}/flow/manager`);
    const leave = row('请假流程');
    await leave.getByText('激活').waitFor();
    await scan('deployments');
    await screenshot(page, 'workflow-manager');
    await rowAction(page, leave, '挂起');
    await leave.locator('.ant-tag', { hasText: '挂起' }).waitFor();
    await rowAction(page, leave, '激活');
    await leave.locator('.ant-tag', { hasText: '激活' }).waitFor();
    await rowAction(page, leave, '流程图');
    await page.locator('.ant-modal .flow-diagram .djs-element').first().waitFor();
    await scan('definition diagram');
    await page.keyboard.press('Escape');

    await page.goto(`${url}/flow/follow`);
    await page.locator('.ant-card').first().waitFor();
    await scan('follow');
    await page.goto(`${url}/flow/model`);
    await page.getByRole('button', { name: '新建模型' }).click();
    await page.locator('.ant-modal .flow-modeler .djs-palette').waitFor();
    await expect(page.locator('.ant-modal .flow-modeler .bjs-powered-by').isVisible()).resolves.toBe(true);
    const modeler = page.locator('.ant-modal');
    await modeler.getByLabel('模型标识').fill('trip');
    await modeler.getByLabel('模型名称').fill('出差申请');
    await scan('modeler');
    await screenshot(page, 'workflow-modeler');
    await page.getByRole('button', { name: /^保\s*存$/ }).click();
    await page.getByText('模型已保存').waitFor();
    await rowAction(page, row('出差申请'), '部署');
    await page.getByText('部署成功,版本 v1').waitFor();
  });

  it('reads in English on a phone (390 px): the work list and the leave request with its diagram', async () => {
    await signOut(page);
    await signInAs('wfemp');
    // The console reads its language as it loads: set, then the list opened anew.
    await page.evaluate(() => localStorage.setItem('saber-language', JSON.stringify({ content: 'en' })));
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${url}/work/send`);
    const done = row('Finished');
    await done.waitFor();
    await scan('send list, English, phone');
    await screenshot(page, 'workflow-send-list-en-390');
    await rowAction(page, done, 'Detail');
    await page.getByText('Approved', { exact: true }).waitFor();
    await diagramShown();
    await page.getByText('History', { exact: true }).waitFor();
    await scan('detail page, English, phone');
    await screenshot(page, 'workflow-detail-en-390');
    await page.evaluate(() => localStorage.setItem('saber-language', JSON.stringify({ content: 'zh' })));
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  it('found no serious accessibility problem on the new screens', () => {
    expect(problems).toEqual([]);
  });
});
