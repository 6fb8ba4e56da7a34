import type { Page } from 'playwright-core';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../../server/src/platform/db/database';
import { userWithRole } from '../../../server/test/workflow-fixtures';
import { axeViolations, describeViolations } from './axe';
import { animationsEnded, hasBrowser, rowAction, screenshot, signIn, signOut, useE2E, waitForPath } from './browser';

const DEMO_TENANT = '100001';

/** A drawing of a process with no candidates, conditions nor timer values: what the properties panel fills in. */
const ERRAND_XML = `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI" xmlns:dc="http://www.omg.org/spec/DD/20100524/DC" xmlns:di="http://www.omg.org/spec/DD/20100524/DI" id="errandDefinitions" targetNamespace="http://property.console/flow">
  <bpmn:process id="errand" name="外出审批" isExecutable="true">
    <bpmn:startEvent id="start" />
    <bpmn:sequenceFlow id="toGate" sourceRef="start" targetRef="gate" />
    <bpmn:exclusiveGateway id="gate" />
    <bpmn:sequenceFlow id="shortFlow" sourceRef="gate" targetRef="shortTask" />
    <bpmn:sequenceFlow id="longFlow" sourceRef="gate" targetRef="longTask" />
    <bpmn:userTask id="shortTask" name="短期审批" />
    <bpmn:userTask id="longTask" name="长期审批" />
    <bpmn:boundaryEvent id="longOverdue" attachedToRef="longTask" cancelActivity="false"><bpmn:timerEventDefinition /></bpmn:boundaryEvent>
    <bpmn:sequenceFlow id="shortDone" sourceRef="shortTask" targetRef="end" />
    <bpmn:sequenceFlow id="longDone" sourceRef="longTask" targetRef="end" />
    <bpmn:endEvent id="end" />
  </bpmn:process>
  <bpmndi:BPMNDiagram id="errandDiagram">
    <bpmndi:BPMNPlane id="errandPlane" bpmnElement="errand">
      <bpmndi:BPMNShape id="start_di" bpmnElement="start"><dc:Bounds x="100" y="102" width="36" height="36" /></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="gate_di" bpmnElement="gate" isMarkerVisible="true"><dc:Bounds x="200" y="95" width="50" height="50" /></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="shortTask_di" bpmnElement="shortTask"><dc:Bounds x="380" y="80" width="100" height="80" /></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="longTask_di" bpmnElement="longTask"><dc:Bounds x="175" y="300" width="100" height="80" /></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="longOverdue_di" bpmnElement="longOverdue"><dc:Bounds x="257" y="362" width="36" height="36" /></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="end_di" bpmnElement="end"><dc:Bounds x="582" y="102" width="36" height="36" /></bpmndi:BPMNShape>
      <bpmndi:BPMNEdge id="toGate_di" bpmnElement="toGate"><di:waypoint x="136" y="120" /><di:waypoint x="200" y="120" /></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="shortFlow_di" bpmnElement="shortFlow"><di:waypoint x="250" y="120" /><di:waypoint x="380" y="120" /></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="longFlow_di" bpmnElement="longFlow"><di:waypoint x="225" y="145" /><di:waypoint x="225" y="300" /></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="shortDone_di" bpmnElement="shortDone"><di:waypoint x="480" y="120" /><di:waypoint x="582" y="120" /></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="longDone_di" bpmnElement="longDone"><di:waypoint x="275" y="340" /><di:waypoint x="600" y="340" /><di:waypoint x="600" y="138" /></bpmndi:BPMNEdge>
    </bpmndi:BPMNPlane>
  </bpmndi:BPMNDiagram>
</bpmn:definitions>`;

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
    await userWithRole(db, 'wfboss', 'boss', WORK_MENUS);
    await userWithRole(db, 'wfplain', 'plainstaff');
    // The drawing alone (no candidates, no conditions) as a model: the designer's panel adds what the engine reads.
    await sql`insert into blade_flow_model (tenant_id, model_key, name, xml) values (${DEMO_TENANT}, 'errand', '外出审批',
      ${ERRAND_XML})`.execute(db);
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

  it('designs a process in the properties panel: candidates and conditions, saved, deployed, claimed by the right person', async () => {
    // Still the administrator of the test before.
    await page.goto(`${url}/flow/model`);
    await rowAction(page, row('外出审批'), '设计');
    const dialog = page.locator('.ant-modal');
    const panel = dialog.getByRole('complementary', { name: '所选元素的属性' });
    await panel.getByText('在图上或上方的元素列表中选择一个元素以编辑它的属性').waitFor();
    // By keyboard: the element list names every element (its name or id, and its type) and selects the one chosen
    // as a click on the canvas would; its properties are then the panel's.
    const picker = panel.getByLabel('元素', { exact: true });
    await picker.focus();
    await page.keyboard.type('shortFlow');
    await page.keyboard.press('Enter');
    await panel.getByText('顺序流', { exact: true }).waitFor();
    // A straight flow's box has no height: Playwright calls it hidden, so it is awaited as there.
    await dialog.locator('.djs-element.selected[data-element-id="shortFlow"]').waitFor({ state: 'attached' });
    await picker.focus();
    await page.keyboard.type('短期');
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '短期审批 · 用户任务' }).waitFor();
    await page.keyboard.press('Enter');
    await expect.poll(() => panel.getByLabel('编号', { exact: true }).inputValue()).toBe('shortTask');
    await dialog.locator('.djs-element.selected[data-element-id="shortTask"]').waitFor();
    expect(await dialog.locator('.djs-element.selected').count()).toBe(1);
    // Last the start event (a click on the canvas toggles a selected element off, so the clicks below start elsewhere).
    await picker.focus();
    await page.keyboard.type('start');
    await page.keyboard.press('Enter');
    await expect.poll(() => panel.getByLabel('编号', { exact: true }).inputValue()).toBe('start');
    const select = async (id: string) => {
      // Measured once the dialog has stopped moving. A straight flow's box has no height (Playwright calls it
      // invisible): the middle of its hit area is clicked instead.
      await animationsEnded(page);
      const box = await dialog.locator(`.djs-element[data-element-id="${id}"] .djs-hit`).first().boundingBox();
      await page.mouse.click(box!.x + box!.width / 2, box!.y + box!.height / 2);
      await expect.poll(() => panel.getByLabel('编号', { exact: true }).inputValue()).toBe(id);
    };
    /** A role from the picker (its options read 'name (alias)'; the typed alias alone would be a new tag); its list closed after. */
    const role = async (alias: string) => {
      const field = panel.getByLabel('候选角色', { exact: true });
      await field.click();
      await field.fill(alias);
      await page
        .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: `(${alias})` })
        .first()
        .click();
      await field.press('Escape');
    };
    // A user task: renamed, and claimable by the manager role (the role picker, fed by the roles of the tenant).
    await select('shortTask');
    await panel.getByText('用户任务', { exact: true }).waitFor(); // the element's type, named in the console's words
    await panel.getByLabel('名称', { exact: true }).fill('主管审批');
    await panel.getByLabel('名称', { exact: true }).press('Enter');
    await dialog.locator('.djs-element[data-element-id="shortTask"]').getByText('主管审批').waitFor();
    await role('manager');
    await select('longTask');
    await role('boss');
    // Conditions on the days: one refused as the engine could not read it, then the right ones.
    await select('shortFlow');
    await panel.getByText('顺序流', { exact: true }).waitFor();
    const condition = panel.getByLabel('条件', { exact: true });
    await condition.fill('days <= 3');
    await condition.press('Enter');
    await panel.getByText('条件须为 ${变量}、${!变量} 或 ${变量 比较符 值}').waitFor();
    await condition.fill('${days <= 3}');
    await condition.press('Enter');
    await expect.poll(() => panel.getByText('条件须为', { exact: false }).count()).toBe(0);
    await select('longFlow');
    await condition.fill('${days > 3}');
    await condition.press('Tab');
    // The escalation timer's duration (a boundary timer on the boss's task).
    await select('longOverdue');
    const timer = panel.getByLabel('定时', { exact: true });
    await timer.fill('3 days');
    await timer.press('Enter');
    await panel.getByText('定时值不符合所选方式的 ISO 8601 格式').waitFor();
    await timer.fill('P3D');
    await timer.press('Enter');
    await scan('designer with its properties panel');
    await screenshot(page, 'workflow-designer-panel');
    await page.getByRole('button', { name: /^保\s*存$/ }).click();
    await page.getByText('模型已保存').waitFor();
    const saved = await sql<{ xml: string }>`select xml from blade_flow_model where model_key = 'errand'
      and tenant_id = ${DEMO_TENANT}`.execute(db);
    const xml = saved.rows[0]!.xml;
    expect(xml).toMatch(/id="shortTask" name="主管审批" camunda:candidateGroups="manager"/);
    expect(xml).toContain('camunda:candidateGroups="boss"');
    expect(xml).toContain('${days &lt;= 3}</bpmn:conditionExpression>');
    expect(xml).toContain('${days &gt; 3}</bpmn:conditionExpression>');
    expect(xml).toContain('P3D</bpmn:timeDuration>');
    await rowAction(page, row('外出审批'), '部署');
    await page.getByText('部署成功,版本 v1').waitFor();
    const deployed = await sql<{ id: string }>`select id from blade_flow_definition where process_key = 'errand'
      and tenant_id = ${DEMO_TENANT}`.execute(db);
    await signOut(page);

    // Two days out: the short branch, the managers' to claim, not the boss's.
    await signInAs('wfemp');
    await page.goto(`${url}/work/process/leave/form/${deployed.rows[0]!.id}`);
    await pick('开始时间', '2026-05-04 09:00:00');
    await pick('结束时间', '2026-05-06 09:00:00');
    await page.getByLabel('请假理由').fill('外出办事');
    await page.getByRole('button', { name: /提\s*交/ }).click();
    await waitForPath(page, '/work/send');
    await signOut(page);
    await signInAs('wfboss');
    await page.goto(`${url}/work/claim`);
    await page.locator('.ant-table-placeholder').waitFor();
    await signOut(page);
    await signInAs('wfmgr');
    await page.goto(`${url}/work/claim`);
    await rowAction(page, row('主管审批'), '签收');
    await page.getByText('签收成功').waitFor();
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

  it('shows users without the flow menus nothing they cannot use, and none of their calls fails', async () => {
    const failures: string[] = [];
    const onResponse = (r: { url(): string; status(): number }) => {
      if (r.url().includes('/api/') && r.status() >= 400) failures.push(`${r.status()} ${r.url()}`);
    };
    const onConsole = (m: { type(): string; text(): string }) => {
      if (m.type() === 'error') failures.push(m.text());
    };
    page.on('response', onResponse);
    page.on('console', onConsole);
    try {
      // The English test before set Chinese back for the next load.
      await page.goto(`${url}/wel/index`);
      await signOut(page);
      // The employee holds 我的事务, not 流程管理: every work screen and the leave pages, without a refused call.
      await signInAs('wfemp');
      await expect.poll(() => page.getByRole('menuitem', { name: '我的事务' }).count()).toBeGreaterThan(0);
      expect(await page.getByRole('menuitem', { name: '流程管理' }).count()).toBe(0);
      for (const path of ['/work/start', '/work/claim', '/work/todo', '/work/done', '/work/process/leave', '/work/send']) {
        await page.goto(`${url}${path}`);
        await page.locator('.ant-table').first().waitFor();
        await scan(`${path} without the flow menus`);
      }
      await rowAction(page, row('请假流程'), '详情');
      await diagramShown();
      await screenshot(page, 'workflow-detail-no-flow-menus');
      await page.goto(`${url}/work/process/leave`);
      await page.getByRole('button', { name: '发起请假' }).click();
      await page.getByLabel('审批人').waitFor();
      await screenshot(page, 'workflow-leave-form-no-flow-menus');
      // 流程管理 by its address: the 403 page, and none of its calls made.
      await page.goto(`${url}/flow/manager`);
      await page.waitForURL('**/403');
      await page.goto(`${url}/wel/index`);
      await signOut(page);
      // Someone with no menu at all: 我的事务 by its address is refused the same way.
      await signInAs('wfplain');
      expect(await page.getByRole('menuitem', { name: '我的事务' }).count()).toBe(0);
      await page.goto(`${url}/work/todo`);
      await page.waitForURL('**/403');
      await screenshot(page, 'workflow-no-menus-403');
      await page.goto(`${url}/wel/index`);
      await signOut(page);
    } finally {
      page.off('response', onResponse);
      page.off('console', onConsole);
    }
    expect(failures).toEqual([]);
  });

  it('shows the designer’s panel in English, wide and on a phone (390 px)', async () => {
    await signInAs('admin', 'admin');
    await page.evaluate(() => localStorage.setItem('saber-language', JSON.stringify({ content: 'en' })));
    try {
      await page.goto(`${url}/flow/model`);
      // The row's actions in English: 设计 is under More.
      await row('外出审批').getByRole('button', { name: 'More' }).click();
      await page.locator('.row-actions-menu:visible').getByRole('button', { name: 'Design' }).click();
      const panel = page.getByRole('complementary', { name: 'Properties of the selected element' });
      await page.locator('.ant-modal .djs-element[data-element-id="shortTask"]').first().waitFor();
      await animationsEnded(page);
      const box = await page.locator('.ant-modal .djs-element[data-element-id="shortTask"] .djs-hit').first().boundingBox();
      await page.mouse.click(box!.x + box!.width / 2, box!.y + box!.height / 2);
      await expect.poll(() => panel.getByLabel('ID', { exact: true }).inputValue()).toBe('shortTask');
      await panel.getByText('Candidate roles').waitFor();
      await expect.poll(() => panel.getByLabel('Element', { exact: true }).isVisible()).toBe(true);
      await panel.getByText('主管审批 · User task').waitFor(); // renamed in the designer above
      await scan('designer, English');
      await screenshot(page, 'workflow-designer-panel-en');
      // On a phone the panel goes under the drawing.
      await page.setViewportSize({ width: 390, height: 844 });
      await panel.getByText('Candidate roles').scrollIntoViewIfNeeded();
      await scan('designer, English, phone');
      await screenshot(page, 'workflow-designer-panel-en-390');
    } finally {
      await page.evaluate(() => localStorage.setItem('saber-language', JSON.stringify({ content: 'zh' })));
      await page.setViewportSize({ width: 1440, height: 900 });
    }
  });

  it('found no serious accessibility problem on the new screens', () => {
    expect(problems).toEqual([]);
  });
});
