import { sql } from 'kysely';
import type { Locator, Page, Request, Response } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_TENANT } from '../../../server/src/seed/seed';
import { axeViolations, describeViolations } from './axe';
import { englishPhone, hasBrowser, rowAction, screenshot, useE2E, waitForPath, type Session } from './browser';
import { yuan } from '../../src/app/money-text';

/**
 * The billing screens in Chromium, as the demo company's administrator: the bill tabs with the filter's totals
 * (equal to the rows), a month's bills generated for one building (preview, then the run's progress), two bills
 * of one house paid at the cashier with the keyboard alone (one order, even when 收款 is pressed twice), the
 * receipt printed (recorded, looked at in print media), one bill refunded in part, a pre-paid account opened, topped
 * up and one bill paid from its balance, a reduction granted and a bill closed (lists and logs after), the
 * statistics; axe-core on each screen and dialog.
 */
describe.skipIf(!hasBrowser)('billing in Chromium', () => {
  let session: Session;
  useE2E((s) => (session = s), { account: 'admin', password: 'admin', tenantId: DEMO_TENANT });
  const db = () => session.e2e.server.built.services.db;
  const problems: string[] = [];
  // The demo company has notices: the header's bell shows a count, which its name must hold too (axe checks).
  const scan = async (page: Page, where: string) => problems.push(...describeViolations(where, await axeViolations(page)));
  const dialog = (page: Page, title: string | RegExp) =>
    page.locator('.ant-modal-wrap:visible .ant-modal', { has: page.locator('.ant-modal-title', { hasText: title }) });
  const focused = (locator: Locator) =>
    locator.evaluate((el) => el === document.activeElement || el.contains(document.activeElement));
  const toolbar = (page: Page) => page.locator('#main-content .ant-pro-table-list-toolbar');
  /** The next answer of a call whose path ends so. */
  const answerOf = (page: Page, path: string) =>
    page.waitForResponse((r: Response) => new URL(r.url()).pathname.endsWith(path) && r.request().method() !== 'OPTIONS');

  /** The building and period the generation test bills, and the house paid at the cashier. */
  const NEXT = (() => {
    const d = new Date();
    const next = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1));
    return `${next.getUTCFullYear()}-${String(next.getUTCMonth() + 1).padStart(2, '0')}`;
  })();
  let gardenId = '';
  let buildingName = '';

  it('lists the header garden’s bills from its first call, where no garden was chosen before', async () => {
    const { page, url } = session;
    // A browser that has chosen no garden yet (a first sign-in): the screen waits for the garden list to answer,
    // rather than listing every garden's bills first (870, then the garden's 482) and asking again.
    await page.evaluate(() => {
      for (const key of Object.keys(localStorage)) if (/garden(Id|Name)$/.test(key)) localStorage.removeItem(key);
    });
    const listed: Array<string | null> = [];
    const onRequest = (request: Request) => {
      const address = new URL(request.url());
      if (address.pathname.endsWith('/paymentbill/pageOut')) listed.push(address.searchParams.get('gardenId'));
    };
    page.on('request', onRequest);
    await page.goto(`${url}/billing/bill`);
    await page.locator('#main-content .ant-table-row').first().waitFor();
    await expect.poll(() => page.locator('[data-sum="count"]').innerText()).not.toBe('—');
    page.off('request', onRequest);
    expect(listed.length).toBeGreaterThan(0);
    expect(listed).not.toContain(null);
  });

  it('opens each bill menu on its tab, with the filter’s totals equal to its rows', async () => {
    const { page, url } = session;
    const sums = answerOf(page, '/paymentbill/list-sum');
    const rows = answerOf(page, '/paymentbill/pageOut');
    await page.goto(`${url}/billing/bill`);
    await waitForPath(page, '/billing/bill');
    await page.locator('#main-content .ant-table-row').first().waitFor();
    const list = (await (await rows).json()).data as { total: number; records: Array<{ gardenId: string }> };
    const totals = (await (await sums).json()).data as { count: number };
    gardenId = list.records[0]!.gardenId;
    expect(totals.count).toBe(list.total);
    await expect.poll(() => page.locator('[data-sum="count"]').innerText()).toBe(String(list.total));
    await page.locator('.bill-screen').getByRole('tab', { name: '未缴账单', selected: true }).waitFor();
    await scan(page, '/billing/bill');
    await screenshot(page, 'billing-bills-zh-1440');

    // One house's settled bills: the totals shown are the sums of the rows listed.
    await page.goto(`${url}/billing/settle`);
    await waitForPath(page, '/billing/settle');
    await page.locator('.bill-screen').getByRole('tab', { name: '已缴账单', selected: true }).waitFor();
    await page.locator('#main-content .ant-table-row').first().waitFor();
    const house = (await page.locator('#main-content .ant-table-row').first().locator('td').nth(1).innerText()).trim();
    const settled = answerOf(page, '/paymentbill/pageSettle');
    const settledSums = answerOf(page, '/paymentbill/list-sum');
    await page.locator('.ant-pro-query-filter').getByLabel('房屋').fill(house);
    await page
      .locator('.ant-pro-query-filter')
      .getByRole('button', { name: /查\s*询/ })
      .click();
    const listCall = new URL((await settled).url());
    const summed = (await (await settledSums).json()).data as Record<string, string | number>;
    // Every row the filter selects (all its pages), read with the screen's own query.
    listCall.searchParams.set('current', '1');
    listCall.searchParams.set('size', '500');
    const all = (await page.evaluate(async (address) => {
      const token = document.cookie.match(/saber-access-token=([^;]+)/)?.[1] ?? '';
      const answer = await fetch(address, { headers: { 'Blade-Auth': `bearer ${decodeURIComponent(token)}` } });
      return ((await answer.json()) as { data: { records: unknown[] } }).data.records;
    }, listCall.toString())) as Array<Record<string, string>>;
    expect(all.length).toBeGreaterThan(0);
    expect(all.every((r) => r.houseName === house)).toBe(true);
    const cents = (key: string) => all.reduce((n, r) => n + BigInt(String(r[key]).replace('.', '')), 0n);
    const text = (value: bigint) => `${value / 100n}.${String(value % 100n).padStart(2, '0')}`;
    expect(summed.count).toBe(all.length);
    await expect.poll(() => page.locator('[data-sum="count"]').innerText()).toBe(String(all.length));
    for (const key of ['owed', 'paidAmount', 'lateFee', 'refundAmount']) {
      expect(summed[key], key).toBe(text(cents(key)));
      await expect.poll(() => page.locator(`[data-sum="${key}"]`).innerText()).toBe(yuan(text(cents(key))));
    }

    for (const [path, tab] of [
      ['/billing/overdue', '逾期账单'],
      ['/billing/refund', '退款账单'],
      ['/billing/closed', '已关闭账单'],
    ] as const) {
      await page.goto(`${url}${path}`);
      await page.locator('.bill-screen').getByRole('tab', { name: tab, selected: true }).waitFor();
      await page.locator('#main-content .ant-table-row').first().waitFor();
      await expect.poll(() => page.locator('[data-sum="count"]').innerText()).not.toBe('—');
      expect(await page.locator('.ant-result', { hasText: '该页面正在建设中' }).count()).toBe(0);
      await scan(page, path);
    }
    // Bills are made by generation: no generic 新增 on any list.
    expect(
      await toolbar(page)
        .getByRole('button', { name: /^新\s*增$/ })
        .count(),
    ).toBe(0);
  }, 180_000);

  let houseName = '';
  let paidBills: string[] = [];
  let orderId = '';

  it('generates a month’s bills for one building: preview, then the run’s progress to its end', async () => {
    const { page, url } = session;
    await page.goto(`${url}/billing/bill`);
    await page.locator('#main-content .ant-table-row').first().waitFor();
    await toolbar(page).getByRole('button', { name: '生成账单' }).click();
    const box = dialog(page, '生成账单');
    await box.waitFor();
    const building = box.getByLabel('楼栋');
    await building.click();
    const firstBuilding = page.locator('.ant-select-dropdown:visible .ant-select-item-option').first();
    buildingName = (await firstBuilding.innerText()).trim();
    await firstBuilding.click();
    const period = box.getByLabel('账期');
    await period.click();
    await period.fill(NEXT);
    await period.press('Enter');
    await scan(page, 'generation dialog');
    const previewed = answerOf(page, '/paymentbill/generate-preview');
    await box.getByRole('button', { name: /预\s*览/ }).click();
    const preview = (await (await previewed).json()).data as { count: number; total: string; period: string };
    expect(preview.period).toBe(NEXT);
    expect(preview.count).toBeGreaterThan(0);
    await expect.poll(() => box.getByRole('status').innerText()).toContain(yuan(preview.total));
    await screenshot(page, 'billing-generate-preview-zh-1440');

    const started = answerOf(page, '/paymentbill/generate');
    await box
      .getByRole('button', { name: /生成账单|生\s*成/ })
      .last()
      .click();
    const { runId } = (await (await started).json()).data as { runId: string };
    const run = page.getByRole('dialog').filter({ has: page.getByRole('progressbar', { name: '任务进度' }) });
    await run.waitFor();
    await expect.poll(() => run.getByRole('status').innerText(), { timeout: 30_000 }).toContain('已完成');
    await screenshot(page, 'billing-generate-run-zh-1440');
    const made = await sql<{
      n: number;
      total: string;
    }>`select count(*)::int as n, coalesce(sum(b.amount), 0)::numeric(14,2)::text as total
      from property_payment_bill b join property_building g on g.id = b.building_id
      where b.tenant_id = ${DEMO_TENANT} and b.garden_id = ${gardenId} and g.building_name = ${buildingName}
        and b.period = ${NEXT} and b.is_deleted = 0`.execute(db());
    expect(made.rows[0]).toEqual({ n: preview.count, total: preview.total });
    const runRow = await sql<{ state: string }>`select state from blade_job_run where id = ${runId}`.execute(db());
    expect(runRow.rows[0]?.state).toBe('done');
    await run.getByRole('button', { name: /关\s*闭/ }).click();
    await run.waitFor({ state: 'detached' });
  });

  it('pays two bills of one house at the cashier with the keyboard alone: one order, even when 收款 is pressed twice', async () => {
    const { page } = session;
    const house = await sql<{ house_id: string; house_name: string }>`select house_id::text, min(house_name) as house_name
      from property_payment_bill b join property_building g on g.id = b.building_id
      where b.tenant_id = ${DEMO_TENANT} and b.garden_id = ${gardenId} and g.building_name = ${buildingName}
        and b.bill_status = 1 and b.is_deleted = 0 and b.house_id is not null
      group by house_id having count(*) >= 2 order by 2 limit 1`.execute(db());
    houseName = house.rows[0]!.house_name;
    const open = toolbar(page).getByRole('button', { name: '收银台' });
    await open.focus();
    await page.keyboard.press('Enter');
    const box = dialog(page, '收银台');
    await box.waitFor();
    await expect.poll(() => page.evaluate(() => !!document.activeElement?.closest('.ant-modal'))).toBe(true);
    // Tab to the house picker, type the house, take the first match.
    const picker = box.getByRole('combobox', { name: '房屋' });
    for (let i = 0; i < 6 && !(await focused(picker)); i++) await page.keyboard.press('Tab');
    expect(await focused(picker)).toBe(true);
    const houseBills = answerOf(page, '/paymentbill/get-all-bill-by-houseId');
    await page.keyboard.type(houseName);
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: houseName }).first().waitFor();
    await page.keyboard.press('Enter');
    const bills = (await (await houseBills).json()).data as { bills: Array<{ id: string; owed: string; lateFeeDue: string }> };
    expect(bills.bills.length).toBeGreaterThanOrEqual(2);
    await box.locator('.ant-table-row').first().waitFor();
    // Scanned once the house list has closed (its fading options are no part of the screen).
    await expect.poll(() => page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').count()).toBe(0);
    await scan(page, 'cashier');
    // Every unpaid bill starts chosen: the header box clears them, then the first two are chosen again.
    const all = box.getByRole('checkbox', { name: '全选' }).or(box.locator('.ant-table-thead input[type=checkbox]'));
    for (let i = 0; i < 6 && !(await focused(all.first())); i++) await page.keyboard.press('Tab');
    expect(await focused(all.first())).toBe(true);
    await page.keyboard.press('Space');
    for (const bill of bills.bills.slice(0, 2)) {
      const check = box.locator(`.ant-table-row[data-row-key="${bill.id}"] input[type=checkbox]`);
      for (let i = 0; i < 3 && !(await focused(check)); i++) await page.keyboard.press('Tab');
      expect(await focused(check)).toBe(true);
      await page.keyboard.press('Space');
    }
    paidBills = bills.bills.slice(0, 2).map((b) => b.id);
    const cents = (s: string) => BigInt(s.replace('.', ''));
    const total = bills.bills.slice(0, 2).reduce((n, b) => n + cents(b.owed) + cents(b.lateFeeDue), 0n);
    const totalText = `${total / 100n}.${String(total % 100n).padStart(2, '0')}`;
    await screenshot(page, 'billing-cashier-zh-1440');
    await expect.poll(() => box.getByRole('status').innerText()).toContain('已选 2 张');
    const pay = box.getByRole('button', { name: `收款 ${yuan(totalText)}` });
    await pay.waitFor();
    for (let i = 0; i < 12 && !(await focused(pay)); i++) await page.keyboard.press('Tab');
    expect(await focused(pay)).toBe(true);
    // The focus is visible on the button.
    expect(
      await pay.evaluate((el) => getComputedStyle(el).outlineStyle !== 'none' || getComputedStyle(el).boxShadow !== 'none'),
    ).toBe(true);
    await screenshot(page, 'billing-cashier-pay-focus-zh-1440');
    const paid = answerOf(page, '/paymentbill/pay');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    const answer = (await (await paid).json()).data as { order: { id: string; receiptNo: string; totalAmount: string } };
    orderId = answer.order.id;
    expect(answer.order.totalAmount).toBe(totalText);
    await box.getByText(`收款成功 ${yuan(totalText)}`).waitFor();
    await page.waitForTimeout(500);
    const orders = await sql<{ id: string; bill_ids: string }>`select id::text, bill_ids from property_payment_order
      where tenant_id = ${DEMO_TENANT} and house_id = ${house.rows[0]!.house_id} and pay_time > now() - interval '10 minutes'`.execute(
      db(),
    );
    expect(orders.rows.map((o) => o.id)).toEqual([orderId]);
    expect(orders.rows[0]!.bill_ids.split(',').sort()).toEqual([...paidBills].sort());
    const states = await sql<{
      bill_status: number;
    }>`select bill_status from property_payment_bill where id in (${sql.join(paidBills)})`.execute(db());
    expect(states.rows.map((r) => Number(r.bill_status))).toEqual([2, 2]);
    // The bills not chosen are still unpaid.
    const rest = bills.bills.slice(2).map((b) => b.id);
    if (rest.length) {
      const left = await sql<{
        n: number;
      }>`select count(*)::int as n from property_payment_bill where id in (${sql.join(rest)}) and bill_status = 1`.execute(db());
      expect(left.rows[0]!.n).toBe(rest.length);
    }
    await screenshot(page, 'billing-cashier-paid-zh-1440');
  });

  it('prints the receipt: recorded, the amount in capitals, the receipt alone on the printed page', async () => {
    const { page } = session;
    const box = dialog(page, '收银台');
    const receipt = dialog(page, '收款收据');
    // The second Enter of the payment may have pressed 打印收据 already (it takes the pay button's place).
    if (!(await receipt.isVisible())) await box.getByRole('button', { name: '打印收据' }).click();
    const sheet = receipt.locator('article.receipt-sheet');
    await sheet.waitFor();
    const order = await sql<{
      receipt_no: string;
      total_amount: string;
    }>`select receipt_no, total_amount::text from property_payment_order
      where id = ${orderId}`.execute(db());
    expect(await sheet.innerText()).toContain(order.rows[0]!.receipt_no);
    expect(await sheet.innerText()).toContain(yuan(order.rows[0]!.total_amount));
    expect(await sheet.locator('.receipt-capital').innerText()).toMatch(/^[零壹贰叁肆伍陆柒捌玖拾佰仟万亿圆元角分整正]+$/u);
    expect(await sheet.locator('tbody tr').count()).toBe(2);
    await scan(page, 'receipt dialog');
    await page.evaluate(() => {
      (window as unknown as { printed: number }).printed = 0;
      window.print = () => void (window as unknown as { printed: number }).printed++;
    });
    await receipt.getByRole('button', { name: /打\s*印/ }).click();
    await expect.poll(() => page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
    const prints = await sql<{ paper_size: string; copy: number }>`select paper_size, copy from property_payment_order_print
      where order_id = ${orderId} and is_deleted = 0`.execute(db());
    expect(prints.rows).toEqual([{ paper_size: 'A5', copy: 0 }]);
    // After the first print the next is a copy.
    await receipt.locator('.receipt-copy').waitFor();
    await page.emulateMedia({ media: 'print' });
    // Printed, the page holds the receipt alone: not the console, not the dialog.
    expect(await page.locator('#root').isVisible()).toBe(false);
    expect(await page.locator('.ant-modal-wrap').first().isVisible()).toBe(false);
    expect(await page.locator('#receipt-print-root .receipt-sheet').innerText()).toContain(order.rows[0]!.receipt_no);
    await screenshot(page, 'billing-receipt-print');
    await page.emulateMedia({ media: 'screen' });
    await screenshot(page, 'billing-receipt-zh-1440');
    await receipt.getByRole('button', { name: /关\s*闭/ }).click();
    await box.getByRole('button', { name: '继续收费' }).click();
    await page.keyboard.press('Escape');
    await box.waitFor({ state: 'detached' });
  });

  it('refunds one of the paid bills in part, never above what was paid', async () => {
    const { page, url } = session;
    await page.goto(`${url}/billing/settle`);
    await page.locator('.bill-screen').getByRole('tab', { name: '已缴账单', selected: true }).waitFor();
    await page.locator('.ant-pro-query-filter').getByLabel('房屋').fill(houseName);
    await page
      .locator('.ant-pro-query-filter')
      .getByRole('button', { name: /查\s*询/ })
      .click();
    const row = page.locator(`#main-content .ant-table-row[data-row-key="${paidBills[0]}"]`);
    await row.waitFor();
    await rowAction(page, row, '退款');
    const box = dialog(page, '账单退款');
    await box.waitFor();
    await box.getByRole('radio', { name: '部分退款' }).check();
    const bill = await sql<{
      paid: string;
    }>`select (paid_amount + late_fee)::numeric(14,2)::text as paid from property_payment_bill
      where id = ${paidBills[0]}`.execute(db());
    const amount = box.getByLabel('退款金额');
    await amount.fill('99999.00');
    await box.getByLabel('原因').fill('多收');
    await box.getByRole('button', { name: /确\s*定/ }).click();
    await box.getByText(`金额不能超过 ${yuan(bill.rows[0]!.paid)}`).waitFor();
    await scan(page, 'refund dialog');
    await amount.fill('1.00');
    await box.getByRole('button', { name: /确\s*定/ }).click();
    await box.waitFor({ state: 'detached' });
    const after = await sql<{
      bill_status: number;
      refund_amount: string;
    }>`select bill_status, refund_amount::numeric(14,2)::text as refund_amount
      from property_payment_bill where id = ${paidBills[0]}`.execute(db());
    expect(after.rows[0]).toEqual({ bill_status: 2, refund_amount: '1.00' });
    const refunds = await sql<{
      n: number;
    }>`select count(*)::int as n from property_refund_pay where bill_id = ${paidBills[0]}`.execute(db());
    expect(refunds.rows[0]!.n).toBe(1);
    // The other paid bill is untouched, and the refunded one is now on the refunds tab.
    const other = await sql<{
      refund_amount: string;
    }>`select refund_amount::numeric(14,2)::text as refund_amount from property_payment_bill
      where id = ${paidBills[1]}`.execute(db());
    expect(other.rows[0]!.refund_amount).toBe('0.00');
    await page.locator('.bill-screen').getByRole('tab', { name: '退款账单' }).click();
    await page.locator('.ant-pro-query-filter').getByLabel('房屋').fill(houseName);
    await page
      .locator('.ant-pro-query-filter')
      .getByRole('button', { name: /查\s*询/ })
      .click();
    await page.locator(`#main-content .ant-table-row[data-row-key="${paidBills[0]}"]`).waitFor();
    expect(await page.locator(`#main-content .ant-table-row[data-row-key="${paidBills[1]}"]`).count()).toBe(0);
  });

  it('opens a pre-paid account, tops it up and pays a bill from its balance at the cashier', async () => {
    const { page, url } = session;
    // A house of the garden with an unpaid bill of its billed owner, who has no account yet.
    const found = await sql<{ house_id: string; house_name: string }>`select b.house_id::text, min(b.house_name) as house_name
      from property_payment_bill b where b.tenant_id = ${DEMO_TENANT} and b.garden_id = ${gardenId} and b.bill_status = 1
        and b.is_deleted = 0 and b.house_name <> ${houseName}
        and b.owner_id = (select p.owner_id from property_ownership p where p.house_id = b.house_id and p.is_deleted = 0
          order by p.id limit 1)
        and not exists (select 1 from property_prepaid_account a where a.owner_id = b.owner_id and a.is_deleted = 0)
      group by b.house_id order by 2 limit 1`.execute(db());
    const prepaidHouse = found.rows[0]!;
    const accountRow = () =>
      sql<{ id: string; balance: string }>`select id::text, balance::text from property_prepaid_account
        where house_id = ${prepaidHouse.house_id} and is_deleted = 0`.execute(db());

    // 新增: the account is opened for the house chosen; its owner and garden are the server's to set.
    await page.goto(`${url}/billing/prepaid`);
    await waitForPath(page, '/billing/prepaid');
    await toolbar(page)
      .getByRole('button', { name: /^新\s*增$/ })
      .click();
    const add = dialog(page, '新增');
    await add.waitFor();
    const housePicker = add.getByRole('combobox', { name: '房屋' });
    await housePicker.click();
    await housePicker.fill(prepaidHouse.house_name);
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: prepaidHouse.house_name })
      .first()
      .click();
    await scan(page, 'prepaid account dialog');
    await add.getByRole('button', { name: /确\s*定|提\s*交|保\s*存/ }).click();
    await add.waitFor({ state: 'detached' });
    await expect.poll(async () => (await accountRow()).rows.length).toBe(1);
    const account = (await accountRow()).rows[0]!;
    expect(account.balance).toBe('0.00');

    // 充值 exactly what the house's first unpaid bill costs today.
    const house = (await page.evaluate(async (houseId) => {
      const token = document.cookie.match(/saber-access-token=([^;]+)/)?.[1] ?? '';
      const answer = await fetch(`/api/system-property/paymentbill/get-all-bill-by-houseId?houseId=${houseId}`, {
        headers: { 'Blade-Auth': `bearer ${decodeURIComponent(token)}` },
      });
      return ((await answer.json()) as { data: unknown }).data;
    }, prepaidHouse.house_id)) as { bills: Array<{ id: string; owed: string; lateFeeDue: string; billStatus: number }> };
    const bill = house.bills.find((b) => b.billStatus === 1)!;
    const cents = (text: string) => BigInt(text.replace('.', ''));
    const due = cents(bill.owed) + cents(bill.lateFeeDue);
    const dueText = `${due / 100n}.${String(due % 100n).padStart(2, '0')}`;
    // The account just opened heads the list (latest change first).
    await page.reload();
    const row = page.locator(`#main-content .ant-table-row[data-row-key="${account.id}"]`);
    await row.waitFor();
    await rowAction(page, row, '充值');
    const topUp = dialog(page, /^预存款充值/);
    await topUp.waitFor();
    await topUp.getByLabel('充值金额(元)').fill(dueText);
    await topUp.getByRole('radio', { name: '转账' }).check();
    await scan(page, 'top-up dialog');
    await screenshot(page, 'billing-prepaid-topup-zh-1440');
    const toppedUp = answerOf(page, '/prepaidaccount/top-up');
    await topUp.getByRole('button', { name: /^充\s*值$/ }).click();
    const topUpAnswer = (await (await toppedUp).json()).data as { ledger: { receiptNo: string } };
    await topUp.waitFor({ state: 'detached' });
    await page.getByText(`收据号 ${topUpAnswer.ledger.receiptNo}`).waitFor();
    expect((await accountRow()).rows[0]!.balance).toBe(dueText);
    await expect.poll(() => row.innerText()).toContain(dueText);
    await scan(page, '/billing/prepaid');
    await screenshot(page, 'billing-prepaid-zh-1440');

    // At the cashier the balance shows and 余额 pays the bill; the account is then empty.
    await page.goto(`${url}/billing/bill`);
    await page.locator('#main-content .ant-table-row').first().waitFor();
    await toolbar(page).getByRole('button', { name: '收银台' }).click();
    const box = dialog(page, '收银台');
    await box.waitFor();
    const picker = box.getByRole('combobox', { name: '房屋' });
    await picker.click();
    await picker.fill(prepaidHouse.house_name);
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: prepaidHouse.house_name })
      .first()
      .click();
    await box.locator('.ant-table-row').first().waitFor();
    await box.getByText(`预存款余额 ${yuan(dueText)}`).waitFor();
    // All the house's bills start chosen: more than the balance covers unless there is only the one.
    const balance = box.getByRole('radio', { name: '余额' });
    if (house.bills.filter((b) => b.billStatus === 1).length > 1) expect(await balance.isDisabled()).toBe(true);
    await box.getByRole('checkbox', { name: '全选' }).or(box.locator('.ant-table-thead input[type=checkbox]')).first().click();
    await box.locator(`.ant-table-row[data-row-key="${bill.id}"] input[type=checkbox]`).check();
    await expect.poll(() => balance.isDisabled()).toBe(false);
    await balance.check();
    await screenshot(page, 'billing-cashier-balance-zh-1440');
    const paid = answerOf(page, '/paymentbill/pay');
    await box.getByRole('button', { name: `收款 ${yuan(dueText)}` }).click();
    const order = (await (await paid).json()).data as { order: { payType: number; totalAmount: string } };
    expect(order.order).toMatchObject({ payType: 5, totalAmount: dueText });
    await box.getByText(`收款成功 ${yuan(dueText)}`).waitFor();
    expect((await accountRow()).rows[0]!.balance).toBe('0.00');
    const state = await sql<{ bill_status: number; pay_type: number }>`select bill_status, pay_type from property_payment_bill
      where id = ${bill.id}`.execute(db());
    expect(state.rows[0]).toEqual({ bill_status: 2, pay_type: 5 });
    await page.keyboard.press('Escape');
    await box.waitFor({ state: 'detached' });

    // 流水: the top-up and the payment, the balance after each.
    await page.goto(`${url}/billing/prepaid`);
    await rowAction(page, page.locator(`#main-content .ant-table-row[data-row-key="${account.id}"]`), '流水');
    const ledger = page.locator('.ant-drawer-content', { hasText: '预存款流水' });
    await ledger.locator('.ant-table-row').nth(1).waitFor();
    expect(await ledger.locator('.ant-table-row').count()).toBe(2);
    const text = await ledger.innerText();
    expect(text).toContain(topUpAnswer.ledger.receiptNo);
    expect(text).toContain(`-${dueText}`);
    await scan(page, 'prepaid ledger');
    await screenshot(page, 'billing-prepaid-ledger-zh-1440');
    await page.keyboard.press('Escape');
  });

  it('grants a reduction with a reason and closes a bill through the screen; the lists and the bill logs show both', async () => {
    const { page, url } = session;
    // Two unpaid bills of the month generated above, of two houses the tests before left alone.
    const picked = await sql<{ id: string; house_name: string; amount: string }>`select b.id::text, b.house_name,
        b.amount::numeric(14,2)::text as amount
      from property_payment_bill b join property_building g on g.id = b.building_id
      where b.tenant_id = ${DEMO_TENANT} and b.garden_id = ${gardenId} and g.building_name = ${buildingName}
        and b.period = ${NEXT} and b.bill_status = 1 and b.reduce_amount = 0 and b.amount > 10 and b.is_deleted = 0
        and b.house_name <> ${houseName}
      order by b.house_name desc limit 2`.execute(db());
    const [reduced, closed] = picked.rows;
    expect(closed).toBeDefined();
    const filterHouse = async (name: string) => {
      await page.locator('.ant-pro-query-filter').getByLabel('房屋').fill(name);
      await page
        .locator('.ant-pro-query-filter')
        .getByRole('button', { name: /查\s*询/ })
        .click();
    };
    const rowOf = (id: string) => page.locator(`#main-content .ant-table-row[data-row-key="${id}"]`);
    const cents = (text: string) => BigInt(text.replace('.', ''));
    const text = (c: bigint) => `${c / 100n}.${String(c % 100n).padStart(2, '0')}`;
    const logOf = async (id: string) => {
      await rowAction(page, rowOf(id), '日志');
      const log = dialog(page, '账单日志');
      await log.locator('.ant-table-row').first().waitFor();
      const rows = await log.locator('.ant-table-row').allInnerTexts();
      return { log, rows };
    };

    // 减免: never above what is owed; then 1.23 with its reason.
    await page.goto(`${url}/billing/bill`);
    await page.locator('.bill-screen').getByRole('tab', { name: '未缴账单', selected: true }).waitFor();
    await filterHouse(reduced!.house_name);
    await rowAction(page, rowOf(reduced!.id), '减免');
    const reduce = dialog(page, '账单减免');
    await reduce.waitFor();
    const amount = reduce.getByLabel('减免金额');
    await amount.fill(text(cents(reduced!.amount) + 1n));
    await reduce.getByLabel('原因').fill('困难户减免');
    await reduce.getByRole('button', { name: /确\s*定/ }).click();
    await reduce.getByText(`金额不能超过 ${yuan(reduced!.amount)}`).waitFor();
    await scan(page, 'reduce dialog');
    await amount.fill('1.23');
    await reduce.getByRole('button', { name: /确\s*定/ }).click();
    await reduce.waitFor({ state: 'detached' });
    // The row is read again: its reduction column shows what was granted.
    await expect.poll(() => rowOf(reduced!.id).innerText()).toMatch(/\b1\.23\b/);
    const afterReduce = await sql<{ bill_status: number; reduce_amount: string }>`select bill_status,
        reduce_amount::numeric(14,2)::text as reduce_amount from property_payment_bill where id = ${reduced!.id}`.execute(db());
    expect(afterReduce.rows[0]).toEqual({ bill_status: 1, reduce_amount: '1.23' });
    {
      const { log, rows } = await logOf(reduced!.id);
      const line = rows.find((r) => r.includes('减免'));
      expect(line).toBeDefined();
      expect(line).toContain('1.23');
      expect(line).toContain('困难户减免');
      expect(rows.some((r) => r.includes('关闭'))).toBe(false);
      await scan(page, 'bill log');
      await log
        .getByRole('button', { name: /关\s*闭|Close/ })
        .first()
        .click();
      await log.waitFor({ state: 'detached' });
    }

    // 关闭 with a reason: gone from the unpaid list, on the closed tab, logged.
    await filterHouse(closed!.house_name);
    await rowAction(page, rowOf(closed!.id), '关闭');
    const close = dialog(page, '关闭账单');
    await close.waitFor();
    await close.getByRole('button', { name: /确\s*定/ }).click();
    await close.getByText('请输入原因').waitFor();
    await close.getByLabel('原因').fill('房屋空置,免收');
    await scan(page, 'close dialog');
    await close.getByRole('button', { name: /确\s*定/ }).click();
    await close.waitFor({ state: 'detached' });
    await rowOf(closed!.id).waitFor({ state: 'detached' });
    const afterClose = await sql<{ bill_status: number; close_reason: string }>`select bill_status, close_reason
      from property_payment_bill where id = ${closed!.id}`.execute(db());
    expect(afterClose.rows[0]).toEqual({ bill_status: 3, close_reason: '房屋空置,免收' });
    await page.locator('.bill-screen').getByRole('tab', { name: '已关闭账单' }).click();
    await filterHouse(closed!.house_name);
    await rowOf(closed!.id).waitFor();
    {
      const { log, rows } = await logOf(closed!.id);
      const line = rows.find((r) => r.includes('房屋空置,免收'));
      expect(line).toContain('未缴费 → 已关闭');
      await log
        .getByRole('button', { name: /关\s*闭|Close/ })
        .first()
        .click();
      await log.waitFor({ state: 'detached' });
    }
    // The reduced bill is still unpaid: not on the closed tab.
    await filterHouse(reduced!.house_name);
    await expect.poll(() => page.locator('#main-content .ant-table-row').count()).toBe(0);
    expect(await rowOf(reduced!.id).count()).toBe(0);
    await screenshot(page, 'billing-closed-zh-1440');
  });

  it('reprints from the order list, as a copy', async () => {
    const { page, url } = session;
    await page.goto(`${url}/billing/order`);
    const row = page.locator(`#main-content .ant-table-row[data-row-key="${orderId}"]`);
    await row.waitFor();
    await scan(page, '/billing/order');
    await rowAction(page, row, '打印');
    const receipt = dialog(page, '收款收据');
    await receipt.locator('.receipt-copy').waitFor();
    await receipt.getByRole('button', { name: /关\s*闭/ }).click();
  });

  it('shows the statistics by item and by month, each total the sum of its rows', async () => {
    const { page, url } = session;
    const answered = answerOf(page, '/paymentbill/statistics');
    await page.goto(`${url}/billing/statistics`);
    const stats = (await (await answered).json()).data as {
      byItem: Array<{ count: number }>;
      byMonth: Array<{ count: number }>;
      total: { count: number; receivable: string };
    };
    expect(stats.byItem.reduce((n, r) => n + r.count, 0)).toBe(stats.total.count);
    expect(stats.byMonth.reduce((n, r) => n + r.count, 0)).toBe(stats.total.count);
    await page.locator('[data-total="count"]').first().waitFor();
    expect(await page.locator('[data-total="count"]').allInnerTexts()).toEqual([
      String(stats.total.count),
      String(stats.total.count),
    ]);
    expect(await page.locator('[data-total="receivable"]').first().innerText()).toBe(yuan(stats.total.receivable));
    expect(await page.locator('.ant-result', { hasText: '该页面正在建设中' }).count()).toBe(0);
    await scan(page, '/billing/statistics');
    await screenshot(page, 'billing-statistics-zh-1440');
  });

  it('shows a charge item’s 自动从预存款扣缴 in its list and its form (the definition’s field)', async () => {
    const { page, url } = session;
    await page.goto(`${url}/billing/items`);
    await waitForPath(page, '/billing/items');
    await page.locator('#main-content .ant-table-row').first().waitFor();
    await page.locator('#main-content .ant-table-thead').getByText('自动从预存款扣缴').waitFor();
    // The header garden's items only (a charge item belongs to one garden), and a new one starts in it.
    const headerGarden = await page.locator('.console-header .ant-select-selection-item').first().innerText();
    const rows = await page.locator('#main-content .ant-table-row').allInnerTexts();
    expect(rows.filter((row) => !row.includes(headerGarden))).toEqual([]);
    await screenshot(page, 'billing-items-zh-1440');
    await toolbar(page)
      .getByRole('button', { name: /^新\s*增$/ })
      .click();
    const add = dialog(page, '新增');
    await add.waitFor();
    await add.getByLabel('自动从预存款扣缴').waitFor();
    // The dialog starts with the definition's defaults, what the server stores for a field left alone.
    const picked = (label: string) =>
      add
        .locator('.ant-form-item', { has: page.getByLabel(label) })
        .locator('.ant-select-selection-item')
        .innerText();
    expect(await picked('所属小区')).toBe(headerGarden);
    expect(await picked('自动从预存款扣缴')).toBe('否');
    expect(await picked('取整方式')).toBe('四舍五入');
    expect(await add.getByLabel('缴费截止日').inputValue()).toBe('15');
    expect(await add.getByLabel('小数位数').inputValue()).toBe('2');
    await scan(page, 'charge item dialog');
    await page.keyboard.press('Escape');
    await add.waitFor({ state: 'detached' });
  });

  it('reads in English on a phone: the tabs, the totals and a row’s actions behind its ⋯ button', async () => {
    const phone = await englishPhone(session, DEMO_TENANT);
    await phone.goto(`${session.url}/billing/overdue`);
    await phone.locator('.bill-screen').getByRole('tab', { name: 'Overdue', selected: true }).waitFor();
    await phone.locator('#main-content .ant-table-row').first().waitFor();
    await expect.poll(() => phone.locator('.bill-totals').innerText()).toContain('Bills');
    await scan(phone, 'en 390 /billing/overdue');
    await screenshot(phone, 'billing-bills-en-390');
    await phone.locator('#main-content .ant-table-row').first().getByRole('button', { name: 'Actions' }).click();
    await phone.locator('.row-actions-menu:visible').getByRole('button', { name: 'Pay' }).waitFor();
    await screenshot(phone, 'billing-row-actions-en-390');
    await phone.goto(`${session.url}/billing/prepaid`);
    await phone.locator('#main-content .ant-table-row').first().waitFor();
    await scan(phone, 'en 390 /billing/prepaid');
    await screenshot(phone, 'billing-prepaid-en-390');
    await phone.goto(`${session.url}/billing/statistics`);
    await phone.locator('[data-total="count"]').first().waitFor();
    await scan(phone, 'en 390 /billing/statistics');
    await screenshot(phone, 'billing-statistics-en-390');
    await phone.context().close();
  });

  it('finds no serious accessibility problem on any of them', () => {
    expect(problems).toEqual([]);
  });
});
