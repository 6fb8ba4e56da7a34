import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations, describeViolations } from './axe';
import {
  animationsEnded,
  choose,
  englishPhone,
  hasBrowser,
  newContext,
  rowAction,
  screenshot,
  signIn,
  signInInEnglish,
  useE2E,
  type Session,
} from './browser';

const DEMO_TENANT = '100001';

/**
 * Epidemic control and the report list in Chromium against the real server, as the demo company's
 * administrator: a checkpoint, a staff member at it, a registration with a fever (tagged 异常) and a household
 * member, the list filtered by the mark; then 收费统计 saved as a report and opened from 报表列表. axe finds
 * nothing serious on the screens and dialogs; screenshots in Chinese and English, wide and on a phone.
 */
describe.skipIf(!hasBrowser)('epidemic control and reports in Chromium', () => {
  let session: Session;
  let page: Page;
  useE2E((s) => ((session = s), (page = s.page)), { account: 'admin', password: 'admin', tenantId: DEMO_TENANT });

  const problems: string[] = [];
  const scan = async (where: string) => {
    await expect.poll(() => page.locator('.ant-select-dropdown:visible, .ant-cascader-dropdown:visible').count()).toBe(0);
    await animationsEnded(page);
    problems.push(...describeViolations(where, await axeViolations(page, '#main-content, .ant-modal-wrap, .ant-drawer')));
  };
  const dialog = () => page.locator('.ant-modal:visible').last();
  const row = (scope: Locator, text: string) => scope.locator('.ant-table-row', { hasText: text }).first();
  const main = () => page.locator('#main-content');
  const save = (scope: Locator) => scope.getByRole('button', { name: /^(确\s*定|保\s*存)$/ }).click();
  const add = async (scope: Locator = main()) => {
    await scope
      .getByRole('button', { name: /新\s*增/ })
      .first()
      .click();
    return dialog();
  };

  it('adds a checkpoint and a staff member working at it', async () => {
    await page.goto(`${session.url}/epidemic/point`);
    await row(main(), '南门岗').waitFor();
    await scan('防控点位');
    const d = await add();
    await d.getByLabel('点位名称').fill('测试测温点');
    await choose(page, d, '点位类型', '小区出入口');
    await d.getByLabel('负责人', { exact: true }).fill('陈测温');
    await d.getByLabel('开放时间').fill('07:00');
    await d.getByLabel('关闭时间').fill('21:00');
    await scan('新增防控点位');
    await save(d);
    await page.getByText('新增成功').last().waitFor();
    await row(main(), '测试测温点').waitFor();
    await screenshot(page, 'epidemic-point');

    await page.goto(`${session.url}/epidemic/user`);
    await row(main(), '林志强').waitFor();
    const s = await add();
    await s.getByLabel('姓名').fill('测试防控员');
    await s.getByLabel('手机号码').fill('13911112222');
    await choose(page, s, '防控点位', '测试测温点');
    await choose(page, s, '岗位职责', '测温');
    await choose(page, s, '班次', '早班');
    await scan('新增防控人员');
    await save(s);
    await page.getByText('新增成功').last().waitFor();
    await expect.poll(() => row(main(), '测试防控员').innerText()).toContain('测试测温点');
  });

  it('registers a person with a fever from a chosen city, tagged 异常, with a household member', async () => {
    await page.goto(`${session.url}/epidemic/info`);
    await row(main(), '王建国').waitFor();
    await scan('疫情信息');
    const d = await add();
    await d.getByLabel('姓名', { exact: true }).fill('测试发热');
    await d.getByLabel('手机号码').fill('13922223333');
    await d.getByLabel('体温(°C)').fill('38.1');
    await choose(page, d, '健康码', '绿码');
    // The from-region: a province, then its city.
    await d
      .locator('.ant-form-item', { has: page.getByLabel('来源地区') })
      .locator('.ant-select-selector')
      .click();
    const cascader = page.locator('.ant-cascader-dropdown:visible');
    await cascader.getByRole('menuitemcheckbox', { name: '广东省' }).click();
    await cascader.getByRole('menuitemcheckbox', { name: '深圳市' }).click();
    await expect.poll(() => d.locator('.ant-cascader .ant-select-selection-item').innerText()).toContain('深圳市');
    await choose(page, d, '登记点位', '测试测温点');
    await scan('新增疫情信息');
    await screenshot(page, 'epidemic-info-add');
    await save(d);
    await page.getByText('新增成功').last().waitFor();
    const fever = row(main(), '测试发热');
    await fever.locator('[data-abnormal="1"]').waitFor();
    expect(await fever.innerText()).toContain('广东省/深圳市');
    expect(await row(main(), '王建国').locator('[data-abnormal="1"]').count()).toBe(0);

    await rowAction(page, fever, '家属');
    const drawer = page.locator('.ant-drawer-content:visible');
    await drawer.getByText('同住家属 - 测试发热').waitFor();
    const f = await add(drawer);
    await f.getByLabel('姓名').fill('测试家属');
    await choose(page, f, '关系', '子女');
    await f.getByLabel('体温(°C)').fill('36.5');
    await choose(page, f, '健康码', '绿码');
    await scan('新增同住家属');
    await save(f);
    await page.getByText('新增成功').last().waitFor();
    await row(drawer, '测试家属').waitFor();
    expect(await row(drawer, '测试家属').innerText()).toContain('36.5');
    await scan('同住家属');
    await screenshot(page, 'epidemic-family');
    await drawer
      .getByRole('button', { name: /close|关闭/i })
      .first()
      .click();
    await drawer.waitFor({ state: 'hidden' });
  });

  it('filters the registrations by the abnormal mark', async () => {
    const search = page.locator('.ant-pro-query-filter');
    const expand = search.getByText(/展\s*开/);
    if ((await expand.count()) > 0) await expand.first().click();
    await choose(page, search, '是否异常', '异常');
    await search.getByRole('button', { name: /查\s*询/ }).click();
    await expect.poll(() => main().locator('.ant-table-row').count()).toBeGreaterThan(0);
    await row(main(), '测试发热').waitFor();
    await expect.poll(() => main().locator('.ant-table-row', { hasText: '王建国' }).count()).toBe(0);
    const rows = await main().locator('.ant-table-row').count();
    expect(await main().locator('.ant-table-row [data-abnormal="1"]').count()).toBe(rows);
    await screenshot(page, 'epidemic-info-abnormal');
  });

  it('saves 收费统计 as a report and opens it from 报表列表', async () => {
    await page.goto(`${session.url}/billing/statistics`);
    await page.locator('[data-total="count"]').first().waitFor();
    const received = await page.locator('[data-total="received"]').first().innerText();
    await page.getByRole('button', { name: '保存为报表' }).click();
    const d = dialog();
    await d.getByLabel('报表名称').fill('测试收费报表');
    await scan('保存为报表');
    await save(d);
    await page.getByText('已保存为报表,可在报表列表中查看').last().waitFor();

    await page.goto(`${session.url}/report/list`);
    const report = row(main(), '测试收费报表');
    await report.waitFor();
    expect(await report.innerText()).toContain('收费统计');
    await scan('报表列表');
    await screenshot(page, 'report-list');
    await rowAction(page, report, '查看');
    const view = dialog();
    await view.locator('[data-total="received"]').first().waitFor();
    expect(await view.locator('[data-total="received"]').first().innerText()).toBe(received);
    await scan('查看报表');
    await screenshot(page, 'report-view');
    const download = page.waitForEvent('download');
    await view.getByRole('button', { name: /导\s*出/ }).click();
    expect((await download).suggestedFilename()).toBe('测试收费报表.xlsx');
    await view.getByRole('button', { name: /关\s*闭/ }).click();
  });

  it('reads in English, on a wide screen and on a phone', async () => {
    const context = await newContext(session.e2e.browser, { viewport: { width: 1440, height: 900 }, locale: 'en' });
    const wide = await context.newPage();
    await signInInEnglish(wide, session.url, 'admin', 'admin', DEMO_TENANT);
    for (const [path, name, text] of [
      ['/epidemic/info', 'epidemic-info-en', 'Abnormal'],
      ['/epidemic/point', 'epidemic-point-en', 'Checkpoint'],
      ['/epidemic/user', 'epidemic-user-en', 'Temperature checks'],
      ['/epidemic/config', 'epidemic-config-en', '37.3'],
      ['/report/list', 'report-list-en', 'Charge statistics'],
    ] as const) {
      await wide.goto(`${session.url}${path}`);
      await wide.locator('#main-content .ant-table-row').first().waitFor();
      expect(await wide.locator('#main-content').innerText()).toContain(text);
      await screenshot(wide, name);
    }
    await context.close();
    const phone = await englishPhone(session, DEMO_TENANT);
    for (const [path, name] of [
      ['/epidemic/info', 'epidemic-info-en-390'],
      ['/report/list', 'report-list-en-390'],
    ] as const) {
      await phone.goto(`${session.url}${path}`);
      await phone.locator('#main-content .ant-table-row').first().waitFor();
      await screenshot(phone, name);
    }
    await phone.context().close();
    const zhContext = await newContext(session.e2e.browser, { viewport: { width: 390, height: 844 }, hasTouch: true });
    const zhPhone = await zhContext.newPage();
    await signIn(zhPhone, session.url, 'admin', 'admin', DEMO_TENANT);
    await zhPhone.waitForURL('**/wel/index');
    for (const [path, name] of [
      ['/epidemic/info', 'epidemic-info-390'],
      ['/report/list', 'report-list-390'],
    ] as const) {
      await zhPhone.goto(`${session.url}${path}`);
      await zhPhone.locator('#main-content .ant-table-row').first().waitFor();
      await screenshot(zhPhone, name);
    }
    await zhContext.close();
  });

  it('finds no serious accessibility problem on any of them', () => {
    expect(problems).toEqual([]);
  });
});
