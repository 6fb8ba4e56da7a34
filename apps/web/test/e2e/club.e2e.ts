import { sql } from 'kysely';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations, describeViolations } from './axe';
import { animationsEnded, hasBrowser, rowAction, screenshot, useE2E, type E2E } from './browser';
import { yuan } from '../../src/app/money-text';

const DEMO_TENANT = '100001';

/**
 * The clubhouse in Chromium against the real server: a member recharged from
 * the wallet list, then at the cashier two products and an hour of the hall
 * sold from that wallet; the order appears with its lines, and the wallet
 * shows the new balance. axe finds nothing serious on the screens and dialog.
 */
describe.skipIf(!hasBrowser)('the clubhouse in Chromium', () => {
  let e2e: E2E;
  let page: Page;
  let url: string;
  let member: { user_name: string; user_tel: string; club_balance: string };

  useE2E((session) => ({ e2e, page, url } = session), { account: 'admin', password: 'admin', tenantId: DEMO_TENANT });

  const row = (text: string) => page.locator('.ant-table-row', { hasText: text }).first();
  // The screen and its dialogs (the header is scanned by a11y-scan; here its bell carries the demo notices' count).
  // A picker's list still closing after its pick is not part of the screen: wait for it to go first.
  const noAxeProblems = async (where: string) => {
    await expect.poll(() => page.locator('.ant-select-dropdown:visible').count()).toBe(0);
    await animationsEnded(page);
    expect(describeViolations(where, await axeViolations(page, '#main-content, .ant-modal-wrap, .ant-select-dropdown'))).toEqual(
      [],
    );
  };
  const cents = (v: string) => Math.round(Number(v) * 100);
  const money = (c: number) => (c / 100).toFixed(2);

  it('recharges a member from the wallet list', async () => {
    // A seeded wallet without sales yet.
    const found = await sql<typeof member>`select user_name, user_tel, club_balance::text from property_club_balance b
      where tenant_id = ${DEMO_TENANT} and is_deleted = 0
        and not exists (select 1 from property_club_consume c where c.balance_id = b.id)
      order by id limit 1`.execute(e2e.server.built.services.db);
    member = found.rows[0]!;
    await page.goto(`${url}/club/balance`);
    await row(member.user_tel).waitFor();
    await noAxeProblems('会员钱包');
    await rowAction(page, row(member.user_tel), /充\s*值/);
    const dialog = page.locator('.ant-modal:visible').last();
    await dialog.getByLabel('充值金额').fill('100');
    await noAxeProblems('会员充值');
    await dialog.getByRole('button', { name: /^(确\s*定|保\s*存)$/ }).click();
    await page.getByText('新增成功').last().waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await row(money(cents(member.club_balance) + 10_000)).waitFor();

    await page.goto(`${url}/club/recharge`);
    await row(member.user_tel).waitFor();
    await expect(row(member.user_tel).locator('.ant-tag').first().textContent()).resolves.toBe('无有效期');
    await noAxeProblems('充值记录');
  });

  it('sells two products and an hour of the hall at the cashier; the order and the new balance show', async () => {
    const before = cents(member.club_balance) + 10_000;
    await page.goto(`${url}/club/cashier`);
    await page.getByLabel('手机号码或姓名').fill(member.user_tel);
    await page.getByRole('button', { name: /查找会员/ }).click();
    const wallet = page.locator('.club-wallet');
    await wallet.getByText(yuan(money(before))).waitFor();

    const pick = async (name: string) => {
      const picker = page.getByRole('combobox', { name: '选择商品' });
      await picker.focus();
      await picker.fill(name);
      await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: name }).first().click();
      await page.getByRole('button', { name: /^加\s*入$/ }).click();
      await page.locator('.club-cart .ant-table-row', { hasText: name }).waitFor();
    };
    await pick('矿泉水');
    await pick('绿茶');
    await pick('羽毛球场');
    // The hall counts half-hours: two of them are an hour.
    await page.getByLabel('羽毛球场 半小时数').fill('2');
    await page.getByLabel('羽毛球场 半小时数').blur();
    await page.locator('.club-cart').getByText('1 小时').waitFor();
    const total = 300 + 1_200 + 6_000;
    const totals = page.locator('.club-totals');
    await totals.getByText(yuan(money(total)), { exact: true }).waitFor();
    await totals.getByText(yuan(money(before - total)), { exact: true }).waitFor();
    await noAxeProblems('收银台');
    await screenshot(page, 'club-cashier');

    await page.getByRole('button', { name: /消费结算/ }).click();
    await page.getByText('结算成功').last().waitFor();
    const slip = page.locator('.club-slip');
    await slip.getByText('羽毛球场 × 1 小时 = ¥60.00').waitFor();
    await slip.getByText(yuan(money(before - total)), { exact: true }).waitFor();
    await noAxeProblems('消费小票');

    await page.goto(`${url}/club/consume`);
    const order = row(member.user_tel);
    await order.waitFor();
    await screenshot(page, 'club-consume');
    await order
      .getByText(yuan(money(total)))
      .first()
      .waitFor();
    await order.getByText('羽毛球场 × 1 小时 = ¥60.00').waitFor();
    await expect(page.getByRole('button', { name: /新\s*增/ }).count()).resolves.toBe(0);
    await noAxeProblems('消费订单');

    await page.goto(`${url}/club/balance`);
    // The wallet's balance cell (money is shown with its sign, grouped by thousands: ¥1,225.00).
    await row(member.user_tel)
      .getByText(yuan(money(before - total)), { exact: true })
      .waitFor();
    await screenshot(page, 'club-balance');
  });

  it('fits the cashier on a phone', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    try {
      await page.goto(`${url}/club/cashier`);
      await page.getByRole('combobox', { name: '选择商品' }).waitFor();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await noAxeProblems('收银台 (390 px)');
      await screenshot(page, 'club-cashier-390');
    } finally {
      await page.setViewportSize({ width: 1440, height: 900 });
    }
  });
});
