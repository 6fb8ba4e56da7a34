import { allFields, columnOf, ENTITIES, type EntityDef, type EnvelopeOf, type FieldDef, type MenuRoute } from '@property/domain';
import { sql } from 'kysely';
import type { Page, Response } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { menuCodes, pagesOf, type MenuPage } from '../../src/app/menu-tree';
import { axeViolations, describeViolations } from './axe';
import { animationsEnded, hasBrowser, rowAction, signIn, useE2E, type E2E } from './browser';

/**
 * axe-core (WCAG 2.1 A and AA and best practice) on every screen the menu opens, with each screen's add dialog
 * and an edit dialog, in Chinese; then a fixed sample in English. The screens come from the signed-in
 * administrator's menu data (menu/routes), never a list written here, so a screen added to the menus is scanned
 * the day it lands. One browser, one page, one sign-in: screens are opened inside the page, as the menu does.
 * Any serious or critical violation fails the test, listed screen by screen.
 */
describe.skipIf(!hasBrowser)('axe-core on every screen the menu opens', () => {
  let e2e: E2E;
  let page: Page;
  let url: string;
  let inFlight = 0;
  let screens: MenuPage[] = [];
  const problems: string[] = [];
  const scanned: string[] = [];

  useE2E((session) => {
    ({ e2e, page, url } = session);
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
      else if (Date.now() - quietSince > 300) break;
      await page.waitForTimeout(50);
    }
    // Animations of JavaScript (antd's motion) end before the scan, too.
    await animationsEnded(page);
  };
  const scan = async (where: string) => {
    await settle();
    scanned.push(where);
    problems.push(...describeViolations(where, await axeViolations(page)));
  };
  const visibleDialog = () => page.locator('.ant-modal-wrap:visible .ant-modal, .ant-drawer-open .ant-drawer-content');
  const closeDialog = async () => {
    await page.keyboard.press('Escape');
    await expect.poll(() => visibleDialog().count()).toBe(0);
  };
  /** Opens a path inside the page, as a menu link does (no reload, no second sign-in). */
  const open = async (path: string) => {
    await page.evaluate((to) => {
      window.history.pushState(null, '', to);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, path);
    await page.waitForURL((u) => u.pathname === path);
  };
  /** The screen, its add dialog and (when it has rows and may edit them) an edit dialog. */
  const scanScreen = async (path: string, label = path) => {
    await open(path);
    await scan(label);
    const add = page.locator('#main-content .ant-pro-table-list-toolbar').getByRole('button', { name: /^(新\s*增|Add)$/ });
    if ((await add.count()) > 0) {
      await add.first().click();
      await visibleDialog().first().waitFor();
      await scan(`${label} add`);
      await closeDialog();
    }
    const row = page.locator('#main-content .ant-table-row').first();
    const edit = /^(修\s*改|Edit)$/;
    if ((await row.count()) === 0) return;
    const editable =
      (await row.getByRole('button', { name: edit }).count()) > 0 ||
      (await row.getByRole('button', { name: /^(更\s*多|More|操作|Actions)$/ }).count()) > 0;
    if (!editable) return;
    await rowAction(page, row, edit).catch(() => page.keyboard.press('Escape'));
    if ((await visibleDialog().count()) > 0) {
      await scan(`${label} edit`);
      await closeDialog();
    }
  };

  /** A row for every menu screen's entity that has none in the platform tenant, so its edit dialog opens. */
  const seedEmptyEntities = async (codes: Set<string>) => {
    const db = e2e.server.built.services.db;
    const sample = (field: FieldDef): unknown =>
      field.readOnly || field.secret || field.options
        ? undefined
        : ({ text: 'a11y', int: field.dict ? undefined : 1, money: '1.00', date: '2024-01-01' } as Record<string, unknown>)[
            field.kind
          ];
    const seed = async (entity: EntityDef) => {
      const live = await sql<{
        n: number;
      }>`select count(*)::int as n from ${sql.table(entity.table)} where is_deleted = 0`.execute(db);
      if (live.rows[0]!.n > 0) return;
      const values = Object.entries(entity.fields)
        .map(([key, field]) => [columnOf(key, field), sample(field)] as const)
        .filter(([, value]) => value !== undefined);
      if ('tenantId' in allFields(entity)) values.push(['tenant_id', '000000']);
      const insert = values.length
        ? sql`insert into ${sql.table(entity.table)} (${sql.join(values.map(([c]) => sql.ref(c)))}) values (${sql.join(values.map(([, v]) => v))})`
        : sql`insert into ${sql.table(entity.table)} default values`;
      await insert.execute(db);
    };
    for (const entity of ENTITIES) if (codes.has(entity.permission)) await seed(entity);
  };

  it('scans the sign-in page, signs in and reads the menus', async () => {
    // Colours are measured where they end: a transition half-way (a menu item's selection fades in over
    // 0.3 s) is no colour anyone reads. In every document of the page (signing in loads the console anew).
    await page.addInitScript(() =>
      document.addEventListener('DOMContentLoaded', () => {
        const style = document.createElement('style');
        style.textContent = '*, *::before, *::after { transition: none !important; }';
        document.head.append(style);
      }),
    );
    await page.goto(`${url}/login`);
    await page.getByRole('button', { name: /登\s*录/ }).waitFor();
    await scan('/login');
    const menus = page.waitForResponse((r: Response) => r.url().includes('/blade-system/menu/routes'));
    await signIn(page, url, 'admin', 'admin');
    const tree = ((await (await menus).json()) as EnvelopeOf<MenuRoute[]>).data;
    // Pages of the console (not those a menu opens in a new window).
    screens = pagesOf(tree).filter((m) => m.isOpen !== 2 && m.path.startsWith('/'));
    expect(screens.length).toBeGreaterThan(10);
    await seedEmptyEntities(menuCodes(screens));
    await page.waitForURL('**/wel/index');
    await scan('/wel/index');
  });

  it('finds no serious or critical violation on any screen or dialog, in Chinese', async () => {
    for (const screen of screens) await scanScreen(screen.path);
    // The role grant dialog, a tree of every menu.
    await open('/authority/role');
    await page.locator('#main-content .ant-table-row').first().getByRole('checkbox').check();
    await page
      .locator('#main-content .ant-pro-table-list-toolbar')
      .getByRole('button', { name: /权限设置/ })
      .click();
    await page.locator('.ant-modal-wrap:visible .ant-tree').first().waitFor();
    await scan('/authority/role grant');
    await closeDialog();
    await open('/info/index');
    await scan('/info/index');
    console.log(`axe-core scanned ${scanned.length} screens and dialogs`);
    expect(problems).toEqual([]);
  }, 600_000);

  it('finds none in English either, on a fixed sample', async () => {
    await page.locator('.console-actions').getByRole('button', { name: '语言' }).click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('en');
    problems.length = 0;
    await open('/wel/index');
    await scan('en /wel/index');
    for (const path of ['/system/user', '/resource/garden', '/authority/role']) await scanScreen(path, `en ${path}`);
    await page.locator('.user-name').click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await page.locator('.ant-modal-confirm').getByRole('button', { name: 'OK' }).click();
    await page.waitForURL('**/login');
    await page.getByRole('button', { name: 'Log in' }).waitFor();
    await scan('en /login');
    expect(problems).toEqual([]);
  }, 300_000);
});
