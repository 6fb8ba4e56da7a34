import type { Page, Response } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { MenuNode } from '../../src/app/menus';
import { axeViolations, describeViolations } from './axe';
import { hasBrowser, rowAction, signIn, useE2E } from './browser';

/**
 * axe-core on every screen the menu opens, in one browser, one page and one sign-in: the screens come from the
 * signed-in administrator's menu data (menu/routes), so a new screen is scanned the day it lands.
 */
describe.skipIf(!hasBrowser)('axe-core on every screen', () => {
  let page: Page;
  let url: string;
  let inFlight = 0;
  const problems: string[] = [];

  useE2E((session) => {
    ({ page, url } = session);
    page.on('request', () => inFlight++);
    page.on('requestfinished', () => inFlight--);
    page.on('requestfailed', () => inFlight--);
  });

  /** Waits until no call is under way and no spinner shows, for a moment. */
  const settle = async () => {
    let quietSince = Date.now();
    for (;;) {
      const busy = inFlight > 0 || (await page.locator('.ant-spin-spinning:visible, .page-loading:visible').count()) > 0;
      if (busy) quietSince = Date.now();
      else if (Date.now() - quietSince > 300) return;
      await page.waitForTimeout(50);
    }
  };
  const scan = async (where: string) => {
    await settle();
    problems.push(...describeViolations(where, await axeViolations(page)));
  };
  const visibleDialog = () => page.locator('.ant-modal-wrap:visible .ant-modal, .ant-drawer-open .ant-drawer-content');
  const closeDialog = async () => {
    await page.keyboard.press('Escape');
    await expect.poll(() => visibleDialog().count()).toBe(0);
  };

  let screens: MenuNode[] = [];

  it('scans the sign-in page, then signs in and reads the menus', async () => {
    await page.goto(`${url}/login`);
    await page.getByRole('button', { name: /登\s*录/ }).waitFor();
    await scan('/login');
    const menus = page.waitForResponse((r: Response) => r.url().includes('/blade-system/menu/routes'));
    await signIn(page, url, 'admin', 'admin');
    const tree = ((await (await menus).json()) as { data: MenuNode[] }).data;
    const leaves = (nodes: MenuNode[]): MenuNode[] => nodes.flatMap((n) => (n.children?.length ? leaves(n.children) : [n]));
    screens = leaves(tree).filter((m) => m.isOpen !== 2 && m.path.startsWith('/'));
    expect(screens.length).toBeGreaterThan(10);
    await page.waitForURL('**/wel/index');
    await scan('/wel/index');
  });

  it('scans each screen, its add dialog and an edit dialog', async () => {
    for (const screen of screens) {
      await page.evaluate((path) => {
        window.history.pushState(null, '', path);
        window.dispatchEvent(new PopStateEvent('popstate'));
      }, screen.path);
      await page.waitForURL((u) => u.pathname === screen.path);
      await scan(screen.path);
      const add = page.locator('.ant-pro-table-list-toolbar').getByRole('button', { name: /新\s*增/ });
      if ((await add.count()) > 0) {
        await add.first().click();
        await visibleDialog().first().waitFor();
        await scan(`${screen.path} add`);
        await closeDialog();
      }
      const row = page.locator('.ant-table-row').first();
      if ((await row.count()) > 0 && (await row.getByRole('button', { name: /修\s*改|更\s*多|操作/ }).count()) > 0) {
        await rowAction(page, row, '修改').catch(() => undefined);
        if ((await visibleDialog().count()) > 0) {
          await scan(`${screen.path} edit`);
          await closeDialog();
        }
      } else console.log(`no row to edit on ${screen.path}`);
    }
    console.log(problems.join('\n'));
    console.log(`${problems.length} violations`);
  }, 900_000);
});
