import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Locator, Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_TENANT } from '../../../server/src/seed/seed';
import { createTestTables, registerTestJobs } from '../../../server/test/jobs/test-kinds';
import { confirm, englishPhone, hasBrowser, rowAction, screenshot, useE2E, waitForPath, type Session } from './browser';

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** Serious and critical accessibility violations (axe-core) inside `selector`. */
async function axeViolations(page: Page, selector: string): Promise<string[]> {
  // Evaluated, not an inline <script>: the console's Content-Security-Policy allows only its own scripts.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE);
  return page.evaluate(async (include) => {
    const axe = (
      window as unknown as {
        axe: {
          run(
            context: unknown,
            options: unknown,
          ): Promise<{ violations: Array<{ id: string; impact: string; nodes: unknown[] }> }>;
        };
      }
    ).axe;
    const result = await axe.run({ include: [include] }, { resultTypes: ['violations'] });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id} (${v.nodes.length})`);
  }, selector);
}

/**
 * 任务运行 in Chromium: the runs list of the demo company, and the progress
 * dialog every screen that starts long work shows (role=progressbar named
 * 任务进度 with its count, the outcome in a polite live region), used with
 * the mouse and with the keyboard alone, in Chinese and English, wide and on
 * a phone. Runs come from the real queue: a test job kind registered on the
 * test server, held after its first chunk until the test lets it go on.
 */
describe.skipIf(!hasBrowser)('job runs in Chromium', () => {
  let session: Session;
  useE2E((s) => (session = s), { account: 'admin', password: 'admin', tenantId: DEMO_TENANT });

  const holds = new Map<string, () => void>();
  const held = new Map<string, Promise<void>>();
  /** Enqueues a run (as the demo administrator) that stops after 10 of 30 items until released. */
  const heldRun = async (name: string) => {
    await setUp();
    const services = session.e2e.server.built.services;
    let reached!: () => void;
    held.set(name, new Promise((resolve) => (reached = resolve)));
    holdNames.set(name, reached);
    const id = await services.jobs.enqueue(
      'testItems',
      { count: 30, chunk: 10, hold: name },
      { tenantId: DEMO_TENANT, userId: adminId },
    );
    await held.get(name);
    return id;
  };
  const holdNames = new Map<string, () => void>();
  let adminId = '';
  let ready = false;
  const setUp = async () => {
    if (ready) return;
    ready = true;
    const services = session.e2e.server.built.services;
    adminId = String(
      (
        await services.db
          .selectFrom('blade_user')
          .select('id')
          .where('tenant_id', '=', DEMO_TENANT)
          .where('account', '=', 'admin')
          .executeTakeFirstOrThrow()
      ).id,
    );
    await createTestTables(services.db);
    registerTestJobs(services.jobs, 'e2e', {
      afterChunk: async (params, done) => {
        if (!params.hold || done !== 10) return;
        await new Promise<void>((resolve) => {
          holds.set(params.hold!, resolve);
          holdNames.get(params.hold!)?.();
        });
      },
    });
  };
  const release = (name: string) => holds.get(name)?.();
  // A failed test must not leave its run held: the kind works on one run at a time, the next would wait behind it.
  afterEach(() => {
    for (const resolve of holds.values()) resolve();
  });

  const openRuns = async (page: Page) => {
    await page.goto(`${session.url}/system/jobrun`);
    await waitForPath(page, '/system/jobrun');
    await page.locator('.ant-table-row').first().waitFor();
  };
  const rowOf = (page: Page, id: string): Locator => page.locator(`.ant-table-row[data-row-key="${id}"]`);
  const dialog = (page: Page) => page.getByRole('dialog').filter({ has: page.getByRole('progressbar') });

  it('lists the runs and shows one run’s progress to its outcome', async () => {
    const { page } = session;
    const id = await heldRun('progress');
    await openRuns(page);
    const row = rowOf(page, id);
    await expect.poll(() => row.innerText()).toContain('运行中');
    await rowAction(page, row, '查看');
    const box = dialog(page);
    const bar = box.getByRole('progressbar', { name: '任务进度' });
    await expect.poll(() => bar.getAttribute('aria-valuenow')).toBe('33');
    expect(await bar.getAttribute('aria-valuetext')).toBe('已完成 10 / 30');
    await expect.poll(() => box.getByRole('status').innerText()).toContain('运行中');
    expect(await axeViolations(page, '.ant-modal')).toEqual([]);
    await screenshot(page, 'jobs-progress-zh-1440');

    release('progress');
    await expect.poll(() => box.getByRole('status').innerText(), { timeout: 10_000 }).toContain('任务已完成');
    expect(await bar.getAttribute('aria-valuenow')).toBe('100');
    expect(await box.getByRole('status').innerText()).toContain('已完成');
    await screenshot(page, 'jobs-done-zh-1440');
    await box.getByRole('button', { name: /关\s*闭/ }).click();
    await expect.poll(() => row.innerText()).toContain('已完成');
    expect(await row.innerText()).toContain('任务已完成');
  });

  it('cancels a running run with the keyboard alone, and gives focus back to what opened the dialog', async () => {
    const { page } = session;
    const id = await heldRun('keyboard');
    await openRuns(page);
    const view = rowOf(page, id).getByRole('button', { name: '查看', exact: true });
    await view.focus();
    await page.keyboard.press('Enter');
    const box = dialog(page);
    await box.getByRole('progressbar', { name: '任务进度' }).waitFor();
    const cancel = box.getByRole('button', { name: '取消任务' });
    const focused = (locator: Locator) => locator.evaluate((el) => el === document.activeElement);
    // The dialog takes the focus once it is open; Tab then moves through its controls to the cancel button.
    await expect.poll(() => page.evaluate(() => !!document.activeElement?.closest('.ant-modal'))).toBe(true);
    for (let i = 0; i < 8 && !(await focused(cancel)); i++) await page.keyboard.press('Tab');
    expect(await focused(cancel)).toBe(true);
    // The focus is visible: antd draws an outline on a focused button.
    expect(
      await cancel.evaluate((el) => getComputedStyle(el).outlineStyle !== 'none' || getComputedStyle(el).boxShadow !== 'none'),
    ).toBe(true);
    await page.keyboard.press('Enter');
    const question = page.locator('.ant-modal-confirm', { hasText: '确定取消该任务' });
    // The confirmation's OK button takes the focus: Enter confirms.
    await expect.poll(() => focused(question.getByRole('button', { name: /确\s*定/ }))).toBe(true);
    await page.keyboard.press('Enter');
    await expect.poll(() => box.getByRole('status').innerText()).toContain('已请求取消');
    // 取消任务 is gone; the focus moved to the dialog's other button, not out of the dialog.
    const background = box.getByRole('button', { name: '后台运行' });
    await expect.poll(() => focused(background)).toBe(true);
    release('keyboard');
    await expect.poll(() => box.getByRole('status').innerText(), { timeout: 10_000 }).toContain('任务已取消');
    // The focus stayed in the dialog when 取消任务 went away: Escape closes it.
    await page.keyboard.press('Escape');
    await box.waitFor({ state: 'detached' });
    await expect.poll(() => focused(view)).toBe(true);
    await expect.poll(() => rowOf(page, id).innerText()).toContain('已取消');
  });

  it('cancels from the list, and reads in English and on a phone', async () => {
    const { page } = session;
    const id = await heldRun('list-cancel');
    await openRuns(page);
    await rowOf(page, id).getByRole('button', { name: '取消任务', exact: true }).click();
    await confirm(page, '确定取消该任务');
    await page.getByText('操作成功!').waitFor();
    release('list-cancel');
    // The list shows the runs as they were when it was read: read it again (the toolbar's 刷新 does the same).
    await expect
      .poll(
        async () => {
          await page.reload();
          return rowOf(page, id).innerText();
        },
        { timeout: 15_000, interval: 1000 },
      )
      .toContain('已取消');
    await screenshot(page, 'jobs-list-zh-1440');

    const phone = await englishPhone(session, DEMO_TENANT);
    const running = await heldRun('english');
    await openRuns(phone);
    // On a phone a row's actions sit behind its ⋯ button (named Actions).
    await rowOf(phone, running).getByRole('button', { name: 'Actions' }).click();
    await phone.locator('.row-actions-menu:visible').getByRole('button', { name: 'View' }).click();
    const box = dialog(phone);
    const bar = box.getByRole('progressbar', { name: 'Job progress' });
    await expect.poll(() => bar.getAttribute('aria-valuetext')).toBe('10 of 30 done');
    await screenshot(phone, 'jobs-progress-en-390');
    release('english');
    await expect.poll(() => box.getByRole('status').innerText(), { timeout: 10_000 }).toContain('The job is done');
    expect(await axeViolations(phone, '.ant-modal')).toEqual([]);
    await screenshot(phone, 'jobs-done-en-390');
    await phone.context().close();
  });
});
