/**
 * End-to-end harness: the real server (fresh database) serving the built
 * console, and Debian's Chromium driven by playwright-core.
 */
import { existsSync, mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Locator,
  type Page,
} from 'playwright-core';
import { en, zh } from '@property/domain';
import { afterAll, beforeAll } from 'vitest';
import type { Config } from '../../../server/src/config';
import { startServer, type TestServer } from '../../../server/test/harness';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const hasBrowser = existsSync(CHROMIUM);
// On a developer's machine without Chromium the browser tests skip; in CI a missing browser is a failure.
if (!hasBrowser && process.env.CI) throw new Error(`Chromium not found at ${CHROMIUM}; CI installs Debian's chromium`);

const WEB_ROOT = fileURLToPath(new URL('../../dist', import.meta.url));
export const SCREENSHOTS = fileURLToPath(new URL('../../../../artifacts/screenshots', import.meta.url));

/** The console is built once per run by global-setup.ts; this only checks that it is there. */
export function buildConsole(): void {
  if (!existsSync(`${WEB_ROOT}/index.html`)) throw new Error(`No console build in ${WEB_ROOT}: run the e2e project`);
}

export interface E2E {
  server: TestServer;
  browser: Browser;
  page: Page;
  close(): Promise<void>;
}

/**
 * A browser window of the tests: asking for less motion, so dialogs, drawers and menus open without antd's zoom
 * and slide (the console honours the setting, app/reduced-motion.ts). A click aimed at a dialog still growing
 * could land beside its target on a busy machine; the animations themselves are tested where they matter
 * (a11y-focus: a key pressed while a dialog opens).
 */
export function newContext(browser: Browser, options: BrowserContextOptions): Promise<BrowserContext> {
  return browser.newContext({ reducedMotion: 'reduce', ...options });
}

export async function startE2E(serverConfig: Partial<Config> = {}): Promise<E2E> {
  const server = await startServer({ webRoot: WEB_ROOT, ...serverConfig });
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
  const context = await newContext(browser, { viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return {
    server,
    browser,
    page,
    async close() {
      await browser.close();
      await server.close();
    },
  };
}

/** What a test file drives: the harness, its one page, and the server's address. */
export interface Session {
  e2e: E2E;
  page: Page;
  url: string;
}

/**
 * One server and browser for the whole test file (started in beforeAll, closed in afterAll);
 * `started` receives them, so the file's tests share one page. With `signInAs` the page is
 * signed in before the first test.
 */
export function useE2E(
  started: (session: Session) => void,
  signInAs?: { account: string; password: string; tenantId?: string },
  /** Settings of the suite's server (an object storage on this machine needs OSS_PRIVATE_ENDPOINTS). */
  serverConfig: Partial<Config> = {},
): void {
  let e2e: E2E | undefined;
  beforeAll(async () => {
    buildConsole();
    e2e = await startE2E(serverConfig);
    const session = { e2e, page: e2e.page, url: e2e.server.url };
    if (signInAs) {
      await signIn(session.page, session.url, signInAs.account, signInAs.password, signInAs.tenantId);
      await session.page.waitForURL('**/wel/index');
    }
    started(session);
  }, 240_000);
  afterAll(async () => e2e?.close());
}

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: `${SCREENSHOTS}/${name}.png`, fullPage: false });
}

/** Answers 确定 to the confirmation asking `question`, once it shows. */
export async function confirm(page: Page, question: string): Promise<void> {
  const box = page.locator('.ant-modal-confirm', { hasText: question });
  await box.waitFor();
  await box.getByRole('button', { name: /确\s*定/ }).click();
}

/** Signs in through the form (the test server checks no captcha, so the page does not ask for one). */
export async function signIn(page: Page, baseUrl: string, account: string, password: string, tenantId = '000000'): Promise<void> {
  // A session left signed in (a retried test) would be sent from /login to the home page: its tokens go first.
  await page.context().clearCookies({ name: /^saber-(access|refresh)-token$/ });
  await page.goto(`${baseUrl}/login`);
  await page.getByPlaceholder('租户编号').fill(tenantId);
  await page.getByPlaceholder('账号').fill(account);
  await page.getByPlaceholder('密码').fill(password);
  await page.getByRole('button', { name: /登\s*录/ }).click();
}

/** Signs in through the form with the console in English (chosen before the page loads), up to the home page. */
export async function signInInEnglish(
  page: Page,
  baseUrl: string,
  account: string,
  password: string,
  tenantId: string,
): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await page.evaluate(() => localStorage.setItem('saber-language', JSON.stringify({ content: 'en' })));
  await page.reload();
  await page.getByPlaceholder('Tenant ID').fill(tenantId);
  await page.getByPlaceholder('Account').fill(account);
  await page.getByPlaceholder('Password').fill(password);
  await page.getByRole('button', { name: /log\s*in|sign\s*in/i }).click();
  await page.waitForURL('**/wel/index');
}

/** A new window of its own on a touch phone (390 × 844), the tenant's administrator signed in, in English. */
export async function englishPhone(session: Session, tenantId: string): Promise<Page> {
  const context = await newContext(session.e2e.browser, { viewport: { width: 390, height: 844 }, locale: 'en', hasTouch: true });
  const phone = await context.newPage();
  phone.setDefaultTimeout(15_000);
  await signInInEnglish(phone, session.url, 'admin', 'admin', tenantId);
  return phone;
}

/** Signs out from the header's user menu, confirming, and waits for the sign-in page. */
export async function signOut(page: Page): Promise<void> {
  await page.locator('.user-name').click();
  await page.getByRole('menuitem', { name: '退出登录' }).click();
  await page
    .locator('.ant-modal-confirm')
    .getByRole('button', { name: /确\s*定/ })
    .click();
  await page.waitForURL('**/login');
}

/**
 * Waits until the page is at `path`, whatever its query: a list screen adds its paging
 * (?current=1&size=10) to the address as soon as its rows arrive, which can be before the wait starts.
 */
export function waitForPath(page: Page, path: string): Promise<void> {
  return page.waitForURL((url) => url.pathname === path);
}

/**
 * The button that opens a row's further actions, in either language: 更多 (More), or on a phone ⋯ named 操作
 * (Actions). antd spaces a two-character Chinese label (更 多), so any space between characters is allowed.
 */
const ROW_MENU_BUTTON = new RegExp(
  `^(${[zh.common.more, zh.common.actions, en.common.more, en.common.actions].map((name) => [...name].join('\\s*')).join('|')})$`,
);

/**
 * Clicks one of a table row's actions by its name, as a person would: the link in the row, or the entry of
 * the row's 更多 menu (⋯ on a phone) when the row has more actions than it shows.
 */
export async function rowAction(page: Page, row: Locator, name: string | RegExp): Promise<void> {
  await row.first().waitFor();
  const inline = row.getByRole('button', { name, exact: typeof name === 'string' });
  if ((await inline.count()) > 0) return inline.first().click();
  await row.getByRole('button', { name: ROW_MENU_BUTTON }).click();
  await page.locator('.row-actions-menu:visible').getByRole('button', { name }).click();
}

/** Waits for the page's JavaScript animations (antd's motion) to end: a popup fading in is not yet there to see. */
export async function animationsEnded(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
}

/** Picks the option `option` of the antd select labelled `label` inside `scope` (a dialog, a form). */
export async function choose(page: Page, scope: Locator, label: string, option: string): Promise<void> {
  const input = scope.getByLabel(label, { exact: true });
  // A real click on the select's box (waiting until the dialog stops moving) opens its list.
  await scope
    .locator('.ant-form-item', { has: page.getByLabel(label, { exact: true }) })
    .locator('.ant-select-selector')
    .click();
  // Searching narrows a searchable list, so an option far down a long (virtual) list is rendered.
  if (await input.isEditable()) await input.fill(option);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option }).first().click();
}
