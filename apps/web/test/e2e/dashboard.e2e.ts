import type { Locator, Page, Response } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_TENANT } from '../../../server/src/seed/seed';
import { ApiClient } from '../../../server/test/client';
import { yuan } from '../../src/app/money-text';
import { percentText } from '../../src/modules/dashboard/dashboard-data';
import { axeViolations, describeViolations } from './axe';
import { englishPhone, hasBrowser, newContext, screenshot, signIn, useE2E, type Session } from './browser';

/**
 * The dashboard (统计看板) in Chromium, as the demo company's administrator: the cards, tables and charts show what
 * the calls answer; each chart's tooltip steps every 2 s, holds under the pointer and keyboard focus and pauses at
 * its button; its points are reached by keyboard with a visible focus; the period and year pickers ask the calls
 * again; /wel/dashboard shows the same screen; a new garden shows zeros and empty charts; English on a phone; axe.
 */
describe.skipIf(!hasBrowser)('the dashboard in Chromium', () => {
  let session: Session;
  useE2E((s) => (session = s), { account: 'admin', password: 'admin', tenantId: DEMO_TENANT });
  const problems: string[] = [];
  const scan = async (page: Page, where: string) => problems.push(...describeViolations(where, await axeViolations(page)));
  /** The next answer of a call whose path ends so. */
  const answerOf = (page: Page, path: string) =>
    page.waitForResponse((r: Response) => new URL(r.url()).pathname.endsWith(path) && r.request().method() === 'GET');
  const dataOf = async (response: Promise<Response>) => ((await (await response).json()) as { data: any }).data;
  const chart = (page: Page, name: string) => page.locator(`[data-chart="${name}"]`);
  const figure = (page: Page, card: string, field: string) => page.locator(`[data-card="${card}"] [data-figure="${field}"]`);
  /** Which point a chart's tooltip shows (its category's key), or null without one. */
  const shownOf = (of: Locator) => of.locator('.chart-tooltip').getAttribute('data-tooltip', { timeout: 5000 });
  const openDashboard = async (page: Page, path = '/desk/dashboard') => {
    await page.goto(`${session.url}${path}`);
    await page.locator('[data-chart="billsByMonth"] svg[role="group"]').waitFor();
  };

  it('shows the figures the calls answer: the garden, resources, orders, collection rate, charts and table', async () => {
    const { page } = session;
    const calls = {
      headline: answerOf(page, '/index/statistics'),
      resources: answerOf(page, '/desk/get-index-sum-resource'),
      garden: answerOf(page, '/desk/get-garden'),
      orders: answerOf(page, '/desk/get-order-sum'),
      table: answerOf(page, '/paymentbill/statistics-tables'),
      bars: answerOf(page, '/paymentbill/barChart'),
      radar: answerOf(page, '/paymentbill/radarMap'),
    };
    await openDashboard(page);
    const [headline, resources, garden, orders, table, bars, radar] = await Promise.all(Object.values(calls).map(dataOf));
    const year = new Date().getFullYear();
    expect(headline).toMatchObject({ sTime: `${year}-01-01`, eTime: `${year}-12-31` });
    // The demo's year has bills and payments: the figures are not zeros.
    expect(headline.receivable).not.toBe('0.00');

    await expect.poll(() => figure(page, 'rate', 'moneyRate').innerText()).toBe(percentText(headline.moneyRate));
    expect(await figure(page, 'rate', 'receivable').innerText()).toBe(yuan(headline.receivable));
    expect(await figure(page, 'rate', 'outstanding').innerText()).toBe(yuan(headline.outstanding));
    expect(await figure(page, 'rate', 'houseRate').innerText()).toContain(percentText(headline.houseRate));
    expect(await figure(page, 'resources', 'houseCount').innerText()).toBe(String(resources.houseCount));
    expect(await figure(page, 'resources', 'ownerCount').innerText()).toBe(String(resources.ownerCount));
    expect(await figure(page, 'garden', 'gardenName').innerText()).toBe(garden.gardenName);
    expect(await figure(page, 'garden', 'vacantCount').innerText()).toBe(String(garden.vacantCount));
    expect(await figure(page, 'orders', 'amount').innerText()).toBe(yuan(orders.amount));
    expect(await figure(page, 'orders', 'count').innerText()).toBe(String(orders.count));
    // The statistics table closes with the answer's total; each chart's data table lists the answer's points.
    expect(await page.locator('[data-card="statistics"] [data-total="receivable"]').innerText()).toBe(
      yuan(table.total.receivable),
    );
    const barRows = chart(page, 'billsByMonth').locator('tbody tr');
    expect(await barRows.count()).toBe(bars.months.length);
    expect(await barRows.nth(0).locator('td').allInnerTexts()).toEqual([
      yuan(bars.months[0].receivable),
      yuan(bars.months[0].received),
    ]);
    const radarRows = chart(page, 'rateByItem').locator('tbody tr');
    expect(await radarRows.count()).toBe(radar.items.length);
    expect(await radarRows.nth(0).innerText()).toContain(percentText(radar.items[0].collectionRate));
    // Every point of every chart is named with its figures for screen readers; the summary names the highest.
    expect(await chart(page, 'billsByMonth').locator('svg[role="group"] [role="img"][aria-label]').count()).toBe(
      bars.months.length,
    );
    expect(await chart(page, 'billsByMonth').locator('.visually-hidden').first().innerText()).toMatch(/共 \d+ 项/);

    // Less motion is asked for (the test windows ask it): no chart moves until played.
    const first = await shownOf(chart(page, 'billsByMonth'));
    await page.waitForTimeout(2600);
    expect(await shownOf(chart(page, 'billsByMonth'))).toBe(first);
    expect(
      await chart(page, 'billsByMonth')
        .getByRole('button', { name: /继续轮播/ })
        .count(),
    ).toBe(1);
    await scan(page, '/desk/dashboard');
    await screenshot(page, 'dashboard-zh-1440');
  });

  it('steps each tooltip every 2 s; holds under the pointer and focus; pauses and plays at its button', async () => {
    const context = await newContext(session.e2e.browser, {
      viewport: { width: 1440, height: 900 },
      locale: 'zh-CN',
      reducedMotion: 'no-preference',
    });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    await signIn(page, session.url, 'admin', 'admin', DEMO_TENANT);
    await page.waitForURL('**/wel/index');
    await openDashboard(page);
    const bars = chart(page, 'billsByMonth');
    await bars.scrollIntoViewIfNeeded();
    await page.mouse.move(0, 0);
    // Twelve months: the tooltip moves on by itself, one month a step.
    const a = await shownOf(bars);
    await expect.poll(() => shownOf(bars), { timeout: 4000 }).not.toBe(a);
    const b = await shownOf(bars);
    const started = Date.now();
    await expect.poll(() => shownOf(bars), { timeout: 4000, interval: 50 }).not.toBe(b);
    const step = Date.now() - started;
    expect(step).toBeGreaterThan(1000);
    expect(step).toBeLessThan(3500);

    // Paused at its button: it stays; played again: it moves.
    await bars.getByRole('button', { name: /暂停轮播/ }).click();
    await page.mouse.move(0, 0);
    const paused = await shownOf(bars);
    await page.waitForTimeout(2600);
    expect(await shownOf(bars)).toBe(paused);
    await bars.getByRole('button', { name: /继续轮播/ }).click();
    await page.mouse.move(0, 0);
    await expect.poll(() => shownOf(bars), { timeout: 4000 }).not.toBe(paused);

    // Under the pointer it holds, on the month pointed at.
    await bars.locator('.chart-point').nth(4).hover();
    await expect.poll(() => shownOf(bars)).toBe(await bars.locator('tbody tr').nth(4).getAttribute('data-key'));
    const held = await shownOf(bars);
    await page.waitForTimeout(2600);
    expect(await shownOf(bars)).toBe(held);
    await page.mouse.move(0, 0);
    await expect.poll(() => shownOf(bars), { timeout: 4000 }).not.toBe(held);

    // With keyboard focus on a point it holds too, and moves on once focus has left the chart.
    await bars.locator('.chart-point[tabindex="0"]').focus();
    const focusedOn = await shownOf(bars);
    await page.waitForTimeout(2600);
    expect(await shownOf(bars)).toBe(focusedOn);
    await page.locator('.dashboard-choices .ant-picker-range input').first().focus();
    await expect.poll(() => shownOf(bars), { timeout: 4000 }).not.toBe(focusedOn);
    await context.close();
  });

  it('reaches the points by keyboard: one tab stop a chart, arrows and Home/End, a visible focus; the table on request', async () => {
    const { page } = session;
    await openDashboard(page);
    const bars = chart(page, 'billsByMonth');
    const keys = await bars.locator('tbody tr').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-key')));
    // From the chart's table button, Tab reaches its one point in the tab order.
    await bars.getByRole('button', { name: '数据表' }).focus();
    await page.keyboard.press('Tab');
    const focused = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '');
    expect(await focused()).toMatch(/应收金额 ¥[\d,.]+, 实收金额 ¥[\d,.]+$/);
    await expect.poll(() => bars.locator('.chart-plot').evaluate((el) => getComputedStyle(el).outlineStyle)).toBe('solid');
    const at = await shownOf(bars);
    await page.keyboard.press('ArrowRight');
    expect(await shownOf(bars)).toBe(keys[(keys.indexOf(at) + 1) % keys.length]);
    await page.keyboard.press('End');
    expect(await shownOf(bars)).toBe(keys.at(-1));
    expect(await focused()).toContain(await bars.locator('tbody tr th').last().innerText());
    await page.keyboard.press('Home');
    expect(await shownOf(bars)).toBe(keys[0]);
    await screenshot(page, 'dashboard-keyboard');
    // Tab leaves the chart after one stop; the focus ring goes with it.
    await page.keyboard.press('Tab');
    expect(await bars.locator('.chart-plot').evaluate((el) => el.contains(document.activeElement))).toBe(false);
    await expect.poll(() => bars.locator('.chart-plot').evaluate((el) => getComputedStyle(el).outlineStyle)).toBe('none');

    // The data table, visually hidden, shows on request.
    const toggle = bars.getByRole('button', { name: '数据表' });
    // The table's box: 1 px, clipped, until shown.
    const tableWidth = () => bars.locator('table').evaluate((el) => el.parentElement!.getBoundingClientRect().width);
    expect(await tableWidth()).toBeLessThanOrEqual(1);
    await toggle.focus();
    await page.keyboard.press('Enter');
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    await expect.poll(tableWidth).toBeGreaterThan(200);
    await scan(page, '/desk/dashboard with a data table shown');
  });

  it('asks the calls again for another period and year', async () => {
    const { page } = session;
    await openDashboard(page);
    const year = new Date().getFullYear();
    const lastYear = answerOf(page, '/index/statistics');
    await page.locator('.dashboard-choices .ant-picker-range').click();
    await page.locator('.ant-picker-dropdown:visible .ant-picker-presets li', { hasText: '去年' }).click();
    const ranged = await lastYear;
    expect(new URL(ranged.url()).searchParams.get('sTime')).toBe(`${year - 1}-01-01`);
    expect(new URL(ranged.url()).searchParams.get('eTime')).toBe(`${year - 1}-12-31`);
    const headline = ((await ranged.json()) as { data: { moneyRate: string | null } }).data;
    await expect.poll(() => figure(page, 'rate', 'moneyRate').innerText()).toBe(percentText(headline.moneyRate));

    const orders = answerOf(page, '/desk/get-order-sum');
    // The select by its name (the one screen readers hear); its selected value lies over the input.
    await page.getByRole('combobox', { name: '订单年份' }).click({ force: true });
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: `${year - 1}年` }).click();
    const sum = await orders;
    expect(new URL(sum.url()).searchParams.get('year')).toBe(String(year - 1));
    const answer = ((await sum.json()) as { data: { amount: string } }).data;
    await expect.poll(() => figure(page, 'orders', 'amount').innerText()).toBe(yuan(answer.amount));
    await expect.poll(() => chart(page, 'ordersByMonth').locator('h2').innerText()).toBe(`${year - 1}年每月订单`);
  });

  it('opens the same dashboard at /wel/dashboard', async () => {
    const { page } = session;
    await openDashboard(page, '/wel/dashboard');
    expect(await page.locator('[data-card="rate"]').count()).toBe(1);
    expect(await page.getByText('该页面正在建设中').count()).toBe(0);
  });

  it('shows a new garden as zeros and empty charts, never an error', async () => {
    const { page, url } = session;
    const admin = new ApiClient(url);
    await admin.signIn('admin', 'admin', DEMO_TENANT);
    expect((await admin.post('/system-property/garden/submit', { gardenName: '看板新园' })).body.code).toBe(200);
    const id = (await admin.get('/system-property/garden/list', { gardenName_equal: '看板新园' })).body.data.records[0]
      .id as string;
    await page.evaluate((gardenId) => {
      const record = (content: string) => JSON.stringify({ dataType: 'string', content, type: 'local', datetime: Date.now() });
      const prefix =
        Object.keys(localStorage)
          .find((k) => k.endsWith('gardenId'))
          ?.slice(0, -'gardenId'.length) ?? 'saber-';
      localStorage.setItem(`${prefix}gardenId`, record(gardenId));
      localStorage.setItem(`${prefix}gardenName`, record('看板新园'));
    }, id);
    const headline = answerOf(page, '/index/statistics');
    await openDashboard(page);
    expect(new URL((await headline).url()).searchParams.get('gardenId')).toBe(id);
    await expect.poll(() => figure(page, 'garden', 'gardenName').innerText()).toBe('看板新园');
    expect(await figure(page, 'rate', 'moneyRate').innerText()).toBe('—');
    expect(await figure(page, 'resources', 'houseCount').innerText()).toBe('0');
    expect(await figure(page, 'orders', 'amount').innerText()).toBe('¥0.00');
    for (const name of ['rateByItem', 'receivedByItem', 'paymentsByItem']) {
      expect(await chart(page, name).locator('.chart-empty').innerText(), name).toBe('暂无数据');
    }
    // Months with nothing are still months: twelve bars of 0.
    expect(await chart(page, 'billsByMonth').locator('tbody tr').count()).toBe(12);
    expect(await page.locator('.ant-message-error, .ant-notification-notice-error').count()).toBe(0);
    await scan(page, '/desk/dashboard, a new garden');
    await screenshot(page, 'dashboard-empty-zh-1440');
    // Back to the demo gardens: the new one removed (it would come first in a new window's list), no choice stored.
    expect((await admin.post('/system-property/garden/remove', undefined, { ids: id })).body.code).toBe(200);
    await page.evaluate(() => {
      for (const key of Object.keys(localStorage)) if (/garden(Id|Name)$/.test(key)) localStorage.removeItem(key);
    });
  });

  it('reads in English on a phone: nothing past the screen’s edge, names in English, axe clean', async () => {
    const phone = await englishPhone(session, DEMO_TENANT);
    await openDashboard(phone);
    await expect.poll(() => phone.locator('[data-card="rate"] h2').innerText()).toBe('Collection rate');
    expect(await chart(phone, 'billsByMonth').locator('h2').innerText()).toBe('Receivable and received by period');
    expect(await chart(phone, 'billsByMonth').getByRole('button', { name: /Play/ }).count()).toBe(1);
    const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    // Every chart fits the screen: no drawing wider than its card.
    const widths = await phone
      .locator('.chart-plot svg[role="group"]')
      .evaluateAll((svgs) => svgs.map((svg) => svg.getBoundingClientRect().right));
    for (const right of widths) expect(right).toBeLessThanOrEqual(390);
    await scan(phone, '/desk/dashboard (en, 390 px)');
    await screenshot(phone, 'dashboard-en-390');
    await phone.evaluate(() => window.scrollTo(0, document.body.scrollHeight / 2));
    await screenshot(phone, 'dashboard-en-390-charts');
    await phone.context().close();
  });

  it('has no accessibility violations on any of the above', () => {
    expect(problems).toEqual([]);
  });
});
