import { sql } from 'kysely';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hasBrowser, screenshot, SCREENSHOTS, useE2E, waitForPath, type Session } from './browser';

/** More posts than the server counts exactly (10,000), all in the platform tenant. */
const GROWN = 12_000;

/**
 * A list larger than the exact-count limit in a real browser: the pager shows
 * the server's estimate and offers only the pages that can be opened (the
 * first 10,000 rows), its last page opens with the right rows, and a search
 * down to a few rows shows an exact total again.
 */
describe.skipIf(!hasBrowser)('a list of more than 10,000 rows in Chromium', () => {
  let session: Session;
  let page: Page;
  useE2E(
    (started) => {
      session = started;
      page = started.page;
    },
    { account: 'admin', password: 'admin' },
  );

  const db = () => session.e2e.server.built.services.db;
  const totalText = () => page.locator('.ant-pagination-total-text');
  const firstCodes = async () => page.locator('.ant-table-row td:nth-child(3)').allInnerTexts();
  /** The posts of the platform tenant in the list's default order (sort, then newest id), from `offset`. */
  const expectedCodes = async (offset: number) =>
    (
      await sql<{ post_code: string }>`select post_code from blade_post where tenant_id = '000000' and is_deleted = 0
        order by sort asc, id desc limit 10 offset ${offset}`.execute(db())
    ).rows.map((r) => r.post_code);

  /** The pager alone: on a phone the list scrolls sideways, so a screenshot of the window may miss it. */
  const pagerShot = async (name: string) => {
    const pager = page.locator('.crud-page .ant-pagination');
    // The total takes a line of its own, above the page buttons, rather than running under them.
    const [text, first] = await Promise.all([
      totalText().boundingBox(),
      page.locator('.ant-pagination-item').first().boundingBox(),
    ]);
    expect(text!.y + text!.height).toBeLessThanOrEqual(first!.y + 1);
    await pager.screenshot({ path: `${SCREENSHOTS}/${name}.png` });
  };

  it('shows an estimated total and pages up to the depth limit', async () => {
    await sql`insert into blade_post (tenant_id, category, post_code, post_name, sort)
      select '000000', 1 + g % 4, 'E' || g, '页面岗位' || g || '号', 100 + g % 50 from generate_series(1, ${GROWN}) g`.execute(
      db(),
    );
    await sql`analyze blade_post`.execute(db());
    await page.goto(`${session.url}/system/post`);
    await expect.poll(() => totalText().innerText()).toMatch(/^第 1-10 条\/约 [\d,]+ 条,可翻阅前 10,000 条$/);
    const estimate = Number((await totalText().innerText()).match(/约 ([\d,]+) 条/)![1]!.replace(/,/g, ''));
    expect(estimate).toBeGreaterThan(10_000);
    // The pager ends at page 1,000 of 10 rows: deeper pages are not offered.
    await page.locator('.ant-pagination-item[title="1000"]').waitFor();
    await expect(page.locator('.ant-pagination-item[title="1001"]').count()).resolves.toBe(0);
    await screenshot(page, '40-list-estimated-total');
  });

  it('opens the last page it offers, by keyboard, with the rows at that depth', async () => {
    const last = page.locator('.ant-pagination-item[title="1000"]');
    await last.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.searchParams.get('current') === '1000');
    await expect.poll(() => totalText().innerText()).toMatch(/^第 9,991-10,000 条\/约 [\d,]+ 条/);
    await expect.poll(firstCodes).toEqual(await expectedCodes(9_990));
    await expect(page.locator('.ant-pagination-item-active').getAttribute('title')).resolves.toBe('1000');
  });

  it('counts a search down to one row exactly', async () => {
    await page.getByLabel('岗位名称').fill('页面岗位1234号');
    await page.getByRole('button', { name: /查\s*询/ }).click();
    await expect.poll(() => totalText().innerText()).toBe('第 1-1 条/总共 1 条');
    await expect.poll(firstCodes).toEqual(['E1234']);
  });

  it('says the same in English, on a wide screen and on a phone', async () => {
    await page.getByRole('button', { name: '语言' }).hover();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await page.goto(`${session.url}/system/post`);
    await waitForPath(page, '/system/post');
    await expect.poll(() => totalText().innerText()).toMatch(/^1-10 of about [\d,]+ items; the first 10,000 can be paged$/);
    await screenshot(page, '41-list-estimated-total-en');
    await page.setViewportSize({ width: 390, height: 844 });
    await pagerShot('42-list-estimated-total-en-phone');
    // Back to Chinese on the wide screen (the header's language menu is the shell's, laid out for it).
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.getByRole('button', { name: 'Language' }).hover();
    await page.getByRole('menuitem', { name: '中文' }).click();
    await expect.poll(() => totalText().innerText()).toMatch(/约 [\d,]+ 条/);
    await page.setViewportSize({ width: 390, height: 844 });
    await pagerShot('43-list-estimated-total-phone');
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  it("asks for the first page while the screen's code is still on its way, and only once", async () => {
    const tab = await page.context().newPage();
    try {
      // The list screen's code held back (routing also keeps the browser's cache out of the way): the rows'
      // call must start without it, and the screen, once loaded, take that call rather than make another.
      let codeHeld = true;
      await tab.route(/\/assets\/(MenuScreen|CrudPage)-[^/]+\.js$/, async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 1_500));
        codeHeld = false;
        await route.continue();
      });
      const calls: string[] = [];
      const dictionaryCalls: string[] = [];
      const menuCalls: string[] = [];
      // What the table holds when it first appears: its rows, or an empty table waiting for them.
      await tab.addInitScript(() => {
        const seen = window as unknown as { firstTable?: string };
        new MutationObserver(() => {
          if (seen.firstTable || !document.querySelector('.ant-table')) return;
          const row = document.querySelector('.ant-table-tbody .ant-table-row');
          seen.firstTable = row ? (row.textContent ?? '') : 'empty';
        }).observe(document, { childList: true, subtree: true });
      });
      tab.on('request', (request) => {
        if (request.url().includes('/api/blade-system/post/list')) calls.push(codeHeld ? 'before the code' : 'after the code');
        if (request.url().includes('/api/blade-system/dict/dictionary?code=post_category'))
          dictionaryCalls.push(codeHeld ? 'before the code' : 'after the code');
        if (/\/api\/blade-system\/menu\/(routes|buttons)$/.test(request.url())) menuCalls.push(new URL(request.url()).pathname);
      });
      await tab.goto(`${session.url}/system/post`);
      await tab.locator('.ant-table-row').first().waitFor();
      expect(calls).toEqual(['before the code']);
      // Its cells' dictionary too, so the table's first render holds the rows, named (岗位类型 by label, not key).
      expect(dictionaryCalls).toEqual(['before the code']);
      const firstTable = await tab.evaluate(() => (window as unknown as { firstTable?: string }).firstTable);
      expect(firstTable).not.toBe('empty');
      expect(firstTable).toBe(await tab.locator('.ant-table-tbody .ant-table-row').first().textContent());
      // The menus and buttons are asked for by the first script, once: the menus module takes those answers.
      expect(menuCalls.sort()).toEqual(['/api/blade-system/menu/buttons', '/api/blade-system/menu/routes']);
    } finally {
      await tab.close();
    }
  });
});
